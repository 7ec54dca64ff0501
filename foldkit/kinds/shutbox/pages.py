"""Shut the Box's printed sheet (the puzzle to solve by hand) and its index.html: makers a
build calls, loaded only then."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.shutbox import ShutboxBuildOptions
from foldkit.kinds.shutbox.hints import grade
from foldkit.kinds.shutbox.solved import Solved
from foldkit.page.fold import shutbox_page
from foldkit.paper.page import difficulty_line
from foldkit.paper.shutbox_sheet import sheet_pdf, sheet_svg
from solver.diary import Grade
from solver.shutbox.puzzle import Puzzle


def puzzle_page(puzzle: Puzzle, suffix: str, paper: str, grade: Grade | None = None) -> bytes:
    """The puzzle's sheet to solve by hand: arrows, numbers, rules, the difficulty when graded."""
    return (sheet_svg if suffix == ".svg" else sheet_pdf)(puzzle, paper, difficulty_line(grade))


def puzzle_pdf(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".pdf", options.paper, grade(solved.report))


def puzzle_svg(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".svg", options.paper, grade(solved.report))


def index_page(subject: Any, options: Any, links: tuple[str, ...]) -> bytes:
    return shutbox_page(subject, options, links)
