"""Every rule a proposed Shut the Box answer breaks, and where: a layout (the solution file:
'#' box cells) judged by the independent rules (``rules.py``, ``folding_check.py``,
``clues.py``), or a number judged against the answers of the foldings the solver found."""

from __future__ import annotations

from collections.abc import Iterator

from solver.box import boxes_of_area
from solver.broken import Broken
from solver.folding import Folding, foldings
from solver.folding_check import folding_problem
from solver.grid import Layout, cell_text, components
from solver.shutbox.clues import answer, circle_broken, square_broken
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.rules import arrow_holds, is_hole_free, number_holds
from solver.shutbox.solve import Report


def grid_broken(puzzle: Puzzle, layout: Layout) -> Iterator[Broken]:
    """Every grid rule the layout breaks: numbers, arrows, one piece, no hole."""
    for cell in sorted(puzzle.numbers):
        value, where = puzzle.numbers[cell].value, cell_text(cell)
        if cell not in layout:
            yield Broken("number", where, f"the number {value} at {where} is not a box cell")
        elif not number_holds(puzzle, layout, cell):
            yield Broken("number", where, f"the number {value} at {where} does not see {value} box cells around it")
    for cell in sorted(puzzle.arrows):
        arrow, where = puzzle.arrows[cell], cell_text(cell)
        if cell in layout:
            yield Broken("arrow", where, f"the arrow {arrow} at {where} is a box cell")
        elif not arrow_holds(puzzle, layout, cell):
            yield Broken("arrow", where, f"the arrow {arrow} at {where} does not meet its first box cells at one "
                                         "distance in the directions it points, nearer than in the others")
    parts = components(layout)
    if len(parts) > 1:
        where = cell_text(min(parts[1]))
        yield Broken("connected", where, f"the box cells fall into {len(parts)} pieces (the second from {where})")
    if layout and not is_hole_free(puzzle, layout):
        yield Broken("hole", "the layout", "the box cells enclose a hole")


def fold_broken(puzzle: Puzzle, layout: Layout) -> Iterator[Broken]:
    """Why the layout does not fold into a box that keeps the circle and square rules: no box of
    its area, no folding, or each folding's broken circles and squares (those of the first)."""
    boxes = boxes_of_area(len(layout))
    if not boxes:
        yield Broken("fold", "the layout", f"{len(layout)} cells are the surface area of no box")
        return
    # The search finds the foldings; the independent geometric check confirms each one.
    found = [folding for box in boxes for folding in foldings(layout, box) if folding_problem(layout, folding) is None]
    if not found:
        sizes = ", ".join("x".join(map(str, box)) for box in boxes)
        yield Broken("fold", "the layout", f"the {len(layout)} cells fold into no box of that area ({sizes})")
        return
    judged = [list(clue_broken(puzzle, folding)) for folding in found]
    if all(judged):
        yield from judged[0]


def clue_broken(puzzle: Puzzle, folding: Folding) -> Iterator[Broken]:
    """The circle and square rules a folding breaks, each at its cell."""
    for cell, text in circle_broken(puzzle, folding):
        yield Broken("circle", cell_text(cell), text)
    for cell, text in square_broken(puzzle, folding):
        yield Broken("square", cell_text(cell), text)


def broken_rules(puzzle: Puzzle, layout: Layout) -> list[Broken]:
    """Every rule a layout breaks: the grid rules, then (when it keeps them) the fold and its clues."""
    if not layout:
        return [Broken("connected", "the layout", "the layout has no box cells")]
    grid = list(grid_broken(puzzle, layout))
    return grid or list(fold_broken(puzzle, layout))


def answer_broken(report: Report, number: int) -> list[Broken]:
    """Nothing when the number is a solution's answer; else why not: the answer of a folding that
    breaks a circle or square rule (which one), or of no folding at all."""
    if any(solution.answer == number for solution in report.solutions):
        return []
    for candidate in report.candidates:
        for folding, problem in zip(candidate.foldings, candidate.problems, strict=True):
            if problem is not None and answer(report.puzzle, folding) == number:
                rule = "circle" if problem.startswith("circled") else "square"
                return [Broken(rule, "a folding", f"{number} is the answer of a folding onto a "
                                                  f"{'x'.join(map(str, folding.box))} box that breaks a rule: "
                                                  f"{problem}")]
    return [Broken("answer", "the answer", f"{number} is the product of the face sums of no folding of a layout "
                                           "that keeps the grid rules")]

