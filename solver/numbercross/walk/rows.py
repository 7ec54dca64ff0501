"""Filling one row of a Number Cross: every way its tiles, additions and digits can go, given
the edges its filled neighbours left and the sketches of the rows still open beside it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solver.numbercross.walk import compiled, sketch
from solver.numbercross.walk.layouts import fitting
from solver.numbercross.walk.rowtypes import (
    DOWN,
    UNLIMITED,
    UP,
    Digits,
    Edge,
    Placement,
    PuzzleView,
    Way,
)

FIRST_WAYS = 256  # ways of a row listed at first (a grid of one-cell regions reads few of each row's)
SECOND_WAYS = 4_096  # then at least this many (Number Cross 5 reads up to 1,886 in one context), then twice as many


class OverBudget(Exception):
    """Counting a row's ways took more steps than allowed."""


class Enough(Exception):
    """The walk has found as many ways as were asked for."""


def row_ways(view: PuzzleView, r: int, above: Edge | None, below: Edge | None, open_up: bool, open_down: bool,
             digits: Digits, budget: int | None = None,
             filters: tuple[sketch.Filter | None, sketch.Filter | None] = (None, None)) -> dict[Way, None]:
    """Every way to fill row r given the edges of its filled neighbours and which sides are still open,
    as dict keys in the order the walk finds them (the same order every time); OverBudget past budget steps.

    filters: for an open side, the sketches of the row across (None: no pruning from it)."""
    out: dict[Way, None] = {}
    _walk(view, r, (above, below), (open_up, open_down), digits, budget, filters, out, UNLIMITED)
    return out


def first_ways(view: PuzzleView, r: int, above: Edge | None, below: Edge | None, open_up: bool, open_down: bool,
               digits: Digits, most: int, filters: tuple[sketch.Filter | None, sketch.Filter | None],
               steps: list[int] | None = None) -> tuple[dict[Way, None], bool]:
    """(the first `most` ways the walk finds, or every way if there are fewer; whether that is every way);
    OverBudget once `steps`, a budget shared with the rest of a search ([steps left]), is spent."""
    out: dict[Way, None] = {}
    try:
        _walk(view, r, (above, below), (open_up, open_down), digits, None, filters, out, most, steps)
    except Enough:
        return out, False
    return out, True


def _walk(view: PuzzleView, r: int, known: tuple[Edge | None, Edge | None], open_sides: tuple[bool, bool],
          digits: Digits, budget: int | None, filters: tuple[sketch.Filter | None, sketch.Filter | None],
          out: dict[Way, None], most: int, shared: list[int] | None = None) -> None:
    """Add the ways of row r to out, in walk order; OverBudget past budget steps (or once the shared
    steps are spent), Enough at `most` ways."""
    steps = shared if shared is not None else [budget if budget is not None else UNLIMITED]
    setting = RowSetting(view, r, known, open_sides, filters)
    placements = fitting(view.layouts[r], *known)
    if compiled.usable(setting.cols):
        ended = compiled.fill(setting, placements, digits, steps, most, out)
        if ended is not None:
            raise {"over budget": OverBudget, "enough": Enough}[ended]
        return
    for placement in placements:
        RowFill(setting, placement, steps, most).fill(digits, out)


class RowWays:
    """A row's ways in one context, listed only as far as the search reads them.

    The first listing stops at FIRST_WAYS ways, the next at SECOND_WAYS, each further one at twice
    as many (each walks the row again from its start and finds the same ways first, so all the
    listings together cost at most about twice the last). A row with millions of ways, as in a grid
    of one-cell regions, is never listed whole when the search stops early."""

    def __init__(self, list_ways: Callable[[int], tuple[dict[Way, None], bool]], known: list[Way] | None = None):
        self._list_ways = list_ways
        self.known = known or []  # the first ways in walk order
        self.complete = known is not None  # every way is known
        self._most = FIRST_WAYS

    @classmethod
    def every(cls, ways: dict[Way, None]) -> RowWays:
        """The ways of a row already listed whole."""
        return cls(lambda most: (ways, True), list(ways))

    def __iter__(self) -> Iterator[Way]:
        i = 0
        while True:
            while i == len(self.known) and not self.complete:
                found, self.complete = self._list_ways(self._most)
                self.known = list(found)
                self._most = max(2 * self._most, SECOND_WAYS)
            if i == len(self.known):
                return
            yield self.known[i]
            i += 1


class RowSetting:
    """What every tile layout of one row shares while the row is filled."""

    def __init__(self, view: PuzzleView, r: int, known: tuple[Edge | None, Edge | None], open_sides: tuple[bool, bool],
                 filters: tuple[sketch.Filter | None, sketch.Filter | None]):
        puzzle = view.puzzle
        self.view, self.known, self.open = view, known, open_sides
        self.filters = [(s, f) for s, f in zip((UP, DOWN), filters, strict=True) if f is not None]
        self.filter_of = filters
        self.cols, self.can_start = puzzle.cols, view.testers[r]
        self.region, self.lit = view.region[r], view.lit[r]
        self.own_regions = sorted(view.row_regions[r])  # the only regions filling this row gives a digit
        across = (r - 1, r + 1)
        self.across_region = tuple(view.region[a] if 0 <= a < puzzle.rows else None for a in across)
        # per side and column: may an amount cross between (r, c) and the open row on that side?
        self.can_cross = tuple(tuple(not lit for lit in view.lit[across[s]]) if open_sides[s] else (False,) * self.cols
                               for s in (UP, DOWN))
        self.known_in = _known_in(known, self.cols)


def _known_in(known: tuple[Edge | None, Edge | None], cols: int) -> tuple[int, ...]:
    """Per column: what the tiles of the filled rows beside send into it."""
    total = [0] * cols
    for edge in known:
        if edge is not None:
            for c, (tile, amount) in enumerate(edge):
                if tile:
                    total[c] += amount
    return tuple(total)


class RowFill(RowSetting):
    """Filling one row for one tile layout: a depth-first walk over its columns."""

    def __init__(self, setting: RowSetting, placement: Placement, steps: list[int], most: int):
        # The row's setting, shared rather than rebuilt for each layout; its attributes sit on self
        # so the walk's hot loops read them with one lookup.
        vars(self).update(vars(setting))
        self.layout, self.run_start, self.run_length = placement[:3]
        self.steps, self.most = steps, most
        self.alive = [f.everything if f is not None else 0 for f in self.filter_of]

    def fill(self, digits: Digits, out: dict[Way, None]) -> None:
        self.out, self.start_digits = out, digits
        self.cells: list[int | None] = [None] * self.cols
        self.sent: list[list[tuple[bool, int]]] = [[(False, 0)] * self.cols for _ in (UP, DOWN)]
        self.numbers: list[int] = []
        self._column(0, digits, 0, 0)

    def _count_step(self, steps: int = 1) -> None:
        self.steps[0] -= steps
        if self.steps[0] <= 0:
            raise OverBudget

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
        start = self.start_digits
        assigned = tuple((k, digits[k]) for k in self.own_regions if digits[k] != start[k])
        self.out[(tuple(self.cells), edges[UP], edges[DOWN], assigned, tuple(self.numbers))] = None
        if len(self.out) == self.most:
            raise Enough

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
        regions_across = self.across_region[side]
        if regions_across is None or not self.can_cross[side][c]:
            return 0
        if c > 0 and not self.layout[c - 1] and self.sent[side][c - 1][1]:
            return 0  # the cell on the left needs a tile across already: two tiles side by side
        cap = digits[regions_across[c]] or 9
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


