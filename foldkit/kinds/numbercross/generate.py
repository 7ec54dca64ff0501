"""`foldkit generate number-cross`: a new Number Cross puzzle with a minimal set of clue
conditions, written with its solution and its sheet. The puzzle comes from
``solver.numbercross.generate.generator``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from foldkit.errors import EXIT_NO_SOLUTION, FoldkitError
from foldkit.kinds.base import Invocation
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
from foldkit.kinds.numbercross import NumberCrossGenerateOptions
from foldkit.kinds.numbercross.pages import puzzle_sheet
from foldkit.paper.gridsheet import GridSheet, sheet_pdf
from solver.diary import Grade
from solver.numbercross.generate.generator import Generated, NoPuzzle, generate
from solver.numbercross.rules.model import NumberCross, answer, numbers
from solver.numbercross.rules.parse import picture, solution_picture
from solver.text import counted


def puzzle_text(made: Generated, seed: int, grade: Grade | None = None) -> str:
    """The puzzle file: notes on how it was made, then the puzzle as the parser reads it."""
    p = made.puzzle
    conditions = sum(len(clue.conditions) for clue in p.clues)
    harder = " or makes it harder than asked" if made.kept else ""
    notes = ["Number Cross puzzle made by foldkit generate", f"seed: {seed}",
             f"size: {p.rows}x{p.cols}, {counted(len(set(r for row in p.regions for r in row)), 'region')}, "
             f"{counted(len(p.highlighted), 'highlighted cell')}",
             f"conditions: {conditions}",
             f"minimal: taking away any one condition of a clue lets in a second completed grid{harder}",
             *grade_note(grade)]
    return "".join(f"# {note}\n" for note in notes) + picture(p)


def generated_files(options: NumberCrossGenerateOptions, puzzle_sheet: Callable[..., GridSheet],
                    grade: Callable[[NumberCross], Grade | None] = lambda puzzle: None) -> int:
    rows, cols = options.size
    seed = chosen_seed(options)
    paths = paths_for(options, "number-cross", seed)
    rng, keeps = random.Random(seed), keeping(grade, options.difficulty)
    try:
        with time_bound(options.timeout) as stop:
            made, found = graded(lambda: generate(rows, cols, rng, stop, keeps), lambda made: grade(made.puzzle),
                                 options.difficulty, stop)
    except OutOfTime:
        raise out_of_time(f"{rows}x{cols} Number Cross puzzle", options.timeout, options.difficulty) from None
    except NoPuzzle as error:
        raise FoldkitError(f"{error} (try another --seed)", EXIT_NO_SOLUTION) from None
    puzzle = replace(made.puzzle, name=paths.puzzle.name[: -len(paths.puzzle.suffix)])
    grid = made.solution
    comment = (f"# The completed grid of {paths.puzzle.name}; X is a tile.\n"
               f"# Answer: the sum of all {counted(len(numbers(grid)), 'number')} = {answer(grid)}.\n")
    written = write_together([
        (paths.puzzle, puzzle_text(made, seed, found).encode()),
        (paths.solution, (comment + solution_picture(grid)).encode()),
        (paths.sheet, sheet_pdf(puzzle_sheet(puzzle, found), options.paper)),
    ], options.force)
    conditions = sum(len(clue.conditions) for clue in puzzle.clues)
    return report(f"seed {seed}: {rows}x{cols}, {conditions} clue conditions, unique solution", written)


def run_generate(call: Invocation) -> int:
    return generated_files(call.options, puzzle_sheet, grader(call.kind, call.options.difficulty))
