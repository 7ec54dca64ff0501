"""Clues spread as a published puzzle's are: a generated puzzle keeps a clue when taking it away
would leave more than CLUE_GAP_SHARE of the grid's rows (or columns) side by side without a clue.
The November 2025 puzzle leaves no such band; a 20x20 grid may have bands of 3, a 10x10 of 2, a
smaller one of 1."""

from __future__ import annotations

from solver.grid import Cell

CLUE_GAP_SHARE = 0.15


def allowed_gap(side: int) -> int:
    """The widest band of rows (or columns) without a clue a grid of this side may have."""
    return max(1, round(CLUE_GAP_SHARE * side))


def widest_gap(cells: list[Cell], side: int, axis: int) -> int:
    """The most rows (axis 0) or columns (axis 1) side by side in which none of the cells lie."""
    taken = {cell[axis] for cell in cells}
    widest = run = 0
    for k in range(side):
        run = 0 if k in taken else run + 1
        widest = max(widest, run)
    return widest


def still_spread(now: list[Cell], then: list[Cell], rows: int, cols: int) -> bool:
    """Whether the clue cells ``then`` leave no band wider than allowed, or than ``now`` already leaves."""
    return all(widest_gap(then, side, axis) <= max(allowed_gap(side), widest_gap(now, side, axis))
               for axis, side in enumerate((rows, cols)))
