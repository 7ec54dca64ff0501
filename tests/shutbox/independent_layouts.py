"""A second, independent way to find every layout, for tests only.

The solver (``solver/layouts.py``) states the local rules in its own direct encoding and adds
connectivity and hole-freedom lazily as cuts. This module shares none of that code: numbers go
through pysat's totalizer cardinality encoding, each arrow distance spells out its whole rays,
and connectivity and hole-freedom are stated eagerly as step-bounded reachability:
``reach[x][k]`` (x is a box cell joined to a root number cell within k steps) and
``escape[x][k]`` (x is a non-box cell that reaches the grid border within k steps). A simple
path visits each cell at most once, so k up to the number of cells is always enough.

It is slow (seconds on nov2025) and that is fine: its job is to agree with the fast search.
"""

from __future__ import annotations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from solver.grid import Cell, Layout
from solver.shutbox.puzzle import Puzzle

STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


class EagerModel:
    """The grid rules of a puzzle as one CNF, with no lazy part."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle, self.pool, self.cnf = puzzle, IDPool(), []
        self.cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
        self.cnf.append([self.box(x) for x in self.cells])
        self.cnf += [[self.box(x)] for x in puzzle.numbers] + [[-self.box(x)] for x in puzzle.arrows]
        for cell, number in puzzle.numbers.items():
            self._number(cell, number.value)
        for cell, pointed in puzzle.arrows.items():
            self._arrow(cell, pointed)
        self._reachability("reach", [min(puzzle.numbers)] if puzzle.numbers else None, box=True)
        self._reachability("escape", [x for x in self.cells if len(self.near(x)) < 4], box=False)

    def box(self, cell: Cell) -> int:
        return self.pool.id(("box", cell))

    def near(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in STEPS.values() if self.puzzle.inside((r + dr, c + dc))]

    def _number(self, cell: Cell, value: int) -> None:
        r, c = cell
        block = [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if self.puzzle.inside((r + i, c + j))]
        lits = [self.box(x) for x in block]
        self.cnf += CardEnc.equals(lits=lits, bound=value, vpool=self.pool, encoding=EncType.totalizer).clauses

    def _arrow(self, cell: Cell, pointed: str) -> None:
        rays = {d: self._ray(cell, d) for d in STEPS}
        choices = []
        for distance in range(1, max(len(r) for r in rays.values()) + 1):
            if any(len(rays[d]) < distance for d in pointed):
                continue
            choice = self.pool.id(("arrow", cell, distance))
            choices.append(choice)
            for d, ray in rays.items():
                for k, x in enumerate(ray[:distance], 1):
                    wanted = d in pointed and k == distance
                    self.cnf.append([-choice, self.box(x) if wanted else -self.box(x)])
        self.cnf.append(choices)

    def _ray(self, cell: Cell, direction: str) -> list[Cell]:
        (dr, dc), out = STEPS[direction], []
        r, c = cell[0] + dr, cell[1] + dc
        while self.puzzle.inside((r, c)):
            out.append((r, c))
            r, c = r + dr, c + dc
        return out

    def _reachability(self, name: str, sources: list[Cell] | None, box: bool) -> None:
        """Every cell of the kind (box, or not box) is reached from a source within len(cells) steps."""
        if sources is None:  # no number cell to root the box cells at: every box cell may be the root
            sources = self.cells
        kind = (lambda x: self.box(x)) if box else (lambda x: -self.box(x))
        steps = len(self.cells)

        def reached(x: Cell, k: int) -> int:
            return self.pool.id((name, x, k))

        for x in self.cells:
            if x not in sources:
                self.cnf.append([-reached(x, 0)])
            self.cnf.append([-reached(x, 0), kind(x)])
            for k in range(1, steps + 1):
                self.cnf.append([-reached(x, k), kind(x)])
                self.cnf.append([-reached(x, k), reached(x, k - 1)] + [reached(n, k - 1) for n in self.near(x)])
            self.cnf.append([-kind(x), reached(x, steps)])
        if box and len(sources) > 1:
            # Roots must not split the box cells: at most one root stands at step 0.
            starts = [reached(x, 0) for x in self.cells]
            self.cnf += CardEnc.atmost(lits=starts, bound=1, vpool=self.pool, encoding=EncType.seqcounter).clauses


def eager_layouts(puzzle: Puzzle) -> set[Layout]:
    """Every layout that keeps the grid rules, found with the eager encoding."""
    model = EagerModel(puzzle)
    found = set()
    with Solver(name="cadical153", bootstrap_with=model.cnf) as sat:
        while sat.solve():
            chosen = set(sat.get_model())
            layout = frozenset(x for x in model.cells if model.box(x) in chosen)
            found.add(layout)
            sat.add_clause([-model.box(x) if x in layout else model.box(x) for x in model.cells])
    return found
