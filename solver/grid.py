"""The square grid shared by every grid puzzle: cells, the four steps, neighbours, pieces.

A cell is (row, col), 0-based, row 0 at the top. The four steps are named U R D L, in that
order everywhere (arrow clues, edge sides, neighbour lists).
"""

from __future__ import annotations

Cell = tuple[int, int]  # (row, col), 0-based, row 0 at the top
Layout = frozenset[Cell]  # a set of cells: the box cells of a puzzle, or a polyomino

DIRECTIONS = "URDL"
STEP: dict[str, Cell] = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def step(cell: Cell, direction: str) -> Cell:
    """The cell one step from cell in direction (one of U R D L)."""
    dr, dc = STEP[direction]
    return cell[0] + dr, cell[1] + dc


def cell_text(cell: Cell) -> str:
    """A cell as a person counts it in a message: 'row 1, column 3' for (0, 2)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def neighbours(cell: Cell) -> list[Cell]:
    """The four edge neighbours of a cell, in U R D L order."""
    return [step(cell, d) for d in DIRECTIONS]


def components(cells: Layout) -> list[Layout]:
    """The 4-connected pieces of a set of cells, the one holding the smallest cell first."""
    left, parts = set(cells), []
    while left:
        start = min(left)
        part, todo = {start}, [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n in left and n not in part:
                    part.add(n)
                    todo.append(n)
        left -= part
        parts.append(frozenset(part))
    return parts


def normalise(cells: Layout) -> Layout:
    """The polyomino translated so that its smallest row and column are 0."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)
