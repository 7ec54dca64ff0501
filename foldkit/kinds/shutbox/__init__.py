"""Shut the Box (Jane Street, November 2025) as a foldkit kind: a grid of arrows and numbers
whose remaining cells fold into a box. Its files start with a 'rows cols' header.

It folds (``foldkit.kinds.folds``: box.stl, net.stl, fold.glb, fold.gif, the template, and the
commands show, animate, template), has a puzzle sheet (``sheet``), and makes new puzzles
(``generate``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from foldkit import options as opt
from foldkit.exchange.json import json_bytes
from foldkit.fold.subject import Label, Mark, Subject
from foldkit.kinds.base import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, Kind, Outcome, option
from foldkit.kinds.checks import check_command
from foldkit.kinds.folds import FOLD_ARTIFACTS, FOLD_COMMANDS, FoldBuildOptions, Folded
from foldkit.kinds.hints import graded_json, graded_text, hint_command
from foldkit.kinds.sheets import sheet_command
from foldkit.kinds.shutbox.check import CHECKER
from foldkit.kinds.shutbox.generate import GENERATE_COMMAND
from foldkit.kinds.shutbox.hints import HINTER, grade
from foldkit.kinds.shutbox.report import report_json, report_text
from foldkit.look import box_text
from foldkit.page import with_page
from foldkit.page.fold import shutbox_page
from foldkit.paper.shutbox_sheet import sheet_pdf, sheet_svg
from solver.grid import Cell
from solver.shutbox.puzzle import Number, Puzzle, parse_puzzle
from solver.shutbox.solve import DEFAULT_LAYOUT_LIMIT, Report
from solver.shutbox.solve import solve as solve_puzzle


@dataclass(frozen=True)
class ShutboxSolveOptions:
    limit: int = option(DEFAULT_LAYOUT_LIMIT, "--limit", f"stop after N layouts (0: no limit; default "
                        f"{DEFAULT_LAYOUT_LIMIT})", opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")


@dataclass(frozen=True)
class ShutboxBuildOptions(FoldBuildOptions):
    numbers: bool = option(True, "--no-numbers", "leave the raised numbers off box.stl")


@dataclass(frozen=True)
class Solved(Folded):
    """A solved puzzle ready for its artifacts: the solver's report and the fold it came to."""

    report: Report
    fold: Subject


def solve(puzzle: Puzzle, options: ShutboxSolveOptions) -> Report:
    return solve_puzzle(puzzle, limit=options.limit or None)


def outcome(report: Report) -> Outcome:
    """Unique, none, ambiguous, or unfinished (the layout search stopped at its limit)."""
    found, complete = report.solutions, report.layouts_complete
    if len(found) > 1:
        return Outcome(EXIT_AMBIGUOUS, f"ambiguous: {len(found)} solutions")
    if not complete:
        what = "one solution found, but" if found else "no solution found, and"
        return Outcome(EXIT_UNFINISHED, f"{what} the layout search stopped at its limit of "
                                        f"{len(report.layouts)} layouts: nothing is proven (raise --limit, 0 for none)")
    if not found:
        return Outcome(EXIT_NO_SOLUTION, f"no solution: {report.failure}")
    return Outcome(0, f"answer {found[0].answer}, box {box_text(found[0].box)}, unique")


def subject(report: Report, options: object = None) -> Solved:
    """The unique solution as the fold its artifacts are made of: its numbers as the cells'
    labels, with the face sums and the answer the solver found."""
    solution = report.solutions[0]
    numbers = {c: n for c, n in report.puzzle.numbers.items() if c in solution.layout}
    return Solved(report, Subject(report.puzzle.name, solution.folding, labels_of(numbers),
                                  face_sums=solution.face_sums, answer=solution.answer, source="puzzle"))


# A clue's mark ('' plain, 'o' circled, 's' squared) as the fold draws it round the label.
LABEL_MARKS: dict[str, Mark | None] = {"": None, "o": "circle", "s": "square"}


def labels_of(numbers: Mapping[Cell, Number]) -> dict[Cell, Label]:
    """Shut the Box number clues as the fold's cell labels: the value's digits, circled or
    squared as the clue is marked."""
    return {cell: Label(str(n.value), LABEL_MARKS[n.mark]) for cell, n in numbers.items()}


def solution_txt(solved: Solved, options: object) -> bytes:
    return (report_text(solved.report) + "\n").encode()


def solution_json(solved: Solved, options: object) -> bytes:
    return json_bytes(report_json(solved.report))


def puzzle_page(puzzle: Puzzle, suffix: str, paper: str) -> bytes:
    """The puzzle's sheet to solve by hand: arrows, numbers, rules."""
    return (sheet_svg if suffix == ".svg" else sheet_pdf)(puzzle, paper)


def puzzle_pdf(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".pdf", options.paper)


def puzzle_svg(solved: Solved, options: ShutboxBuildOptions) -> bytes:
    return puzzle_page(solved.report.puzzle, ".svg", options.paper)


KIND = Kind(
    name="shutbox",
    title="Shut the Box",
    header="'rows cols'",
    recognise=lambda word: word.isascii() and word.isdigit(),  # any length: the parser says what is wrong
    parse=parse_puzzle,
    solve=solve,
    outcome=outcome,
    text=graded_text(report_text, grade),
    json=graded_json(report_json, grade),
    solve_options=ShutboxSolveOptions,
    build_options=ShutboxBuildOptions,
    artifacts=with_page(shutbox_page, {"solution.txt": solution_txt, "solution.json": solution_json,
                                       **FOLD_ARTIFACTS, "puzzle.pdf": puzzle_pdf, "puzzle.svg": puzzle_svg}),
    subject=subject,
    commands={**FOLD_COMMANDS, "sheet": sheet_command(puzzle_page), "generate": GENERATE_COMMAND,
              "check": check_command(CHECKER), "hint": hint_command(HINTER)},
)
