"""Planted grids for new Number Cross puzzles: random regions, highlighted cells, region digits
and tiles whose digits are shared out at random, then the shares changed until every row's
numbers have something telling in common (a clue can only be written for such a row).

A random grid of 11x11 almost never has that by chance: its rows hold two or three numbers each,
and three random numbers seldom share a digit sum, a digit product or a divisor. So the shares,
which move units between the numbers beside a tile, are drawn again, one tile at a time, near a
row that has nothing in common, keeping each change that leaves no fewer rows telling (a small
local search). Everything is a pure function of the ``random.Random`` given.
"""

from __future__ import annotations

import math
import random

from solver.numbercross import strength
from solver.numbercross.check import solution_problem
from solver.numbercross.clues import Clue, Condition
from solver.numbercross.model import Cell, Grid, NumberCross, numbers, runs

Regions = tuple[tuple[int, ...], ...]
Shares = dict[Cell, dict[Cell, int]]  # tile -> {neighbour: the units of its digit that neighbour took}

HIGHLIGHTED_SHARE = 0.08  # of the cells
TILE_SHARE = 0.12  # of the cells, at most, tried as tiles: more tiles, more numbers a row, fewer shared traits
REPAIR_STEPS = 150  # per row: shares drawn again before the planted grid is given up
LIFT_SHARE = 0.25  # of changes of a row's own tile: lifted, if the row keeps another (fewer numbers, more shared)
BITS_PER_CELL = 1.0  # a good row's best true condition tells at least this many bits per column
MOST_BITS = 8.0  # and at least this many in all, whatever the width (wider rows rarely share more)
ANY = Clue(())
SMALLEST_MULTIPLE, MAX_MULTIPLE = 7, 999  # 'multiple of N': past 2, 3, 5 and 6, as short as published ones
RARE = ("square", "cube", "prime", "fibonacci", "palindrome", "triangular")  # the adjectives that tell much


def plant(rows: int, cols: int, rng: random.Random) -> tuple[NumberCross, Grid] | None:
    """Random regions, highlighted cells, region digits and tiles, and a completed grid they make
    whose every row has a telling condition (clues 'any' so far); None if no shares found make
    every row telling with no number twice. A tile whose neighbours have no room for its digit is
    left a plain cell."""
    regions = random_regions(rows, cols, rng)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    highlighted = frozenset(rng.sample(cells, round(HIGHLIGHTED_SHARE * len(cells))))
    puzzle = NumberCross(rows, cols, regions, highlighted, tuple(ANY for _ in range(rows)))
    digit = _region_digits(puzzle, rng)
    if digit is None:
        return None
    base = {cell: digit[puzzle.region_of(cell)] for cell in cells}
    tiles = _tiles(puzzle, rng)
    shares: Shares = {tile: {} for tile in sorted(tiles)}
    values = dict(base)
    for tile in list(shares):
        if not _share_out(puzzle, values, tiles, tile, shares, rng):
            _take_back(values, shares, tile)  # its neighbours are too full: a plain cell instead
            del shares[tile]
            tiles.discard(tile)
    grid = _repaired(puzzle, values, tiles, shares, rng)
    return (puzzle, grid) if grid is not None and solution_problem(puzzle, grid) is None else None


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


def _region_digits(puzzle: NumberCross, rng: random.Random) -> dict[int, int] | None:
    """A random digit per region, touching regions different; None if the greedy choice runs out."""
    touching: dict[int, set[int]] = {}
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            if puzzle.region_of(other) != puzzle.region_of(cell):
                touching.setdefault(puzzle.region_of(cell), set()).add(puzzle.region_of(other))
    digit: dict[int, int] = {}
    for region in dict.fromkeys(r for row in puzzle.regions for r in row):
        free = [d for d in range(1, 10) if all(digit.get(t) != d for t in touching.get(region, ()))]
        if not free:
            return None
        digit[region] = rng.choice(free)
    return digit


def _tiles(puzzle: NumberCross, rng: random.Random) -> set[Cell]:
    """Random tiles on cells not highlighted, no two touching, every run of a row 2 cells or more."""
    tiles: set[Cell] = set()
    candidates = [cell for cell in puzzle.cells() if cell not in puzzle.highlighted]
    rng.shuffle(candidates)
    for cell in candidates[: round(TILE_SHARE * len(puzzle.cells()))]:
        if any(n in tiles for n in puzzle.neighbours(cell)):
            continue
        row = tuple(None if (cell[0], c) in tiles or (cell[0], c) == cell else 1 for c in range(puzzle.cols))
        if all(last > first for first, last in runs(row)):
            tiles.add(cell)
    return tiles


def _share_out(puzzle: NumberCross, values: dict[Cell, int], tiles: set[Cell], tile: Cell, shares: Shares,
               rng: random.Random) -> bool:
    """Add the tile's digit to its neighbours one unit at a time, at random, none past 9 and none
    highlighted or a tile, noting each share; False if the digit does not fit."""
    takers = [n for n in puzzle.neighbours(tile) if n not in tiles and n not in puzzle.highlighted]
    for _ in range(values[tile]):
        room = [n for n in takers if values[n] < 9]
        if not room:
            return False
        taker = rng.choice(room)
        values[taker] += 1
        shares[tile][taker] = shares[tile].get(taker, 0) + 1
    return True


# ---------------------------------------------------------------------------------------------
# Every row telling


def _repaired(puzzle: NumberCross, values: dict[Cell, int], tiles: set[Cell], shares: Shares,
              rng: random.Random) -> Grid | None:
    """The grid once every row is good (see _row_scores), the shares of tiles beside rows that
    are not drawn again one tile at a time (a change is kept unless fewer rows are then good,
    or as many telling fewer bits); None if REPAIR_STEPS per row are not enough."""
    grid = _grid(puzzle, values, tiles)
    least = min(BITS_PER_CELL * puzzle.cols, MOST_BITS)
    score = _row_scores(grid, least)
    for _ in range(REPAIR_STEPS * puzzle.rows):
        bad = [r for r, (ok, _) in enumerate(score) if not ok]
        if not bad:
            return grid
        r = rng.choice(bad)
        near = [t for t in shares if abs(t[0] - r) <= 1 and any(n[0] == r for n in puzzle.neighbours(t))]
        if not near:
            return None  # nothing can change this row's numbers
        tile = rng.choice(near)
        before = dict(shares[tile])
        _take_back(values, shares, tile)
        lifted = tile[0] == r and sum(t[0] == r for t in tiles) > 1 and rng.random() < LIFT_SHARE
        if lifted:
            tiles.discard(tile)
        if lifted or _share_out(puzzle, values, tiles, tile, shares, rng):
            trial = _grid(puzzle, values, tiles)
            trial_score = _row_scores(trial, least)
            if _total(trial_score) >= _total(score):
                grid, score = trial, trial_score
                if lifted:
                    del shares[tile]
                continue
        tiles.add(tile)
        _take_back(values, shares, tile)
        for taker, units in before.items():
            values[taker] += units
        shares[tile] = before
    return None


def _total(score: list[tuple[bool, float]]) -> tuple[int, float]:
    return sum(ok for ok, _ in score), sum(bits for _, bits in score)


def _take_back(values: dict[Cell, int], shares: Shares, tile: Cell) -> None:
    for taker, units in shares[tile].items():
        values[taker] -= units
    shares[tile] = {}


def _grid(puzzle: NumberCross, values: dict[Cell, int], tiles: set[Cell]) -> Grid:
    return tuple(tuple(None if (r, c) in tiles else values[(r, c)] for c in range(puzzle.cols))
                 for r in range(puzzle.rows))


def _row_scores(grid: Grid, least: float) -> list[tuple[bool, float]]:
    """Per row: whether it is good (a true condition telling at least `least` bits, no number
    used twice in the grid), and the bits its best condition tells (up to `least`)."""
    seen: dict[int, int] = {}
    for p in numbers(grid):
        seen[p.value] = seen.get(p.value, 0) + 1
    out = []
    for values in row_values(grid):
        told = min(least, max((strength.bits(c, values) for c in true_conditions(values)), default=0.0))
        out.append((told >= least and all(seen[v] == 1 for v in values), told))
    return out


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
    for word, of in (("product", math.prod), ("sum", sum)):
        shared = {of(int(d) for d in str(v)) for v in values}
        if len(shared) == 1:
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
