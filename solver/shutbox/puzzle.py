"""The Shut the Box puzzle model and the parsers for puzzle and solution (layout) files.

Parsing and printing are inverses: ``parse_puzzle(picture(p)) == p``.
Every parse error is an ``InputError`` that names the source, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.grid import DIRECTIONS, Cell, Layout
from solver.text import InputError, ascii_int, ascii_ints, content_lines, first_unprintable, quoted, split_lines, tokens

MARKS = {"": "plain", "o": "circle", "s": "square"}
MAX_SIDE = 100


@dataclass(frozen=True)
class Number:
    """A number clue: its value 1-9 and its mark ('' plain, 'o' circled, 's' squared)."""

    value: int
    mark: str = ""

    @property
    def token(self) -> str:
        return f"{self.value}{self.mark}"


@dataclass(frozen=True)
class Puzzle:
    """The static problem: grid size, number clues and arrow clues."""

    rows: int
    cols: int
    numbers: dict[Cell, Number] = field(default_factory=dict)
    arrows: dict[Cell, str] = field(default_factory=dict)  # cell -> subset of 'URDL', in that order
    name: str = "puzzle"
    notes: tuple[str, ...] = ()  # the file's '#' comment lines, without the '#' (not part of the puzzle)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.numbers.items())), tuple(sorted(self.arrows.items()))))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        mine = (self.rows, self.cols, self.numbers, self.arrows)
        return mine == (other.rows, other.cols, other.numbers, other.arrows)

    def cells(self) -> list[Cell]:
        """Every cell of the grid, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def circled(self) -> list[Cell]:
        return sorted(cell for cell, n in self.numbers.items() if n.mark == "o")

    def squared(self) -> list[Cell]:
        return sorted(cell for cell, n in self.numbers.items() if n.mark == "s")


# ---------------------------------------------------------------------------------------------
# Reading text


def _header(lines: list[tuple[int, str]], source: str) -> tuple[int, int]:
    if not lines:
        raise InputError("empty file: expected a header 'rows cols'", source, 1)
    number, text = lines[0]
    parts = ascii_ints(tokens(text))
    if parts is None or len(parts) != 2:
        found = quoted(text.strip(" \t"))
        raise InputError(f"expected a header 'rows cols', found {found}", source, number, 1)
    rows, cols = parts
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"grid size {rows}x{cols} is outside 1x1 to {MAX_SIDE}x{MAX_SIDE}", source, number, 1)
    if len(lines) - 1 != rows:
        raise InputError(f"header says {rows} rows but the file has {len(lines) - 1}", source, number, 1)
    return rows, cols


def _grid_tokens(text: str, source: str, comments: bool) -> tuple[int, int, list[tuple[Cell, int, int, str]]]:
    """Header and every token of a grid file as (cell, line, column, token); with comments,
    lines starting with '#' are skipped (a puzzle file; in a solution file '#' is a box cell).
    A character that is not printable ASCII (a form feed, NEL, U+2028, ...) is an error at its column."""
    lines = content_lines(text, comments)
    for number, line in lines:
        at = first_unprintable(line)
        if at is not None:
            raise InputError(f"unexpected character {quoted(line[at])} (U+{ord(line[at]):04X})", source, number, at + 1)
    rows, cols = _header(lines, source)
    out: list[tuple[Cell, int, int, str]] = []
    for r, (number, line) in enumerate(lines[1:]):
        found = tokens(line)
        if len(found) != cols:
            raise InputError(f"row {r + 1} has {len(found)} cells, the header says {cols}", source, number, 1)
        out.extend(((r, c), number, col, tok) for c, (col, tok) in enumerate(found))
    return rows, cols, out


# ---------------------------------------------------------------------------------------------
# Puzzles


def _parse_token(token: str) -> Number | str | None:
    """A Number, an arrow string, None for an empty cell; ValueError says what is wrong.
    Only ASCII digits are digits ('٥', '５' and '²' are unknown tokens)."""
    if token == ".":
        return None
    if "0" <= token[0] <= "9":
        digits = token.rstrip("os")
        mark = token[len(digits):]
        if not all("0" <= ch <= "9" for ch in digits) or len(mark) > 1:
            raise ValueError(f"unknown token {quoted(token)} (expected a number 1-9 with an optional o or s)")
        value = ascii_int(digits)
        if value is None or not 1 <= value <= 9:
            raise ValueError(f"number {quoted(digits)} is outside 1-9")
        return Number(value, mark)
    if set(token) <= set(DIRECTIONS) and len(set(token)) == len(token):
        return "".join(d for d in DIRECTIONS if d in token)
    raise ValueError(f"unknown token {quoted(token)} (expected '.', 1-9 with optional o/s, or arrows from URDL)")


def parse_puzzle(text: str, source: str = "<input>", name: str | None = None) -> Puzzle:
    """The Puzzle a puzzle file describes."""
    rows, cols, tokens = _grid_tokens(text, source, comments=True)
    numbers: dict[Cell, Number] = {}
    arrows: dict[Cell, str] = {}
    for cell, line, col, token in tokens:
        try:
            clue = _parse_token(token)
        except ValueError as error:
            raise InputError(str(error), source, line, col) from None
        if isinstance(clue, Number):
            numbers[cell] = clue
        elif clue is not None:
            arrows[cell] = clue
    return Puzzle(rows, cols, numbers, arrows, name or _stem(source), comment_notes(text))


def comment_notes(text: str) -> tuple[str, ...]:
    """The '#' comment lines of a puzzle text, without the '#' and the spaces around."""
    lines = (line.strip(" \t") for line in split_lines(text))
    return tuple(line[1:].strip(" \t") for line in lines if line.startswith("#"))


def picture(puzzle: Puzzle) -> str:
    """The puzzle file text of a Puzzle."""
    def token(cell: Cell) -> str:
        if cell in puzzle.numbers:
            return puzzle.numbers[cell].token
        return puzzle.arrows.get(cell, ".")

    rows = (" ".join(token((r, c)) for c in range(puzzle.cols)) for r in range(puzzle.rows))
    notes = "".join(f"# {note}\n".replace("# \n", "#\n") for note in puzzle.notes)
    return notes + f"{puzzle.rows} {puzzle.cols}\n" + "\n".join(rows) + "\n"


def _stem(source: str) -> str:
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base[:-4] if base.endswith(".txt") else base


# ---------------------------------------------------------------------------------------------
# Layouts (solution files) and nets


def parse_layout(text: str, source: str = "<input>") -> tuple[int, int, Layout]:
    """(rows, cols, box cells) of a solution file: header, then '#' or '.' tokens."""
    rows, cols, tokens = _grid_tokens(text, source, comments=False)
    cells = set()
    for cell, line, col, token in tokens:
        if token not in ("#", "."):
            raise InputError(f"unknown token {quoted(token)} (expected '#' or '.')", source, line, col)
        if token == "#":
            cells.add(cell)
    return rows, cols, frozenset(cells)


def layout_picture(rows: int, cols: int, layout: Layout) -> str:
    """The solution file text of a layout."""
    lines = (" ".join("#" if (r, c) in layout else "." for c in range(cols)) for r in range(rows))
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"
