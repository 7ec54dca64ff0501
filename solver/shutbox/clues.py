"""The rules that only make sense on the folded box: circles, squares, face sums, the answer."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import prod

from solver.folding import Folding
from solver.grid import Cell, cell_text
from solver.shutbox.puzzle import Number, Puzzle


def circle_broken(puzzle: Puzzle, folding: Folding) -> Iterator[tuple[Cell, str]]:
    """Every circled number not directly opposite another circled number, on the opposite face:
    (its cell, what breaks the rule)."""
    at = {folding.placement[cell]: cell for cell in puzzle.circled()}
    for place, cell in sorted(at.items(), key=lambda item: item[1]):
        face, u, v = place
        if (face ^ 1, u, v) not in at:
            yield cell, f"circled {puzzle.numbers[cell].value} at {cell_text(cell)} has no circled number opposite it"


def circle_problem(puzzle: Puzzle, folding: Folding) -> str | None:
    """A circled number must lie directly opposite another circled number, on the opposite face.

    Returns what breaks the rule, or None."""
    return next((text for _, text in circle_broken(puzzle, folding)), None)


def square_broken(puzzle: Puzzle, folding: Folding) -> Iterator[tuple[Cell, str]]:
    """Every squared number with no squared number edge-adjacent on its face: (its cell, what
    breaks the rule)."""
    at = {folding.placement[cell]: cell for cell in puzzle.squared()}
    for (face, u, v), cell in sorted(at.items(), key=lambda item: item[1]):
        beside = [(face, u + 1, v), (face, u - 1, v), (face, u, v + 1), (face, u, v - 1)]
        if not any(place in at for place in beside):
            value = puzzle.numbers[cell].value
            yield cell, f"squared {value} at {cell_text(cell)} has no squared number beside it on its face"


def square_problem(puzzle: Puzzle, folding: Folding) -> str | None:
    """A squared number must be edge-adjacent to another squared number on the same face.

    Returns what breaks the rule, or None."""
    return next((text for _, text in square_broken(puzzle, folding)), None)


def clue_problem(puzzle: Puzzle, folding: Folding) -> str | None:
    """The first circle or square rule the folding breaks, or None."""
    return circle_problem(puzzle, folding) or square_problem(puzzle, folding)


def sums_by_face(numbers: Mapping[Cell, Number], folding: Folding) -> list[int]:
    """The sum of the numbers on each face, in face order (0-5); cells without a number add 0."""
    sums = [0] * 6
    for cell, number in numbers.items():
        if cell in folding.placement:
            sums[folding.face_of(cell)] += number.value
    return sums


def face_sums(puzzle: Puzzle, folding: Folding) -> list[int]:
    """The sum of the puzzle's numbers on each face, in face order (0-5)."""
    return sums_by_face(puzzle.numbers, folding)


def answer(puzzle: Puzzle, folding: Folding) -> int:
    """The product of the six face sums."""
    return prod(face_sums(puzzle, folding))
