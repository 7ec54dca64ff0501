"""What a person is told about the solutions a search found, the same for every kind that can be
ambiguous (Shut the Box, Block Party, Number Cross): how many, whether that is all, the cells on
which they differ, and the first few drawn; every one is in ``foldkit solve --json``."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from solver.grid import Cell, cell_text
from solver.text import counted

SHOWN = 3  # solutions of an ambiguous puzzle drawn in the terminal
NAMED_CELLS = 12  # differing cells named before '... and N more'

S = TypeVar("S")  # a kind's solution
CellValues = Callable[[S], Sequence[Sequence[Hashable]]]  # what a solution puts in each cell, row by row


@dataclass(frozen=True)
class Solutions(Generic[S]):
    """The solutions a search found, as a person is told of them."""

    listed: Sequence[S]  # the solutions kept, in the order found
    found: int  # solutions the search met, kept or not
    complete: bool  # the search ran to its end: there are no others
    word: str = "solution"  # what a kind calls one: 'solution', 'completed grid'
    otherwise: str = "elsewhere"  # how solutions with the same cells differ: 'in how they fold'

    @property
    def ambiguous(self) -> bool:
        return self.found > 1

    def count(self) -> str:
        """'192 solutions', or 'at least 6 solutions' when the search stopped at its limit."""
        return ("" if self.complete else "at least ") + counted(self.found, self.word)

    def summary(self) -> str:
        """The outcome's line for an ambiguous puzzle: 'ambiguous: 192 solutions'."""
        return f"ambiguous: {self.count()}"


def differing_cells(grids: Sequence[Sequence[Sequence[Hashable]]]) -> list[Cell]:
    """The cells on which the grids do not all agree, in reading order."""
    first = grids[0]
    return [(r, c) for r in range(len(first)) for c in range(len(first[r]))
            if any(grid[r][c] != first[r][c] for grid in grids[1:])]


def differ_text(solutions: Solutions[S], values: CellValues[S]) -> str:
    """'The 192 solutions differ on 14 cells: row 1, column 4; ...' (the cells counted from 1)."""
    differ = differing_cells([values(s) for s in solutions.listed])
    kept = counted(len(solutions.listed), solutions.word)
    what = f"The {kept}" if solutions.complete else f"The first {kept} found"
    if not differ:
        return f"{what} agree on every cell; they differ {solutions.otherwise}, as drawn below."
    if len(differ) == sum(len(row) for row in values(solutions.listed[0])):
        return f"{what} differ on every one of the {counted(len(differ), 'cell')}."
    more = f" and {len(differ) - NAMED_CELLS:,} more" if len(differ) > NAMED_CELLS else ""
    return (f"{what} differ on {counted(len(differ), 'cell')}: "
            f"{'; '.join(cell_text(cell) for cell in differ[:NAMED_CELLS])}{more}.")


def solutions_text(solutions: Solutions[S], values: CellValues[S], drawn: Callable[[S], str]) -> str:
    """An ambiguous puzzle as its author needs it: where the solutions differ, then the first few
    drawn, each under its number; the rest are in the JSON."""
    lines = [differ_text(solutions, values)]
    for number, solution in enumerate(solutions.listed[:SHOWN], 1):
        lines += ["", f"{solutions.word.capitalize()} {number}:", drawn(solution)]
    rest = len(solutions.listed) - SHOWN
    if rest > 0:
        lines += ["", f"({counted(rest, 'more ' + solutions.word)} in 'foldkit solve --json')"]
    if not solutions.complete:
        lines += ["The search stopped at its limit: there may be more."]
    return "\n".join(lines)
