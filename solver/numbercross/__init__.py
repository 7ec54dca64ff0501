"""Number Cross: a grid of region digits, tiles that share their digit with neighbours, row clues.

Pure functions only: parse text into a NumberCross, solve it (every completed grid, proven
unique or not), and check any grid against every rule independently of the search.
"""

from solver.numbercross.rules.check import broken_rules, solution_problem
from solver.numbercross.rules.clues import Clue, Condition, parse_clue
from solver.numbercross.rules.model import Cell, Grid, NumberCross, Placed, answer, numbers
from solver.numbercross.rules.parse import parse_number_cross, parse_solution, picture, solution_picture
from solver.numbercross.solve import NumberCrossReport, solve

__all__ = ["Cell", "Clue", "Condition", "Grid", "NumberCross", "NumberCrossReport", "Placed", "answer", "broken_rules",
           "numbers",
           "parse_clue", "parse_number_cross", "parse_solution", "picture", "solution_picture", "solution_problem",
           "solve"]
