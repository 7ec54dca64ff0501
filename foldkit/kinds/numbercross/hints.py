"""`foldkit hint` and the difficulty grade for Number Cross, from the human-style solver
(``solver/numbercross/deduce/``; ``hints.pdf`` is ``diary``). Progress is a solution
file with '.' for a cell not filled in yet."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from solver.diary import Diary, Entry, Grade
from solver.numbercross.deduce import hints
from solver.numbercross.deduce.deductions import Candidates
from solver.numbercross.rules.model import NumberCross
from solver.numbercross.solve import NumberCrossReport


def read_progress(puzzle: NumberCross, text: str, source: str) -> Candidates:
    return hints.parse_progress(text, source, puzzle)


def wrong(puzzle: NumberCross, known: Candidates, report: NumberCrossReport) -> list[str]:
    """Where the progress breaks a tile rule, or leaves the solution when the puzzle has exactly one."""
    return hints.wrong_progress(puzzle, known, report.solutions[0] if report.unique else None)


def hint(puzzle: NumberCross, known: Candidates | None) -> list[Entry]:
    return hints.hint(puzzle, known)


def diary(puzzle: NumberCross, known: Candidates | None) -> Diary:
    return hints.diary(puzzle, known)


@lru_cache(maxsize=8)
def clue_diary(puzzle: NumberCross) -> Diary:
    """The diary from the clues alone, made once per puzzle: a build's sheets (puzzle.pdf, .svg)
    print its grade and hints.pdf prints it whole (Number Cross 5's takes seconds)."""
    return hints.diary(puzzle)


def grade(report: Any) -> Grade | None:
    """The difficulty of a solved puzzle for a person, from its clues alone."""
    return clue_diary(report.puzzle).grade
