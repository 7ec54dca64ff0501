"""`foldkit generate block-party`: a new Block Party puzzle with a minimal set of givens, written
with its solution and its sheet. The puzzle comes from ``solver.blockparty.generate``."""

from __future__ import annotations

import random
from collections.abc import Callable

from foldkit.errors import EXIT_NO_SOLUTION, FoldkitError
from foldkit.kinds.base import Invocation
from foldkit.kinds.blockparty import BlockPartyGenerateOptions
from foldkit.kinds.blockparty.pages import puzzle_sheet
from foldkit.kinds.generating import (
    OutOfTime,
    chosen_seed,
    grade_note,
    graded,
    grader,
    keeping,
    out_of_time,
    paths_for,
    report,
    time_bound,
    write_together,
)
from foldkit.paper.gridsheet import GridSheet, sheet_pdf
from solver.blockparty.generate import Generated, NoPuzzle, generate
from solver.blockparty.model import BlockParty, answer, grid_picture, picture
from solver.diary import Grade
from solver.invariant import require
from solver.text import counted


def puzzle_text(made: Generated, seed: int, max_region: int, grade: Grade | None) -> str:
    """The puzzle file: notes on how it was made, then the puzzle as the parser reads it."""
    p = made.puzzle
    harder = " or makes it harder than asked" if made.kept else ""
    notes = ["Block Party puzzle made by foldkit generate", f"seed: {seed}",
             f"size: {p.rows}x{p.cols}, {counted(len(p.region_cells), 'region')} of up to "
             f"{counted(max_region, 'cell')}",
             f"givens: {len(p.givens)}",
             f"minimal: taking away any one given lets in a second filling{harder}", *grade_note(grade)]
    return "".join(f"# {note}\n" for note in notes) + picture(p)


def generated_files(options: BlockPartyGenerateOptions, puzzle_sheet: Callable[[BlockParty, Grade | None], GridSheet],
                    grade: Callable[[BlockParty], Grade | None]) -> int:
    rows, cols = options.size
    seed = chosen_seed(options)
    paths = paths_for(options, "block-party", seed)
    rng, keeps = random.Random(seed), keeping(grade, options.difficulty)
    try:
        with time_bound(options.timeout) as stop:
            made, found = graded(lambda: generate(rows, cols, options.max_region, rng, stop, keeps),
                                 lambda made: grade(made.puzzle), options.difficulty, stop)
    except OutOfTime:
        raise out_of_time(f"{rows}x{cols} Block Party puzzle", options.timeout, options.difficulty) from None
    except NoPuzzle as error:
        raise FoldkitError(f"{error} (try another --seed or --max-region)", EXIT_NO_SOLUTION) from None
    name = paths.puzzle.name[: -len(paths.puzzle.suffix)]
    puzzle = BlockParty(rows, cols, made.puzzle.regions, made.puzzle.givens, name)
    require(puzzle == made.puzzle, "the puzzle written is the one made")
    written = write_together([
        (paths.puzzle, puzzle_text(made, seed, options.max_region, found).encode()),
        (paths.solution, grid_picture(made.solution, f"The unique solution of {paths.puzzle.name}. Answer: the sum of "
                                                    f"the row products = {answer(made.solution)}.").encode()),
        (paths.sheet, sheet_pdf(puzzle_sheet(puzzle, found), options.paper)),
    ], options.force)
    regions = len(puzzle.region_cells)
    graded_as = f", {found.short}" if found else ""
    return report(f"seed {seed}: {rows}x{cols}, {counted(regions, 'region')}, {counted(len(puzzle.givens), 'given')}, "
                  "unique solution"
                  f"{graded_as}", written)


def run_generate(call: Invocation) -> int:
    return generated_files(call.options, puzzle_sheet, grader(call.kind, call.options.difficulty))
