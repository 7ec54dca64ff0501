"""Packing a box with polycube pieces: the model, its text formats, the search and the independent checker."""

from solver.packing.check import packing_problem
from solver.packing.engine import compiled
from solver.packing.geometry import box_symmetries, orientations, placements
from solver.packing.model import BoxSides, Cube, Packing, PackingPuzzle, Piece, Placement, Shape, make_packing
from solver.packing.parse import parse_packing, picture
from solver.packing.solution_text import parse_solution, solution_picture
from solver.packing.solve import Census, PackingReport, census, count_all, impossibility, solve, solve_one

__all__ = [
    "BoxSides", "Census", "Cube", "Packing", "PackingPuzzle", "PackingReport", "Piece", "Placement", "Shape",
    "box_symmetries", "census", "compiled", "count_all", "impossibility", "make_packing", "orientations",
    "packing_problem", "parse_packing", "parse_solution", "picture", "placements", "solution_picture", "solve",
    "solve_one",
]
