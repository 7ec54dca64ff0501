"""Shut the Box's printed sheet (the puzzle to solve by hand) and its index.html: makers a
build calls, loaded only then."""

from __future__ import annotations

from typing import Any

import numpy as np

from foldkit.kinds.shutbox import ShutboxBuildOptions
from foldkit.kinds.shutbox.hints import grade
from foldkit.kinds.shutbox.report import Solved
from foldkit.kinds.shutbox.sheet import RULES, arrow_outline, sheet_pdf, sheet_svg
from foldkit.look import underlined
from foldkit.page.fold import PuzzleBeside, fold_page
from foldkit.paper.page import difficulty_line
from solver.diary import Grade
from solver.shutbox.puzzle import Puzzle


def puzzle_page(puzzle: Puzzle, suffix: str, paper: str, grade: Grade | None = None) -> bytes:
    """The puzzle's sheet to solve by hand: arrows, numbers, rules, the difficulty when graded."""
    return (sheet_svg if suffix == ".svg" else sheet_pdf)(puzzle, paper, difficulty_line(grade))


def puzzle_pdf(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".pdf", options.paper, grade(solved.report))


def puzzle_svg(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".svg", options.paper, grade(solved.report))


def grid_beside(puzzle: Puzzle) -> PuzzleBeside:
    """The puzzle beside its fold on index.html: numbers with their marks, arrows as the outline
    puzzle.pdf draws (in cells about the cell's centre, y down), the rules."""
    numbers = sorted((cell, str(n.value), n.mark) for cell, n in puzzle.numbers.items())
    marks = [[r, c, text, mark, int(underlined(text))] for (r, c), text, mark in numbers]
    arrows = [[r, c, pointed, np.round(arrow_outline(pointed), 3).tolist()]
              for (r, c), pointed in sorted(puzzle.arrows.items())]
    return PuzzleBeside("Shut the Box", {"rows": puzzle.rows, "cols": puzzle.cols, "marks": marks, "arrows": arrows},
                        RULES)


def index_page(solved: Solved, options: Any, links: tuple[str, ...]) -> bytes:
    """index.html: the fold of the solved puzzle, its grid beside it."""
    return fold_page([solved.fold], grid_beside(solved.report.puzzle), links)
