"""New puzzles as a capability any kind can bring (`foldkit generate KIND`): the options every
generator shares (output, seed, time bound, paper), the time bound that ends the whole command,
and the writing of the puzzle, its solution and its sheet together, or of nothing.

A kind's generator is pure (``solver.<kind>.generate``, given a ``random.Random`` and a stop()
to call between steps); this module gives it the seed and the stop, and writes what it made.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import format_of, refuse_to_overwrite, write_files
from foldkit.kinds.base import Kind, PaperOptions, force_option, option
from foldkit.options import file_name, number
from solver.diary import DIFFICULTIES, Grade

SEEDS = 10**9  # a seed drawn when none is given is below this: short enough to type
DIFFICULTY_HELP = ("easy, medium or hard: the grade of a person's solving to aim for (easy: deductions alone "
                   "with the easiest rules; medium: deductions alone, a harder rule; hard: the hardest rules, "
                   "or search left); candidates are made until one has it")
Made = TypeVar("Made")


class OutOfTime(Exception):
    """The time bound of the command ran out."""


@dataclass(frozen=True)
class GeneratingOptions(PaperOptions):
    """The options of every kind's `foldkit generate` (a kind's own options extend these)."""

    output: str | None = option(None, "--output", "puzzle file, .txt (default KIND-SEED.txt); the solution goes "
                                "beside it as NAME.solution.txt and its sheet as NAME.pdf", file_name, "FILE",
                                aliases=("-o",))
    seed: int | None = option(None, "--seed", "same seed, same puzzle, byte for byte (default: a random seed, "
                              "noted in the file)", number(int, 0, 2**63 - 1, "a whole number"))
    timeout: float = option(120.0, "--timeout", "give up after S seconds with exit 1 (default 120)",
                            number(float, 0.1, 86400.0, "a number of seconds"), "S")
    difficulty: str | None = option(None, "--difficulty", DIFFICULTY_HELP, choices=DIFFICULTIES)
    force: bool = force_option()


def grid_size(low: int, high: int) -> Callable[[str], tuple[int, int]]:
    """An argparse type: 'ROWSxCOLS', each side from low to high."""
    def parse(text: str) -> tuple[int, int]:
        parts = text.lower().split("x")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 5 for p in parts):
            raise argparse.ArgumentTypeError(f"expected ROWSxCOLS, e.g. 10x10, not {text[:60]!r}")
        rows, cols = int(parts[0]), int(parts[1])
        if not (low <= rows <= high and low <= cols <= high):
            raise argparse.ArgumentTypeError(f"each side must be between {low} and {high}, not {text[:60]}")
        return rows, cols
    return parse


def chosen_seed(options: GeneratingOptions) -> int:
    return secrets.randbelow(SEEDS) if options.seed is None else options.seed


REARM = 0.1  # seconds between the alarm's rings once the bound is up (see time_bound)


@contextlib.contextmanager
def time_bound(seconds: float) -> Iterator[Callable[[], None]]:
    """A stop() for the generator to call between steps, raising OutOfTime once the seconds are
    up; and, in the main thread, an alarm that raises it wherever the work is, for a single step
    that takes longer than the whole bound. The alarm rings again every REARM seconds until the block
    ends: an exception raised where Python only reports it (a garbage collector's callback, a __del__)
    is lost, and a one-shot alarm lost there would let the step run on past its bound."""
    end = time.monotonic() + seconds

    def stop() -> None:
        if time.monotonic() > end:
            raise OutOfTime

    def expire(signum: int, frame: object) -> None:
        raise OutOfTime

    if threading.current_thread() is not threading.main_thread():
        yield stop  # signals reach only the main thread
        return
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, REARM)
    try:
        yield stop
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def out_of_time(what: str, seconds: float, difficulty: str | None = None) -> FoldkitError:
    """The one-line error of a generator that ran out of time: exit 1."""
    graded = f" graded {difficulty}" if difficulty else ""
    return FoldkitError(f"no {what} with a unique solution{graded} within {seconds:g} s (raise --timeout or try "
                        "another --seed)", EXIT_NO_SOLUTION)


# ---------------------------------------------------------------------------------------------
# Aiming at a difficulty


def grader(kind: Kind, difficulty: str | None) -> Callable[[Any], Grade | None]:
    """puzzle -> its grade, from the kind's own solve and grade (``Kind.grade``); None for a kind
    without a grade, where asking for a difficulty is a one-line error (exit 2)."""
    if kind.grade is None:
        if difficulty is not None:
            raise FoldkitError(f"--difficulty: {kind.title} has no difficulty grade yet (no human-style solver)",
                               EXIT_BAD_INPUT)
        return lambda puzzle: None
    grade = kind.grade
    return lambda puzzle: grade(kind.solve(puzzle, kind.solve_options()))


def graded(make: Callable[[], Made], grade: Callable[[Made], Grade | None], difficulty: str | None,
           stop: Callable[[], None]) -> tuple[Made, Grade | None]:
    """Candidates made one after another (each from where the random stream left off, so the same
    seed gives the same one) until one's grade is the difficulty asked for; with none asked, the
    first. (It and its grade.) stop() ends the search when the time is up."""
    while True:
        stop()
        made = make()
        found = grade(made)
        if difficulty is None or (found is not None and found.difficulty == difficulty):
            return made, found


def keeping(grade: Callable[[Any], Grade | None], difficulty: str | None) -> Callable[[Any], bool]:
    """For a generator taking clues away: may the puzzle have as few as this, and stay within the
    difficulty asked for? (Always, when none is asked, or hard: a clue goes while the solution
    stays unique; grading then costs nothing.)"""
    if difficulty in (None, "hard"):
        return lambda puzzle: True

    def keeps(puzzle: Any) -> bool:
        found = grade(puzzle)
        return found is not None and found.within(difficulty)
    return keeps


def grade_note(grade: Grade | None) -> list[str]:
    """The note a generated puzzle's file carries about its grade (none for a kind without one)."""
    return [f"difficulty: {grade.text}"] if grade else []


@dataclass(frozen=True)
class Paths:
    """Where a new puzzle goes: the puzzle file, its solution beside it, its sheet."""

    puzzle: Path
    solution: Path
    sheet: Path


def paths_for(options: GeneratingOptions, word: str, seed: int) -> Paths:
    """The files to write, checked before any work: a .txt puzzle file, nothing in the way."""
    puzzle = Path(options.output or f"{word}-{seed}.txt")
    format_of(puzzle, (".txt",))
    stem = puzzle.name[: -len(puzzle.suffix)]
    paths = Paths(puzzle, puzzle.with_name(f"{stem}.solution.txt"), puzzle.with_name(f"{stem}.pdf"))
    refuse_to_overwrite(puzzle.parent, [path.name for path in (paths.puzzle, paths.solution, paths.sheet)],
                        options.force)
    return paths


def write_together(files: list[tuple[Path, bytes]], force: bool = False) -> list[Path]:
    """Write every file or none (files of one folder: a puzzle and those beside it): on any
    failure, a full disk or Ctrl-C, the files there before are all as they were."""
    folder = files[0][0].parent
    return write_files(folder, {path.name: data for path, data in files}, force).paths


def report(summary: str, written: list[Path]) -> int:
    """Print what was made and where; exit 0."""
    print(summary)
    for path in written:
        print(f"wrote {path}")
    return 0
