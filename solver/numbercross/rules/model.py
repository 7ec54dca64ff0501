"""The Number Cross puzzle, its completed grids, and the numbers a grid's rows hold."""

from __future__ import annotations

from dataclasses import dataclass

from solver.grid import Cell
from solver.numbercross.rules.clues import Clue

Row = tuple[int | None, ...]  # a digit 1-9 per cell, None for a tile
Grid = tuple[Row, ...]  # a completed grid, top row first

MAX_ROWS = 60
MAX_COLS = 24  # numbers have at most 24 digits: primality stays exact (see arith)
TILE = "X"


@dataclass(frozen=True)
class NumberCross:
    """The static puzzle: region id per cell, highlighted cells, one clue per row."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]  # region id of each cell, row by row (any integers)
    highlighted: frozenset[Cell]
    clues: tuple[Clue, ...]  # one per row, top to bottom
    name: str = "number-cross"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NumberCross):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        return self.rows, self.cols, self.regions, self.highlighted, self.clues

    def cells(self) -> list[Cell]:
        """Every cell, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def region_of(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells that share an edge with cell, inside the grid."""
        r, c = cell
        steps = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
        return [(i, j) for i, j in steps if 0 <= i < self.rows and 0 <= j < self.cols]


@dataclass(frozen=True)
class Placed:
    """A number of a completed grid: its value, its row and the columns it spans (first, last)."""

    value: int
    row: int
    cols: tuple[int, int]


def runs(row: Row) -> list[tuple[int, int]]:
    """(first, last) column of each maximal run of cells without a tile."""
    out, start = [], None
    for c, digit in enumerate((*row, None)):
        if digit is not None and start is None:
            start = c
        elif digit is None and start is not None:
            out.append((start, c - 1))
            start = None
    return out


def numbers(grid: Grid) -> tuple[Placed, ...]:
    """Every run of a grid as a number, row by row, left to right."""
    out = []
    for r, row in enumerate(grid):
        for first, last in runs(row):
            value = int("".join(str(d) for d in row[first : last + 1]))
            out.append(Placed(value, r, (first, last)))
    return tuple(out)


def answer(grid: Grid) -> int:
    """The sum of a grid's numbers."""
    return sum(placed.value for placed in numbers(grid))


def tiles(grid: Grid) -> list[Cell]:
    return [(r, c) for r, row in enumerate(grid) for c, d in enumerate(row) if d is None]
