"""Regions of empty cells: a placement lies inside one region (connected through faces), so a region
whose volume no pieces left add up to can never be filled, and the search is at a dead end."""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def reachable_volumes(piece_sizes: Sequence[int], counts: Sequence[int]) -> set[int]:
    """The volumes that some of the pieces left (counts copies of pieces of piece_sizes cubes) fill together."""
    sums = {0}
    for size, left in zip(piece_sizes, counts, strict=True):
        for _ in range(left):
            sums |= {total + size for total in sums}
    return sums


def empty_regions(cell_neighbours: Sequence[Sequence[int]], occupied: int) -> Iterator[list[int]]:
    """The regions of empty cells (not in the occupied bits), connected through faces, each as its cells."""
    left = {cell for cell in range(len(cell_neighbours)) if not occupied >> cell & 1}
    while left:
        region = [min(left)]
        left.discard(region[0])
        for cell in region:
            reached = [near for near in cell_neighbours[cell] if near in left]
            left.difference_update(reached)
            region.extend(reached)
        yield region


def regions_fit(cell_neighbours: Sequence[Sequence[int]], piece_sizes: Sequence[int], occupied: int,
                counts: Sequence[int]) -> bool:
    """Whether every region of empty cells has a volume that some of the pieces left can fill."""
    sums = reachable_volumes(piece_sizes, counts)
    return all(len(region) in sums for region in empty_regions(cell_neighbours, occupied))
