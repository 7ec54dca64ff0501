"""Planted grids for new Number Cross puzzles, made to fit natural clues: random regions,
highlighted cells and a few tile layouts per row, then the rows filled top to bottom, each with a clue chosen
first (``product of digits is 20``, ``square``, ``palindrome``, ...) and a random way of the row
that keeps it (``shuffled.random_way``), going back a row when no clue can be kept.

Clues are drawn from the kinds the published puzzles use and that tell the search much early:
a digit product constrains every digit, and the sequences (square, fibonacci, ...) have few
members of each length. A digit sum is never chosen: moving units of a tile's digit among the
cells of one number keeps it, so rows clued so are ambiguous. The strongest clues for the row's
number lengths are tried first (with some noise, for variety), and weaker ones the published
puzzle also uses (prime, multiple of 13) only where none fits. Everything is a pure function of
the ``random.Random`` given; the walks are bounded by steps, not seconds.

A planting keeps how each row was planted (``Planting``), so that the rows from any one down can
be planted again (``replanted``); its puzzle highlights every quiet cell besides those drawn, and
its last row is the only way under the row above (no row below pins it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.numbercross.generate import strength
from solver.numbercross.generate.shuffled import random_way
from solver.numbercross.rules import arith
from solver.numbercross.rules.check import solution_problem
from solver.numbercross.rules.clues import Clue, Condition
from solver.numbercross.rules.model import Cell, Grid, NumberCross, Row, numbers
from solver.numbercross.search import frame, region_graph
from solver.numbercross.walk.rows import OverBudget, row_ways
from solver.numbercross.walk.rowtypes import Digits, Edge, Placement, PuzzleView, with_assigned

Regions = tuple[tuple[int, ...], ...]

HIGHLIGHTED_SHARE = 0.08  # of the cells
LONGEST_NUMBER = 5  # tile layouts whose numbers are at most this long (the published ones: 2-5 digits)
LAYOUTS_PER_ROW = 16  # random tile layouts a row's walk may choose among (one alone: most rows fit no clue)
ROW_STEPS = 20_000  # steps of one row's random walk before that clue is given up for this row
LAST_ROW_STEPS = 100_000  # steps of listing every way of the last row (no clue) to choose one that stands alone
PLANT_WALKS = 2_000  # row walks tried for one planted grid before it is given up
NOISE_BITS = 10.0  # clues are tried strongest first, their bits blurred by up to this much
SMALLEST_MULTIPLE, MAX_MULTIPLE = 7, 99  # 'multiple of N': past 2, 3, 5 and 6, as short as published ones (13, 32)
MAX_PRODUCT = 2025  # 'product of digits is N' up to the largest published N: 279936 reads as a code, not a clue
ANY = Clue(())
RARE = ("square", "cube", "prime", "fibonacci", "palindrome", "triangular")  # the adjectives that tell much
LARGEST_CHOSEN_PRODUCT = 144  # planted products; the published ones go up to MAX_PRODUCT
CHOSEN = tuple(Condition(word) for word in ("square", "cube", "fibonacci", "palindrome", "triangular")) + tuple(
    Condition("product", n) for n in range(6, LARGEST_CHOSEN_PRODUCT + 1)
    if arith.fewest_digits_with_product(n) is not None)
# Tried only when no condition of CHOSEN fits a row: weaker ones the published puzzle also uses
# (prime, divisible by each of its digits, multiple of 13 or 32). They reject a partial number
# late or never, so a row clued so has more ways; multiples of 3 are left out, being partly a
# digit sum (which moving units within a number keeps).
FALLBACK = (Condition("prime"), Condition("self-divisible")) + tuple(
    Condition("multiple", n) for n in range(11, MAX_MULTIPLE + 1) if n % 3)
PLANTED = frozenset(CHOSEN + FALLBACK)  # the conditions a row may be planted for


@dataclass(frozen=True)
class PlantedRow:
    """One planted row and what it was planted under, so that the rows can be planted again from it down."""

    row: Row
    clue: Clue
    above: Edge | None  # the edge the row above left it (None for the top row)
    before: Digits  # the region digits chosen above it (0: not yet)
    used: frozenset[int]  # the numbers used above it
    after: Digits  # the region digits once it is filled


@dataclass(frozen=True)
class Planting:
    """A planted grid as it was made: the puzzle it started from (regions, the highlighted cells
    drawn, no clues) and its rows top to bottom.

    Its puzzle highlights, besides the cells drawn, every quiet cell: not a tile, and given
    nothing by a tile (its digit is its region's). That keeps the planted grid and takes from
    every other grid the freedom to put a tile there or to add to it, which most second grids
    use (a tile moved, its digit shared out another way)."""

    start: NumberCross
    rows: tuple[PlantedRow, ...]

    def grid(self) -> Grid:
        return tuple(planted.row for planted in self.rows)

    def puzzle(self) -> NumberCross:
        return replace(self.start, highlighted=self.start.highlighted | self.quiet(len(self.rows)),
                       clues=tuple(planted.clue for planted in self.rows))

    def quiet(self, above: int) -> frozenset[Cell]:
        """The quiet cells of the rows above row `above`."""
        digits, region = self.rows[-1].after, region_graph(self.start)[0]
        return frozenset((r, c) for r, planted in enumerate(self.rows[:above]) for c, value in enumerate(planted.row)
                         if value is not None and value == digits[region[r][c]])


def plant(rows: int, cols: int, rng: random.Random,
          stop: Callable[[], None] = lambda: None) -> tuple[NumberCross, Grid] | None:
    """A planted puzzle and its grid (see ``planting``); None if the rows could not be filled."""
    made = planting(rows, cols, rng, stop)
    return None if made is None else (made.puzzle(), made.grid())


def planting(rows: int, cols: int, rng: random.Random, stop: Callable[[], None] = lambda: None) -> Planting | None:
    """Random regions and highlighted cells, a clue of one condition per row and a completed grid
    that keeps them all; None if the rows could not be filled within PLANT_WALKS row walks.
    stop() is asked before each row walk and may raise to end the work."""
    regions = random_regions(rows, cols, rng)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    highlighted = frozenset(rng.sample(cells, round(HIGHLIGHTED_SHARE * len(cells))))
    start = NumberCross(rows, cols, regions, highlighted, tuple(ANY for _ in range(rows)))
    return _planted_from(start, (), 0, None, (0,) * len(region_graph(start)[1]), frozenset(), rng, stop)


def replanted(made: Planting, r: int, rng: random.Random, stop: Callable[[], None] = lambda: None) -> Planting | None:
    """The planting with rows r.. planted again under the rows above (kept, their quiet cells
    highlighted); None if they could not be filled."""
    kept = made.rows[:r]
    start = replace(made.start, highlighted=made.start.highlighted | made.quiet(r))
    first = made.rows[r]
    planted = _planted_from(start, kept, r, first.above, first.before, first.used, rng, stop)
    return None if planted is None else replace(planted, start=made.start)


def _planted_from(start: NumberCross, kept: tuple[PlantedRow, ...], r: int, above: Edge | None, digits: Digits,
                  used: frozenset[int], rng: random.Random, stop: Callable[[], None]) -> Planting | None:
    view = _with_random_layouts(frame(start), rng)
    if view is None:
        return None
    filled = _fill(view, r, above, digits, used, rng, [PLANT_WALKS], stop)
    if filled is None:
        return None
    made = Planting(start, kept + tuple(filled))
    return made if solution_problem(made.puzzle(), made.grid()) is None else None


def _with_random_layouts(view: PuzzleView, rng: random.Random) -> PuzzleView | None:
    """The view with up to LAYOUTS_PER_ROW random tile layouts per row, numbers of at most
    LONGEST_NUMBER digits, in random order; None if a row has no such layout. (The walk picks
    one that has no tile below a tile of the row above.)"""
    chosen: list[tuple[Placement, ...]] = []
    for placements in view.layouts:
        fits = [p for p in placements if max(p[2]) <= LONGEST_NUMBER]
        if not fits:
            return None
        chosen.append(tuple(rng.sample(fits, min(LAYOUTS_PER_ROW, len(fits)))))
    return replace(view, layouts=tuple(chosen))


def _fill(view: PuzzleView, r: int, above: Edge | None, digits: Digits, used: frozenset[int], rng: random.Random,
          walks: list[int], stop: Callable[[], None]) -> list[PlantedRow] | None:
    """Rows r.. filled under the edge of row r-1, each with a clue it keeps and no number used
    twice: a clue, a random way of the row that keeps it, then the rows below (another clue if
    they cannot be filled); None if none works or the walks run out. The last row must be the
    only way to fill it under the row above with every condition true of its numbers
    (``_lone_last_row``)."""
    if r == len(view.region):
        return []
    if r == len(view.region) - 1:
        stop()
        alone = _lone_last_row(view, r, above, digits, used, rng)
        return None if alone is None else [alone]
    for condition in _clues_to_try(view, r, rng):
        if walks[0] <= 0:
            return None
        walks[0] -= 1
        stop()
        clue = Clue((condition,))
        testers = view.testers[:r] + (clue.tester(),) + view.testers[r + 1:]
        way = random_way(replace(view, testers=testers), r, above, digits, rng, ROW_STEPS)
        if way is None or used.intersection(way[4]):
            continue
        row, _, down, assigned, made = way
        chosen = with_assigned(digits, assigned)
        rest = _fill(view, r + 1, down, chosen, used.union(made), rng, walks, stop)
        if rest is not None:
            return [PlantedRow(row, clue, above, digits, used, chosen), *rest]
    return None


def _lone_last_row(view: PuzzleView, r: int, above: Edge | None, digits: Digits, used: frozenset[int],
                   rng: random.Random) -> PlantedRow | None:
    """A last row that is the only way to fill it under the row above, chosen from a listing of
    every way (every layout, no clue): one whose numbers share a condition a row may be planted
    for (the strongest is its clue) and have at most LONGEST_NUMBER digits, and that no other way
    matches once its quiet cells are highlighted and every condition true of its numbers is kept.
    None if the listing takes more than LAST_ROW_STEPS or no way stands alone.

    One listing answers for every candidate, where planting by clue walks the row once per clue
    and lists it again per candidate to see that it stands alone."""
    try:
        ways = list(row_ways(frame(view.puzzle), r, above, None, False, False, digits, LAST_ROW_STEPS))
    except OverBudget:
        return None
    rng.shuffle(ways)
    region = view.region[r]
    for row, _, _, assigned, made in ways:
        every = true_conditions(list(made))
        conditions = [c for c in every if c in PLANTED]
        if not conditions or used.intersection(made) or max(made) >= 10 ** LONGEST_NUMBER:
            continue  # its numbers as long as the published ones; its rivals may be longer
        after = with_assigned(digits, assigned)
        quiet = [c for c, value in enumerate(row) if value is not None and value == after[region[c]]]
        if all(other == row for other, _, _, chosen, numbers in ways
               if _keeps(other, with_assigned(digits, chosen), region, quiet) and all(
                   c.holds(v) for c in every for v in numbers)):
            strongest = max(conditions, key=lambda c: strength.bits(c, list(made)))
            return PlantedRow(row, Clue((strongest,)), above, digits, used, after)
    return None


def _keeps(row: Row, digits: Digits, region: tuple[int, ...], quiet: list[int]) -> bool:
    """Whether a way of the row has, at each of these cells, no tile and its region's digit (as if
    they were highlighted)."""
    return all(row[c] is not None and row[c] == digits[region[c]] for c in quiet)


def _clues_to_try(view: PuzzleView, r: int, rng: random.Random) -> list[Condition]:
    """The conditions of CHOSEN some number of each of row r's lengths can keep, strongest first
    (the bits they tell about the row's numbers, blurred by up to NOISE_BITS), then those of FALLBACK
    alike. Lengths are those of the row's first tile layout."""
    placement = view.layouts[r][0]
    lengths = [length for c, length in enumerate(placement[2]) if length and placement[1][c] == c]

    def bits(condition: Condition) -> float:
        return sum(-math.log2(strength.share(condition, length)) for length in lengths)

    def strongest_first(conditions: tuple[Condition, ...]) -> list[Condition]:
        possible = [c for c in conditions if all(strength.share(c, n) > 9.0 ** -n for n in lengths)]
        return sorted(possible, key=lambda c: -(bits(c) + NOISE_BITS * rng.random()))

    return strongest_first(CHOSEN) + strongest_first(FALLBACK)


def random_regions(rows: int, cols: int, rng: random.Random) -> Regions:
    """The grid cut into about max(rows, cols) 4-connected regions grown at random from the first
    free cell in reading order."""
    region_at: dict[Cell, int] = {}
    mean = max(2, rows * cols // max(rows, cols, 3))
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in region_at:
            continue
        region, size = len(set(region_at.values())), rng.randint(max(1, mean // 2), mean * 3 // 2)
        region_at[start], members = region, [start]
        frontier = _free_around(start, region_at, rows, cols)
        while len(members) < size and frontier:
            cell = frontier.pop(rng.randrange(len(frontier)))
            if cell not in region_at:
                region_at[cell] = region
                members.append(cell)
                frontier += _free_around(cell, region_at, rows, cols)
    return tuple(tuple(region_at[(r, c)] for c in range(cols)) for r in range(rows))


def _free_around(cell: Cell, region_at: dict[Cell, int], rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(i, j) for i, j in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
            if 0 <= i < rows and 0 <= j < cols and (i, j) not in region_at]


def row_values(grid: Grid) -> list[list[int]]:
    """The numbers of each row, left to right."""
    found: list[list[int]] = [[] for _ in grid]
    for placed in numbers(grid):
        found[placed.row].append(placed.value)
    return found


def true_conditions(values: list[int]) -> list[Condition]:
    """The telling conditions that hold for all the numbers of a row, each in a simple form: the
    rarer adjectives (not odd or even), a multiple of the largest divisor of their greatest
    common divisor from 7 to 999 (a larger N is unlike the published clues, and the solver's
    test of a partial number against it grows as 9 to the power of its digits), a shared
    product or sum of digits, divisible by each of its digits. Each costs a solve to try taking
    away, so the weak ones are never offered."""
    found = [Condition(word) for word in RARE if all(Condition(word).holds(v) for v in values)]
    divisor = _largest_divisor(math.gcd(*values))
    if divisor is not None:
        found.append(Condition("multiple", divisor))
    for word, of, most in (("product", math.prod, MAX_PRODUCT), ("sum", sum, None)):
        shared = {of(int(d) for d in str(v)) for v in values}
        if len(shared) == 1 and (most is None or shared <= set(range(most + 1))):
            found.append(Condition(word, shared.pop()))
    if all(Condition("self-divisible").holds(v) for v in values):
        found.append(Condition("self-divisible"))
    return found


def _largest_divisor(common: int) -> int | None:
    """The largest divisor of common from SMALLEST_MULTIPLE to MAX_MULTIPLE, or None."""
    if common < SMALLEST_MULTIPLE:
        return None
    if common <= MAX_MULTIPLE:
        return common
    return next((d for d in range(MAX_MULTIPLE, SMALLEST_MULTIPLE - 1, -1) if common % d == 0), None)
