"""The Block Party model, its puzzle file format and its solution grid format.

Parsing and printing are inverses: ``parse_block_party(picture(p)) == p`` and
``parse_grid(grid_picture(g)) == g``. Every parse error is an ``InputError`` with line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from math import prod

from solver.grid import Cell
from solver.text import InputError, Line, ascii_int, content_lines, counted, quoted, tokens

Grid = tuple[tuple[int, ...], ...]  # a filled grid: one tuple of numbers per row
Regions = tuple[tuple[int, ...], ...]  # the region id of every cell, row by row

HEADER_WORD = "block-party"
MAX_SIDE = 50


@dataclass(frozen=True)
class BlockParty:
    """The static problem: grid size, the region of every cell, the given numbers."""

    rows: int
    cols: int
    regions: Regions
    givens: dict[Cell, int] = field(default_factory=dict)
    name: str = "block-party"

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.regions, tuple(sorted(self.givens.items()))))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BlockParty):
            return NotImplemented
        return (self.rows, self.cols, self.regions, self.givens) == (
            other.rows, other.cols, other.regions, other.givens)

    def cells(self) -> list[Cell]:
        """Every cell of the grid, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def region_of(self, cell: Cell) -> int:
        return self.regions[cell[0]][cell[1]]

    @cached_property
    def region_cells(self) -> dict[int, tuple[Cell, ...]]:
        """Region id -> its cells, row by row, regions in order of first appearance."""
        out: dict[int, list[Cell]] = {}
        for cell in self.cells():
            out.setdefault(self.region_of(cell), []).append(cell)
        return {region: tuple(cells) for region, cells in out.items()}

    def size_of(self, cell: Cell) -> int:
        """How many cells the cell's region has: the largest number the cell can hold."""
        return len(self.region_cells[self.region_of(cell)])


def row_products(grid: Grid) -> tuple[int, ...]:
    """The product of each row's numbers."""
    return tuple(prod(row) for row in grid)


def answer(grid: Grid) -> int:
    """The puzzle's answer: the sum over the rows of the product of the row's numbers."""
    return sum(row_products(grid))


# ---------------------------------------------------------------------------------------------
# Puzzle files


def parse_block_party(text: str, source: str = "<input>", name: str | None = None) -> BlockParty:
    """The BlockParty a `block-party R C` file describes (sections `regions:` and `givens:`)."""
    lines = content_lines(text, comments=True)
    rows, cols = _header(lines, source)
    at = 1
    at = _section_word(lines, at, "regions:", source)
    region_rows, at = _section_rows(lines, at, rows, cols, "regions", source)
    regions = tuple(tuple(_region_id(token, number, col, source) for col, token in row)
                    for number, row in region_rows)
    at = _section_word(lines, at, "givens:", source)
    given_rows, at = _section_rows(lines, at, rows, cols, "givens", source)
    if at < len(lines):
        number, line = lines[at]
        raise InputError(f"unexpected line after the givens: {quoted(line.strip())}", source, number, 1)
    puzzle = BlockParty(rows, cols, regions, {}, name or _stem(source))
    givens = {}
    for r, (number, row) in enumerate(given_rows):
        for c, (col, token) in enumerate(row):
            value = _given(token, puzzle, (r, c), source, number, col)
            if value is not None:
                givens[(r, c)] = value
    return BlockParty(rows, cols, regions, givens, puzzle.name)


def _header(lines: list[Line], source: str) -> tuple[int, int]:
    """(rows, cols) from the header line `block-party R C`."""
    if not lines:
        raise InputError(f"empty file: expected a header '{HEADER_WORD} ROWS COLS'", source, 1)
    number, line = lines[0]
    found = tokens(line)
    words = [token for _, token in found]
    if len(words) != 3 or words[0] != HEADER_WORD:
        raise InputError(f"expected a header '{HEADER_WORD} ROWS COLS', found {quoted(line.strip())}",
                         source, number, found[0][0])
    sizes = []
    for col, token in found[1:]:
        value = ascii_int(token)
        if value is None or not 1 <= value <= MAX_SIDE:
            raise InputError(f"grid size {quoted(token)} is not a whole number from 1 to {MAX_SIDE}",
                             source, number, col)
        sizes.append(value)
    return sizes[0], sizes[1]


def _section_word(lines: list[Line], at: int, word: str, source: str) -> int:
    """The index after a section line such as `regions:`; an error if it is not there."""
    if at >= len(lines):
        number = lines[-1][0] + 1
        raise InputError(f"the file ends where the section '{word}' should start", source, number, 1)
    number, line = lines[at]
    if line.strip() != word:
        raise InputError(f"expected the section line '{word}', found {quoted(line.strip())}", source, number,
                         tokens(line)[0][0])
    return at + 1


def _section_rows(lines: list[Line], at: int, rows: int, cols: int, what: str,
                  source: str) -> tuple[list[tuple[int, list[tuple[int, str]]]], int]:
    """The next `rows` lines, each with exactly `cols` tokens, and the index after them."""
    out = []
    for r in range(rows):
        if at + r >= len(lines) or lines[at + r][1].strip().endswith(":"):
            number = lines[at + r][0] if at + r < len(lines) else lines[-1][0] + 1
            raise InputError(f"{what}: expected {rows} rows, found {r}", source, number, 1)
        number, line = lines[at + r]
        found = tokens(line)
        if len(found) != cols:
            col = found[cols][0] if len(found) > cols else len(line) + 1
            raise InputError(f"{what} row {r + 1} has {len(found)} entries, the header says {cols}",
                             source, number, col)
        out.append((number, found))
    return out, at + rows


def _region_id(token: str, line: int, col: int, source: str) -> int:
    """A region id: an integer token (a leading '-' allowed)."""
    value = ascii_int(token[1:]) if token.startswith("-") else ascii_int(token)
    if value is None:
        raise InputError(f"region id {quoted(token)} is not a whole number", source, line, col)
    return -value if token.startswith("-") else value


def _given(token: str, puzzle: BlockParty, cell: Cell, source: str, line: int, col: int) -> int | None:
    """A given number, None for '.'; an error for anything a region of its size cannot hold."""
    if token == ".":
        return None
    value = ascii_int(token)
    if value is None:
        raise InputError(f"given {quoted(token)} is neither a whole number nor '.'", source, line, col)
    size = puzzle.size_of(cell)
    if not 1 <= value <= size:
        raise InputError(f"given {value} does not fit region {puzzle.region_of(cell)}, which has "
                         f"{counted(size, 'cell')} (numbers 1 to {size})", source, line, col)
    return value


def _stem(source: str) -> str:
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base[:-4] if base.endswith(".txt") else base


def picture(puzzle: BlockParty) -> str:
    """The puzzle file text of a BlockParty."""
    width = max(len(str(region)) for row in puzzle.regions for region in row)
    regions = [" ".join(f"{region:>{width}}" for region in row) for row in puzzle.regions]
    values = [puzzle.givens.get(cell, ".") for cell in puzzle.cells()]
    width = max(len(str(value)) for value in values)
    givens = [" ".join(f"{puzzle.givens.get((r, c), '.'):>{width}}" for c in range(puzzle.cols))
              for r in range(puzzle.rows)]
    return "\n".join([f"{HEADER_WORD} {puzzle.rows} {puzzle.cols}", "regions:", *regions, "givens:", *givens]) + "\n"


# ---------------------------------------------------------------------------------------------
# Solution grids


def parse_grid(text: str, source: str = "<input>") -> Grid:
    """A filled grid: rows of whole numbers, all of one length, `#` comment lines allowed."""
    lines = content_lines(text, comments=True)
    if not lines:
        raise InputError("empty file: expected rows of numbers", source, 1)
    grid: list[tuple[int, ...]] = []
    for number, line in lines:
        found = tokens(line)
        if grid and len(found) != len(grid[0]):
            col = found[len(grid[0])][0] if len(found) > len(grid[0]) else len(line) + 1
            raise InputError(f"row {len(grid) + 1} has {counted(len(found), 'number')}, row 1 has {len(grid[0])}",
                             source, number, col)
        row = []
        for col, token in found:
            value = ascii_int(token)
            if value is None:
                raise InputError(f"{quoted(token)} is not a whole number", source, number, col)
            row.append(value)
        grid.append(tuple(row))
    return tuple(grid)


def grid_picture(grid: Grid, comment: str | None = None) -> str:
    """The solution file text of a grid, numbers right-aligned, an optional `#` comment first."""
    width = max(len(str(value)) for row in grid for value in row)
    width = max(width, 2)
    lines = [f"# {comment}"] if comment else []
    lines += [" ".join(f"{value:>{width}}" for value in row) for row in grid]
    return "\n".join(lines) + "\n"
