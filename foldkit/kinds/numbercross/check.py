"""`foldkit check` for Number Cross: a solution file is the completed grid (digits, X for a
tile, as ``solution.txt``), judged by the independent checker; a number is the sum of the numbers."""

from __future__ import annotations

from foldkit.kinds.base import Invocation
from foldkit.kinds.checks import compared, same_size, solved
from solver.broken import Broken
from solver.numbercross.rules.check import broken_rules as judge
from solver.numbercross.rules.model import Grid, NumberCross
from solver.numbercross.rules.parse import parse_solution


def read(puzzle: NumberCross, text: str, source: str) -> Grid:
    """The completed grid a solution file shows, of the puzzle's size (else an InputError)."""
    grid = parse_solution(text, source)
    same_size(text, source, len(grid), len(grid[0]), puzzle.rows, puzzle.cols)
    return grid


def number(call: Invocation, answer: int) -> list[Broken]:
    return compared(solved(call).answers, answer, "the sum of all the numbers in the completed grid")


__all__ = ["judge", "number", "read"]
