"""What the grid kinds (Block Party, Number Cross) share: the grid drawn in ASCII with its
regions outlined, their solve options, and the options of their sheets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from foldkit import options as opt
from foldkit.kinds.base import option
from solver.grid import Cell


@dataclass(frozen=True)
class GridSolveOptions:
    # Listing solutions is solve's alone: every other command needs the one solution.
    limit: int | None = option(None, "--limit", "list at most N solutions (default: a few)",
                               opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N", only=("solve",))
    every: bool = option(False, "--all", "list every solution, however many", only=("solve",))


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
