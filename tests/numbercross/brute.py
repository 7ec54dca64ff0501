"""A brute-force enumerator of completed grids for tiny puzzles, independent of the search.

Each row is listed on its own (every tile placement with runs of 2+ cells, every digit string whose
numbers keep the row's clue), and every combination of rows is put to the independent checker.
"""

from __future__ import annotations

from itertools import product

from solver.numbercross import NumberCross, solution_problem
from solver.numbercross.rules.model import Grid, Row, runs


def row_candidates(puzzle: NumberCross, r: int) -> list[Row]:
    """Every row r that keeps its clue on its own: tiles off highlighted cells and apart, runs of 2+."""
    out = []
    for shape in product((False, True), repeat=puzzle.cols):
        if any(shape[c] and ((r, c) in puzzle.highlighted or (c and shape[c - 1])) for c in range(puzzle.cols)):
            continue
        free = [c for c in range(puzzle.cols) if not shape[c]]
        for digits in product(range(1, 10), repeat=len(free)):
            row: list[int | None] = [None] * puzzle.cols
            for c, d in zip(free, digits, strict=True):
                row[c] = d
            spans = runs(tuple(row))
            if any(first == last for first, last in spans):
                continue
            values = [int("".join(map(str, row[a : b + 1]))) for a, b in spans]
            if all(puzzle.clues[r].holds(v) for v in values) and len(set(values)) == len(values):
                out.append(tuple(row))
    return out


def brute_grids(puzzle: NumberCross) -> set[Grid]:
    """Every completed grid of a tiny puzzle, by trying every combination of row candidates."""
    rows = [row_candidates(puzzle, r) for r in range(puzzle.rows)]
    return {grid for grid in product(*rows) if solution_problem(puzzle, grid) is None}
