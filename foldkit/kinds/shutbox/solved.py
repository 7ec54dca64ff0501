"""The body of Shut the Box as a kind (``foldkit.kinds.shutbox`` declares it): solving, the
outcome, the fold its artifacts are made of, the solution files and the puzzle's sheet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from foldkit.exchange.json import json_bytes
from foldkit.fold.subject import Label, Mark, Subject
from foldkit.kinds.base import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, Outcome
from foldkit.kinds.folds import Folded
from foldkit.kinds.shutbox import ShutboxSolveOptions
from foldkit.kinds.shutbox.report import report_json, report_text, solutions_found
from foldkit.look import box_text
from solver.grid import Cell
from solver.shutbox.puzzle import Number, Puzzle
from solver.shutbox.solve import Report
from solver.shutbox.solve import solve as solve_puzzle
from solver.text import counted


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
        return Outcome(EXIT_AMBIGUOUS, solutions_found(report).summary())
    if not complete:
        what = "one solution found, but" if found else "no solution found, and"
        return Outcome(EXIT_UNFINISHED, f"{what} the layout search stopped at its limit of "
                                        f"{counted(len(report.layouts), 'layout')}: nothing is proven (raise --limit, "
                                        "0 for none)")
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
