"""Shut the Box (Jane Street, November 2025) as a foldkit kind: a grid of arrows and numbers
whose remaining cells fold into a box. Its files start with a 'rows cols' header.

It folds (``foldkit.kinds.folds``: box.stl, net.stl, fold.glb, fold.gif, the template, and the
commands show, animate, template), has a puzzle sheet (``sheet``), and makes new puzzles
(``generate``). This is its declaration; its body is ``report``, and each command's body a
module of its own (``check``, ``hints``, ``generate``), loaded when the kind runs.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from foldkit import options as opt
from foldkit.kinds.base import Command, Kind, force_option, lazy_module, option
from foldkit.kinds.checks import check_command
from foldkit.kinds.folds import FOLD_ARTIFACTS, FOLD_COMMANDS, FoldBuildOptions
from foldkit.kinds.generating import DIFFICULTY_HELP
from foldkit.kinds.hints import hint_command
from foldkit.kinds.sheets import sheet_command
from foldkit.page import with_page
from solver.diary import DIFFICULTIES
from solver.shutbox.limits import DEFAULT_DIFFICULTY, DEFAULT_LAYOUT_LIMIT

if TYPE_CHECKING:
    from foldkit.kinds.shutbox import check as checking
    from foldkit.kinds.shutbox import diary
    from foldkit.kinds.shutbox import generate as generator
    from foldkit.kinds.shutbox import hints as hinting
    from foldkit.kinds.shutbox import pages as printed
    from foldkit.kinds.shutbox import report as body
    from solver.shutbox import puzzle
else:
    body = lazy_module("foldkit.kinds.shutbox.report")  # the kind's body, loaded when it runs
    printed = lazy_module("foldkit.kinds.shutbox.pages")
    puzzle = lazy_module("solver.shutbox.puzzle")
    checking = lazy_module("foldkit.kinds.shutbox.check")
    hinting = lazy_module("foldkit.kinds.shutbox.hints")
    generator = lazy_module("foldkit.kinds.shutbox.generate")
    diary = lazy_module("foldkit.kinds.shutbox.diary")


@dataclass(frozen=True)
class ShutboxSolveOptions:
    limit: int = option(DEFAULT_LAYOUT_LIMIT, "--limit", f"stop after N layouts (0: no limit; default "
                        f"{DEFAULT_LAYOUT_LIMIT})", opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")


@dataclass(frozen=True)
class ShutboxBuildOptions(FoldBuildOptions):
    numbers: bool = option(True, "--no-numbers", "leave the numbers off box.stl and net.stl")


MIN_SIDE, MAX_SIDE = 3, 100  # of a generated grid
MAX_BOX_SIDE = 50


def _sides(text: str, count: int, low: int, high: int, example: str) -> tuple[int, ...]:
    parts = text.lower().split("x")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and len(p) < 5 for p in parts):
        raise argparse.ArgumentTypeError(f"expected {example}, not {text[:60]!r}")
    sides = tuple(int(p) for p in parts)
    if not all(low <= s <= high for s in sides):
        raise argparse.ArgumentTypeError(f"each side must be between {low} and {high}, not {text[:60]}")
    return sides


def grid_size(text: str) -> tuple[int, ...]:
    """'ROWSxCOLS', each 3 to 100."""
    return _sides(text, 2, MIN_SIDE, MAX_SIDE, "ROWSxCOLS, e.g. 20x20")


def difficulty_word(text: str) -> str:
    """easy, medium or hard; a number says where the layout bound went (it was --difficulty K)."""
    if text in DIFFICULTIES:
        return text
    moved = " (the bound on layouts is now --layouts K)" if text.isdigit() else ""
    raise argparse.ArgumentTypeError(f"expected easy, medium or hard, not {text[:60]!r}{moved}")


def box_size(text: str) -> tuple[int, ...]:
    """'AxBxC', each side 1 to 50, given in any order (kept ascending)."""
    return tuple(sorted(_sides(text, 3, 1, MAX_BOX_SIDE, "AxBxC, e.g. 2x6x7")))


@dataclass(frozen=True)
class GenerateOptions:
    """What `foldkit generate` was asked for (its body is ``generate``, loaded when it runs)."""

    output: str | None = option(None, "--output", "puzzle file, .txt (default puzzle-SEED.txt); the solution "
                                "goes beside it as NAME.solution.txt", opt.file_name, "FILE", aliases=("-o",))
    size: tuple[int, int] = option((20, 20), "--size", "grid size (default 20x20)", grid_size, "RxC")
    box: tuple[int, int, int] | None = option(None, "--box", "the box (default: a random box whose net fits)",
                                              box_size, "AxBxC")
    seed: int | None = option(None, "--seed", "same seed, same puzzle, byte for byte (default: a random seed, "
                              "noted in the file)", opt.number(int, 0, 2**63 - 1, "a whole number"))
    layouts: int = option(DEFAULT_DIFFICULTY, "--layouts", "at most K layouts keep the grid rules, so that the "
                          f"box and its folding decide (default {DEFAULT_DIFFICULTY}; nov2025 leaves 72)",
                          opt.number(int, 1, 5000, "a whole number"), "K")
    difficulty: str | None = option(None, "--difficulty", DIFFICULTY_HELP, difficulty_word, "WORD")
    timeout: float = option(120.0, "--timeout", "give up after S seconds with exit 1 (default 120)",
                            opt.number(float, 0.1, 86400.0, "a number of seconds"), "S")
    force: bool = force_option()


GENERATE_COMMAND = Command("generate", "a new puzzle with a proven unique solution (the kind first, default Shut "
                           "the Box: 'foldkit kinds' says which have it)",
                           generator.run_generate,
                           GenerateOptions, target="none")


KIND = Kind(
    name="shutbox",
    title="Shut the Box",
    header="'rows cols'",
    recognise=lambda word: word.isascii() and word.isdigit(),  # any length: the parser says what is wrong
    parse=puzzle.parse_puzzle,
    solve=body.solve,
    outcome=body.outcome,
    text=body.report_text,
    json=body.report_json,
    grade=hinting.grade,
    solve_options=ShutboxSolveOptions,
    build_options=ShutboxBuildOptions,
    artifacts=with_page(printed.index_page, {"solution.txt": body.solution_txt,
                                             "solution.json": body.solution_json, **FOLD_ARTIFACTS,
                                             "puzzle.pdf": printed.puzzle_pdf, "puzzle.svg": printed.puzzle_svg,
                                             "hints.pdf": diary.hints_pdf}),
    subject=body.subject,
    commands={**FOLD_COMMANDS, "sheet": sheet_command(printed.puzzle_page), "generate": GENERATE_COMMAND,
              "check": check_command(checking.read, checking.judge, checking.number),
              "hint": hint_command(hinting.read_progress, hinting.wrong, hinting.hint, hinting.diary, "cells")},
)
