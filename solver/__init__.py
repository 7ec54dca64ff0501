"""foldkit's solver: puzzles, grid rules, layouts, boxes, foldings and the answer.

Pure functions only: nothing here prints, reads or writes files.
"""

from solver.box import FACE_LABELS, boxes_of_area, face_normal, face_size, square_center, surface_area
from solver.clues import answer, clue_problem, face_sums
from solver.folding import (
    FLAT,
    RIGHT_ANGLE,
    Edge,
    Folding,
    box_foldings,
    folding_problem,
    foldings,
    grid_edges,
)
from solver.layouts import layouts
from solver.puzzle import (
    Box,
    Cell,
    InputError,
    Layout,
    Number,
    Puzzle,
    components,
    layout_picture,
    normalise,
    parse_layout,
    parse_net,
    parse_puzzle,
    picture,
)
from solver.rules import broken_rule, is_layout
from solver.solve import Report, Solution, find_layouts, fold_layouts, is_solution, solution_problem, solve

__all__ = [
    "FACE_LABELS", "FLAT", "RIGHT_ANGLE", "Box", "Cell", "Edge", "Folding", "InputError", "Layout", "Number",
    "Puzzle", "Report", "Solution", "answer", "box_foldings", "boxes_of_area", "broken_rule", "clue_problem",
    "components", "face_normal", "face_size", "face_sums", "find_layouts", "fold_layouts", "folding_problem",
    "foldings", "grid_edges", "is_layout", "is_solution", "layout_picture", "layouts", "normalise",
    "parse_layout", "parse_net", "parse_puzzle", "picture", "solution_problem", "solve", "square_center",
    "surface_area",
]
