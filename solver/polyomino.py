"""Polyominoes: their symmetries, and the net file that describes one.

A polyomino is a frozenset of (row, col) cells, 4-connected, normalised to touch row 0 and
column 0. A net file is rows of '#' (a cell) and '.' (no cell).
"""

from __future__ import annotations

from solver.grid import Cell, Layout, components, normalise
from solver.text import InputError, ascii_int, content_lines


def transformed(cells: Layout, k: int) -> Layout:
    """The polyomino under the k-th of the 8 symmetries of the square (k < 4: turns by k
    quarters; k >= 4: the same after a mirror), normalised."""
    out = cells
    if k >= 4:
        out = frozenset((r, -c) for r, c in out)
    for _ in range(k % 4):
        out = frozenset((c, -r) for r, c in out)
    return normalise(out)


def canonical(cells: Layout) -> tuple[Cell, ...]:
    """One representative of the polyomino's free class: the smallest of its 8 images, sorted."""
    return min(tuple(sorted(transformed(cells, k))) for k in range(8))


def parse_net(text: str, source: str = "<input>") -> Layout:
    """The polyomino of a net file: rows of '#' and '.', with or without spaces between them.

    Blank lines and trailing spaces are tolerated; an optional 'rows cols' header is skipped.
    The polyomino must be non-empty and 4-connected.
    """
    lines = content_lines(text)
    if lines and _looks_like_header(lines[0][1]):
        lines = lines[1:]
    cells = set()
    for r, (number, line) in enumerate(lines):
        for col, ch in enumerate(line, 1):
            if ch == "#":
                cells.add((r, _net_column(line, col)))
            elif ch not in ". \t":
                raise InputError(f"unknown character {ch!r} (expected '#' or '.')", source, number, col)
    if not cells:
        raise InputError("the net has no cells ('#')", source, 1)
    _check_connected(frozenset(cells), source, lines)
    return normalise(frozenset(cells))


def _looks_like_header(line: str) -> bool:
    parts = line.split()
    return len(parts) == 2 and all(ascii_int(p) is not None for p in parts)


def _net_column(line: str, col: int) -> int:
    """The grid column of the character at 1-based position col (spaces between cells are skipped)."""
    return sum(1 for ch in line[: col - 1] if ch not in " \t")


def _check_connected(cells: Layout, source: str, lines: list[tuple[int, str]]) -> None:
    parts = components(cells)
    if len(parts) > 1:
        r, c = min(parts[1])
        number, line = lines[r]
        column = [i for i, ch in enumerate(line, 1) if ch not in " \t"][c]
        raise InputError(f"the net is not 4-connected: it falls into {len(parts)} pieces", source, number, column)
