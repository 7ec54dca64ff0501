"""``hints.pdf`` for a packing: the solving diary on paper (apart from ``hints``, so that
`foldkit hint` does not load the page makers)."""

from __future__ import annotations

from typing import Any

from foldkit.paper.diary import diary_pdf
from solver.packing import hints


def hints_pdf(packed: Any, options: Any) -> bytes:
    """The diary of a packing: deductions and the most constrained choices, to a packing."""
    puzzle = packed.report.puzzle
    return diary_pdf(puzzle.name, hints.diary(puzzle), options.paper)
