"""Block Party as a foldkit kind: files that start with 'block-party ROWS COLS'.

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
from foldkit.options import number
from foldkit.page import with_page

if TYPE_CHECKING:
    from foldkit.kinds.blockparty import check as checking
    from foldkit.kinds.blockparty import diary
    from foldkit.kinds.blockparty import hints as hinting
    from foldkit.kinds.blockparty import pages as printed
    from foldkit.kinds.blockparty import report as body
    from solver.blockparty import model as solver_parse
else:
    body = lazy_module("foldkit.kinds.blockparty.report")  # the kind's body, loaded when it runs
    printed = lazy_module("foldkit.kinds.blockparty.pages")
    solver_parse = lazy_module("solver.blockparty.model")
    checking = lazy_module("foldkit.kinds.blockparty.check")
    hinting = lazy_module("foldkit.kinds.blockparty.hints")
    diary = lazy_module("foldkit.kinds.blockparty.diary")

MAX_REGION = 20  # the largest region a generator is asked for: the rules' clauses grow as its square
MAX_GENERATED_SIDE = 30  # the largest grid a generator is asked for (a 20x20 takes 17-37 s)


@dataclass(frozen=True)
class BlockPartyGenerateOptions(GeneratingOptions):
    size: tuple[int, int] = option((10, 10), "--size", f"grid size, each side 2 to {MAX_GENERATED_SIDE} (default "
                                   "10x10)", grid_size(2, MAX_GENERATED_SIDE), "RxC")
    max_region: int = option(8, "--max-region", f"regions of 1 to N cells, N from 1 to {MAX_REGION} (default 8)",
                             number(int, 1, MAX_REGION, "a whole number"), "N")

    def check(self) -> None:
        rows, cols = self.size
        if self.max_region > rows * cols:
            raise FoldkitError(f"--max-region {self.max_region} is more than the {rows * cols} cells of a "
                               f"{rows}x{cols} grid", EXIT_BAD_INPUT)


if TYPE_CHECKING:
    from foldkit.kinds.blockparty import generate as generator
else:
    generator = lazy_module("foldkit.kinds.blockparty.generate")

KIND = Kind(
    name="block-party",
    title="Block Party",
    header="'block-party ROWS COLS'",
    recognise=lambda word: word == "block-party",
    parse=solver_parse.parse_block_party,
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
              "hint": hint_command(hinting.read_progress, hinting.wrong, hinting.hint, hinting.diary),
              "generate": Command("generate", "a new puzzle with a proven unique solution and a minimal clue set",
                                  generator.run_generate, BlockPartyGenerateOptions, target="none")},
)
