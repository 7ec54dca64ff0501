"""Block Party as a foldkit kind: files that start with 'block-party ROWS COLS'.

This is its declaration: what the command line reads of every kind. Its body, loaded when the
kind runs, is ``report`` (solving, the terminal text, the JSON and its schema, the solution
files) and ``pages`` (the printed sheets and index.html).
"""

from __future__ import annotations

from foldkit.kinds.base import Kind, PaperOptions, lazy_module
from foldkit.kinds.checks import check_command
from foldkit.kinds.grids import GridSolveOptions
from foldkit.kinds.hints import hint_command
from foldkit.kinds.sheets import grid_page, sheet_command, sheet_makers
from foldkit.page import with_page

body = lazy_module("foldkit.kinds.blockparty.report")  # the kind's body, loaded when it runs
printed = lazy_module("foldkit.kinds.blockparty.pages")
solver_parse = lazy_module("solver.blockparty.model")
checking = lazy_module("foldkit.kinds.blockparty.check")
hinting = lazy_module("foldkit.kinds.blockparty.hints")
hint_pages = lazy_module("foldkit.kinds.hint_pages")

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
        **sheet_makers(printed.puzzle_sheet, printed.solution_sheet),
        "hints.pdf": hint_pages.block_party_pdf,
    }),
    solve_options=GridSolveOptions,
    build_options=PaperOptions,
    commands={"sheet": sheet_command(grid_page(printed.puzzle_sheet)),
              "check": check_command(checking.read, checking.judge, checking.number),
              "hint": hint_command(hinting.read_progress, hinting.wrong, hinting.hint, hinting.diary)},
)
