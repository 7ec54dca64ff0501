"""Printable sheets as a capability any kind can bring: the makers of puzzle and solution pages,
and the command ``sheet`` that writes a kind's puzzle page on its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import format_of, write_artifact
from foldkit.kinds.base import Command, Invocation, Maker, PaperOptions, force_option, lazy_module, option
from foldkit.options import file_name

if TYPE_CHECKING:
    from foldkit.paper.gridsheet import GridSheet
    from solver.diary import Grade

if TYPE_CHECKING:
    from foldkit.paper import gridsheet
else:
    gridsheet = lazy_module("foldkit.paper.gridsheet")  # drawing pages: loaded when a sheet is made

SUFFIXES = (".pdf", ".svg")


Page = Callable[[Any, str, str], bytes]  # (puzzle, ".pdf" or ".svg", paper) -> the puzzle's page


def grid_page(puzzle_sheet: Callable[[Any], GridSheet]) -> Page:
    """The puzzle page of a grid kind, from its function puzzle -> ``foldkit.paper.gridsheet.GridSheet``."""
    def page(puzzle: Any, suffix: str, paper: str) -> bytes:
        return (gridsheet.sheet_svg if suffix == ".svg" else gridsheet.sheet_pdf)(puzzle_sheet(puzzle), paper)
    return page


def sheet_makers(puzzle_sheet: Callable[..., GridSheet], solution_sheet: Callable[[Any], GridSheet],
                 grade: Callable[[Any], Grade | None] | None = None) -> dict[str, Maker]:
    """puzzle.pdf, solution.pdf, puzzle.svg and solution.svg of a grid puzzle, from two functions:
    the puzzle (and its grade, with ``grade``: the kind's, solve report -> Grade) -> its page, and
    the solved report -> the solution's page (``GridSheet``s)."""
    def maker(suffix: str, solution: bool) -> Maker:
        def make(report: Any, options: Any) -> bytes:
            if solution:
                sheet = solution_sheet(report)
            else:
                sheet = puzzle_sheet(report.puzzle, grade(report)) if grade else puzzle_sheet(report.puzzle)
            return (gridsheet.sheet_svg if suffix == ".svg" else gridsheet.sheet_pdf)(sheet, options.paper)
        return make

    return {f"{page}{suffix}": maker(suffix, page == "solution") for suffix in SUFFIXES
            for page in ("puzzle", "solution")}


def titled(name: str, word: str, title: str) -> str:
    """The title of a sheet: 'Block Party 4' for a file named block-party-4 (the kind's word
    starts its name), else 'Block Party: NAME'."""
    if name.lower().startswith(word):
        return name.replace("-", " ").replace("_", " ").title()
    return f"{title}: {name}"


@dataclass(frozen=True)
class SheetOptions(PaperOptions):
    output: str = option("", "--output", "output .pdf or .svg (required)", file_name, aliases=("-o",))
    force: bool = force_option()

    def check(self) -> None:
        if not self.output:
            raise FoldkitError("sheet: the option -o/--output is required", EXIT_BAD_INPUT)
        format_of(self.output, SUFFIXES)


def sheet_command(page: Page) -> Command:
    """`foldkit sheet`: the puzzle's page, made from the puzzle alone: a draft that is not yet
    unique (or not solvable) gets its sheet too, and no time goes into solving it."""
    def run(call: Invocation) -> int:
        options: SheetOptions = call.options
        data = page(call.loaded().puzzle, format_of(options.output, SUFFIXES), options.paper)
        print(f"wrote {write_artifact(options.output, data, options.force)}")
        return 0

    return Command("sheet", "the puzzle's printable sheet, to solve by hand (PDF or SVG)", run, SheetOptions)
