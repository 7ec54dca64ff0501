"""A row's tile layouts: where its tiles can go (none on a highlighted cell, none side by side,
runs of 2+ cells), with the runs they leave and their bit masks, and which fit the rows beside."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from solver.numbercross.walk.rowtypes import Edge, Layout, Placement


@lru_cache(maxsize=4096)
def every_placement(lit: tuple[bool, ...]) -> tuple[Placement, ...]:
    """Every tile placement of a row highlighted so, with its runs and mask (the same tuple for rows
    highlighted alike: a generator frames thousands of puzzles with the same rows)."""
    return tuple((layout, *runs_of(layout), mask(layout)) for layout in row_layouts(lit))


def row_layouts(lit: tuple[bool, ...]) -> Iterator[Layout]:
    """Every tile placement in a row: none on a highlighted cell, none side by side, runs of 2+ cells."""
    cols = len(lit)

    def extend(c: int, run: int, placed: Layout) -> Iterator[Layout]:
        if c == cols:
            if run != 1:
                yield placed
            return
        yield from extend(c + 1, run + 1, (*placed, False))
        if not lit[c] and run != 1 and not (placed and placed[-1]):
            yield from extend(c + 1, 0, (*placed, True))

    return extend(0, 0, ())


def fitting(placements: tuple[Placement, ...], *edges: Edge | None) -> list[Placement]:
    """The placements with no tile across from a tile, and a tile across from every cell that needs something."""
    banned = needed = 0
    for edge in edges:
        if edge is not None:
            banned |= mask(tuple(tile for tile, _ in edge))
            needed |= mask(tuple(not tile and amount > 0 for tile, amount in edge))
    return [p for p in placements if not p[3] & banned and not needed & ~p[3]]


def mask(flags: tuple[bool, ...]) -> int:
    return sum(1 << c for c, flag in enumerate(flags) if flag)


def runs_of(layout: Layout) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per column: the first column of its run and the run's length (0 for tiles)."""
    starts, lengths = [0] * len(layout), [0] * len(layout)
    c = 0
    while c < len(layout):
        if layout[c]:
            c += 1
            continue
        end = c
        while end < len(layout) and not layout[end]:
            end += 1
        for j in range(c, end):
            starts[j], lengths[j] = c, end - c
        c = end
    return tuple(starts), tuple(lengths)
