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
    out_of_time,
    paths_for,
    report,
    time_bound,
    write_together,
)
from foldkit.paper.gridsheet import Sheet, sheet_pdf
from solver.blockparty.generate import Generated, NoPuzzle, generate
from solver.blockparty.model import BlockParty, answer, grid_picture, picture
from solver.invariant import require


def puzzle_text(made: Generated, seed: int, max_region: int) -> str:
    """The puzzle file: notes on how it was made, then the puzzle as the parser reads it."""
    p = made.puzzle
    notes = ["Block Party puzzle made by foldkit generate", f"seed: {seed}",
             f"size: {p.rows}x{p.cols}, {len(p.region_cells)} regions of up to {max_region} cells",
             f"givens: {len(p.givens)}",
             "minimal: taking away any one given lets in a second filling"]
    return "".join(f"# {note}\n" for note in notes) + picture(p)


def generated_files(options: BlockPartyGenerateOptions, puzzle_sheet: Callable[[BlockParty], Sheet]) -> int:
    rows, cols = options.size
    seed = chosen_seed(options)
    paths = paths_for(options, "block-party", seed)
    try:
        with time_bound(options.timeout) as stop:
            made = generate(rows, cols, options.max_region, random.Random(seed), stop)
    except OutOfTime:
        raise out_of_time(f"{rows}x{cols} Block Party puzzle", options.timeout) from None
    except NoPuzzle as error:
        raise FoldkitError(f"{error} (try another --seed or --max-region)", EXIT_NO_SOLUTION) from None
    name = paths.puzzle.name[: -len(paths.puzzle.suffix)]
    puzzle = BlockParty(rows, cols, made.puzzle.regions, made.puzzle.givens, name)
    require(puzzle == made.puzzle, "the puzzle written is the one made")
    written = write_together([
        (paths.puzzle, puzzle_text(made, seed, options.max_region).encode()),
        (paths.solution, grid_picture(made.solution, f"The unique solution of {paths.puzzle.name}. Answer: the sum of "
                                                    f"the row products = {answer(made.solution)}.").encode()),
        (paths.sheet, sheet_pdf(puzzle_sheet(puzzle), options.paper)),
    ])
    regions = len(puzzle.region_cells)
    return report(f"seed {seed}: {rows}x{cols}, {regions} regions, {len(puzzle.givens)} givens, unique solution",
                  written)


def run_generate(call: Invocation) -> int:
    return generated_files(call.options, puzzle_sheet)
