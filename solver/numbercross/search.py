"""The search for every completed grid: row by row, top to bottom, across one edge at a time.

What passes between two rows is small: for each column, either a tile above that sends some
amount down, or a cell above that still needs some amount from a tile below (0 if none).
A row is filled left to right given that edge: first where its tiles go (every run at least two
cells, no tile under a tile, a tile under each cell that needs one), then each cell's digit,
which is its region's digit plus what the tiles beside, above and below it give. The row's clue
prunes each number digit by digit (``Clue.can_start``), and a completed number must keep the
clue and be new in the grid. Region digits are chosen when a row first meets the region, never
equal to a neighbouring region's digit.

A row's ways of being filled are gathered as a set first (different splits of a tile's digit
that leave the same digits and the same edge below are one way), then each is followed down.
A dead end (a row edge with region digits that lead nowhere, whatever numbers were used above)
is remembered and not searched again.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from solver.numbercross.model import Grid, NumberCross, Row

Edge = tuple[tuple[bool, int], ...]  # per column: (the cell above is a tile, amount sent down / needed from below)
Digits = tuple[int, ...]  # a digit per region index, 0 while not chosen
RowWay = tuple[Row, Edge, Digits, tuple[int, ...]]  # (row, edge below it, region digits, its numbers)


@dataclass(frozen=True)
class Frame:
    """The puzzle as the search reads it: region indices, highlighted flags, tile layouts per row."""

    puzzle: NumberCross
    region: tuple[tuple[int, ...], ...]  # region index 0..K-1 per cell
    lit: tuple[tuple[bool, ...], ...]  # highlighted per cell
    neighbours: tuple[tuple[int, ...], ...]  # region index -> indices of the regions it touches
    layouts: tuple[tuple[tuple[bool, ...], ...], ...]  # per row: every tile placement (True = tile)


def frame(puzzle: NumberCross) -> Frame:
    """The search's view of a puzzle."""
    ids = sorted({i for row in puzzle.regions for i in row})
    index = {i: k for k, i in enumerate(ids)}
    region = tuple(tuple(index[i] for i in row) for row in puzzle.regions)
    lit = tuple(tuple((r, c) in puzzle.highlighted for c in range(puzzle.cols)) for r in range(puzzle.rows))
    touching: list[set[int]] = [set() for _ in ids]
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            a, b = region[cell[0]][cell[1]], region[other[0]][other[1]]
            if a != b:
                touching[a].add(b)
    layouts = tuple(tuple(row_layouts(lit[r])) for r in range(puzzle.rows))
    return Frame(puzzle, region, lit, tuple(tuple(sorted(t)) for t in touching), layouts)


def row_layouts(lit: tuple[bool, ...]) -> Iterator[tuple[bool, ...]]:
    """Every tile placement in a row: none on a highlighted cell, none side by side, runs of 2+ cells."""
    cols = len(lit)

    def extend(c: int, run: int, placed: tuple[bool, ...]) -> Iterator[tuple[bool, ...]]:
        if c == cols:
            if run != 1:
                yield placed
            return
        yield from extend(c + 1, run + 1, (*placed, False))
        if not lit[c] and run != 1 and not (placed and placed[-1]):
            yield from extend(c + 1, 0, (*placed, True))

    return extend(0, 0, ())


def grids(puzzle: NumberCross, stop=None) -> Iterator[Grid]:
    """Every completed grid that keeps every rule (a grid may come more than once)."""
    view = frame(puzzle)
    edge: Edge = tuple((False, 0) for _ in range(puzzle.cols))
    digits: Digits = tuple(0 for _ in view.neighbours)
    dead: set = set()
    yield from _below(view, 0, edge, digits, (), frozenset(), dead)


def _below(view: Frame, r: int, edge: Edge, digits: Digits, done: tuple[Row, ...], used: frozenset[int],
           dead: set) -> Generator[Grid, None, bool]:
    """Every completion of the grid from row r down, given the edge above row r.

    Returns whether the numbers already used above were irrelevant to what was found (so that a
    fruitless edge can be remembered as dead)."""
    if r == view.puzzle.rows:
        yield done
        return True
    key = (r, edge, digits)
    if key in dead:
        return True
    found, clean = False, True
    for row, below, chosen, made in row_ways(view, r, edge, digits):
        if used.intersection(made):
            clean = False
            continue
        deeper = _below(view, r + 1, below, chosen, (*done, row), used.union(made), dead)
        while True:
            try:
                grid = next(deeper)
            except StopIteration as end:
                clean = clean and end.value
                break
            found = True
            yield grid
    if not found and clean:
        dead.add(key)
    return clean


def row_ways(view: Frame, r: int, edge: Edge, digits: Digits) -> set[RowWay]:
    """Every way to fill row r given the edge above it and the region digits chosen so far."""
    out: set[RowWay] = set()
    for layout in view.layouts[r]:
        if _fits(layout, edge):
            _RowFill(view, r, edge, layout).fill(digits, out)
    return out


def _fits(layout: tuple[bool, ...], edge: Edge) -> bool:
    """No tile under a tile, and a tile under every cell above that needs something from below."""
    for tile, (above_tile, amount) in zip(layout, edge, strict=True):
        if tile and above_tile or not tile and not above_tile and amount > 0:
            return False
    return True


class _RowFill:
    """Filling one row for one tile layout: a depth-first walk over its columns."""

    def __init__(self, view: Frame, r: int, edge: Edge, layout: tuple[bool, ...]):
        puzzle = view.puzzle
        self.view, self.edge, self.layout = view, edge, layout
        self.cols, self.clue = puzzle.cols, puzzle.clues[r]
        self.region, self.lit = view.region[r], view.lit[r]
        last = r == puzzle.rows - 1
        self.next_region = None if last else view.region[r + 1]
        # can (r+1, c) receive from a tile at (r, c), or be a tile giving to (r, c)?
        self.down_ok = tuple(not last and not view.lit[r + 1][c] for c in range(self.cols))
        self.run_start, self.run_length = _runs(layout)

    def fill(self, digits: Digits, out: set[RowWay]) -> None:
        self.out = out
        self.cells: list[int | None] = [None] * self.cols
        self.below: list[tuple[bool, int]] = [(False, 0)] * self.cols
        self.numbers: list[int] = []
        self._column(0, digits, 0, 0)

    def _choices(self, c: int, digits: Digits) -> Iterator[tuple[int, Digits]]:
        """(digit, region digits) for cell c's region: its digit, or each digit it may take."""
        k = self.region[c]
        if digits[k]:
            yield digits[k], digits
            return
        taken = {digits[j] for j in self.view.neighbours[k]}
        for d in range(1, 10):
            if d not in taken:
                yield d, digits[:k] + (d,) + digits[k + 1 :]

    def _column(self, c: int, digits: Digits, carry: int, prefix: int) -> None:
        """Fill from column c; carry = what a tile at c-1 still has to give, or what cell c-1 needs from c."""
        if c == self.cols:
            self._finish(digits, carry)
        elif self.layout[c]:
            self._tile(c, digits, carry)
        else:
            self._cell(c, digits, carry, prefix)

    def _finish(self, digits: Digits, carry: int) -> None:
        c = self.cols - 1
        if self.layout[c]:
            if carry and not self.down_ok[c]:
                return
            self.below[c] = (True, carry)
        elif carry:
            return
        self.out.add((tuple(self.cells), tuple(self.below), digits, tuple(self.numbers)))

    def _tile(self, c: int, digits: Digits, need_left: int) -> None:
        up = self.edge[c][1]
        for d, chosen in self._choices(c, digits):
            rest = d - up - need_left
            if rest < 0:
                continue
            if c + 1 == self.cols and rest and not self.down_ok[c]:
                continue
            self.cells[c] = None
            self._column(c + 1, chosen, rest, 0)

    def _cell(self, c: int, digits: Digits, carry: int, prefix: int) -> None:
        above_tile, above = self.edge[c]
        from_above = above if above_tile else 0
        left_tile = c > 0 and self.layout[c - 1]
        available = carry if left_tile else 0
        start, length = self.run_start[c], self.run_length[c]
        k = c - start + 1
        for base, chosen in self._choices(c, digits):
            fixed = base + from_above
            if self.lit[c]:
                if from_above or (available and not (left_tile and self.down_ok[c - 1])):
                    continue
                if self.clue.can_start(prefix * 10 + base, k, length):
                    self._digit(c, chosen, prefix, k, length, base, available, 0, 0)
                continue
            for v in range(fixed, 10):
                number = prefix * 10 + v
                if not self.clue.can_start(number, k, length):
                    continue
                self._splits(c, chosen, prefix, k, length, v, v - fixed, available, left_tile)

    def _splits(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int, extra: int,
                available: int, left_tile: bool) -> None:
        """Each way the extra on cell c comes from the tile on its left, the tile on its right, and below."""
        must_take = available if not (left_tile and self.down_ok[c - 1]) else 0
        right_tile = c + 1 < self.cols and self.layout[c + 1]
        below_ok = self.down_ok[c] and not (c > 0 and not self.layout[c - 1] and self.below[c - 1][1])
        below_cap = self._below_cap(c, digits) if below_ok else 0
        for taken in range(must_take, min(available, extra) + 1):
            rest = extra - taken
            for down in range(min(rest, below_cap) + 1):
                if rest - down and not right_tile:
                    continue
                self._digit(c, digits, prefix, k, length, v, available - taken, down, rest - down)

    def _below_cap(self, c: int, digits: Digits) -> int:
        """The most the cell under c could give up as a tile (its region digit, or 9 if not chosen)."""
        return digits[self.next_region[c]] or 9

    def _digit(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int, left_down: int,
               down: int, need_right: int) -> None:
        """Put digit v in cell c: the tile at c-1 sends left_down down, the cell needs down from below."""
        if c > 0 and self.layout[c - 1]:
            self.below[c - 1] = (True, left_down)
        self.below[c] = (False, down)
        self.cells[c] = v
        number = prefix * 10 + v
        if k == length:
            if number in self.numbers:
                return
            self.numbers.append(number)
            self._column(c + 1, digits, need_right, 0)
            self.numbers.pop()
        else:
            self._column(c + 1, digits, need_right, number)


def _runs(layout: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per column: the first column of its run and the run's length (0 for tiles)."""
    starts, lengths = [0] * len(layout), [0] * len(layout)
    c = 0
    while c < len(layout):
        if layout[c]:
            c += 1
            continue
        end = c
        while end < len(layout) and not layout[end]:
            end += 1
        for j in range(c, end):
            starts[j], lengths[j] = c, end - c
        c = end
    return tuple(starts), tuple(lengths)
