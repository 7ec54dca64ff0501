"""An independent judge of a filled Block Party grid: every rule checked from scratch.

Written apart from the search (no shared helpers beyond the model), so that tests can hold
the solver's answers to it.
"""

from __future__ import annotations

from solver.blockparty.model import BlockParty, Cell, Grid
from solver.grid import cell_text


def solution_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    """The first rule the grid breaks, in words, or None if it is a solution."""
    return (_shape_problem(puzzle, grid) or _given_problem(puzzle, grid) or _region_problem(puzzle, grid)
            or _distance_problem(puzzle, grid))


def is_solution(puzzle: BlockParty, grid: Grid) -> bool:
    return solution_problem(puzzle, grid) is None


def _shape_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    if len(grid) != puzzle.rows:
        return f"the grid has {len(grid)} rows, the puzzle {puzzle.rows}"
    for r, row in enumerate(grid):
        if len(row) != puzzle.cols:
            return f"row {r + 1} has {len(row)} numbers, the puzzle has {puzzle.cols} columns"
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"the cell at {cell_text((r, c))} holds {value!r}, not a whole number"
    return None


def _given_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    for (r, c), value in sorted(puzzle.givens.items()):
        if grid[r][c] != value:
            return f"the cell at {cell_text((r, c))} holds {grid[r][c]} but the given is {value}"
    return None


def _region_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    members: dict[int, list[int]] = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            members.setdefault(puzzle.regions[r][c], []).append(grid[r][c])
    for region, values in members.items():
        if sorted(values) != list(range(1, len(values) + 1)):
            return f"region {region} has {len(values)} cells but holds {sorted(values)}, not 1 to {len(values)}"
    return None


def _distance_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    for cell in cells:
        value = grid[cell[0]][cell[1]]
        others = [_taxicab(cell, other) for other in cells if other != cell and grid[other[0]][other[1]] == value]
        if not others:
            return f"the {value} at {cell_text(cell)} is the only {value} in the grid"
        if min(others) != value:
            return f"the nearest other {value} to {cell_text(cell)} is {min(others)} away, not {value}"
    return None


def _taxicab(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
