"""Polyominoes: their symmetries, and the net file that describes one.

A polyomino is a frozenset of (row, col) cells, 4-connected, normalised to touch row 0 and
column 0. A net file is rows of '#' (a cell) and '.' (no cell).
"""

from __future__ import annotations

from solver.grid import Cell, Layout, components, normalise
from solver.text import InputError, Line, ascii_int, content_lines, quoted, tokens

MAX_NET_CELLS = 10_000  # as many as a 100 x 100 grid, the largest Shut the Box puzzle


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
    The polyomino must be non-empty, 4-connected and of at most MAX_NET_CELLS cells.
    """
    lines = content_lines(text)
    if lines and _is_header(lines[0], source):
        lines = lines[1:]
    cells = set()
    for r, (number, line) in enumerate(lines):
        c = 0  # the grid column: spaces between cells are skipped
        for col, ch in enumerate(line, 1):
            if ch == "#":
                cells.add((r, c))
                if len(cells) > MAX_NET_CELLS:
                    raise InputError(f"the net has more than {MAX_NET_CELLS} cells, the most foldkit folds",
                                     source, number, col)
            elif ch not in ". \t":
                raise InputError(f"unknown character {quoted(ch)} (expected '#' or '.')", source, number, col)
            c += ch not in " \t"
    if not cells:
        raise InputError("the net has no cells ('#')", source, 1)
    _check_connected(frozenset(cells), source, lines)
    return normalise(frozenset(cells))


def _is_header(line: Line, source: str) -> bool:
    """True for a 'rows cols' line (ASCII digits, at most 9 each); a line of digits that is not
    one is an InputError."""
    number, text = line
    found = tokens(text)
    if not all("0" <= ch <= "9" for _, token in found for ch in token):
        return False
    if len(found) != 2 or any(ascii_int(token) is None for _, token in found):
        raise InputError(f"expected a header 'rows cols' (at most 9 digits each), found {quoted(text.strip())}",
                         source, number, found[0][0])
    return True


def _check_connected(cells: Layout, source: str, lines: list[tuple[int, str]]) -> None:
    parts = components(cells)
    if len(parts) > 1:
        r, c = min(parts[1])
        number, line = lines[r]
        column = [i for i, ch in enumerate(line, 1) if ch not in " \t"][c]
        raise InputError(f"the net is not 4-connected: it falls into {len(parts)} pieces", source, number, column)
