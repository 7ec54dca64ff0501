"""Random regions that have a filling, and a random filling of them: the planted solution of a
new Block Party puzzle.

Random region maps almost never have a filling (none of a hundred 10x10 maps with regions of up
to 5 cells had one), so the map is drawn one region at a time, and a region is kept only if
the grid can still be filled: one incremental SAT solver holds the distance rule for every
cell and every number up to the largest region, each cell not yet in a region may hold any of
them, and a region drawn adds its "1 to N, each once" behind a switch (an assumption), kept if
the solver still finds a filling and switched off for good if not. When every cell is in a
region the solver holds exactly the puzzle's rules, and its last filling is the planted one;
random preferred values for its variables make that filling random too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from pysat.solvers import Cadical153

from solver.blockparty.model import Cell, Grid, Regions
from solver.grid import neighbours

Clause = list[int]
Stop = Callable[[], None]  # raises to end the work (a time bound); returns otherwise

REGION_DRAWS = 20  # regions drawn at one place before the region made before it is drawn again
CELLS_PER_BACKTRACK = 3  # a map is given up and started again after one step back per this many cells


class Planting:
    """A grid being cut into regions, with a SAT solver that knows whether it can still be filled."""

    def __init__(self, rows: int, cols: int, max_region: int, rng: random.Random):
        self.rows, self.cols, self.max_region = rows, cols, max_region
        self.cells = [(r, c) for r in range(rows) for c in range(cols)]
        self.variable = {(cell, k): i for i, (cell, k) in enumerate(
            ((cell, k) for cell in self.cells for k in range(1, max_region + 1)), 1)}
        self.switches = len(self.variable)
        self.sat = Cadical153(bootstrap_with=self._rules())
        self.sat.set_phases([v if rng.random() < 0.5 else -v for v in self.variable.values()])
        self.region_at: dict[Cell, int] = {}  # cell -> the switch of its region
        self.made: list[int] = []  # the switch of every region made, in order
        self.region_cells: list[list[Cell]] = []  # the cells of every region made, in order
        self.model: list[int] = []

    def close(self) -> None:
        self.sat.delete()

    def _rules(self) -> list[Clause]:
        """Each cell holds one number; no two Ks closer than K; every K has another K exactly K away."""
        x, clauses = self.variable, []
        for cell in self.cells:
            clauses += _exactly_one([x[(cell, k)] for k in range(1, self.max_region + 1)])
        for k in range(1, self.max_region + 1):
            for a in self.cells:
                closer = [b for b in self._around(a, k - 1) if b > a]
                clauses += [[-x[(a, k)], -x[(b, k)]] for b in closer]
                clauses.append([-x[(a, k)], *(x[(b, k)] for b in self._around(a, k, exact=True))])
        return clauses

    def _around(self, cell: Cell, distance: int, exact: bool = False) -> list[Cell]:
        """The other cells of the grid at most (or exactly) distance away from cell."""
        r, c = cell
        out = []
        for dr in range(-distance, distance + 1):
            for dc in range(-(distance - abs(dr)), distance - abs(dr) + 1):
                near = (r + dr, c + dc)
                if (dr or dc) and 0 <= near[0] < self.rows and 0 <= near[1] < self.cols \
                        and (not exact or abs(dr) + abs(dc) == distance):
                    out.append(near)
        return out

    def fillable(self, assumptions: list[int] | None = None) -> bool:
        """True if the grid, cut so far, can be filled (keeping the assumptions); the filling
        found is remembered."""
        if not self.sat.solve(assumptions=[*self.made, *(assumptions or [])]):
            return False
        self.model = self.sat.get_model()
        return True

    def try_region(self, cells: list[Cell]) -> bool:
        """Make the cells a region if the grid can still be filled with them one; True if made."""
        self.switches += 1
        switch, n, x = self.switches, len(cells), self.variable
        clauses = [[-switch, -x[(cell, k)]] for cell in cells for k in range(n + 1, self.max_region + 1)]
        for k in range(1, n + 1):
            clauses += [[-switch, *c] for c in _exactly_one([x[(cell, k)] for cell in cells])]
        self.sat.append_formula(clauses)
        if not self.fillable([switch]):
            self.sat.add_clause([-switch])  # its clauses hold trivially from now on
            return False
        self.made.append(switch)
        self.region_cells.append(cells)
        self.region_at.update((cell, switch) for cell in cells)
        return True

    def undo_region(self) -> None:
        """Take the region made last away: its cells are free again."""
        switch = self.made.pop()
        self.sat.add_clause([-switch])
        for cell in self.region_cells.pop():
            del self.region_at[cell]

    def filling(self) -> Grid:
        """The filling the solver found last."""
        true = {v for v in self.model if v > 0}
        value = {cell: k for (cell, k), v in self.variable.items() if v in true}
        return tuple(tuple(value[(r, c)] for c in range(self.cols)) for r in range(self.rows))

    def regions(self) -> Regions:
        """Region ids 0, 1, 2... in reading order of each region's first cell, as a person numbers them."""
        new: dict[int, int] = {}
        for cell in self.cells:
            new.setdefault(self.region_at[cell], len(new))
        return tuple(tuple(new[self.region_at[(r, c)]] for c in range(self.cols)) for r in range(self.rows))


def _exactly_one(literals: list[int]) -> list[Clause]:
    return [literals] + [[-a, -b] for a, b in combinations(literals, 2)]


def planted(rows: int, cols: int, max_region: int, rng: random.Random, stop: Stop) -> Planting | None:
    """A grid cut into random regions of 1 to max_region cells that has a filling (the solver's
    last); None after one step back per CELLS_PER_BACKTRACK cells. A step back: at a place where
    no region drawn kept the grid fillable, the region made before is taken away and drawn again."""
    planting = Planting(rows, cols, max_region, rng)
    limit = len(planting.cells) // CELLS_PER_BACKTRACK
    backtracks = 0 if planting.fillable() else limit + 1
    while backtracks <= limit:
        stop()
        free = [cell for cell in planting.cells if cell not in planting.region_at]
        if not free:
            return planting
        if not _region_made(planting, free[0], rng):  # reading order: regions start at the first free cell
            backtracks += 1
            if planting.made:
                planting.undo_region()
    planting.close()
    return None


def _region_made(planting: Planting, start: Cell, rng: random.Random) -> bool:
    """Draw regions from start until one keeps the grid fillable; True if one did."""
    for _ in range(REGION_DRAWS):
        size = max(rng.randint(1, planting.max_region), rng.randint(1, planting.max_region))
        if planting.try_region(_grown(planting, start, size, rng)):  # larger likelier: growth often stops short
            return True
    return False


def _grown(planting: Planting, start: Cell, size: int, rng: random.Random) -> list[Cell]:
    """A random region of up to size cells from start, taking a random free neighbour at each
    step, until it has the size or no free neighbour is left."""
    members, frontier = [start], _free_neighbours(planting, start, {start})
    while len(members) < size and frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        if cell not in members:
            members.append(cell)
            frontier += _free_neighbours(planting, cell, set(members))
    return members


def _free_neighbours(planting: Planting, cell: Cell, taken: set[Cell]) -> list[Cell]:
    return [n for n in neighbours(cell) if 0 <= n[0] < planting.rows and 0 <= n[1] < planting.cols
            and n not in planting.region_at and n not in taken]
