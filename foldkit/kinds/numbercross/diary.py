"""``hints.pdf`` for Number Cross: the solving diary on paper (apart from ``hints``, so that
`foldkit hint` does not load the page makers)."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.numbercross.hints import clue_diary
from foldkit.paper.diary import diary_pdf


def hints_pdf(report: Any, options: Any) -> bytes:
    """The diary of a Number Cross from its clues (the subject is the solve report)."""
    return diary_pdf(report.puzzle.name, clue_diary(report.puzzle), options.paper)
