"""The printed sheets of Number Cross (puzzle and solution) and its index.html: the makers a
build calls, loaded only then."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.numbercross.report import RULES, the_solution
from foldkit.kinds.sheets import titled
from foldkit.page.grid import numbercross_page
from foldkit.paper.gridsheet import Sheet, number_cross_sheet
from foldkit.paper.page import difficulty_line
from solver.diary import Grade
from solver.numbercross.model import NumberCross, answer, numbers
from solver.numbercross.solve import NumberCrossReport
from solver.text import counted


def sheet_title(name: str) -> str:
    """'Number Cross 4' for a file named number-cross-4, else 'Number Cross: name'."""
    return titled(name, "number-cross", "Number Cross")


def puzzle_sheet(p: NumberCross, grade: Grade | None = None) -> Sheet:
    """The puzzle page: regions, highlighted cells, the clue beside each row, the rules, the
    difficulty when graded."""
    return number_cross_sheet(p.regions, p.highlighted, tuple(c.text for c in p.clues), None, sheet_title(p.name),
                              RULES, footer=difficulty_line(grade), answer="Answer: ______________________")


def solution_sheet(report: NumberCrossReport) -> Sheet:
    """The solution page: tiles black, the digits, the numbers formed and the answer."""
    p, grid = report.puzzle, the_solution(report)
    placed = numbers(grid)
    footer = (f"The {counted(len(placed), 'number')}: " + " + ".join(str(n.value) for n in placed),
              "The completed grid is unique (proven by search).")
    return number_cross_sheet(p.regions, p.highlighted, tuple(c.text for c in p.clues), grid,
                              sheet_title(p.name) + ": solution", footer=footer, answer=f"Answer: {answer(grid)}")


def index_page(subject: Any, options: Any, links: tuple[str, ...]) -> bytes:
    """index.html: the grid to solve in a browser, with the rules."""
    return numbercross_page(subject, options, links, rules=RULES)
