"""`foldkit hint` and the difficulty grade for packings, from the human-style packer
(``solver/packing/deduce.py``, ``hints.py``). Progress is a solution file with the pieces placed
so far ('.' for a cube not filled yet)."""

from __future__ import annotations

from typing import Any

from solver.diary import Diary, Entry, Grade
from solver.packing import hints
from solver.packing.model import Packing, PackingPuzzle
from solver.packing.solution_text import parse_solution


def read_progress(puzzle: PackingPuzzle, text: str, source: str) -> Packing:
    return parse_solution(text, source, puzzle)


def wrong(puzzle: PackingPuzzle, placed: Packing, report: object) -> list[str]:
    return hints.wrong_progress(puzzle, placed)


def hint(puzzle: PackingPuzzle, placed: Packing | None) -> list[Entry]:
    return hints.hint(puzzle, placed or ())


def diary(puzzle: PackingPuzzle, placed: Packing | None) -> Diary:
    return hints.diary(puzzle, placed or ())


def grade(report: Any) -> Grade | None:
    """The difficulty of a solved puzzle for a person, from its clues alone."""
    return hints.grade(report.puzzle)
