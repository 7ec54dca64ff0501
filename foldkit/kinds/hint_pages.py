"""``hints.pdf``, the solving diary a build writes for each kind with a human-style solver: the
makers (subject, build options) -> the PDF's bytes, loaded only when a build makes one."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.shutbox.hints import graded_diary
from foldkit.paper.diary import diary_pdf
from solver.blockparty import hints as block_party
from solver.packing import hints as packing
from solver.shutbox.solve import Report


def block_party_pdf(report: Any, options: Any) -> bytes:
    """The diary of a Block Party from its givens (the subject is the solve report)."""
    return diary_pdf(report.puzzle.name, block_party.diary(report.puzzle), options.paper)


def shut_the_box_pdf(solved: Any, options: Any) -> bytes:
    """The diary of a Shut the Box puzzle, ending with the layouts the fold decides among."""
    report: Report = solved.report
    return diary_pdf(report.puzzle.name, graded_diary(report), options.paper)


def packing_pdf(packed: Any, options: Any) -> bytes:
    """The diary of a packing: deductions and the most constrained choices, to a packing."""
    puzzle = packed.report.puzzle
    return diary_pdf(puzzle.name, packing.diary(puzzle), options.paper)
