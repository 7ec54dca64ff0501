"""``hints.pdf`` for Block Party: the solving diary on paper (apart from ``hints``, so that
`foldkit hint` does not load the page makers)."""

from __future__ import annotations

from typing import Any

from foldkit.paper.diary import diary_pdf
from solver.blockparty import hints


def hints_pdf(report: Any, options: Any) -> bytes:
    """The diary of a Block Party from its givens (the subject is the solve report)."""
    return diary_pdf(report.puzzle.name, hints.diary(report.puzzle), options.paper)
