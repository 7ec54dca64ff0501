"""The printed sheets of Number Cross (puzzle and solution) and its index.html: the makers a
build calls, loaded only then."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.numbercross.report import RULES, the_solution
from foldkit.kinds.sheets import titled
from foldkit.page.grid import grid_data, grid_page, unique_solution
from foldkit.paper.gridsheet import GridSheet
from foldkit.paper.page import difficulty_line
from solver.diary import Grade
from solver.grid import Cell
from solver.numbercross.rules.model import TILE, NumberCross, answer, numbers
from solver.numbercross.solve import NumberCrossReport
from solver.text import counted


def number_cross_sheet(regions: tuple[tuple[int, ...], ...], highlighted: frozenset[Cell], clue_texts: tuple[str, ...],
                       grid: tuple[tuple[int | None, ...], ...] | None, title: str, rules: tuple[str, ...] = (),
                       footer: tuple[str, ...] = (), answer: str = "") -> GridSheet:
    """A Number Cross page: the empty puzzle (grid None) or the solved grid, None cells as tiles."""
    rows, cols = len(regions), len(regions[0])
    texts: dict[Cell, str] = {}
    black = set()
    for r, row in enumerate(grid or ()):
        for c, digit in enumerate(row):
            if digit is None:
                black.add((r, c))
            else:
                texts[(r, c)] = str(digit)
    return GridSheet(rows, cols, regions, title, rules, frozenset(highlighted), frozenset(black), texts, frozenset(),
                 tuple(clue_texts), footer, answer)


def sheet_title(name: str) -> str:
    """'Number Cross 4' for a file named number-cross-4, else 'Number Cross: name'."""
    return titled(name, "number-cross", "Number Cross")


def puzzle_sheet(p: NumberCross, grade: Grade | None = None) -> GridSheet:
    """The puzzle page: regions, highlighted cells, the clue beside each row, the rules, the
    difficulty when graded."""
    return number_cross_sheet(p.regions, p.highlighted, tuple(c.text for c in p.clues), None, sheet_title(p.name),
                              RULES, footer=difficulty_line(grade), answer="Answer: ______________________")


def solution_sheet(report: NumberCrossReport) -> GridSheet:
    """The solution page: tiles black, the digits, the numbers formed and the answer."""
    p, grid = report.puzzle, the_solution(report)
    placed = numbers(grid)
    footer = (f"The {counted(len(placed), 'number')}: " + " + ".join(str(n.value) for n in placed),
              "The completed grid is unique (proven by search).")
    return number_cross_sheet(p.regions, p.highlighted, tuple(c.text for c in p.clues), grid,
                              sheet_title(p.name) + ": solution", footer=footer, answer=f"Answer: {answer(grid)}")


def index_page(report: NumberCrossReport, options: Any, links: tuple[str, ...]) -> bytes:
    """index.html: the grid to solve in a browser, with the rules."""
    grid = unique_solution(report)
    puzzle = report.puzzle
    solution = [[TILE if d is None else str(d) for d in row] for row in grid]
    placed = " + ".join(str(n.value) for n in numbers(grid))
    clues = [clue.text for clue in puzzle.clues]
    data = grid_data(puzzle, solution, f"Answer: {placed} = {answer(grid)}", {}, clues, True)
    how = "Type a digit in every cell, X for a tile; highlighted cells are shaded."
    return grid_page(f"{puzzle.name}: Number Cross", data, RULES, how, links)
