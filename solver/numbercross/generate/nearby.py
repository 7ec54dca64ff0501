"""Second grids close to a planted one: the search with every row outside a band (a few rows)
held to the planted row's numbers, so that only the band is free.

A second grid of a generated puzzle most often differs from the planted grid in a few rows: next
to each other (around a row whose condition was taken away, or at the bottom), or that row and
one sharing a region with it. The whole search
may spend millions of steps elsewhere before it reaches such a grid, or never; held rows have a
handful of ways each, so a band search takes thousands. Finding nothing in a band proves nothing
about the rest of the grid: a band search only ever finds a witness, never a proof of uniqueness.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from solver.numbercross.generate.plant import row_values
from solver.numbercross.rules.clues import remembering
from solver.numbercross.rules.model import Grid, NumberCross
from solver.numbercross.search import frame, view_grids
from solver.numbercross.walk.rows import OverBudget

Tester = Callable[[int, int, int], bool]

BAND_STEPS = 100_000  # steps of one band's search
BAND_WIDTH = 3  # rows free in a band


def held_to(values: list[int]) -> Tester:
    """A row tester that lets through only the prefixes of these numbers (digits are 1-9, so a
    prefix and the number's length say how far into it the walk is)."""
    prefixes = {(int(str(v)[:k]), len(str(v))) for v in values for k in range(1, len(str(v)) + 1)}
    return remembering(lambda prefix, k, length: (prefix, length) in prefixes)


def other_in_bands(puzzle: NumberCross, planted: Grid, bands: Sequence[Collection[int]],
                   steps: int = BAND_STEPS) -> tuple[Grid, dict[int, int]] | None:
    """A completed grid other than the planted one that differs from it only in the numbers of
    the rows of one band (the first band that has one, each searched for at most `steps` steps),
    with its region digits; None if no band search finds one."""
    view = frame(puzzle)
    held = [held_to(values) for values in row_values(planted)]
    for band in bands:
        testers = tuple(test if r in band else held[r] for r, test in enumerate(view.testers))
        try:
            for grid, region_digits in view_grids(replace(view, testers=testers), steps):
                if grid != planted:
                    return grid, region_digits
        except OverBudget:
            continue
    return None


def band_around(rows: int, r: int, width: int = BAND_WIDTH) -> range:
    """The band of `width` rows centred on row r, moved inside the grid."""
    low = min(max(0, r - width // 2), max(0, rows - width))
    return range(low, min(rows, low + width))


def around(rows: int, r: int) -> list[Collection[int]]:
    """The bands to search first when row r's condition is taken away: the band centred on it,
    then row r with each other row, the nearest first. A second grid may change a region's
    digit, and with it a row far away (it differed in rows 6 and 10, or 2 and 6, in two checks of
    an 11x11 that the whole search left undecided after 400,000 steps)."""
    others = sorted((s for s in range(rows) if s != r), key=lambda s: (abs(s - r), s))
    return [band_around(rows, r), *(frozenset((r, s)) for s in others)]


def every_band(rows: int, width: int = BAND_WIDTH) -> list[range]:
    """Every band of `width` rows, the bottom one first (a second grid most often differs near the bottom)."""
    return [range(low, min(rows, low + width)) for low in range(max(0, rows - width), -1, -1)]
