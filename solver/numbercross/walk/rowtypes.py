"""The words the Number Cross search speaks: what passes between rows, a row's ways, and the
puzzle as the search reads it (``PuzzleView``)."""

from __future__ import annotations

from dataclasses import dataclass

from solver.numbercross.rules.model import NumberCross, Row

Edge = tuple[tuple[bool, int], ...]  # per column: (this side's cell is a tile, amount it sends / needs)
Digits = tuple[int, ...]  # a digit per region index, 0 while not chosen
Assigned = tuple[tuple[int, int], ...]  # (region index, digit) for the regions a row gave digits to
Way = tuple[Row, Edge | None, Edge | None, Assigned, tuple[int, ...]]  # row, edge up, edge down, new digits, numbers
Layout = tuple[bool, ...]  # True = tile
Placement = tuple[Layout, tuple[int, ...], tuple[int, ...], int]  # layout, run starts, run lengths, tile bit mask
UP, DOWN = 0, 1
UNLIMITED = 1 << 62  # steps when counting has no budget


@dataclass(frozen=True)
class PuzzleView:
    """The puzzle as the search reads it: region indices, highlighted flags, tile layouts per row."""

    puzzle: NumberCross
    region: tuple[tuple[int, ...], ...]  # region index 0..K-1 per cell
    lit: tuple[tuple[bool, ...], ...]  # highlighted per cell
    neighbours: tuple[tuple[int, ...], ...]  # region index -> indices of the regions it touches
    layouts: tuple[tuple[Placement, ...], ...]  # per row: every tile placement
    row_regions: tuple[frozenset[int], ...]  # per row: the region indices it holds
    testers: tuple  # per row: its clue's fast can_start


def with_assigned(digits: Digits, assigned: Assigned) -> Digits:
    """The region digits once a row's way has given its new ones."""
    chosen = list(digits)
    for k, d in assigned:
        chosen[k] = d
    return tuple(chosen)
