"""`foldkit check` for Block Party: a solution file is the filled grid (rows of numbers, as
``solution.txt``), judged by the independent checker; a number is the sum of the row products."""

from __future__ import annotations

from foldkit.kinds.base import Invocation
from foldkit.kinds.checks import compared, same_size, solved
from solver.blockparty.check import broken_rules as judge
from solver.blockparty.model import BlockParty, Grid, parse_grid
from solver.broken import Broken


def read(puzzle: BlockParty, text: str, source: str) -> Grid:
    """The filled grid a solution file shows, of the puzzle's size (else an InputError)."""
    grid = parse_grid(text, source)
    same_size(text, source, len(grid), len(grid[0]), puzzle.rows, puzzle.cols)
    return grid


def number(call: Invocation, answer: int) -> list[Broken]:
    return compared(solved(call).answers, answer, "the sum over the rows of the product of each row's numbers")


__all__ = ["judge", "number", "read"]
