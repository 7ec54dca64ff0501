"""Number Cross as a foldkit kind: files that start with 'number-cross ROWS COLS'.

This is its declaration: what the command line reads of every kind. Its body, loaded when the
kind runs, is ``report`` (solving, the terminal text, the JSON and its schema, the solution
files) and ``pages`` (the printed sheets and index.html).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.kinds.base import Command, Kind, PaperOptions, lazy_module, option
from foldkit.kinds.checks import check_command
from foldkit.kinds.generating import GeneratingOptions, grid_size
from foldkit.kinds.grids import GridSolveOptions
from foldkit.kinds.hints import hint_command
from foldkit.kinds.sheets import grid_page, sheet_command, sheet_makers
from foldkit.page import with_page

if TYPE_CHECKING:
    from foldkit.kinds.numbercross import check as checking
    from foldkit.kinds.numbercross import diary
    from foldkit.kinds.numbercross import hints as hinting
    from foldkit.kinds.numbercross import pages as printed
    from foldkit.kinds.numbercross import report as body
    from solver.numbercross.rules import parse as solver_parse
else:
    body = lazy_module("foldkit.kinds.numbercross.report")  # the kind's body, loaded when it runs
    printed = lazy_module("foldkit.kinds.numbercross.pages")
    solver_parse = lazy_module("solver.numbercross.rules.parse")
    checking = lazy_module("foldkit.kinds.numbercross.check")
    hinting = lazy_module("foldkit.kinds.numbercross.hints")
    diary = lazy_module("foldkit.kinds.numbercross.diary")

SIDES = (4, 13)  # the sides of a generated grid: the published puzzles range over these


@dataclass(frozen=True)
class NumberCrossGenerateOptions(GeneratingOptions):
    size: tuple[int, int] = option((5, 5), "--size", f"grid size ROWSxCOLS, each side {SIDES[0]} to {SIDES[1]} "
                                   "(default 5x5; 7x7 takes seconds; 11x11, the published size, about 10 s to a minute "
                                   "and a half, a few seeds more, and larger ones longer: raise --timeout)",
                                   grid_size(*SIDES), "RxC")

    def check(self) -> None:
        # The easiest deductions (level 1) never read a clue, so they cannot tell a region's digit:
        # no Number Cross puzzle is easy, and looking for one would only run out of time.
        if self.difficulty == "easy":
            raise FoldkitError("generate number-cross: --difficulty easy: no Number Cross puzzle is easy (its digits "
                               "come from its clues, which the easiest deductions do not read); ask for medium or "
                               "hard", EXIT_BAD_INPUT)


if TYPE_CHECKING:
    from foldkit.kinds.numbercross import generate as generator
else:
    generator = lazy_module("foldkit.kinds.numbercross.generate")

KIND = Kind(
    name="number-cross",
    title="Number Cross",
    header="'number-cross ROWS COLS'",
    recognise=lambda word: word == "number-cross",
    parse=solver_parse.parse_number_cross,
    solve=body.solve,
    outcome=body.outcome,
    text=body.text,
    json=body.json,
    grade=hinting.grade,
    artifacts=with_page(printed.index_page, {
        "solution.txt": body.solution_txt,
        "solution.json": body.solution_json,
        **sheet_makers(printed.puzzle_sheet, printed.solution_sheet, grade=hinting.grade),
        "hints.pdf": diary.hints_pdf,
    }),
    solve_options=GridSolveOptions,
    build_options=PaperOptions,
    commands={"sheet": sheet_command(grid_page(printed.puzzle_sheet)),
              "check": check_command(checking.read, checking.judge, checking.number),
              "hint": hint_command(hinting.read_progress, hinting.wrong, hinting.hint, hinting.diary, "cell"),
              "generate": Command("generate", "a new puzzle with a proven unique solution and a minimal clue set",
                                  generator.run_generate, NumberCrossGenerateOptions, target="none")},
)
