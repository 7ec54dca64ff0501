"""Shut the Box (Jane Street, November 2025) as a foldkit kind: a grid of arrows and numbers
whose remaining cells fold into a box. Its files start with a 'rows cols' header."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from foldkit.kinds.base import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, Kind, Outcome, SolveOptions
from foldkit.kinds.folds import FOLD_ARTIFACTS, on_fold


@dataclass(frozen=True)
class Solved:
    """A solved puzzle ready for its artifacts: the solver's report and the fold it came to."""

    report: Any  # solver.shutbox.Report
    fold: Any  # foldkit.fold.subject.Subject


def parse(text: str, source: str, name: str):
    from solver.shutbox.puzzle import parse_puzzle

    return parse_puzzle(text, source, name)


def solve(puzzle, options: SolveOptions):
    from solver.shutbox.solve import DEFAULT_LAYOUT_LIMIT
    from solver.shutbox.solve import solve as solve_puzzle

    limit = DEFAULT_LAYOUT_LIMIT if options.limit is None else options.limit or None
    return solve_puzzle(puzzle, limit=limit)


def outcome(report) -> Outcome:
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
    from foldkit.look import box_text

    return Outcome(0, f"answer {found[0].answer}, box {box_text(found[0].box)}, unique")


def subject(report) -> Solved:
    """The unique solution as the fold its artifacts are made of: its numbers as the cells'
    labels, with the face sums and the answer the solver found."""
    from foldkit.fold.subject import Subject

    solution = report.solutions[0]
    numbers = {c: n for c, n in report.puzzle.numbers.items() if c in solution.layout}
    return Solved(report, Subject(report.puzzle.name, solution.folding, labels_of(numbers),
                                  face_sums=tuple(solution.face_sums), answer=solution.answer, source="puzzle"))


def labels_of(numbers: dict) -> dict:
    """Shut the Box number clues (cell -> solver.shutbox.puzzle.Number) as the fold's cell labels:
    the value's digits, circled or squared as the clue is marked."""
    from foldkit.fold.subject import Label
    from solver.shutbox.puzzle import MARKS

    return {cell: Label(str(n.value), MARKS[n.mark] if n.mark else None) for cell, n in numbers.items()}


def text(report) -> str:
    from foldkit.kinds.shutbox_report import report_text

    return report_text(report)


def json(report) -> dict:
    from foldkit.kinds.shutbox_report import report_json

    return report_json(report)


def _solution_text(solved: Solved, options) -> bytes:
    return (text(solved.report) + "\n").encode()


def _solution_json(solved: Solved, options) -> bytes:
    from foldkit.exchange.json import json_bytes

    return json_bytes(json(solved.report))


def _sheet_pdf(solved: Solved, options) -> bytes:
    from foldkit.paper.shutbox_sheet import sheet_pdf

    return sheet_pdf(solved.report.puzzle, options.paper)


def _sheet_svg(solved: Solved, options) -> bytes:
    from foldkit.paper.shutbox_sheet import sheet_svg

    return sheet_svg(solved.report.puzzle, options.paper)


def _show(solved: Solved, sequence: str = "staged") -> None:
    from foldkit.fold.window import show

    show(solved.fold, sequence=sequence)


KIND = Kind(
    name="shutbox",
    title="Shut the Box",
    recognise=lambda word: word.isascii() and word.isdigit(),  # any length: the parser says what is wrong
    parse=parse,
    solve=solve,
    outcome=outcome,
    text=text,
    json=json,
    artifacts={"solution.txt": _solution_text, "solution.json": _solution_json,
               **{name: on_fold(make) for name, make in FOLD_ARTIFACTS.items()},
               "puzzle.pdf": _sheet_pdf, "puzzle.svg": _sheet_svg},
    subject=subject,
    show=_show,
)
