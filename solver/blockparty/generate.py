"""New Block Party puzzles: random regions, a planted filling, then givens taken away one at a
time, in random order, for as long as the planted filling stays the only one.

What is left is minimal: for every given still there, a second filling keeps all the other
givens (its witness, kept so that anyone can check it from the rules alone). Everything is a
pure function of the arguments and the ``random.Random`` given; the caller's ``stop()`` is
asked between steps and may raise to end the work.

The questions all go to one incremental SAT solver holding the rules without givens: a given is
an assumption, so taking one away is dropping it, and the planted filling is blocked for good,
so "satisfiable" means "a second filling". A second filling found while given g is dropped
agrees with the planted one on every other given still there, and the givens only go, so it
stays a witness for g to the end; one found once is tried again for every later given before
the solver is asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.blockparty.model import BlockParty, Cell, Grid
from solver.blockparty.plant import Planting, Stop, planted
from solver.invariant import require

MAP_TRIES = 50  # region maps started before giving up on the size and the largest region


class NoPuzzle(Exception):
    """No region map tried had a filling: the grid is too small for the largest region, or too narrow."""


@dataclass(frozen=True)
class Generated:
    """A new puzzle, its only filling, and for each given a second filling that keeps every
    other given (why that given cannot go)."""

    puzzle: BlockParty
    solution: Grid
    witnesses: dict[Cell, Grid]
    tries: int  # region maps drawn before one had a filling
    kept: frozenset[Cell] = field(default_factory=frozenset)  # givens that stay only because the puzzle
    # without them is not one ``keeps`` takes (harder than asked): they have no witness


Keeps = Callable[[BlockParty], bool]  # a puzzle with a unique filling -> may the givens be as few as that


def generate(rows: int, cols: int, max_region: int, rng: random.Random, stop: Stop = lambda: None,
             keeps: Keeps = lambda puzzle: True) -> Generated:
    """A puzzle with exactly one filling and a minimal set of givens (a given also stays when
    the puzzle without it is not one ``keeps`` takes: a difficulty to keep to); NoPuzzle if
    MAP_TRIES region maps in a row came to a place where no region drawn kept the grid fillable."""
    for tries in range(1, MAP_TRIES + 1):
        planting = planted(rows, cols, max_region, rng, stop)
        if planting is None:
            continue
        try:
            solution = planting.filling()
            givens, witnesses = _thin(planting, solution, rng, stop, keeps)
        finally:
            planting.close()
        kept = frozenset(givens) - set(witnesses)
        return Generated(BlockParty(rows, cols, planting.regions(), givens), solution, witnesses, tries, kept)
    raise NoPuzzle(f"no {rows}x{cols} region map with regions of up to {max_region} cells could be filled "
                   f"({MAP_TRIES} tries)")


# ---------------------------------------------------------------------------------------------
# The givens


def _thin(planting: Planting, solution: Grid, rng: random.Random, stop: Stop,
          keeps: Keeps) -> tuple[dict[Cell, int], dict[Cell, Grid]]:
    """Every cell given, then each given in random order taken away unless a second filling
    keeps the others or ``keeps`` refuses the puzzle without it; (the givens left, the witness of
    each that a second filling keeps)."""
    def literal(cell: Cell) -> int:
        return planting.variable[(cell, solution[cell[0]][cell[1]])]

    planting.sat.add_clause([-literal(cell) for cell in planting.cells])  # from now on, only other fillings
    given = set(planting.cells)
    witnesses: dict[Cell, Grid] = {}
    seen: list[Grid] = []  # second fillings met so far
    order = list(planting.cells)
    rng.shuffle(order)
    for cell in order:
        stop()
        given.discard(cell)
        other = next((grid for grid in seen if _agrees(grid, solution, given)), None)
        if other is None and planting.fillable([literal(x) for x in sorted(given)]):
            other = planting.filling()
            seen.append(other)
        if other is not None:
            given.add(cell)
            witnesses[cell] = other
        elif not keeps(_puzzle(planting, solution, given)):
            given.add(cell)
    require(not planting.fillable([literal(x) for x in sorted(given)]),
            "the givens left must allow the planted filling alone")
    return {x: solution[x[0]][x[1]] for x in sorted(given)}, {x: witnesses[x] for x in sorted(given) if x in witnesses}


def _puzzle(planting: Planting, solution: Grid, given: set[Cell]) -> BlockParty:
    rows, cols = len(solution), len(solution[0])
    return BlockParty(rows, cols, planting.regions(), {x: solution[x[0]][x[1]] for x in sorted(given)})


def _agrees(grid: Grid, solution: Grid, cells: set[Cell]) -> bool:
    return all(grid[r][c] == solution[r][c] for r, c in cells)
