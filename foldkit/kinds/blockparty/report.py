"""Block Party as a foldkit kind: parse, solve, the terminal text, JSON, and the printable sheets.

JSON schema (``foldkit solve --json``), version 1:

    {
      "schema": "foldkit.block-party/1",
      "puzzle": {"name": str, "rows": int, "cols": int, "regions": [[int, ...], ...],
                 "givens": [{"cell": [row, col], "number": int}, ...]},
      "solutions": int,          # solutions listed (at most the limit)
      "found": int,              # solutions the search met (at most one more than the limit)
      "complete": bool,          # true: there are no other solutions
      "unique": bool,            # one solution and no other
      "failure": str | null,     # why there is no solution, when there is none
      "solution_list": [{"grid": [[int, ...], ...], "row_products": [int, ...], "answer": int}, ...],
      "grid": [[int, ...], ...] | null, "answer": int | null   # the first solution, for convenience
    }
"""

from __future__ import annotations

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_BAD_INPUT, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.exchange.json import json_bytes
from foldkit.kinds.base import Outcome, sole_solution
from foldkit.kinds.grids import GridSolveOptions, grid_text
from foldkit.kinds.solutions import Solutions, solutions_text
from solver.blockparty.model import BlockParty, Grid, answer, grid_picture, row_products
from solver.blockparty.search import DEFAULT_LIMIT, BlockPartyReport, TooLarge
from solver.blockparty.search import solve as search
from solver.grid import Cell
from solver.text import counted

SCHEMA = "foldkit.block-party/1"
RULES = (
    "Fill each outlined region with the numbers 1 to N, each once, where N is the number of cells in the region.",
    "For every number K in the grid, the nearest other K (counting steps up, down, left and right) is exactly "
    "K cells away: there is another K at distance K, and none closer.",
    "Answer: the sum, over the rows, of the product of the row's numbers.",
)


def solutions_found(report: BlockPartyReport) -> Solutions[Grid]:
    return Solutions(report.solutions, report.found, report.complete)


def solve(puzzle: BlockParty, options: GridSolveOptions) -> BlockPartyReport:
    """Every solution up to the limit (all of them with options.every); a FoldkitError for a puzzle
    too large to search in bounded memory."""
    try:
        return search(puzzle, None if options.every else options.limit or DEFAULT_LIMIT)
    except TooLarge as error:
        raise FoldkitError(f"{puzzle.name}: {error}", EXIT_BAD_INPUT) from None


def outcome(report: BlockPartyReport) -> Outcome:
    """0 unique, 1 no solution, 3 ambiguous, 4 unfinished."""
    found = report.found
    if report.ambiguous:
        return Outcome(EXIT_AMBIGUOUS, solutions_found(report).summary())
    if not report.complete:
        return Outcome(EXIT_UNFINISHED, "the search stopped before it could prove uniqueness")
    if found == 0:
        return Outcome(EXIT_NO_SOLUTION, f"no solution: {report.failure}")
    return Outcome(0, f"unique solution, answer {report.answers[0]}")


# ---------------------------------------------------------------------------------------------
# Text


def puzzle_grid_text(puzzle: BlockParty, values: dict[Cell, int], notes: tuple[str, ...] = ()) -> str:
    """The grid with region borders, '.' for an empty cell, a note beside each row."""
    width = max([1, *(len(str(v)) for v in values.values())]) + 2
    return grid_text(puzzle.rows, puzzle.cols, puzzle.region_of,
                     lambda cell: f"{str(values.get(cell, '.')):>{width - 1}} ", width, notes)


def cell_values(grid: Grid) -> dict[tuple[int, int], int]:
    return {(r, c): value for r, row in enumerate(grid) for c, value in enumerate(row)}


def solution_text(puzzle: BlockParty, grid: Grid) -> str:
    """The solved grid with each row's product beside it, then the answer."""
    notes = tuple(f"= {p}" for p in row_products(grid))
    return puzzle_grid_text(puzzle, cell_values(grid), notes) + f"\nAnswer (sum of the row products): {answer(grid)}"


def text(report: BlockPartyReport) -> str:
    """What `foldkit solve` prints: a summary, then each solution (or the puzzle and the reason)."""
    p = report.puzzle
    head = [f"{p.name}: {p.rows}x{p.cols} grid, {counted(len(p.region_cells), 'region')}, "
            f"{counted(len(p.givens), 'given')}",
            outcome(report).summary]
    if not report.solutions:
        return "\n".join([*head, "", puzzle_grid_text(p, dict(p.givens))])
    if len(report.solutions) == 1:
        return "\n".join([*head, "", solution_text(p, report.solutions[0])])
    listed = solutions_text(solutions_found(report), lambda grid: grid, lambda grid: solution_text(p, grid))
    return "\n".join([*head, "", listed])


# ---------------------------------------------------------------------------------------------
# JSON


def json(report: BlockPartyReport) -> dict:
    """The report in the documented schema."""
    p = report.puzzle
    listed = [{"grid": [list(row) for row in grid], "row_products": list(row_products(grid)), "answer": answer(grid)}
              for grid in report.solutions]
    return {
        "schema": SCHEMA,
        "puzzle": {"name": p.name, "rows": p.rows, "cols": p.cols, "regions": [list(row) for row in p.regions],
                   "givens": [{"cell": list(cell), "number": k} for cell, k in sorted(p.givens.items())]},
        "solutions": len(report.solutions),
        "found": report.found,
        "complete": report.complete,
        "unique": report.unique,
        "failure": report.failure,
        "solution_list": listed,
        "grid": listed[0]["grid"] if listed else None,
        "answer": listed[0]["answer"] if listed else None,
    }


# ---------------------------------------------------------------------------------------------
# Artifacts


def the_solution(report: BlockPartyReport) -> Grid:
    """The one solution; a FoldkitError (with the outcome's exit code) when there is not exactly one."""
    return sole_solution(report, outcome(report), "solution file or sheet")


def solution_txt(report: BlockPartyReport, options: object) -> bytes:
    grid = the_solution(report)
    comment = f"The unique solution of {report.puzzle.name}. Answer: the sum of the row products = {answer(grid)}."
    return grid_picture(grid, comment).encode()


def solution_json(report: BlockPartyReport, options: object) -> bytes:
    return json_bytes(json(report))
