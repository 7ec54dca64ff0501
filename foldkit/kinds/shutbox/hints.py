"""`foldkit hint` and the difficulty grade for Shut the Box, from the human-style solver
(``solver/shutbox/deduce.py``, ``hints.py``). Progress is a layout file ('rows cols', then '#'
a box cell, '.' cut away, '?' not decided yet)."""

from __future__ import annotations

from solver.diary import Diary, Entry, Grade
from solver.shutbox import hints
from solver.shutbox.deduce import Known
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.solve import Report, solve


def read_progress(puzzle: Puzzle, text: str, source: str) -> Known:
    return hints.parse_progress(text, source, puzzle)


def wrong(puzzle: Puzzle, known: Known, report: Report) -> list[str]:
    return hints.wrong_progress(puzzle, known, report.solutions[0].layout if report.unique else None)


def hint(puzzle: Puzzle, known: Known | None) -> list[Entry]:
    return hints.hint(puzzle, known)


def diary(puzzle: Puzzle, known: Known | None) -> Diary:
    """The diary, ending with what the fold decides: the layouts that keep the grid rules (solved for)."""
    return graded_diary(solve(puzzle), known)


def graded_diary(report: Report, known: Known | None = None) -> Diary:
    return hints.diary(report.puzzle, known, report.layouts if report.layouts_complete else None,
                       [solution.layout for solution in report.solutions])


def grade(report: Report) -> Grade | None:
    """The difficulty of a solved puzzle for a person: the deductions, then the layouts left for the fold."""
    return graded_diary(report).grade

