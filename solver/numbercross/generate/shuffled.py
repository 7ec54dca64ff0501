"""One row of a Number Cross filled at random, for planting new grids: the search's row walk
(``rows``) with its choices shuffled, stopped at the first way it finds.

The walk tries region digits and cell values in an order drawn from the ``random.Random`` given,
so its first way is a random one among those the row's clue allows. Rows are planted top to
bottom, so the row below is still open: a tile may send part of its digit down, and a cell may
need something from a tile below. The row below's tile layouts are drawn in advance (a few of
its many), and a filter made from them (``below``), one sketch per layout, keeps those amounts to
what that row can give and take with one of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solver.numbercross.walk import compiled, sketch
from solver.numbercross.walk.layouts import fitting
from solver.numbercross.walk.rows import Enough, OverBudget, RowFill, RowSetting
from solver.numbercross.walk.rowtypes import DOWN, UP, Digits, Edge, PuzzleView, Way


def random_way(view: PuzzleView, r: int, above: Edge | None, digits: Digits, rng: random.Random,
               budget: int) -> Way | None:
    """A random way to fill row r under the filled row above (its edge; None for the top row), the
    row below open if there is one; None if the walk finds none within `budget` steps. The view
    holds the few tile layouts each row may have; they are tried in random order."""
    open_down = r + 1 < len(view.region)
    steps = [budget]
    placements = fitting(view.layouts[r], above)
    rng.shuffle(placements)
    if compiled.usable(view.puzzle.cols):  # the compiled walk makes the filter of the row below itself
        first: dict[Way, None] = {}
        below_row = (view.region[r + 1], view.layouts[r + 1], view.lit[r + 1]) if open_down else None
        ended = compiled.fill(RowSetting(view, r, (above, None), (False, open_down), (None, None)), placements,
                              digits, steps, 1, first, rng, below_row)
        return next(iter(first)) if ended == "enough" else None
    below = _below(view, r + 1, digits) if open_down else None
    setting = RowSetting(view, r, (above, None), (False, open_down), (None, below))
    for placement in placements:
        out: dict[Way, None] = {}
        try:
            _ShuffledFill(setting, placement, steps, rng, r).fill(digits, out)
        except Enough:
            return next(iter(out))
        except OverBudget:
            return None
    return None


def _below(view: PuzzleView, s: int, digits: Digits) -> sketch.Filter:
    """What row s (not filled yet) can take and give, as a filter with one sketch per tile layout
    it may have: a cell there takes what its region's digit leaves room for (8 if not chosen yet,
    nothing if highlighted), a tile there gives at most its region's digit."""
    placements = view.layouts[s]
    everything = (1 << len(placements)) - 1
    tile, cell = [], []
    for c, k in enumerate(view.region[s]):
        tiles_here = sum(1 << i for i, placement in enumerate(placements) if placement[3] >> c & 1)
        cells_here = everything & ~tiles_here
        d = digits[k]
        room = 0 if view.lit[s][c] else (9 - d if d else 8)
        tile.append(tuple(cells_here if a <= room else 0 for a in range(10)))
        cell.append((everything, *(tiles_here if a <= (d or 9) else 0 for a in range(1, 10))))
    return sketch.Filter(everything, tuple(tile), tuple(cell), ())


class _ShuffledFill(RowFill):
    """The row walk with region digits and cell values tried in random order, and what a tile
    sends down kept to what the cell below has room for once its region's digit is known."""

    def __init__(self, setting: RowSetting, placement, steps: list[int], rng: random.Random, r: int):
        super().__init__(setting, placement, steps, 1)
        regions = setting.view.region
        self.rng = rng
        self.below = regions[r + 1] if r + 1 < len(regions) else None  # the region indices of the row below
        self.now: Digits = ()

    def _choices(self, c: int, digits: Digits) -> Iterator[tuple[int, Digits]]:
        choices = list(super()._choices(c, digits))
        self.rng.shuffle(choices)
        return iter(choices)

    def _cell(self, c: int, digits: Digits, carry: int, prefix: int) -> None:
        # rows.RowFill._cell with the values tried in random order instead of from the lowest up
        known_in = self.known_in[c]
        available = carry if c > 0 and self.layout[c - 1] else 0
        k, length = c - self.run_start[c] + 1, self.run_length[c]
        d = digits[self.region[c]]
        for base, chosen in ((d, digits),) if d else self._choices(c, digits):
            if self.lit[c]:
                if not known_in and self.can_start(prefix * 10 + base, k, length):
                    self._take(c, chosen, prefix, k, length, base, available, (0, 0, 0))
                continue
            lowest = base + known_in
            self._count_step(10 - lowest)
            caps = (self._across_cap(UP, c, chosen), self._across_cap(DOWN, c, chosen))
            values = list(range(lowest, 10))
            self.rng.shuffle(values)
            for v in values:
                if self.can_start(prefix * 10 + v, k, length):
                    self._splits(c, chosen, prefix, k, length, v, v - lowest, available, caps)

    def _take(self, c: int, digits: Digits, *rest) -> None:
        self.now = digits
        super()._take(c, digits, *rest)

    def _finish(self, digits: Digits, carry: int) -> None:
        self.now = digits
        super()._finish(digits, carry)

    def _leftover_splits(self, c: int, leftover: int) -> Iterator[tuple[int, int]]:
        room = 0
        if self.below is not None:
            d = self.now[self.below[c]]
            room = 9 - d if d else 8
        return ((up, down) for up, down in super()._leftover_splits(c, leftover) if down <= room)

