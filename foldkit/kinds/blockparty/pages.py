"""The printed sheets of Block Party (puzzle and solution) and its index.html: the makers a
build calls, loaded only then."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.blockparty.report import RULES, cell_values, the_solution
from foldkit.kinds.sheets import titled
from foldkit.page.grid import grid_data, grid_page, unique_solution
from foldkit.paper.gridsheet import GridSheet
from foldkit.paper.page import difficulty_line
from solver.blockparty.model import BlockParty, answer, row_products
from solver.blockparty.search import BlockPartyReport
from solver.diary import Grade


def sheet_title(name: str) -> str:
    """'Block Party 4' for a file named block-party-4, else 'Block Party: name'."""
    return titled(name, "block-party", "Block Party")


def puzzle_sheet(p: BlockParty, grade: Grade | None = None) -> GridSheet:
    """The neutral description of the puzzle page: regions, givens, rules, the difficulty when
    graded, a line for the answer."""
    texts = {cell: str(k) for cell, k in p.givens.items()}
    return GridSheet(p.rows, p.cols, p.regions, sheet_title(p.name), RULES, texts=texts,
                 bold=frozenset(p.givens), footer=difficulty_line(grade), answer="Answer: ______________________")


def solution_sheet(report: BlockPartyReport) -> GridSheet:
    """The neutral description of the solution page: the filled grid, row products, the answer."""
    p, grid = report.puzzle, the_solution(report)
    texts = {cell: str(k) for cell, k in cell_values(grid).items()}
    products = row_products(grid)
    footer = (f"Row products: {' + '.join(map(str, products))}",
              "The solution is unique (proven by search); the given numbers are in bold.")
    return GridSheet(p.rows, p.cols, p.regions, sheet_title(p.name) + ": solution", texts=texts,
                 bold=frozenset(p.givens), clues=tuple(f"= {n}" for n in products), footer=footer,
                 answer=f"Answer: {answer(grid)}")


def index_page(report: BlockPartyReport, options: Any, links: tuple[str, ...]) -> bytes:
    """index.html: the grid to solve in a browser, with the rules."""
    grid = unique_solution(report)
    puzzle = report.puzzle
    solution = [[str(n) for n in row] for row in grid]
    products = " + ".join(map(str, row_products(grid)))
    data = grid_data(puzzle, solution, f"Answer: {products} = {answer(grid)}",
                     {cell: str(k) for cell, k in puzzle.givens.items()}, None, False)
    how = "Type a number in every empty cell; the given numbers are in bold."
    return grid_page(f"{puzzle.name}: Block Party", data, RULES, how, links)
