"""Shut the Box: cut a grid of arrow and number clues so the rest folds into a box.

``solve(puzzle)`` runs the stages: layouts (grid rules) -> boxes -> foldings -> clue rules.
"""

from solver.shutbox.puzzle import Number, Puzzle, layout_picture, parse_layout, parse_puzzle, picture
from solver.shutbox.solve import DEFAULT_LAYOUT_LIMIT, Report, Solution, is_solution, solution_problem, solve

__all__ = ["DEFAULT_LAYOUT_LIMIT", "Number", "Puzzle", "Report", "Solution", "is_solution", "layout_picture",
           "parse_layout", "parse_puzzle", "picture", "solution_problem", "solve"]
