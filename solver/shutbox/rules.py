"""The grid rules, checked from scratch: the independent judge of any layout.

Nothing here searches; the search in ``layouts.py`` is tested against these checks.
"""

from __future__ import annotations

from solver.grid import DIRECTIONS, STEP, Cell, Layout, cell_text, components
from solver.shutbox.puzzle import Puzzle

WORDS = {"U": "up", "R": "right", "D": "down", "L": "left"}


def king_neighbourhood(puzzle: Puzzle, cell: Cell) -> list[Cell]:
    """The cells of the 3x3 block centred on cell that lie inside the grid, cell included."""
    r, c = cell
    block = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
    return [x for x in block if puzzle.inside(x)]


def ray(puzzle: Puzzle, cell: Cell, direction: str) -> list[Cell]:
    """The cells from cell towards the grid edge in one direction, nearest first, cell excluded."""
    dr, dc = STEP[direction]
    out, (r, c) = [], cell
    while puzzle.inside((r + dr, c + dc)):
        r, c = r + dr, c + dc
        out.append((r, c))
    return out


def first_box_distance(puzzle: Puzzle, layout: Layout, cell: Cell, direction: str) -> int | None:
    """How far the first box cell lies from cell in one direction, or None if there is none."""
    for d, x in enumerate(ray(puzzle, cell, direction), 1):
        if x in layout:
            return d
    return None


def arrow_holds(puzzle: Puzzle, layout: Layout, cell: Cell) -> bool:
    """The arrow rule: every pointed direction meets its first box cell at one distance d,
    and every other direction meets none within d."""
    pointed = puzzle.arrows[cell]
    found = {p: first_box_distance(puzzle, layout, cell, p) for p in DIRECTIONS}
    distances = {found[p] for p in pointed}
    d = distances.pop() if len(distances) == 1 else None
    if d is None:
        return False
    others = (found[p] for p in DIRECTIONS if p not in pointed)
    return all(other is None or other > d for other in others)


def number_holds(puzzle: Puzzle, layout: Layout, cell: Cell) -> bool:
    """The number rule: the 3x3 block around the number holds exactly that many box cells."""
    count = sum(1 for x in king_neighbourhood(puzzle, cell) if x in layout)
    return count == puzzle.numbers[cell].value


def is_hole_free(puzzle: Puzzle, layout: Layout) -> bool:
    """True if every non-box cell reaches the grid border through non-box cells."""
    outside = frozenset(puzzle.cells()) - layout
    for part in components(outside):
        if not any(r in (0, puzzle.rows - 1) or c in (0, puzzle.cols - 1) for r, c in part):
            return False
    return True


def broken_rule(puzzle: Puzzle, layout: Layout) -> str | None:
    """The first grid rule the layout breaks, in words, or None if it keeps them all."""
    if not layout:
        return "the layout is empty"
    if any(not puzzle.inside(x) for x in layout):
        return "a box cell lies outside the grid"
    for cell in sorted(puzzle.numbers):
        if cell not in layout:
            return f"the number cell at {cell_text(cell)} is not a box cell"
        if not number_holds(puzzle, layout, cell):
            return f"number {puzzle.numbers[cell].value} at {cell_text(cell)} does not see that many box cells"
    for cell in sorted(puzzle.arrows):
        if cell in layout:
            return f"the arrow cell at {cell_text(cell)} is a box cell"
        if not arrow_holds(puzzle, layout, cell):
            return f"arrow {puzzle.arrows[cell]} at {cell_text(cell)} is not satisfied"
    if len(components(layout)) != 1:
        return "the box cells are not 4-connected"
    if not is_hole_free(puzzle, layout):
        return "the box cells enclose a hole"
    return None


def unmet_clue(puzzle: Puzzle) -> str | None:
    """A clue that no layout can keep, judged from the clues near it alone, in words (rows and
    columns 1-based, as the user sees them), or None if every clue can be met locally."""
    for cell in sorted(puzzle.numbers):
        block = king_neighbourhood(puzzle, cell)
        value, place = puzzle.numbers[cell].value, cell_text(cell)
        room = [x for x in block if x not in puzzle.arrows]
        numbers = [x for x in block if x in puzzle.numbers]  # number cells are always box cells
        if value > len(room):
            there = f"only {len(block)} cells are there" if len(room) == len(block) else \
                f"only {len(room)} cells there are not arrows"
            return f"the {value} at {place} needs {_cells(value)} around it but {there}"
        if value < len(numbers):
            return f"the {value} at {place} needs {_cells(value)} around it but {len(numbers)} numbers are there"
    for cell in sorted(puzzle.arrows):
        for direction in puzzle.arrows[cell]:
            if not ray(puzzle, cell, direction):
                return f"the arrow {puzzle.arrows[cell]} at {cell_text(cell)} points {WORDS[direction]} off the grid"
    return None


def _cells(count: int) -> str:
    return "1 box cell" if count == 1 else f"{count} box cells"


def is_layout(puzzle: Puzzle, layout: Layout) -> bool:
    """True if the layout keeps every grid rule."""
    return broken_rule(puzzle, layout) is None

