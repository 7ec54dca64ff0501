"""Reading and writing Number Cross puzzle files and solution files.

Puzzle file (``#`` starts a comment line)::

    number-cross ROWS COLS
    regions:          ROWS rows of COLS region ids (integer tokens)
    highlighted:      ROWS rows of COLS tokens: '*' highlighted, '.' ordinary
    clues:            ROWS lines, one clue per row (see clues.py)

Solution file: ROWS lines of COLS tokens, a digit 1-9 or 'X' for a tile.
``parse_number_cross(picture(p)) == p`` and ``parse_solution(solution_picture(g)) == g``.
"""

from __future__ import annotations

import re

from solver.numbercross.rules.clues import parse_clue
from solver.numbercross.rules.model import MAX_COLS, MAX_ROWS, TILE, Grid, NumberCross
from solver.text import InputError, Line, ascii_ints, content_lines, quoted, tokens

HEADER_WORD = "number-cross"
SECTIONS = ("regions:", "highlighted:", "clues:")
_REGION_ID = re.compile(r"-?[0-9]{1,9}")


def parse_number_cross(text: str, source: str = "<input>", name: str | None = None) -> NumberCross:
    """The NumberCross a puzzle file describes; InputError (with line and column) if it is malformed."""
    lines = content_lines(text, comments=True)
    rows, cols = _header(lines, source)
    sections = _sections(lines[1:], rows, source, lines[0][0])
    regions = tuple(_region_row(line, cols, source) for line in sections["regions:"])
    highlighted = frozenset(cell for r, line in enumerate(sections["highlighted:"])
                            for cell in _highlighted_row(r, line, cols, source))
    clues = tuple(parse_clue(line.strip(), source, number, 1 + len(line) - len(line.lstrip()))
                  for number, line in sections["clues:"])
    return NumberCross(rows, cols, regions, highlighted, clues, name or _stem(source))


def _header(lines: list[Line], source: str) -> tuple[int, int]:
    if not lines:
        raise InputError(f"empty file: expected a header '{HEADER_WORD} ROWS COLS'", source, 1)
    number, line = lines[0]
    found = tokens(line)
    sizes = ascii_ints(found[1:])
    if len(found) != 3 or found[0][1] != HEADER_WORD or sizes is None:
        raise InputError(f"expected a header '{HEADER_WORD} ROWS COLS', found {quoted(line.strip())}",
                         source, number, found[0][0] if found else 1)
    rows, cols = sizes
    if not (1 <= rows <= MAX_ROWS and 2 <= cols <= MAX_COLS):
        raise InputError(f"grid size {rows}x{cols} is outside 1x2 to {MAX_ROWS}x{MAX_COLS}", source, number,
                         found[1][0])
    return rows, cols


def _sections(lines: list[Line], rows: int, source: str, header_line: int) -> dict[str, list[Line]]:
    """Each section name -> its ROWS lines; InputError for a missing, repeated or short section."""
    out: dict[str, list[Line]] = {}
    starts: dict[str, int] = {}
    current = None
    for number, line in lines:
        word = line.strip().lower()
        if word in SECTIONS:
            if word in out:
                raise InputError(f"section {word!r} appears twice", source, number, 1)
            out[word], starts[word], current = [], number, word
        elif current is None:
            raise InputError(f"expected a section ({', '.join(SECTIONS)}), found {quoted(line.strip())}",
                             source, number, 1)
        elif len(out[current]) == rows:
            raise InputError(f"section {current!r} has more than {rows} rows (the header says {rows})",
                             source, number, 1)
        else:
            out[current].append((number, line))
    for word in SECTIONS:
        if word not in out:
            raise InputError(f"missing section {word!r}", source, lines[-1][0] if lines else header_line)
        if len(out[word]) != rows:
            raise InputError(f"section {word!r} has {len(out[word])} rows, the header says {rows}",
                             source, starts[word], 1)
    return out


def _row_tokens(line: Line, cols: int, what: str, source: str) -> list[tuple[int, str]]:
    number, text = line
    found = tokens(text)
    if len(found) != cols:
        raise InputError(f"{what} row has {len(found)} cells, the header says {cols}", source, number, 1)
    return found


def _region_row(line: Line, cols: int, source: str) -> tuple[int, ...]:
    out = []
    for col, tok in _row_tokens(line, cols, "regions", source):
        if not _REGION_ID.fullmatch(tok):
            raise InputError(f"region id {quoted(tok)} is not an integer", source, line[0], col)
        out.append(int(tok))
    return tuple(out)


def _highlighted_row(r: int, line: Line, cols: int, source: str) -> list[tuple[int, int]]:
    out = []
    for c, (col, tok) in enumerate(_row_tokens(line, cols, "highlighted", source)):
        if tok not in ("*", "."):
            raise InputError(f"unknown token {quoted(tok)} (expected '*' highlighted or '.')", source, line[0], col)
        if tok == "*":
            out.append((r, c))
    return out


def picture(puzzle: NumberCross) -> str:
    """The puzzle file text of a NumberCross."""
    width = max(len(str(i)) for row in puzzle.regions for i in row)
    out = [f"{HEADER_WORD} {puzzle.rows} {puzzle.cols}", "regions:"]
    out += [" ".join(str(i).rjust(width) for i in row).rstrip() for row in puzzle.regions]
    out.append("highlighted:")
    out += [" ".join("*" if (r, c) in puzzle.highlighted else "." for c in range(puzzle.cols))
            for r in range(puzzle.rows)]
    out.append("clues:")
    out += [clue.text for clue in puzzle.clues]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Solutions


def parse_solution(text: str, source: str = "<input>") -> Grid:
    """The completed grid of a solution file: rows of digits 1-9 and 'X' for tiles."""
    lines = content_lines(text, comments=True)
    if not lines:
        raise InputError("empty solution file: expected rows of digits 1-9 and 'X'", source, 1)
    width = len(tokens(lines[0][1]))
    grid = []
    for number, line in lines:
        found = tokens(line)
        if len(found) != width:
            raise InputError(f"row has {len(found)} cells, the first row has {width}", source, number, 1)
        grid.append(tuple(_solution_cell(tok, source, number, col) for col, tok in found))
    return tuple(grid)


def _solution_cell(tok: str, source: str, line: int, col: int) -> int | None:
    if tok.upper() == TILE:
        return None
    if len(tok) == 1 and "1" <= tok <= "9":
        return int(tok)
    raise InputError(f"unknown token {quoted(tok)} (expected a digit 1-9 or 'X' for a tile)", source, line, col)


def solution_picture(grid: Grid) -> str:
    """The solution file text of a completed grid."""
    return "\n".join(" ".join(TILE if d is None else str(d) for d in row) for row in grid) + "\n"


def _stem(source: str) -> str:
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base[:-4] if base.endswith(".txt") else base
