"""`foldkit hint` and the difficulty grade for Block Party, from the human-style solver
(``solver/blockparty/deduce.py``, ``hints.py``)."""

from __future__ import annotations

from typing import Any

from solver.blockparty import hints
from solver.blockparty.model import BlockParty
from solver.blockparty.search import BlockPartyReport
from solver.diary import Grade


def read_progress(puzzle: BlockParty, text: str, source: str) -> hints.Known:
    return hints.parse_progress(text, source, puzzle)


def wrong(puzzle: BlockParty, known: hints.Known, report: BlockPartyReport) -> list[str]:
    """Where the progress breaks a rule, or leaves the solution when the puzzle has exactly one."""
    return hints.wrong_progress(puzzle, known, report.solutions[0] if report.unique else None)


def hint(puzzle: BlockParty, known: hints.Known | None) -> list:
    return hints.hint(puzzle, known or {})


diary = hints.diary


def grade(report: Any) -> Grade | None:
    """The difficulty of a solved puzzle for a person, from its clues alone."""
    return hints.grade(report.puzzle)
