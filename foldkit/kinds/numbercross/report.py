"""Number Cross as a foldkit kind: parse, solve, the terminal text, JSON and the solution files.

JSON schema (``foldkit solve --json``), version 1:

    {
      "schema": "foldkit.number-cross/1",
      "puzzle": {"name": str, "rows": int, "cols": int, "regions": [[int, ...], ...],
                 "highlighted": [[row, col], ...], "clues": [str, ...]},
      "solutions": int,          # completed grids listed (at most the limit)
      "more": bool,              # the search stopped at the limit after finding one more
      "complete": bool,          # true: there are no other completed grids
      "unique": bool,            # one completed grid and no other
      "failure": str | null,     # why there is no completed grid, when there is none
      "solution_list": [{"grid": [[int | null, ...], ...], "tiles": [[row, col], ...],
                         "numbers": [{"value": int, "row": int, "cols": [first, last]}, ...],
                         "answer": int}, ...],
      "grid": ..., "tiles": ..., "numbers": ..., "answer": ...   # the first grid's, or null
    }

In a grid, null is a tile. Completed grids differ in their digits or tiles; how a tile's digit was
shared among its neighbours does not count.
"""

from __future__ import annotations

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED
from foldkit.exchange.json import json_bytes
from foldkit.kinds.base import Outcome, sole_solution
from foldkit.kinds.grids import GridSolveOptions, grid_text
from foldkit.kinds.solutions import Solutions, solutions_text
from solver.grid import Cell
from solver.numbercross.rules.model import NumberCross, answer, numbers, tiles
from solver.numbercross.rules.parse import solution_picture
from solver.numbercross.solve import DEFAULT_LIMIT, NumberCrossReport
from solver.numbercross.solve import solve as search
from solver.text import counted

NumberGrid = tuple[tuple[int | None, ...], ...]  # a completed grid: digits, None for a tile

SCHEMA = "foldkit.number-cross/1"
TILE_TEXT = "\u2588" * 3  # a tile in the terminal: a solid block
RULES = (
    "Give every region one digit 1-9; neighbouring cells of different regions get different digits.",
    "Place tiles, never on a highlighted cell and never two sharing an edge. A tile's digit is removed and "
    "added, split in any way, to its neighbours; no cell goes above 9 and highlighted cells get nothing.",
    "Every run of 2+ cells between tiles in a row is a number that keeps the row's clue; no number appears "
    "twice. Answer: the sum of all the numbers.",
)


def solutions_found(report: NumberCrossReport) -> Solutions[NumberGrid]:
    return Solutions(report.solutions, len(report.solutions) + report.more, report.complete, "completed grid")


def solve(puzzle: NumberCross, options: GridSolveOptions) -> NumberCrossReport:
    """Every completed grid up to the limit (all of them with options.every)."""
    return search(puzzle, None if options.every else options.limit or DEFAULT_LIMIT)


def outcome(report: NumberCrossReport) -> Outcome:
    """0 unique, 1 no completed grid, 3 ambiguous, 4 unfinished."""
    found = len(report.solutions)
    if report.ambiguous:
        return Outcome(EXIT_AMBIGUOUS, solutions_found(report).summary())
    if not report.complete:
        return Outcome(EXIT_UNFINISHED, "the search stopped before it could prove uniqueness")
    if found == 0:
        return Outcome(EXIT_NO_SOLUTION, f"no completed grid: {report.failure}")
    return Outcome(0, f"unique completed grid, {counted(len(report.numbers[0]), 'number')}, answer {report.answers[0]}")


# ---------------------------------------------------------------------------------------------
# Text


def puzzle_grid_text(puzzle: NumberCross, grid: NumberGrid | None = None) -> str:
    """The grid in ASCII with region borders: digits, a block for a tile, '*' beside a highlighted cell.

    Without a grid, the puzzle: '*' for highlighted cells, blanks elsewhere."""
    def cell_text(cell: Cell) -> str:
        lit = cell in puzzle.highlighted
        if grid is None:
            return " * " if lit else "   "
        value = grid[cell[0]][cell[1]]
        return TILE_TEXT if value is None else f"{value}{'*' if lit else ' '}".rjust(3)

    return grid_text(puzzle.rows, puzzle.cols, puzzle.region_of, cell_text, 3, [c.text for c in puzzle.clues])


def solution_text(puzzle: NumberCross, grid: NumberGrid) -> str:
    """The completed grid, then its numbers row by row and the answer."""
    placed = numbers(grid)
    rows = []
    for r in range(puzzle.rows):
        mine = [f"{p.value} (columns {p.cols[0] + 1}-{p.cols[1] + 1})" for p in placed if p.row == r]
        rows.append(f"  row {r + 1}: " + ", ".join(mine))
    return "\n".join([puzzle_grid_text(puzzle, grid), f"Numbers ({len(placed)}):", *rows, f"Answer: {answer(grid)}"])


def text(report: NumberCrossReport) -> str:
    """What `foldkit solve` prints: a summary, then each completed grid (or the puzzle and the reason)."""
    p = report.puzzle
    regions = len({i for row in p.regions for i in row})
    head = [f"{p.name}: {p.rows}x{p.cols} grid, {counted(regions, 'region')}, "
            f"{counted(len(p.highlighted), 'highlighted cell')}",
            outcome(report).summary]
    legend = f"({TILE_TEXT.strip()[:1]} a tile, * a highlighted cell)"
    if not report.solutions:
        return "\n".join([*head, "", puzzle_grid_text(p)])
    if len(report.solutions) == 1:
        return "\n".join([*head, legend, "", solution_text(p, report.solutions[0])])
    listed = solutions_text(solutions_found(report), lambda grid: grid, lambda grid: solution_text(p, grid))
    return "\n".join([*head, legend, "", listed])


# ---------------------------------------------------------------------------------------------
# JSON


def _listed(grid: NumberGrid) -> dict:
    return {"grid": [list(row) for row in grid], "tiles": [list(cell) for cell in tiles(grid)],
            "numbers": [{"value": p.value, "row": p.row, "cols": list(p.cols)} for p in numbers(grid)],
            "answer": answer(grid)}


def json(report: NumberCrossReport) -> dict:
    """The report in the documented schema."""
    p = report.puzzle
    listed = [_listed(grid) for grid in report.solutions]
    first = listed[0] if listed else {}
    return {
        "schema": SCHEMA,
        "puzzle": {"name": p.name, "rows": p.rows, "cols": p.cols, "regions": [list(row) for row in p.regions],
                   "highlighted": [list(cell) for cell in sorted(p.highlighted)],
                   "clues": [clue.text for clue in p.clues]},
        "solutions": len(report.solutions),
        "more": report.more,
        "complete": report.complete,
        "unique": report.unique,
        "failure": report.failure,
        "solution_list": listed,
        **{key: first.get(key) for key in ("grid", "tiles", "numbers", "answer")},
    }


# ---------------------------------------------------------------------------------------------
# Artifacts


def the_solution(report: NumberCrossReport) -> NumberGrid:
    """The one solution; a FoldkitError (with the outcome's exit code) when there is not exactly one."""
    return sole_solution(report, outcome(report), "solution file")


def solution_txt(report: NumberCrossReport, options: object) -> bytes:
    grid = the_solution(report)
    comment = (f"# The completed grid of {report.puzzle.name}; X is a tile.\n"
               f"# Answer: the sum of all {counted(len(numbers(grid)), 'number')} = {answer(grid)}.\n")
    return (comment + solution_picture(grid)).encode()


def solution_json(report: NumberCrossReport, options: object) -> bytes:
    the_solution(report)
    return json_bytes(json(report))
