"""The exact-cover table of a packing puzzle: every placement of every piece, numbered, with the cells
it covers and the placements covering each cell, and the flat int32 buffers the compiled searches take it as.

It is built once per solve (``build_table``) and read by every engine of ``engine``, by the symmetry
anchors and by the splitting into tasks; it lives apart from the search so that what a puzzle's
placements are and how they are searched are read (and grow) separately.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from solver.packing.front import prepare_front
from solver.packing.geometry import orientations, placed_cells
from solver.packing.model import Cube, PackingPuzzle, Shape, box_cubes

PlacementId = int  # index into Table.placement_cells
Permutation = tuple[PlacementId, ...]  # a symmetry acting on placements: placement id -> its image
Row = tuple[PlacementId, ...]  # one packing: the ids of its placements
Counts = tuple[int, ...]  # copies left of each piece, in puzzle order


@dataclass(frozen=True)
class Table:
    """The exact-cover table of a puzzle, built once per solve: every placement of every piece,
    numbered, with the cells it covers and the placements covering each cell."""

    puzzle: PackingPuzzle
    cell_cubes: tuple[Cube, ...]  # cell -> its cube: the target's cubes in reading order
    piece_orientations: tuple[tuple[Shape, ...], ...]  # piece index -> its distinct orientations
    placement_piece: tuple[int, ...]  # placement id -> index of its piece in puzzle.pieces
    placement_cells: tuple[tuple[int, ...], ...]  # placement id -> the cells it covers, ascending
    cell_placements: tuple[tuple[int, ...], ...]  # cell -> the placements covering it, by id (the order tried)

    def placement_cubes(self, placement: PlacementId) -> Shape:
        """The cubes a placement covers."""
        return frozenset(self.cell_cubes[cell] for cell in self.placement_cells[placement])

    @property
    def counts(self) -> Counts:
        return tuple(piece.count for piece in self.puzzle.pieces)

    @cached_property
    def piece_placement_counts(self) -> tuple[int, ...]:
        """piece index -> how many placements it has."""
        found = [0] * len(self.puzzle.pieces)
        for kind in self.placement_piece:
            found[kind] += 1
        return tuple(found)

    @cached_property
    def placement_masks(self) -> tuple[int, ...]:
        """placement id -> its cells as bits of an int."""
        return tuple(sum(1 << cell for cell in covered) for covered in self.placement_cells)


    @cached_property
    def cell_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """cell -> the cells of the target sharing a face with it."""
        number = {cube: i for i, cube in enumerate(self.cell_cubes)}
        steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
        return tuple(tuple(number[near] for near in ((x + dx, y + dy, z + dz) for dx, dy, dz in steps)
                           if near in number) for x, y, z in self.cell_cubes)

    @cached_property
    def piece_sizes(self) -> tuple[int, ...]:
        """piece index -> how many cubes it has."""
        return tuple(len(piece.cubes) for piece in self.puzzle.pieces)

    @cached_property
    def neighbour_buffers(self) -> tuple[bytes, bytes]:
        """The neighbours as the compiled search takes them: offsets per cell, cells."""
        return _flat(self.cell_neighbours)

    @cached_property
    def front(self) -> object:
        """The table prepared for _front.c's search, once, shared by its threads."""
        return prepare_front(self.cell_cubes, self.search_arguments, self.neighbour_arguments, self.counts)

    @cached_property
    def buffers(self) -> tuple[bytes, ...]:
        """The table as the compiled search takes it (its arguments TABLE_ARGUMENTS): pieces, cell offsets, cells,
        cover offsets, cover."""
        return (array("i", self.placement_piece).tobytes(), *_flat(self.placement_cells),
                *_flat(self.cell_placements))

    @cached_property
    def search_arguments(self) -> dict[str, int | bytes]:
        """The table as the compiled searches take it, by their arguments' names."""
        return {"ncells": len(self.cell_cubes), **dict(zip(TABLE_ARGUMENTS, self.buffers, strict=True))}

    @cached_property
    def neighbour_arguments(self) -> dict[str, bytes]:
        """The cells' neighbours as the compiled searches take them, by their arguments' names."""
        return dict(zip(("cell_neighbour_offsets", "cell_neighbours"), self.neighbour_buffers, strict=True))


# The compiled searches' names of Table.buffers (as flat int32 lists: each list of lists as offsets and items).
TABLE_ARGUMENTS = ("placement_piece", "placement_cell_offsets", "placement_cells", "cell_placement_offsets",
                   "cell_placements")


def _flat(lists: Sequence[Sequence[int]]) -> tuple[bytes, bytes]:
    """(offsets, items) of a list of int lists, as int32 bytes."""
    offsets, items = array("i", [0]), array("i")
    for values in lists:
        items.extend(values)
        offsets.append(len(items))
    return offsets.tobytes(), items.tobytes()


def build_table(puzzle: PackingPuzzle, seed: int | None = None) -> Table:
    """The placement table, numbered piece by piece; a seed shuffles each piece's placements (the order tried)."""
    target = puzzle.target_cubes
    cell_cubes = tuple(cube for cube in box_cubes(puzzle.box) if cube in target)
    width, depth, height = puzzle.box
    cell_at = [-1] * (width * depth * height)  # a cube's number in the box -> its cell
    for cell, (x, y, z) in enumerate(cell_cubes):
        cell_at[x + width * (y + depth * z)] = cell
    piece_orientations = tuple(orientations(piece.cubes, puzzle.one_sided) for piece in puzzle.pieces)
    rng = random.Random(seed)
    placement_piece: list[int] = []
    placement_cells: list[tuple[int, ...]] = []
    for kind, turned in enumerate(piece_orientations):
        found = placed_cells(turned, puzzle.box, cell_at)
        if seed is not None:
            rng.shuffle(found)
        placement_piece += [kind] * len(found)
        placement_cells += found
    cell_placements: list[list[int]] = [[] for _ in cell_cubes]
    for p, covered in enumerate(placement_cells):
        for cell in covered:
            cell_placements[cell].append(p)
    return Table(puzzle, cell_cubes, piece_orientations, tuple(placement_piece), tuple(placement_cells),
                 tuple(tuple(ids) for ids in cell_placements))


def occupied_cells(table: Table, chosen: Row) -> int:
    """The cells the chosen placements cover, as bits."""
    occupied = 0
    for p in chosen:
        occupied |= table.placement_masks[p]
    return occupied


def live_placements(table: Table, occupied: int, counts: Counts | list[int]) -> list[PlacementId]:
    """The placements whose cells are all empty and whose piece has copies left."""
    return [p for p, mask in enumerate(table.placement_masks)
            if counts[table.placement_piece[p]] and not occupied & mask]
