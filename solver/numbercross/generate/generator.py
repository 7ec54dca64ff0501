"""New Number Cross puzzles: a planted completed grid made to fit a natural clue per row (see
``plant``), then clues from the clue language that are true of every number of their row, taken
away one condition at a time, in random order, for as long as the planted grid stays the only one.

First the planted grid is repaired: while a second grid keeps every condition true of the planted
rows, the rows from the first where the two differ are planted again under the rows above (a
second grid most often differs in a few rows at the bottom, and the rows above settle).

A second grid is looked for first in bands of a few rows, every other row held to its planted
numbers (``nearby``), then by the whole search: most second grids differ from the planted one in
a few rows, which a band search finds in thousands of steps.

Each row starts with the clue it was planted for, and the strongest other true conditions (the
most bits, see ``strength``) are added while a second grid keeps them, so the first proof of
uniqueness is cheap: each row has few ways. Each check looks for a completed grid other than
the planted one and is bounded by a number of search steps: past it, the check is made again at
once with a larger bound. A planted grid that still cannot be settled, or that even all its true
conditions leave open, is dropped for another: a grid hard to pin down costs a bounded amount of
work rather than minutes.

What is left is minimal: for every condition still there, the puzzle without it has a second
completed grid (its witness, kept so that anyone can check it with ``check.solution_problem``),
or is one that ``keeps`` refuses (harder than a difficulty asked for: such conditions are
``kept`` and have no witness).
Everything is a pure function of the arguments and the ``random.Random`` given (the bounds count
search steps, not seconds); the caller's ``stop()`` is asked between steps and may raise to end
the work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from solver.numbercross.generate import strength
from solver.numbercross.generate.nearby import BAND_STEPS, around, every_band, other_in_bands
from solver.numbercross.generate.plant import Planting, planting, replanted, row_values, true_conditions
from solver.numbercross.rules.check import solution_problem
from solver.numbercross.rules.clues import Clue, Condition
from solver.numbercross.rules.model import Grid, NumberCross
from solver.numbercross.search import first_end, grids
from solver.numbercross.walk.rows import OverBudget

Stop = Callable[[], None]  # raises to end the work (a time bound); returns otherwise
Keeps = Callable[[NumberCross], bool]  # a puzzle with one completed grid -> may its clues be as few as that
Place = tuple[int, Condition]  # a condition of a row's clue: (row, condition)

PLANT_TRIES = 20_000  # planted grids tried before giving up
CHECK_STEPS = 400_000  # search steps a check may take at first (about 1-2 s of CPU)
REPAIRS = 30  # plantings of one grid, each from where a second grid differs, before another grid is drawn
RETRY_STEPS = 1_600_000  # for a condition whose first check ran out of steps, checked again at once

__all__ = ["Generated", "NoPuzzle", "generate", "true_conditions"]


class NoPuzzle(Exception):
    """No planted grid tried could be pinned down by true clues."""


class _Undecided(Exception):
    """A check ran out of search steps."""


@dataclass(frozen=True)
class Generated:
    """A new puzzle, its only completed grid, and for each condition left (row, its index in the
    row's clue) a second grid the puzzle has without it."""

    puzzle: NumberCross
    solution: Grid
    witnesses: dict[tuple[int, int], Grid]
    tries: int  # planted grids drawn before one was pinned down
    kept: frozenset[tuple[int, int]] = frozenset()  # conditions (row, index) that stay only because the
    # puzzle without them is not one ``keeps`` takes (harder than asked): they have no witness


def generate(rows: int, cols: int, rng: random.Random, stop: Stop = lambda: None,
             keeps: Keeps = lambda puzzle: True) -> Generated:
    """A puzzle with exactly one completed grid and a minimal set of conditions (a condition also
    stays when the puzzle without it is not one ``keeps`` takes: a difficulty to keep to)."""
    for tries in range(1, PLANT_TRIES + 1):
        stop()
        try:
            made = _repaired(planting(rows, cols, rng, stop), rng, stop)
            if made is None:
                continue
            puzzle, grid = made.puzzle(), made.grid()
            offered = _every_offered(puzzle, grid)
            clued = _pinned(puzzle, grid, offered, stop)
            if clued is None:
                continue  # cannot happen after the repairs, but _pinned says so on its own
            if not keeps(clued):
                continue  # harder than asked with these clues already: fewer can only be harder
            thinned, witnesses = _thin(clued, grid, rng, stop, keeps)
        except _Undecided:
            continue
        every = {(r, i) for r, clue in enumerate(thinned.clues) for i in range(len(clue.conditions))}
        return Generated(thinned, grid, witnesses, tries, frozenset(every - set(witnesses)))
    raise NoPuzzle(f"no {rows}x{cols} planted grid could be pinned down by true clues ({PLANT_TRIES} tries)")


def _every_offered(puzzle: NumberCross, grid: Grid) -> list[list[Condition]]:
    return [_offered(clue, values) for clue, values in zip(puzzle.clues, row_values(grid), strict=True)]


def _repaired(made: Planting | None, rng: random.Random, stop: Stop) -> Planting | None:
    """The planting, or one planted again from the first row where a second grid differs, until
    every condition true of its rows leaves no second grid; None if that takes more than REPAIRS
    plantings. The rows above that row are most often pinned already, and a second grid most
    often differs in a few rows at the bottom. A planting again that cannot be filled is tried
    from one row higher, and so is one after which a second grid differs at or below where it
    began (on 11x11 seed 1, fourteen plantings of the last row alone in a row each met a second
    grid that differed in the last row alone: the freedom lay in how tiles above shared out their
    digits). A check that stays undecided plants again from the middle row down."""
    repairs, last = REPAIRS, len(made.rows) if made is not None else 0
    while made is not None:
        stop()
        puzzle, grid = made.puzzle(), made.grid()
        every_offered = replace(puzzle, clues=tuple(Clue(tuple(found)) for found in _every_offered(puzzle, grid)))
        try:
            other = other_grid(every_offered, grid, CHECK_STEPS)
        except _Undecided:
            r = puzzle.rows // 2
        else:
            if other is None:
                return made
            r = next(r for r, row in enumerate(other) if row != grid[r])
        r = min(r, last - 1)  # a second grid again at or below the rows planted again: their cause lies higher
        again = None
        while again is None and repairs > 0 and r >= 0:
            repairs -= 1
            again, last = replanted(made, r, rng, stop), r
            r -= 1
        made = again
    return None


def _offered(planted: Clue, values: list[int]) -> list[Condition]:
    """The conditions a row's clue may have: the planted one, then the other telling conditions
    true of the row's numbers, the most bits first."""
    others = [c for c in true_conditions(values) if c not in planted.conditions]
    return [*planted.conditions, *sorted(others, key=lambda condition: -strength.bits(condition, values))]


def other_grid(puzzle: NumberCross, planted: Grid, steps: int, near: int | None = None,
               bands: bool = True) -> Grid | None:
    """A completed grid of the puzzle other than the planted one, or None if there is none;
    _Undecided if the search runs out of `steps` steps from both ends. The planted grid must keep
    the puzzle's rules.

    The whole search runs from its first row and then from the other end: a weak row at one end
    makes the search from there wide, and the other end often decides at once (an 11x11 check took
    2.6 s of CPU from the top and 21 s from the bottom, another 7.6 s and more than 73 s).

    Before the whole search, a few rows are searched alone, every other row held to its planted
    numbers (see ``nearby``): the rows around row `near` (where a condition was taken away), then
    that row with each other row, and before the other end every band of rows side by side; with
    no such row, every band at once. Each band takes at most min(steps, BAND_STEPS) steps: a
    second grid most often differs in a few rows, which a band search finds in thousands of steps
    where the whole search may take millions. With `bands` False (the same check made again with
    more steps), the bands are not searched: they would find nothing again."""
    if bands:
        first = around(puzzle.rows, near) if near is not None else every_band(puzzle.rows)
        if found := _other_in_bands(puzzle, planted, first, steps):
            return found
    for end in (None, "top" if first_end(puzzle) == "bottom" else "bottom"):
        try:
            return _other_grid_from(puzzle, planted, steps, end)
        except _Undecided:
            if bands and end is None and near is not None and (
                    found := _other_in_bands(puzzle, planted, every_band(puzzle.rows), steps)):
                return found
    raise _Undecided


def _other_in_bands(puzzle: NumberCross, planted: Grid, bands: Sequence[Collection[int]], steps: int) -> Grid | None:
    found = other_in_bands(puzzle, planted, bands, min(steps, BAND_STEPS))
    if found is None:
        return None
    _check(puzzle, *found)
    return found[0]


def _check(puzzle: NumberCross, grid: Grid, region_digits: dict[int, int]) -> None:
    problem = solution_problem(puzzle, grid, region_digits)
    if problem is not None:
        raise RuntimeError(f"the search produced a grid that breaks a rule: {problem}")


def _other_grid_from(puzzle: NumberCross, planted: Grid, steps: int, start: str | None) -> Grid | None:
    seen_planted = False
    try:
        for grid, region_digits in grids(puzzle, steps, start):
            if grid == planted:
                seen_planted = True
                continue
            _check(puzzle, grid, region_digits)
            return grid
    except OverBudget:
        raise _Undecided from None
    if not seen_planted:
        raise RuntimeError("the search missed the planted grid")
    return None


def _pinned(puzzle: NumberCross, grid: Grid, offered: list[list[Condition]], stop: Stop) -> NumberCross | None:
    """The puzzle with the first offered condition of each row (its planted clue), and more offered
    conditions added while a second grid keeps them (the strongest it breaks) or a check runs out of steps
    (the strongest left), until the planted grid is the only one; None if a second grid keeps
    them all. A strong clue leaves a row few ways: the proof is cheap."""
    clues = [list(found[:1]) for found in offered]
    while True:
        stop()
        clued = replace(puzzle, clues=tuple(Clue(tuple(chosen)) for chosen in clues))
        left = [(r, c) for r, found in enumerate(offered) for c in found if c not in clues[r]]
        try:
            other = other_grid(clued, grid, CHECK_STEPS)
        except _Undecided:
            other = None
            if not left:
                raise
        else:
            if other is None:
                return clued
            rows = row_values(other)
            left = [(r, c) for r, c in left if not all(c.holds(v) for v in rows[r])]
            if not left:
                return None
        r, condition = max(left, key=lambda place: strength.bits(place[1], row_values(grid)[place[0]]))
        clues[r].append(condition)


def _thin(puzzle: NumberCross, grid: Grid, rng: random.Random, stop: Stop,
          keeps: Keeps) -> tuple[NumberCross, dict[tuple[int, int], Grid]]:
    """Each condition in random order taken away unless a second grid then appears or ``keeps``
    refuses the puzzle without it; (the puzzle left, a witness for each condition left that a
    second grid keeps). A condition whose check runs out of steps is checked again at once with
    RETRY_STEPS; _Undecided if that one does too. At once, not at the end: the puzzle has more
    conditions now than it will have then, so its search is narrower, and a grid that cannot be
    thinned is dropped before the other checks are spent on it. (A witness found now stays one:
    a second grid that keeps these conditions keeps any fewer.)"""
    witness_of: dict[Place, Grid] = {}
    order = [(r, condition) for r, clue in enumerate(puzzle.clues) for condition in clue.conditions]
    rng.shuffle(order)
    for place in order:
        stop()
        try:
            puzzle = _settle(puzzle, grid, place, CHECK_STEPS, witness_of, keeps)
        except _Undecided:
            puzzle = _settle(puzzle, grid, place, RETRY_STEPS, witness_of, keeps, bands=False)
    witnesses = {(r, i): witness_of[(r, condition)] for r, clue in enumerate(puzzle.clues)
                 for i, condition in enumerate(clue.conditions) if (r, condition) in witness_of}
    return puzzle, witnesses


def _settle(puzzle: NumberCross, grid: Grid, place: Place, steps: int, witness_of: dict[Place, Grid],
            keeps: Keeps, bands: bool = True) -> NumberCross:
    """The puzzle without the condition if the planted grid stays the only one and ``keeps``
    takes it, else as it was, with the second grid (if that is why) noted as its witness.
    `bands`: as ``other_grid``'s (False for the same check made again with more steps)."""
    weaker = _without(puzzle, *place)
    other = other_grid(weaker, grid, steps, near=place[0], bands=bands)
    if other is not None:
        witness_of[place] = other
        return puzzle
    return weaker if keeps(weaker) else puzzle


def _without(puzzle: NumberCross, r: int, condition: Condition) -> NumberCross:
    clues = list(puzzle.clues)
    clues[r] = Clue(tuple(c for c in clues[r].conditions if c != condition))
    return replace(puzzle, clues=tuple(clues))
