"""What an artifact is made from: a polyomino, one folding of it, and the numbers on its cells.

A subject comes either from a solved puzzle (its unique solution) or from a net file (one of
its foldings). Every module of foldkit takes a Subject, so none of them cares which.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from solver.folding import Folding, box_foldings
from solver.grid import Cell, Layout
from solver.polyomino import parse_net
from solver.shutbox.clues import sums_by_face
from solver.shutbox.puzzle import Number, Puzzle, parse_puzzle
from solver.shutbox.solve import Report, solve
from solver.text import decode_text

DEFAULT_PUZZLE = "nov2025"


@dataclass(frozen=True)
class Subject:
    """A folding ready to be made into things, with its name and the numbers its cells carry."""

    name: str
    folding: Folding
    numbers: dict[Cell, Number]
    report: Report | None = None  # the solver's report when the subject is a puzzle's solution

    @property
    def cells(self) -> Layout:
        return self.folding.cells

    @property
    def face_sums(self) -> list[int]:
        return sums_by_face(self.numbers, self.folding)


def read_text(path: str | Path) -> str:
    """The text of a user's file, or a FoldkitError that names the file."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise FoldkitError(f"{path}: cannot read the file ({error.strerror})", EXIT_BAD_INPUT) from None
    return decode_text(data, str(path))


def load_puzzle(path: str | Path | None) -> Puzzle:
    """The puzzle in a file, or the embedded November 2025 puzzle when path is None."""
    if path is None:
        text = resources.files("foldkit").joinpath("data", f"{DEFAULT_PUZZLE}.txt").read_text("utf-8")
        return parse_puzzle(text, f"{DEFAULT_PUZZLE} (built in)", DEFAULT_PUZZLE)
    return parse_puzzle(read_text(path), str(path))


def load_net(path: str | Path) -> Layout:
    return parse_net(read_text(path), str(path))


def unique_solution(report: Report):
    """The one solution of a solved puzzle, or a FoldkitError saying why there is not one."""
    if not report.solutions:
        raise FoldkitError(f"{report.puzzle.name}: no solution: {report.failure}", EXIT_NO_SOLUTION)
    if len(report.solutions) > 1:
        raise FoldkitError(f"{report.puzzle.name}: ambiguous: {len(report.solutions)} solutions", EXIT_AMBIGUOUS)
    return report.solutions[0]


def subject_from_puzzle(path: str | Path | None) -> Subject:
    """The unique solution of a puzzle file (or of the default puzzle) as a Subject."""
    puzzle = load_puzzle(path)
    report = solve(puzzle)
    solution = unique_solution(report)
    numbers = {c: n for c, n in puzzle.numbers.items() if c in solution.layout}
    return Subject(puzzle.name, solution.folding, numbers, report)


def subject_from_net(path: str | Path, folding: int = 1) -> Subject:
    """Folding number ``folding`` (1-based, over every box in turn) of a net file as a Subject."""
    cells = load_net(path)
    every = [f for found in box_foldings(cells).values() for f in found]
    if not every:
        raise FoldkitError(f"{path}: the net folds into no box", EXIT_NO_SOLUTION)
    if not 1 <= folding <= len(every):
        message = f"{path}: --folding {folding} is out of range: the net has {len(every)} foldings"
        raise FoldkitError(message, EXIT_BAD_INPUT)
    return Subject(Path(path).stem, every[folding - 1], {})


def load_subject(puzzle: str | None, net: str | None, folding: int = 1) -> Subject:
    """The subject a command names: a net file if given, else a puzzle file or the default."""
    if net is not None:
        return subject_from_net(net, folding)
    return subject_from_puzzle(puzzle)
