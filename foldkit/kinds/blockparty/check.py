"""`foldkit check` for Block Party: a solution file is the filled grid (rows of numbers, as
``solution.txt``), judged by the independent checker; a number is the sum of the row products."""

from __future__ import annotations

from foldkit.kinds.checks import Checker, compared, same_size
from solver.blockparty.check import broken_rules
from solver.blockparty.model import BlockParty, Grid, parse_grid


def read(puzzle: BlockParty, text: str, source: str) -> Grid:
    """The filled grid a solution file shows, of the puzzle's size (else an InputError)."""
    grid = parse_grid(text, source)
    same_size(text, source, len(grid), len(grid[0]), puzzle.rows, puzzle.cols)
    return grid


CHECKER = Checker(read, broken_rules, lambda call, number: compared(
    call.report().answers, number, "the sum over the rows of the product of each row's numbers"))
