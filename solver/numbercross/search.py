"""The search for every completed grid, one whole row at a time, the most constrained row first.

What passes between two neighbouring rows is small. Seen from the row that was filled first,
each column holds either a tile that sends some amount across, or a cell that needs some amount
from a tile across (0 if none): an ``Edge``. A row is filled given the edges its filled
neighbours left (or with a side still open, if that neighbour is not filled yet): first where its
tiles go (runs of 2+ cells, no tile beside or across a tile, a tile across from each cell that
needs one), then each cell's digit left to right, its region's digit plus what the tiles beside
and across give it. The row's clue prunes each number digit by digit (``Clue.can_start``); a
finished number must keep the clue and not be used twice. Region digits are chosen when a row
first meets the region, never equal to a neighbouring region's digit.

Which row first: the top or the bottom row (the one whose clue can reject partial numbers, else
the one quicker to list, counted with a budget of steps doubled until one of them fits). Then the
filled block grows from that end, one row at a time. (Rows are filled by the same code whatever
sides are known or open, so other orders can be tried.)

A neighbouring row that is not filled yet prunes the row being filled through its sketches (see
``sketch``): where its tiles can be and how much its cells can take, if its clue allows few of them.

A row's ways are gathered as a set (splits of a tile's digit that leave the same digits and the
same edges are one way), then put in a fixed order. A state that leads nowhere, whatever numbers
were used elsewhere, is remembered and not searched again.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from solver.numbercross import sketch
from solver.numbercross.model import Grid, NumberCross, Row

Edge = tuple[tuple[bool, int], ...]  # per column: (this side's cell is a tile, amount it sends / needs)
Digits = tuple[int, ...]  # a digit per region index, 0 while not chosen
Assigned = tuple[tuple[int, int], ...]  # (region index, digit) for the regions a row gave digits to
Way = tuple[Row, Edge | None, Edge | None, Assigned, tuple[int, ...]]  # row, edge up, edge down, new digits, numbers
Layout = tuple[bool, ...]  # True = tile
Placement = tuple[Layout, tuple[int, ...], tuple[int, ...], int]  # layout, run starts, run lengths, tile bit mask
UP, DOWN = 0, 1
UNLIMITED = 1 << 62  # steps when counting has no budget
FIRST_BUDGET = 4_000  # search steps for counting an end row's ways; doubled until one of them fits
SKETCH_BUDGET = 5_000  # search steps for listing the sketches of a neighbouring row
SKETCH_CAP = 2_000  # more sketches than this prune too little to be worth their masks
SKETCH_TRIES = 1  # a row whose sketches ran over the budget this often is not sketched again


@dataclass(frozen=True)
class Frame:
    """The puzzle as the search reads it: region indices, highlighted flags, tile layouts per row."""

    puzzle: NumberCross
    region: tuple[tuple[int, ...], ...]  # region index 0..K-1 per cell
    lit: tuple[tuple[bool, ...], ...]  # highlighted per cell
    neighbours: tuple[tuple[int, ...], ...]  # region index -> indices of the regions it touches
    layouts: tuple[tuple[Placement, ...], ...]  # per row: every tile placement
    row_regions: tuple[frozenset[int], ...]  # per row: the region indices it holds
    testers: tuple  # per row: its clue's fast can_start


def region_graph(puzzle: NumberCross) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(region index 0..K-1 per cell, the indices of the regions each region touches)."""
    ids = sorted({i for row in puzzle.regions for i in row})
    index = {i: k for k, i in enumerate(ids)}
    region = tuple(tuple(index[i] for i in row) for row in puzzle.regions)
    touching: list[set[int]] = [set() for _ in ids]
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            a, b = region[cell[0]][cell[1]], region[other[0]][other[1]]
            if a != b:
                touching[a].add(b)
    return region, tuple(tuple(sorted(t)) for t in touching)


def frame(puzzle: NumberCross) -> Frame:
    """The search's view of a puzzle."""
    region, touching = region_graph(puzzle)
    lit = tuple(tuple((r, c) in puzzle.highlighted for c in range(puzzle.cols)) for r in range(puzzle.rows))
    layouts = tuple(tuple((layout, *_runs(layout), _mask(layout)) for layout in row_layouts(lit[r]))
                    for r in range(puzzle.rows))
    row_regions = tuple(frozenset(row) for row in region)
    testers = tuple(clue.tester() for clue in puzzle.clues)
    return Frame(puzzle, region, lit, touching, layouts, row_regions, testers)


def relevant_digits(view: Frame, rows: list[int], digits: Digits) -> tuple[tuple[int, int], ...]:
    """The digits that filling these rows can depend on: their regions', and their free regions' neighbours'."""
    regions = set().union(*(view.row_regions[r] for r in rows)) if rows else set()
    for k in list(regions):
        if not digits[k]:
            regions.update(view.neighbours[k])
    return tuple((k, digits[k]) for k in sorted(regions))


def row_layouts(lit: tuple[bool, ...]) -> Iterator[Layout]:
    """Every tile placement in a row: none on a highlighted cell, none side by side, runs of 2+ cells."""
    cols = len(lit)

    def extend(c: int, run: int, placed: Layout) -> Iterator[Layout]:
        if c == cols:
            if run != 1:
                yield placed
            return
        yield from extend(c + 1, run + 1, (*placed, False))
        if not lit[c] and run != 1 and not (placed and placed[-1]):
            yield from extend(c + 1, 0, (*placed, True))

    return extend(0, 0, ())


# ---------------------------------------------------------------------------------------------
# The search over rows


@dataclass
class _Search:
    """The search's memory: the frame, dead states, and each row's ways by context."""

    view: Frame
    dead: set
    ways: dict
    filters: dict
    too_many: list  # per row: how often listing its sketches ran over the budget


def grids(puzzle: NumberCross) -> Iterator[Grid]:
    """Every completed grid that keeps every rule (a grid may come more than once)."""
    search = _Search(frame(puzzle), set(), {}, {}, [0] * puzzle.rows)
    filled: tuple[Row | None, ...] = (None,) * puzzle.rows
    edges: tuple[tuple[Edge | None, Edge | None], ...] = ((None, None),) * puzzle.rows
    digits: Digits = (0,) * len(search.view.neighbours)
    yield from _fill(search, filled, edges, digits, frozenset())


def _fill(search: _Search, filled: tuple, edges: tuple, digits: Digits,
          used: frozenset[int]) -> Generator[Grid, None, bool]:
    """Every completion of the rows not filled yet. Returns whether `used` played no part in a dead end."""
    todo = [r for r, row in enumerate(filled) if row is None]
    if not todo:
        yield tuple(filled)
        return True
    key = (_frontier(filled, edges), relevant_digits(search.view, todo, digits))
    if key in search.dead:
        return True
    r, ways = _next_row(search, filled, edges, digits, todo)
    found, clean = False, True
    for row, up, down, assigned, made in ways:
        if used.intersection(made):
            clean = False
            continue
        chosen = list(digits)
        for k, d in assigned:
            chosen[k] = d
        chosen = tuple(chosen)
        deeper = _fill(search, filled[:r] + (row,) + filled[r + 1 :], edges[:r] + ((up, down),) + edges[r + 1 :],
                       chosen, used.union(made))
        while True:
            try:
                done = next(deeper)
            except StopIteration as end:
                clean = clean and end.value
                break
            found = True
            yield done
    if not found and clean:
        search.dead.add(key)
    return clean


def _frontier(filled: tuple, edges: tuple) -> tuple:
    """What the rows not filled yet can see of the filled ones: which are filled, and their open edges."""
    rows = len(filled)
    out = []
    for r, row in enumerate(filled):
        if row is not None:
            up_open = r > 0 and filled[r - 1] is None
            down_open = r + 1 < rows and filled[r + 1] is None
            out.append((r, edges[r][UP] if up_open else None, edges[r][DOWN] if down_open else None))
    return tuple(out)


def _next_row(search: _Search, filled: tuple, edges: tuple, digits: Digits,
              todo: list[int]) -> tuple[int, tuple[Way, ...]]:
    """The row to fill next and its ways: an end row to start with, then the row beside the filled block."""
    done = [r for r in range(len(filled)) if filled[r] is not None]
    if not done:
        r = _first_row(search, filled, edges, digits, todo)
    else:
        r = next(r for r in todo if any(abs(r - d) == 1 for d in done))
    return r, _ways(search, r, filled, edges, digits, None)


def _first_row(search: _Search, filled: tuple, edges: tuple, digits: Digits, todo: list[int]) -> int:
    """Where to start: the top or the bottom row, whichever is quicker to list every way of.

    If only one of them has a clue that can reject partial numbers, that one. Else both are counted
    with the same budget of steps, doubled until one of them fits in it (the top first, so that it
    wins a tie)."""
    ends = (todo[0], todo[-1])
    prunes = [search.view.puzzle.clues[r].prunes_prefixes for r in ends]
    if prunes[0] != prunes[1]:
        return ends[0] if prunes[0] else ends[1]
    budget = FIRST_BUDGET
    while True:
        for r in ends:
            if _ways(search, r, filled, edges, digits, budget) is not None:
                return r
        budget *= 2


def _ways(search: _Search, r: int, filled: tuple, edges: tuple, digits: Digits,
          budget: int | None) -> tuple[Way, ...] | None:
    """Row r's ways in its context (None if counting them takes more than budget steps)."""
    rows = len(filled)
    above = edges[r - 1][DOWN] if r > 0 and filled[r - 1] is not None else None
    below = edges[r + 1][UP] if r + 1 < rows and filled[r + 1] is not None else None
    open_up = r > 0 and filled[r - 1] is None
    open_down = r + 1 < rows and filled[r + 1] is None
    near = [a for a in (r - 1, r, r + 1) if 0 <= a < rows]
    key = (r, above, below, open_up, open_down, relevant_digits(search.view, near, digits))
    known = search.ways.get(key)
    if known is not None and (known[0] is not None or budget is not None and known[1] >= budget):
        return known[0]
    filters = tuple(_filter(search, r, side, filled, edges, digits) if is_open else None
                    for side, is_open in ((UP, open_up), (DOWN, open_down)))
    try:
        found = row_ways(search.view, r, above, below, open_up, open_down, digits, budget, filters)
    except _OverBudget:
        search.ways[key] = (None, budget)
        return None
    ordered = tuple(sorted(found, key=_way_order))
    search.ways[key] = (ordered, budget)
    return ordered


def _way_order(way: Way) -> tuple:
    """A sort key for ways that does not depend on hashing (tiles and missing edges as -1 and ())."""
    row, up, down, assigned, made = way
    return tuple(-1 if v is None else v for v in row), up or (), down or (), assigned, made


def _filter(search: _Search, r: int, side: int, filled: tuple, edges: tuple, digits: Digits) -> sketch.Filter | None:
    """The masks of the sketches of the open row on this side of row r (None if they are too many)."""
    s = r - 1 if side == UP else r + 1
    found = _row_sketches(search, s, filled, edges, digits)
    if found is None:
        return None
    key = ("masks", s, id(found))
    if key not in search.filters:
        search.filters[key] = (sketch.make_filter(found, search.view.region[s]), found)
    return search.filters[key][0]


def _row_sketches(search: _Search, s: int, filled: tuple, edges: tuple, digits: Digits) -> list | None:
    """The sketches of row s (not filled) beside the filled rows (None if there are too many)."""
    view, rows = search.view, len(filled)
    key = (s, *_near_edges(s, filled, edges),
           relevant_digits(view, [a for a in (s - 1, s, s + 1) if 0 <= a < rows], digits))
    if key in search.filters:
        return search.filters[key]
    if search.too_many[s] >= SKETCH_TRIES:
        return None
    try:
        found = _sketches(view, s, filled, edges, digits, SKETCH_BUDGET, SKETCH_CAP)
    except sketch.OverBudget:
        search.too_many[s] += 1
        found = None
    search.filters[key] = found
    return found


def _near_edges(s: int, filled: tuple, edges: tuple) -> tuple[Edge | None, Edge | None]:
    """The edges the filled rows above and below row s left it (None where that row is not filled)."""
    above = edges[s - 1][DOWN] if s > 0 and filled[s - 1] is not None else None
    below = edges[s + 1][UP] if s + 1 < len(filled) and filled[s + 1] is not None else None
    return above, below


def _sketches(view: Frame, s: int, filled: tuple, edges: tuple, digits: Digits, budget: int, cap: int) -> list:
    """The sketches of row s given its filled neighbours' edges; sketch.OverBudget past budget or cap."""
    rows = len(filled)
    above, below = _near_edges(s, filled, edges)
    layouts = [placement[:3] for placement in _fitting(view.layouts[s], above, below)]
    can_take = tuple(any(0 <= a < rows and not view.lit[a][c] and (edge is None or edge[c][0])
                         for a, edge in ((s - 1, above), (s + 1, below))) for c in range(view.puzzle.cols))
    return sketch.sketches(layouts, view.region[s], view.lit[s], can_take,
                           lambda k, d: list(region_choices(view, k, d)), view.testers[s], digits, budget, cap)


def region_choices(view: Frame, k: int, digits: Digits) -> Iterator[tuple[int, Digits]]:
    """(digit, region digits) for region k: its digit, or each digit it may take beside its neighbours."""
    if digits[k]:
        yield digits[k], digits
        return
    taken = {digits[j] for j in view.neighbours[k]}
    for d in range(1, 10):
        if d not in taken:
            yield d, digits[:k] + (d,) + digits[k + 1 :]


# ---------------------------------------------------------------------------------------------
# Filling one row


class _OverBudget(Exception):
    """Counting a row's ways took more steps than allowed."""


def row_ways(view: Frame, r: int, above: Edge | None, below: Edge | None, open_up: bool, open_down: bool,
             digits: Digits, budget: int | None = None,
             filters: tuple[sketch.Filter | None, sketch.Filter | None] = (None, None)) -> set[Way]:
    """Every way to fill row r given the edges of its filled neighbours and which sides are still open.

    filters: for an open side, the sketches of the row across (None: no pruning from it)."""
    out: set[Way] = set()
    steps = [budget if budget is not None else UNLIMITED]
    setting = _RowSetting(view, r, (above, below), (open_up, open_down), filters)
    for placement in _fitting(view.layouts[r], above, below):
        _RowFill(setting, placement, steps).fill(digits, out)
    return out


def _fitting(placements: tuple[Placement, ...], *edges: Edge | None) -> list[Placement]:
    """The placements with no tile across from a tile, and a tile across from every cell that needs something."""
    banned = needed = 0
    for edge in edges:
        if edge is not None:
            banned |= _mask(tuple(tile for tile, _ in edge))
            needed |= _mask(tuple(not tile and amount > 0 for tile, amount in edge))
    return [p for p in placements if not p[3] & banned and not needed & ~p[3]]


def _mask(flags: tuple[bool, ...]) -> int:
    return sum(1 << c for c, flag in enumerate(flags) if flag)


class _RowSetting:
    """What every tile layout of one row shares while the row is filled."""

    def __init__(self, view: Frame, r: int, known: tuple[Edge | None, Edge | None], open_sides: tuple[bool, bool],
                 filters: tuple[sketch.Filter | None, sketch.Filter | None]):
        puzzle = view.puzzle
        self.view, self.known, self.open = view, known, open_sides
        self.filters = [(s, f) for s, f in zip((UP, DOWN), filters, strict=True) if f is not None]
        self.filter_of = filters
        self.cols, self.can_start = puzzle.cols, view.testers[r]
        self.region, self.lit = view.region[r], view.lit[r]
        across = (r - 1, r + 1)
        self.across_region = tuple(view.region[a] if 0 <= a < puzzle.rows else None for a in across)
        # per side and column: may an amount cross between (r, c) and the open row on that side?
        self.can_cross = tuple(
            tuple(open_sides[s] and not view.lit[across[s]][c] for c in range(self.cols)) for s in (UP, DOWN))
        self.known_in = tuple(sum(edge[c][1] for edge in known if edge is not None and edge[c][0])
                              for c in range(self.cols))


class _RowFill:
    """Filling one row for one tile layout: a depth-first walk over its columns."""

    def __init__(self, setting: _RowSetting, placement: Placement, steps: list[int]):
        self.__dict__.update(setting.__dict__)
        self.layout, self.run_start, self.run_length = placement[:3]
        self.steps = steps
        self.alive = [f.everything if f is not None else 0 for f in self.filter_of]

    def fill(self, digits: Digits, out: set[Way]) -> None:
        self.out, self.start_digits = out, digits
        self.cells: list[int | None] = [None] * self.cols
        self.sent: list[list[tuple[bool, int]]] = [[(False, 0)] * self.cols for _ in (UP, DOWN)]
        self.numbers: list[int] = []
        self._column(0, digits, 0, 0)

    def _count_step(self, steps: int = 1) -> None:
        self.steps[0] -= steps
        if self.steps[0] <= 0:
            raise _OverBudget

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

    def _known_amount(self, side: int, c: int) -> int:
        edge = self.known[side]
        return edge[c][1] if edge is not None else 0

    def _column(self, c: int, digits: Digits, carry: int, prefix: int) -> None:
        """Fill from column c; carry = what a tile at c-1 still has to give, or what cell c-1 needs from c."""
        self._count_step()
        if c == self.cols:
            self._finish(digits, carry)
        elif self.layout[c]:
            self._tile(c, digits, carry)
        else:
            self._cell(c, digits, carry, prefix)

    def _finish(self, digits: Digits, carry: int) -> None:
        c = self.cols - 1
        if self.layout[c]:
            for up, down in self._leftover_splits(c, carry):
                self._send(c, up, down)
                if all(self.alive[s] & f.tile[c][self.sent[s][c][1]] for s, f in self.filters):
                    self._record(digits)
        elif not carry:
            self._record(digits)

    def _record(self, digits: Digits) -> None:
        edges = tuple(tuple(self.sent[s]) if self.open[s] else None for s in (UP, DOWN))
        assigned = tuple((k, d) for k, (d, before) in enumerate(zip(digits, self.start_digits, strict=True))
                         if d != before)
        self.out.add((tuple(self.cells), edges[UP], edges[DOWN], assigned, tuple(self.numbers)))

    def _leftover_splits(self, c: int, leftover: int) -> Iterator[tuple[int, int]]:
        """(up, down): each way the tile at c can send what it has left across open sides."""
        up_ok, down_ok = self.can_cross[UP][c], self.can_cross[DOWN][c]
        if up_ok and down_ok:
            yield from ((up, leftover - up) for up in range(leftover + 1))
        elif up_ok or down_ok or not leftover:
            yield (leftover, 0) if up_ok else (0, leftover)

    def _send(self, c: int, up: int, down: int) -> None:
        """Record what the tile at c sends across each open side."""
        self.sent[UP][c] = (True, up)
        self.sent[DOWN][c] = (True, down)

    def _tile(self, c: int, digits: Digits, need_left: int) -> None:
        known = self._known_amount(UP, c) + self._known_amount(DOWN, c)
        for d, chosen in self._choices(c, digits):
            rest = d - known - need_left
            if rest >= 0:
                self.cells[c] = None
                self._column(c + 1, chosen, rest, 0)

    def _cell(self, c: int, digits: Digits, carry: int, prefix: int) -> None:
        known_in = self.known_in[c]
        available = carry if c > 0 and self.layout[c - 1] else 0
        k, length = c - self.run_start[c] + 1, self.run_length[c]
        test, head = self.can_start, prefix * 10
        d = digits[self.region[c]]
        for base, chosen in ((d, digits),) if d else self._choices(c, digits):
            if self.lit[c]:
                if not known_in and test(head + base, k, length):
                    self._take(c, chosen, prefix, k, length, base, available, (0, 0, 0))
                continue
            lowest = base + known_in
            self._count_step(10 - lowest)
            caps = (self._across_cap(UP, c, chosen), self._across_cap(DOWN, c, chosen))
            for v in range(lowest, 10):
                if test(head + v, k, length):
                    self._splits(c, chosen, prefix, k, length, v, v - lowest, available, caps)

    def _splits(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int, extra: int,
                available: int, caps: tuple[int, int]) -> None:
        """Each way the extra on cell c comes from the tile on its left, the tiles across, the tile on its right."""
        left_tile = c > 0 and self.layout[c - 1]
        must_take = available if left_tile and not (self.can_cross[UP][c - 1] or self.can_cross[DOWN][c - 1]) else 0
        right_tile = c + 1 < self.cols and self.layout[c + 1]
        cap_up, cap_down = caps
        for taken in range(must_take, min(available, extra) + 1):
            rest = extra - taken
            if rest > cap_up + cap_down and not right_tile:
                continue
            for up in range(min(rest, cap_up) + 1):
                if right_tile:
                    for down in range(min(rest - up, cap_down) + 1):
                        self._take(c, digits, prefix, k, length, v, available - taken, (up, down, rest - up - down))
                elif rest - up <= cap_down:
                    self._take(c, digits, prefix, k, length, v, available - taken, (up, rest - up, 0))

    def _across_cap(self, side: int, c: int, digits: Digits) -> int:
        """The most cell c may need from an open side: 0 if no tile can be there, else that tile's digit."""
        if not self.can_cross[side][c]:
            return 0
        if c > 0 and not self.layout[c - 1] and self.sent[side][c - 1][1]:
            return 0  # the cell on the left needs a tile across already: two tiles side by side
        cap = digits[self.across_region[side][c]] or 9
        sketches = self.filter_of[side]
        if sketches is not None:
            alive, masks = self.alive[side], sketches.cell[c]
            while cap and not alive & masks[cap]:
                cap -= 1
        return cap

    def _take(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int, leftover: int,
              needs: tuple[int, int, int]) -> None:
        """Put digit v in cell c with needs (up, down, right); the tile on its left sends leftover across."""
        if c > 0 and self.layout[c - 1]:
            for up, down in self._leftover_splits(c - 1, leftover):
                self._send(c - 1, up, down)
                self._place(c, digits, prefix, k, length, v, needs)
        else:
            self._place(c, digits, prefix, k, length, v, needs)

    def _place(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int,
               needs: tuple[int, int, int]) -> None:
        self._count_step()
        self.sent[UP][c] = (False, needs[UP])
        self.sent[DOWN][c] = (False, needs[DOWN])
        if self.filters:
            saved = self.alive[:]
            for s, f in self.filters:
                mask = self.alive[s] & f.cell[c][needs[s]]
                if c > 0 and self.layout[c - 1]:
                    mask &= f.tile[c - 1][self.sent[s][c - 1][1]]
                if not mask:
                    self.alive = saved
                    return
                self.alive[s] = mask
            self._digit(c, digits, prefix, k, length, v, needs)
            self.alive = saved
        else:
            self._digit(c, digits, prefix, k, length, v, needs)

    def _digit(self, c: int, digits: Digits, prefix: int, k: int, length: int, v: int,
               needs: tuple[int, int, int]) -> None:
        self.cells[c] = v
        number = prefix * 10 + v
        if k < length:
            self._column(c + 1, digits, needs[2], number)
        elif number not in self.numbers:
            self.numbers.append(number)
            self._column(c + 1, digits, needs[2], 0)
            self.numbers.pop()


def _runs(layout: Layout) -> tuple[tuple[int, ...], tuple[int, ...]]:
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
