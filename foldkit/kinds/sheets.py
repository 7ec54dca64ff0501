"""The printable sheets of a grid puzzle kind as build makers; the drawing libraries are imported
only when a sheet is made, so that naming the makers costs nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from foldkit.kinds.base import BuildOptions, Maker


def sheet_makers(puzzle_sheet: Callable[[Any], Any], solution_sheet: Callable[[Any], Any]) -> dict[str, Maker]:
    """puzzle.pdf, solution.pdf, puzzle.svg and solution.svg of a grid puzzle, from two functions
    subject -> ``foldkit.paper.gridsheet.Sheet``."""

    def pdf(sheet_of):
        def make(subject: Any, options: BuildOptions) -> bytes:
            from foldkit.paper.gridsheet import sheet_pdf

            return sheet_pdf(sheet_of(subject), options.paper)
        return make

    def svg(sheet_of):
        def make(subject: Any, options: BuildOptions) -> bytes:
            from foldkit.paper.gridsheet import sheet_svg

            return sheet_svg(sheet_of(subject), options.paper)
        return make

    return {"puzzle.pdf": pdf(puzzle_sheet), "solution.pdf": pdf(solution_sheet),
            "puzzle.svg": svg(puzzle_sheet), "solution.svg": svg(solution_sheet)}


def titled(name: str, word: str, title: str) -> str:
    """The title of a sheet: 'Block Party 4' for a file named block-party-4 (the kind's word
    starts its name), else 'Block Party: NAME'."""
    if name.lower().startswith(word):
        return name.replace("-", " ").replace("_", " ").title()
    return f"{title}: {name}"
