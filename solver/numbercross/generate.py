"""New Number Cross puzzles: random regions and highlighted cells, a planted completed grid, then
clues from the clue language that are true of every number of their row, taken away one
condition at a time, in random order, for as long as the planted grid stays the only one.

What is left is minimal: for every condition still there, the puzzle without it has a second
completed grid (its witness, kept so that anyone can check it with ``check.solution_problem``).
Everything is a pure function of the arguments and the ``random.Random`` given; the caller's
``stop()`` is asked between steps and may raise to end the work.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.numbercross.check import solution_problem
from solver.numbercross.clues import Clue, Condition
from solver.numbercross.model import Cell, Grid, NumberCross, numbers, runs
from solver.numbercross.solve import solve

Stop = Callable[[], None]  # raises to end the work (a time bound); returns otherwise
Regions = tuple[tuple[int, ...], ...]

PLANT_TRIES = 20_000  # planted grids tried before giving up (most are dropped without a solve)
FIRST_CONDITIONS = 2  # per row, at most, before any is taken away: each costs a solve to try
HIGHLIGHTED_SHARE = 0.08  # of the cells
TILE_SHARE = 0.12  # of the cells, at most, tried as tiles: more tiles, more numbers a row, fewer shared traits
ANY = Clue(())
SMALLEST_MULTIPLE, MAX_MULTIPLE = 7, 999  # 'multiple of N': past 2, 3, 5 and 6, as short as published ones
RARE = ("square", "cube", "prime", "fibonacci", "palindrome", "triangular")  # the adjectives that tell much


class NoPuzzle(Exception):
    """No planted grid tried could be pinned down by true clues."""


@dataclass(frozen=True)
class Generated:
    """A new puzzle, its only completed grid, and for each condition left (row, its index in the
    row's clue) a second grid the puzzle has without it."""

    puzzle: NumberCross
    solution: Grid
    witnesses: dict[tuple[int, int], Grid]
    tries: int  # planted grids drawn before one was pinned down


def generate(rows: int, cols: int, rng: random.Random, stop: Stop = lambda: None) -> Generated:
    """A puzzle with exactly one completed grid and a minimal set of conditions."""
    for tries in range(1, PLANT_TRIES + 1):
        stop()
        planted = plant(rows, cols, rng)
        if planted is None:
            continue
        puzzle, grid = planted
        offered = [true_conditions(values) for values in _row_values(grid)]
        if not all(offered):
            continue  # a row with nothing telling to say leaves the search wide open: slow, and rarely unique
        clues = tuple(Clue(tuple(rng.sample(found, min(len(found), FIRST_CONDITIONS)))) for found in offered)
        clued = _pinned(replace(puzzle, clues=clues), grid, offered, rng, stop)
        if clued is None:
            continue
        thinned, witnesses = _thin(clued, grid, rng, stop)
        return Generated(thinned, grid, witnesses, tries)
    raise NoPuzzle(f"no {rows}x{cols} planted grid could be pinned down by true clues ({PLANT_TRIES} tries)")


# ---------------------------------------------------------------------------------------------
# The planted grid


def plant(rows: int, cols: int, rng: random.Random) -> tuple[NumberCross, Grid] | None:
    """Random regions, highlighted cells, region digits and tiles, and the completed grid they
    make (clues 'any'); None if the tiles drawn cannot share out their digits or a number repeats."""
    regions = random_regions(rows, cols, rng)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    highlighted = frozenset(rng.sample(cells, round(HIGHLIGHTED_SHARE * len(cells))))
    puzzle = NumberCross(rows, cols, regions, highlighted, tuple(ANY for _ in range(rows)))
    digit = _region_digits(puzzle, rng)
    if digit is None:
        return None
    values = {cell: digit[puzzle.region_of(cell)] for cell in cells}
    tiles = _tiles(puzzle, rng)
    if not _share_out(puzzle, values, tiles, rng):
        return None
    grid = tuple(tuple(None if (r, c) in tiles else values[(r, c)] for c in range(cols)) for r in range(rows))
    return (puzzle, grid) if solution_problem(puzzle, grid) is None else None


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


def _share_out(puzzle: NumberCross, values: dict[Cell, int], tiles: set[Cell], rng: random.Random) -> bool:
    """Add each tile's digit to its neighbours one unit at a time, at random, none past 9 and
    none highlighted or a tile; False if some tile's digit does not fit."""
    for tile in sorted(tiles):
        takers = [n for n in puzzle.neighbours(tile) if n not in tiles and n not in puzzle.highlighted]
        for _ in range(values[tile]):
            room = [n for n in takers if values[n] < 9]
            if not room:
                return False
            values[rng.choice(room)] += 1
    return True


# ---------------------------------------------------------------------------------------------
# Clues


def _row_values(grid: Grid) -> list[list[int]]:
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
    common = math.gcd(*values)
    divisors = [d for d in range(MAX_MULTIPLE, SMALLEST_MULTIPLE - 1, -1) if common % d == 0]
    if divisors:
        found.append(Condition("multiple", divisors[0]))
    for word, of in (("product", math.prod), ("sum", sum)):
        shared = {of(int(d) for d in str(v)) for v in values}
        if len(shared) == 1:
            found.append(Condition(word, shared.pop()))
    if all(Condition("self-divisible").holds(v) for v in values):
        found.append(Condition("self-divisible"))
    return found


def _pinned(puzzle: NumberCross, grid: Grid, offered: list[list[Condition]], rng: random.Random,
            stop: Stop) -> NumberCross | None:
    """The puzzle with offered conditions added, each one broken by a second grid the solver
    found, until the planted grid is the only one; None if a second grid keeps them all."""
    while True:
        stop()
        report = solve(puzzle, limit=2)
        others = [g for g in report.solutions if g != grid]
        if not others:
            return puzzle if report.solutions == (grid,) and report.complete else None
        rows = _row_values(others[0])
        breaking = [(r, c) for r, found in enumerate(offered) for c in found
                    if c not in puzzle.clues[r].conditions and not all(c.holds(v) for v in rows[r])]
        if not breaking:
            return None
        r, condition = rng.choice(breaking)
        clues = list(puzzle.clues)
        clues[r] = Clue((*clues[r].conditions, condition))
        puzzle = replace(puzzle, clues=tuple(clues))


def _thin(puzzle: NumberCross, grid: Grid, rng: random.Random,
          stop: Stop) -> tuple[NumberCross, dict[tuple[int, int], Grid]]:
    """Each condition in random order taken away unless a second grid then appears; (the
    puzzle left, a witness for each condition left)."""
    witness_of: dict[Condition | tuple[int, Condition], Grid] = {}
    order = [(r, condition) for r, clue in enumerate(puzzle.clues) for condition in clue.conditions]
    rng.shuffle(order)
    for r, condition in order:
        stop()
        weaker = _without(puzzle, r, condition)
        report = solve(weaker, limit=2)
        others = [g for g in report.solutions if g != grid]
        if others:
            witness_of[(r, condition)] = others[0]
        else:
            puzzle = weaker
    witnesses = {(r, i): witness_of[(r, condition)] for r, clue in enumerate(puzzle.clues)
                 for i, condition in enumerate(clue.conditions)}
    return puzzle, witnesses


def _without(puzzle: NumberCross, r: int, condition: Condition) -> NumberCross:
    clues = list(puzzle.clues)
    clues[r] = Clue(tuple(c for c in clues[r].conditions if c != condition))
    return replace(puzzle, clues=tuple(clues))
