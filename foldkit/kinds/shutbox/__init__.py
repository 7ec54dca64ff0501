"""Shut the Box (Jane Street, November 2025) as a foldkit kind: a grid of arrows and numbers
whose remaining cells fold into a box. Its files start with a 'rows cols' header.

It folds (``foldkit.kinds.folds``: box.stl, net.stl, fold.glb, fold.gif, the template, and the
commands show, animate, template), has a puzzle sheet (``sheet``), and makes new puzzles
(``generate``).
"""

from __future__ import annotations

from dataclasses import dataclass

from foldkit import options as opt
from foldkit.kinds.base import Kind, lazy_module, option
from foldkit.kinds.checks import check_command
from foldkit.kinds.folds import FOLD_ARTIFACTS, FOLD_COMMANDS, FoldBuildOptions
from foldkit.kinds.hints import hint_command
from foldkit.kinds.sheets import sheet_command
from foldkit.kinds.shutbox.generate import GENERATE_COMMAND
from foldkit.page import with_page
from solver.shutbox.limits import DEFAULT_LAYOUT_LIMIT

body = lazy_module("foldkit.kinds.shutbox.report")  # the kind's body, loaded when it runs
printed = lazy_module("foldkit.kinds.shutbox.pages")
puzzle = lazy_module("solver.shutbox.puzzle")
checking = lazy_module("foldkit.kinds.shutbox.check")
hinting = lazy_module("foldkit.kinds.shutbox.hints")
diary = lazy_module("foldkit.kinds.shutbox.diary")


@dataclass(frozen=True)
class ShutboxSolveOptions:
    limit: int = option(DEFAULT_LAYOUT_LIMIT, "--limit", f"stop after N layouts (0: no limit; default "
                        f"{DEFAULT_LAYOUT_LIMIT})", opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")


@dataclass(frozen=True)
class ShutboxBuildOptions(FoldBuildOptions):
    numbers: bool = option(True, "--no-numbers", "leave the numbers off box.stl and net.stl")


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
