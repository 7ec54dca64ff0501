"""`foldkit check` for Shut the Box: a solution file is the layout ('rows cols', then '#' for a
box cell and '.' for a cell cut away, as ``examples/nov2025.solution.txt``), judged by the
independent rules; a number is the product of the six face sums."""

from __future__ import annotations

from foldkit.kinds.base import Invocation
from foldkit.kinds.checks import solved
from solver.broken import Broken
from solver.grid import Layout
from solver.shutbox.check import answer_broken
from solver.shutbox.check import broken_rules as judge
from solver.shutbox.puzzle import Puzzle, parse_layout
from solver.text import InputError


def read(puzzle: Puzzle, text: str, source: str) -> Layout:
    """The box cells of a layout file of the puzzle's size (else an InputError)."""
    rows, cols, layout = parse_layout(text, source)
    if (rows, cols) != (puzzle.rows, puzzle.cols):
        raise InputError(f"the layout is {rows}x{cols}, the puzzle {puzzle.rows}x{puzzle.cols}", source, 1, 1)
    return layout


def number(call: Invocation, answer: int) -> list[Broken]:
    return answer_broken(solved(call), answer)


__all__ = ["judge", "number", "read"]
