"""The body of `foldkit generate` (``foldkit.kinds.shutbox.generate`` declares it): the puzzle
comes from ``solver.shutbox.compose``; an unmet time bound is exit 1."""

from __future__ import annotations

import secrets
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import format_of, write_artifact
from foldkit.kinds.base import Invocation
from foldkit.kinds.generating import OutOfTime, time_bound
from foldkit.kinds.shutbox.generate import GenerateOptions
from solver.box import surface_area
from solver.shutbox.compose import TimedOut, generate
from solver.shutbox.puzzle import layout_picture, picture


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
    except (TimedOut, OutOfTime):  # the generator's own deadline, or the alarm in the middle of a step
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
