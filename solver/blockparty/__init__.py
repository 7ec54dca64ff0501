"""Block Party: fill each region of N cells with 1..N so that every K's nearest other K is K away.

The model and file formats (``model``), every solution by SAT (``search``), and an independent
checker of the rules (``check``).
"""

from solver.blockparty.check import broken_rules, is_solution, solution_problem
from solver.blockparty.model import (
    BlockParty,
    Cell,
    Grid,
    answer,
    grid_picture,
    parse_block_party,
    parse_grid,
    picture,
    row_products,
)
from solver.blockparty.search import DEFAULT_LIMIT, NO_FILLING, BlockPartyReport, evident_problem, fillings, solve

__all__ = [
    "DEFAULT_LIMIT", "NO_FILLING", "BlockParty", "BlockPartyReport", "Cell", "Grid", "answer", "broken_rules",
    "evident_problem", "fillings", "grid_picture", "is_solution", "parse_block_party", "parse_grid", "picture",
    "row_products", "solution_problem", "solve",
]
