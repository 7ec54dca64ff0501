"""``hints.pdf`` for Shut the Box: the solving diary on paper (apart from ``hints``, so that
`foldkit hint` does not load the page makers)."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.shutbox.hints import graded_diary
from foldkit.paper.diary import diary_pdf
from solver.shutbox.solve import Report


def hints_pdf(solved: Any, options: Any) -> bytes:
    """The diary of a Shut the Box puzzle, ending with the layouts the fold decides among."""
    report: Report = solved.report
    return diary_pdf(report.puzzle.name, graded_diary(report), options.paper)
