"""`foldkit generate`: a new Shut the Box puzzle written as a file, its solution beside it.

The puzzle comes from ``solver.shutbox.compose``; an unmet time bound is exit 1.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import format_of, write_artifact
from foldkit.kinds.base import Command, Invocation, option
from foldkit.options import number
from solver.box import surface_area
from solver.shutbox.compose import DEFAULT_DIFFICULTY, TimedOut, generate
from solver.shutbox.puzzle import layout_picture, picture

MIN_SIDE, MAX_SIDE = 3, 100  # of a generated grid
MAX_BOX_SIDE = 50


def _sides(text: str, count: int, low: int, high: int, example: str) -> tuple[int, ...]:
    parts = text.lower().split("x")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and len(p) < 5 for p in parts):
        raise argparse.ArgumentTypeError(f"expected {example}, not {text[:60]!r}")
    sides = tuple(int(p) for p in parts)
    if not all(low <= s <= high for s in sides):
        raise argparse.ArgumentTypeError(f"each side must be between {low} and {high}, not {text[:60]}")
    return sides


def grid_size(text: str) -> tuple[int, ...]:
    """'ROWSxCOLS', each 3 to 100."""
    return _sides(text, 2, MIN_SIDE, MAX_SIDE, "ROWSxCOLS, e.g. 20x20")


def box_size(text: str) -> tuple[int, ...]:
    """'AxBxC', each side 1 to 50, given in any order (kept ascending)."""
    return tuple(sorted(_sides(text, 3, 1, MAX_BOX_SIDE, "AxBxC, e.g. 2x6x7")))


@dataclass(frozen=True)
class GenerateOptions:
    """What `foldkit generate` was asked for."""

    output: str | None = option(None, "--output", "puzzle file, .txt (default puzzle-SEED.txt); the solution "
                                "goes beside it as NAME.solution.txt", str, "FILE", aliases=("-o",))
    size: tuple[int, int] = option((20, 20), "--size", "grid size (default 20x20)", grid_size, "RxC")
    box: tuple[int, int, int] | None = option(None, "--box", "the box (default: a random box whose net fits)",
                                              box_size, "AxBxC")
    seed: int | None = option(None, "--seed", "same seed, same puzzle, byte for byte (default: a random seed, "
                              "noted in the file)", number(int, 0, 2**63 - 1, "a whole number"))
    difficulty: int = option(DEFAULT_DIFFICULTY, "--difficulty", "at most K layouts keep the grid rules, so "
                             f"that the box and its folding decide (default {DEFAULT_DIFFICULTY}; nov2025 leaves "
                             "72)", number(int, 1, 5000, "a whole number"), "K")
    timeout: float = option(120.0, "--timeout", "give up after S seconds with exit 1 (default 120)",
                            number(float, 0.1, 86400.0, "a number of seconds"), "S")


@contextlib.contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise TimedOut in this thread once the seconds are up, wherever the work is: the generator
    checks its own deadline between steps, but a single step (placing a net of a thousand cells
    on a large grid, listing its foldings) can take longer than the whole bound."""
    def expire(signum: int, frame: object) -> None:
        raise TimedOut(f"no puzzle within {seconds:g} s")

    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach only the main thread; the generator's own checks still hold
        return
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def generated_files(request: GenerateOptions) -> tuple[list[Path], str]:
    """Make the puzzle, write it and its solution; (the paths written, a one-line summary)."""
    rows, cols = request.size
    seed = secrets.randbelow(10**9) if request.seed is None else request.seed
    output = Path(request.output or f"puzzle-{seed}.txt")
    format_of(output, (".txt",))
    solution = output.with_name(output.name[: -len(output.suffix)] + ".solution.txt")
    for path in (output, solution):  # before any work, so that a path in the way leaves nothing behind
        if path.is_dir():
            raise FoldkitError(f"{path}: cannot write the file (it is a folder)", EXIT_BAD_INPUT)
    if request.box is not None and surface_area(request.box) > rows * cols:
        raise FoldkitError(f"a {'x'.join(map(str, request.box))} box has {surface_area(request.box)} cells, "
                           f"more than the {rows}x{cols} grid", EXIT_BAD_INPUT)
    try:
        with time_bound(request.timeout):
            made = generate(rows, cols, seed, request.box, request.difficulty, request.timeout)
    except TimedOut:
        box = f" with box {'x'.join(map(str, request.box))}" if request.box else ""
        raise FoldkitError(f"no {rows}x{cols} puzzle{box} with a unique solution within {request.timeout:g} s "
                           "(raise --timeout or try another --seed)", EXIT_NO_SOLUTION) from None
    written = [write_artifact(solution, layout_picture(rows, cols, made.layout).encode())]
    try:
        written.insert(0, write_artifact(output, picture(made.puzzle).encode()))
    except BaseException:
        solution.unlink(missing_ok=True)  # the pair or nothing: a solution without its puzzle is litter
        raise
    clued = len(made.puzzle.numbers) + len(made.puzzle.arrows)
    summary = (f"seed {seed}: {rows}x{cols}, {clued} clues, {made.layouts} layouts keep the grid rules, "
               "unique solution")
    return written, summary


def run_generate(call: Invocation) -> int:
    written, summary = generated_files(call.options)
    print(summary)
    for path in written:
        print(f"wrote {path}")
    return 0


GENERATE_COMMAND = Command("generate", "a new puzzle with a proven unique solution (the kind first, default Shut the "
                           "Box: 'foldkit kinds' says which have it)", run_generate,
                           GenerateOptions, target="none")
