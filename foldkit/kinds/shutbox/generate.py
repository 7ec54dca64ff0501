"""The body of `foldkit generate` (``foldkit.kinds.shutbox`` declares it): the puzzle
comes from ``solver.shutbox.compose``; an unmet time bound is exit 1."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import format_of, refuse_to_overwrite
from foldkit.kinds.base import Invocation
from foldkit.kinds.generating import OutOfTime, grade_note, graded, grader, keeping, time_bound, write_together
from foldkit.kinds.shutbox import GenerateOptions
from solver.box import surface_area
from solver.diary import Grade
from solver.shutbox.compose import Generated, TimedOut, generate
from solver.shutbox.hints import diary
from solver.shutbox.puzzle import Puzzle, layout_picture, picture
from solver.text import counted

SEEDS = 2**63  # the seeds of the candidates after the first, drawn from the seed's own random stream


def generated_files(request: GenerateOptions, grade: Callable[[Puzzle], Grade | None] = lambda puzzle: None
                    ) -> tuple[list[Path], str]:
    """Make the puzzle, write it and its solution; (the paths written, a one-line summary)."""
    rows, cols = request.size
    seed = secrets.randbelow(10**9) if request.seed is None else request.seed
    output = Path(request.output or f"puzzle-{seed}.txt")
    format_of(output, (".txt",))
    solution = output.with_name(output.name[: -len(output.suffix)] + ".solution.txt")
    refuse_to_overwrite(output.parent, [output.name, solution.name], request.force)  # before any work
    if request.box is not None and surface_area(request.box) > rows * cols:
        raise FoldkitError(f"a {'x'.join(map(str, request.box))} box has {surface_area(request.box)} cells, "
                           f"more than the {rows}x{cols} grid", EXIT_BAD_INPUT)
    try:
        with time_bound(request.timeout) as stop:
            made, found = graded(candidates(request, seed), lambda made: grade(made.puzzle), request.difficulty, stop)
    except (TimedOut, OutOfTime):  # the generator's own deadline, or the alarm in the middle of a step
        box = f" with box {'x'.join(map(str, request.box))}" if request.box else ""
        graded_as = f" graded {request.difficulty}" if request.difficulty else ""
        raise FoldkitError(f"no {rows}x{cols} puzzle{box} with a unique solution{graded_as} within "
                           f"{request.timeout:g} s (raise --timeout or try another --seed)", EXIT_NO_SOLUTION) from None
    notes = [f"seed: {seed}" if note.startswith("seed:") else note for note in made.puzzle.notes]  # the
    # seed asked for, which makes this puzzle again, though a later candidate's own seed drew it
    made = replace(made, puzzle=replace(made.puzzle, notes=(*notes, *grade_note(found))))
    written = write_together([(output, picture(made.puzzle).encode()),
                              (solution, layout_picture(rows, cols, made.layout).encode())], request.force)
    clued = len(made.puzzle.numbers) + len(made.puzzle.arrows)
    summary = (f"seed {seed}: {rows}x{cols}, {counted(clued, 'clue')}, {counted(made.layouts, 'layout')} keep"
               f"{'s' if made.layouts == 1 else ''} the grid rules, "
               "unique solution" + (f", {found.short}" if found else ""))
    return written, summary


def candidates(request: GenerateOptions, seed: int) -> Callable[[], Generated]:
    """The generator of candidate puzzles: the seed's own first, then one for each seed drawn from
    its random stream; with easy or medium asked for, clues go only while the deductions alone
    (without the layouts the fold decides among, so without a solve) still solve it that easily."""
    rows, cols = request.size
    seeds = random.Random(seed)
    keeps = keeping(lambda puzzle: diary(puzzle).grade, request.difficulty)
    drawn = [seed]

    def make() -> Generated:
        return generate(rows, cols, drawn.pop() if drawn else seeds.randrange(SEEDS), request.box, request.layouts,
                        request.timeout, keeps)
    return make


def run_generate(call: Invocation) -> int:
    written, summary = generated_files(call.options, grader(call.kind, call.options.difficulty))
    print(summary)
    for path in written:
        print(f"wrote {path}")
    return 0
