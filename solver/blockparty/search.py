"""Every filling of a Block Party grid, found by a SAT solver (CaDiCaL through python-sat).

One boolean per (cell, number the cell's region can hold). Rules as clauses:
- each cell holds exactly one number, each region holds each of 1..N exactly once;
- two cells closer than K never both hold K (a binary clause per pair);
- a cell holding K has some other K at distance exactly K (a clause over the ring of cells).
Each solution found is blocked by a clause, so the next call finds a different one; when the
solver says "unsatisfiable" the list is complete and uniqueness is proven.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from solver.blockparty.model import BlockParty, Cell, Grid, answer
from solver.grid import cell_text

Clause = list[int]  # DIMACS literals: +v the variable is true, -v false
DEFAULT_LIMIT = 10
NO_FILLING = "no filling keeps every rule"


@dataclass(frozen=True)
class BlockPartyReport:
    """What a solve found: the solutions (at most the limit), and whether the list is complete."""

    puzzle: BlockParty
    solutions: tuple[Grid, ...]
    complete: bool  # True: no other solution exists (the search ran to the end)
    found: int  # solutions the search met, listed or not (at most one more than the limit)
    failure: str | None = None  # why there is no solution, when there is none

    @property
    def answers(self) -> tuple[int, ...]:
        """The answer of each solution, in order."""
        return tuple(answer(grid) for grid in self.solutions)

    @property
    def unique(self) -> bool:
        return self.complete and self.found == 1

    @property
    def ambiguous(self) -> bool:
        return self.found >= 2


@dataclass(frozen=True)
class Encoding:
    """The SAT variables of a puzzle and its clauses."""

    variable: dict[tuple[Cell, int], int]  # (cell, number) -> variable
    clauses: list[Clause]


class TooLarge(ValueError):
    """The puzzle's rules would take more clauses than fit in bounded memory."""


MAX_CLAUSES = 20_000_000  # about 2 GB of clauses in Python lists; Block Party 4 needs about 30,000


def solve(puzzle: BlockParty, limit: int | None = DEFAULT_LIMIT) -> BlockPartyReport:
    """Up to `limit` solutions (None: all); `complete` says whether there are no more.

    The search looks for one more than it lists, so that even `limit=1` proves uniqueness.
    TooLarge when the encoding would not fit in bounded memory (see ``clause_estimate``)."""
    problem = evident_problem(puzzle)
    if problem is not None:
        return BlockPartyReport(puzzle, (), True, 0, problem)
    estimate = clause_estimate(puzzle)
    if estimate > MAX_CLAUSES:
        largest = max(len(cells) for cells in puzzle.region_cells.values())
        raise TooLarge(f"its regions of up to {largest} cells would need about {estimate:,} clauses, more than the "
                       f"{MAX_CLAUSES:,} that fit in memory: use smaller regions")
    wanted = None if limit is None else max(limit, 1) + 1  # one more than listed proves there are no more
    found = []
    for grid in fillings(puzzle):
        found.append(grid)
        if wanted is not None and len(found) >= wanted:
            break
    complete = wanted is None or len(found) < wanted
    listed = tuple(found if limit is None else found[: max(limit, 1)])
    return BlockPartyReport(puzzle, listed, complete, len(found), None if found else NO_FILLING)


def fillings(puzzle: BlockParty) -> Iterator[Grid]:
    """Every grid that keeps the rules, one by one."""
    from pysat.solvers import Cadical153

    encoding = encode(puzzle)
    with Cadical153(bootstrap_with=encoding.clauses) as sat:
        while sat.solve():
            true = {v for v in sat.get_model() if v > 0}
            grid = _grid(puzzle, encoding, true)
            yield grid
            sat.add_clause([-encoding.variable[(cell, grid[cell[0]][cell[1]])] for cell in puzzle.cells()])


def _grid(puzzle: BlockParty, encoding: Encoding, true: set[int]) -> Grid:
    values = {cell: k for (cell, k), v in encoding.variable.items() if v in true}
    return tuple(tuple(values[(r, c)] for c in range(puzzle.cols)) for r in range(puzzle.rows))


# ---------------------------------------------------------------------------------------------
# The encoding


def encode(puzzle: BlockParty) -> Encoding:
    """The variables and clauses of the puzzle's rules."""
    variable: dict[tuple[Cell, int], int] = {}
    for cell in puzzle.cells():
        for k in range(1, puzzle.size_of(cell) + 1):
            variable[(cell, k)] = len(variable) + 1
    clauses: list[Clause] = []
    # Each cell holds one number
    for cell in puzzle.cells():
        clauses += _exactly_one([variable[(cell, k)] for k in range(1, puzzle.size_of(cell) + 1)])
    # Each region holds each of 1..N once
    for cells in puzzle.region_cells.values():
        for k in range(1, len(cells) + 1):
            clauses += _exactly_one([variable[(cell, k)] for cell in cells])
    # The givens
    clauses += [[variable[(cell, k)]] for cell, k in puzzle.givens.items()]
    # The nearest other K is exactly K away
    for k in range(1, max(len(cells) for cells in puzzle.region_cells.values()) + 1):
        clauses += _distance_clauses(puzzle, variable, k)
    return Encoding(variable, clauses)


def clause_estimate(puzzle: BlockParty) -> int:
    """An upper bound on the clauses ``encode`` makes, counted without making them: the pairwise
    'exactly one' of every cell and of every number of a region, and the distance pairs."""
    sizes = [len(cells) for cells in puzzle.region_cells.values()]
    per_cell = sum(n * n * (n - 1) // 2 for n in sizes)  # n cells, each of n numbers pairwise
    per_number = per_cell  # n numbers, each over n cells pairwise: the same count
    holders = [sum(n for n in sizes if n >= k) for k in range(1, max(sizes) + 1)]
    distance = sum(h * min(h, 2 * k * k) for k, h in enumerate(holders, 1))
    return per_cell + per_number + distance


def _exactly_one(literals: list[int]) -> list[Clause]:
    """At least one of the literals, and no two of them."""
    return [literals] + [[-a, -b] for a, b in combinations(literals, 2)]


def _distance_clauses(puzzle: BlockParty, variable: dict[tuple[Cell, int], int], k: int) -> list[Clause]:
    """No two Ks closer than K; every K has another K at distance exactly K."""
    holders = [cell for cell in puzzle.cells() if (cell, k) in variable]
    clauses = []
    for a, b in combinations(holders, 2):
        if taxicab(a, b) < k:
            clauses.append([-variable[(a, k)], -variable[(b, k)]])
    for a in holders:
        ring = [variable[(b, k)] for b in holders if taxicab(a, b) == k]
        clauses.append([-variable[(a, k)], *ring])
    return clauses


def taxicab(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# ---------------------------------------------------------------------------------------------
# Reasons that need no search


def evident_problem(puzzle: BlockParty) -> str | None:
    """A specific reason the puzzle has no solution that shows without search, or None."""
    return (_lonely_number_problem(puzzle) or _given_range_problem(puzzle) or _given_pair_problem(puzzle)
            or _lonely_given_problem(puzzle))


def _lonely_number_problem(puzzle: BlockParty) -> str | None:
    """A number only one region is large enough to hold: its K has no other K to be K away from."""
    sizes = sorted(((len(cells), region) for region, cells in puzzle.region_cells.items()), reverse=True)
    if len(sizes) == 1 or sizes[0][0] > sizes[1][0]:
        (largest, region), runner_up = sizes[0], sizes[1][0] if len(sizes) > 1 else 0
        return (f"region {region} is the only one with more than {runner_up} cells: its {largest} has no other "
                f"{largest} to be {largest} away from")
    return None


def _given_range_problem(puzzle: BlockParty) -> str | None:
    for cell, k in sorted(puzzle.givens.items()):
        size = puzzle.size_of(cell)
        if not 1 <= k <= size:
            return f"region {puzzle.region_of(cell)} has {size} cells but a given {k} ({cell_text(cell)})"
    return None


def _given_pair_problem(puzzle: BlockParty) -> str | None:
    for (a, k), (b, j) in combinations(sorted(puzzle.givens.items()), 2):
        if k != j:
            continue
        if puzzle.region_of(a) == puzzle.region_of(b):
            return f"region {puzzle.region_of(a)} has the given {k} twice ({cell_text(a)} and {cell_text(b)})"
        if taxicab(a, b) < k:
            return f"the givens {k} at {cell_text(a)} and {cell_text(b)} are {taxicab(a, b)} apart, closer than {k}"
    return None


def _lonely_given_problem(puzzle: BlockParty) -> str | None:
    for a, k in sorted(puzzle.givens.items()):
        if not any(taxicab(a, b) == k and puzzle.size_of(b) >= k for b in puzzle.cells()):
            return f"the given {k} at {cell_text(a)} has no cell {k} away that could hold a {k}"
    return None
