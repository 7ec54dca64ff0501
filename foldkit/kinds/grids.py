"""What the grid kinds (Block Party, Number Cross) share: the grid drawn in ASCII with its
regions outlined, their solve options, and the options of their sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from foldkit import options as opt
from foldkit.kinds.base import option
from solver.grid import Cell


@dataclass(frozen=True)
class GridSolveOptions:
    limit: int | None = option(None, "--limit", "list at most N solutions (default: a few)",
                               opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")
    every: bool = option(False, "--all", "list every solution, however many")


def grid_text(rows: int, cols: int, region_of: Callable[[Cell], int], cell_text: Callable[[Cell], str], width: int,
              notes: Sequence[str] = ()) -> str:
    """The grid in ASCII with region borders: each cell's text (``width`` characters) between
    walls where regions meet, and a note beside each row (a clue, a row product)."""
    def border(a: Cell, b: Cell) -> bool:
        inside = [0 <= r < rows and 0 <= c < cols for r, c in (a, b)]
        return inside[0] != inside[1] or (all(inside) and region_of(a) != region_of(b))

    def edge_line(r: int) -> str:
        out = []
        for c in range(cols + 1):
            near = [border((r - 1, c - 1), (r, c - 1)), border((r - 1, c), (r, c)),
                    border((r - 1, c - 1), (r - 1, c)), border((r, c - 1), (r, c))]
            out.append("+" if any(near) else " ")
            if c < cols:
                out.append("-" * width if near[1] else " " * width)
        return "".join(out).rstrip()

    lines = []
    for r in range(rows):
        lines.append(edge_line(r))
        walls = ["|" if border((r, c - 1), (r, c)) else " " for c in range(cols + 1)]
        row = "".join(walls[c] + cell_text((r, c)) for c in range(cols)) + walls[-1]
        lines.append(row + (f"  {notes[r]}" if r < len(notes) else ""))
    lines.append(edge_line(rows))
    return "\n".join(lines)


SHOWN = 3  # solutions of an ambiguous puzzle drawn in the terminal; the JSON lists every one found

G = TypeVar("G", bound=Sequence[Sequence[Any]])  # a solution's grid, of whatever a kind fills it with


def differing_cells(grids: Sequence[Sequence[Sequence[Any]]]) -> list[Cell]:
    """The cells on which the grids do not all agree, in reading order."""
    first = grids[0]
    return [(r, c) for r in range(len(first)) for c in range(len(first[r]))
            if any(grid[r][c] != first[r][c] for grid in grids[1:])]


def ambiguous_text(grids: Sequence[G], drawn: Callable[[int, G], str], word: str) -> str:
    """What a puzzle author needs of an ambiguous puzzle: the cells on which the solutions found
    differ, then the first few solutions drawn (``drawn(number, grid)``); the rest are in --json."""
    differ = differing_cells(grids)
    cells = ", ".join(f"({r}, {c})" for r, c in differ[:40]) + (" ..." if len(differ) > 40 else "")
    lines = [f"The {len(grids)} {word}s found differ on {len(differ)} cell{'s' if len(differ) != 1 else ''} "
             f"(row, col from 0): {cells}"]
    lines += [drawn(number, grid) for number, grid in enumerate(grids[:SHOWN], 1)]
    if len(grids) > SHOWN:
        lines.append(f"({len(grids) - SHOWN} more {word}s in 'foldkit solve --json')")
    return "\n".join(lines)
