"""Printable sheets as a capability any kind can bring: the makers of puzzle and solution pages,
and the command ``sheet`` that writes a kind's puzzle page on its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import format_of, write_artifact
from foldkit.kinds.base import Command, Invocation, Maker, PaperOptions, made, option
from foldkit.paper.gridsheet import sheet_pdf, sheet_svg

SUFFIXES = (".pdf", ".svg")


def sheet_makers(puzzle_sheet: Callable[[Any], Any], solution_sheet: Callable[[Any], Any]) -> dict[str, Maker]:
    """puzzle.pdf, solution.pdf, puzzle.svg and solution.svg of a grid puzzle, from two functions
    subject -> ``foldkit.paper.gridsheet.Sheet``."""

    def maker(sheet_of: Callable[[Any], Any], suffix: str) -> Maker:
        def make(subject: Any, options: Any) -> bytes:
            return (sheet_svg if suffix == ".svg" else sheet_pdf)(sheet_of(subject), options.paper)
        return make

    return {"puzzle.pdf": maker(puzzle_sheet, ".pdf"), "solution.pdf": maker(solution_sheet, ".pdf"),
            "puzzle.svg": maker(puzzle_sheet, ".svg"), "solution.svg": maker(solution_sheet, ".svg")}


def titled(name: str, word: str, title: str) -> str:
    """The title of a sheet: 'Block Party 4' for a file named block-party-4 (the kind's word
    starts its name), else 'Block Party: NAME'."""
    if name.lower().startswith(word):
        return name.replace("-", " ").replace("_", " ").title()
    return f"{title}: {name}"


@dataclass(frozen=True)
class SheetOptions(PaperOptions):
    output: str = option("", "--output", "output .pdf or .svg (required)", str, aliases=("-o",))

    def check(self) -> None:
        if not self.output:
            raise FoldkitError("sheet: the option -o/--output is required", EXIT_BAD_INPUT)
        format_of(self.output, SUFFIXES)


def run_sheet(call: Invocation) -> int:
    """Write the puzzle's sheet: its build's puzzle.pdf or puzzle.svg, on the paper asked for."""
    options: SheetOptions = call.options
    name = "puzzle" + format_of(options.output, SUFFIXES)
    maker = call.kind.artifacts[name]
    data = made(maker(call.subject(), options), name).files[name]
    print(f"wrote {write_artifact(options.output, data)}")
    return 0


SHEET_COMMAND = Command("sheet", "the puzzle's printable sheet, to solve by hand (PDF or SVG)", run_sheet,
                        SheetOptions)
