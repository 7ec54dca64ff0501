"""An independent judge of a filled Block Party grid: every rule checked from scratch.

Written apart from the search (no shared helpers beyond the model), so that tests can hold
the solver's answers to it. ``broken_rules`` lists every rule broken and where (``foldkit
check``); ``solution_problem`` is the first of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from solver.blockparty.model import BlockParty, Cell, Grid
from solver.broken import Broken
from solver.grid import cell_text
from solver.text import counted, listed


def broken_rules(puzzle: BlockParty, grid: Grid) -> Iterator[Broken]:
    """Every rule the grid breaks, at every place, in the order of the README's rules (lazily:
    the first one costs little). A grid of the wrong shape is judged no further."""
    shape = list(_shape_broken(puzzle, grid))
    if shape:
        yield from shape
        return
    yield from chain(_given_broken(puzzle, grid), _region_broken(puzzle, grid), _distance_broken(puzzle, grid))


def solution_problem(puzzle: BlockParty, grid: Grid) -> str | None:
    """The first rule the grid breaks, in words, or None if it is a solution."""
    first = next(broken_rules(puzzle, grid), None)
    return first.text if first else None


def is_solution(puzzle: BlockParty, grid: Grid) -> bool:
    return solution_problem(puzzle, grid) is None


def _shape_broken(puzzle: BlockParty, grid: Grid) -> Iterator[Broken]:
    if len(grid) != puzzle.rows:
        yield Broken("shape", "the grid", f"the grid has {len(grid)} rows, the puzzle {puzzle.rows}")
        return
    for r, row in enumerate(grid):
        if len(row) != puzzle.cols:
            yield Broken("shape", f"row {r + 1}", f"row {r + 1} has {counted(len(row), 'number')}, the puzzle has "
                                                  f"{puzzle.cols} columns")
            return
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool):
                yield Broken("shape", cell_text((r, c)), f"the cell at {cell_text((r, c))} holds {value!r}, "
                                                         "not a whole number")
                return


def _given_broken(puzzle: BlockParty, grid: Grid) -> Iterator[Broken]:
    for (r, c), value in sorted(puzzle.givens.items()):
        if grid[r][c] != value:
            yield Broken("given", cell_text((r, c)), f"the cell at {cell_text((r, c))} holds {grid[r][c]} but the "
                                                     f"given is {value}")


def _region_broken(puzzle: BlockParty, grid: Grid) -> Iterator[Broken]:
    members: dict[int, list[int]] = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            members.setdefault(puzzle.regions[r][c], []).append(grid[r][c])
    for region, values in members.items():
        if sorted(values) != list(range(1, len(values) + 1)):
            yield Broken("region", f"region {region}", f"region {region} has {counted(len(values), 'cell')} but "
                                                       f"holds {listed(sorted(values))}, not 1 to {len(values)}")


def _distance_broken(puzzle: BlockParty, grid: Grid) -> Iterator[Broken]:
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    for cell in cells:
        value = grid[cell[0]][cell[1]]
        others = [_taxicab(cell, other) for other in cells if other != cell and grid[other[0]][other[1]] == value]
        if not others:
            yield Broken("distance", cell_text(cell), f"the {value} at {cell_text(cell)} is the only {value} in "
                                                      "the grid")
        elif min(others) != value:
            yield Broken("distance", cell_text(cell), f"the nearest other {value} to {cell_text(cell)} is "
                                                      f"{min(others)} away, not {value}")


def _taxicab(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
