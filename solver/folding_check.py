"""The independent check of a folding, from 3D geometry alone: it knows nothing of the search
in ``solver.folding`` beyond the Folding it is given."""

from __future__ import annotations

import numpy as np

from solver.box import squares
from solver.folding import Folding, grid_edges, grid_points_on_box
from solver.grid import Cell, Layout


def folding_problem(cells: Layout, folding: Folding) -> str | None:
    """What is wrong with a folding, checked from 3D geometry alone, or None if it is sound:
    the cells cover every surface square once, and each grid edge is one box edge."""
    if set(folding.placement) != set(cells):
        return "the folding does not place exactly the polyomino's cells"
    if sorted(folding.placement.values()) != sorted(squares(folding.box)):
        return "the cells do not cover the box surface exactly once"
    for a, b in grid_edges(cells):
        for corner in set(_corners(a)) & set(_corners(b)):
            ends = grid_points_on_box(folding, [a, b], np.array([corner, corner]))
            if not np.allclose(ends[0], ends[1]):
                return f"cells {a} and {b} are not joined along one edge on the box"
    return None


def _corners(cell: Cell) -> list[tuple[int, int]]:
    """The four grid points at the corners of a cell, as (row, col) of the grid lines."""
    r, c = cell
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
