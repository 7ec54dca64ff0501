"""The nets search in pure Python: grow a polyomino cell by cell while it folds onto every box.

One run of a plan (``solver.nets.plan``) grows polyominoes from the first cell by Redelmeier's
method: cells seen but not yet decided wait in an untried list; the search takes the last one,
first with it and then, for good, without it, so each connected set of cells holding the first
cell comes exactly once. Each cell carries its state on every box, given by the neighbour that
first saw it; a cell joins only if its square is still free on every box and each grid neighbour
already in the polyomino is its neighbour that way on every box (a net keeps every grid adjacency).
Overlaps so prune a partial unfolding as soon as they happen. A polyomino of A cells is then a
common net, met once for each of its images in the plane and foldings that put a cell on the
run's states; the caller keeps one of each (by canonical image).

``solver/nets/_search.c`` is the same search, compiled, used when it is built; it also drops a
partial net that can no longer cover every square, and keeps only one find of each net by a rule
on the find itself (see there), so it needs no memory of nets found. This module is the plain
reference the tests hold it to.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from solver.grid import Cell
from solver.nets.plan import Plan

try:
    from solver.nets import _search  # the compiled search (types in _search.pyi)
except ImportError:  # installed without a C compiler
    _search = None  # type: ignore[assignment]

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # grid directions U R D L, as in the state tables
# Names the compiled search's order and its split into parts (SPLIT_CELLS): parts made by searches of another
# name do not share one count's nets out. Change it whenever either changes.
PART_RULE = "nets-search/4: smallest orbit pinned, its cells' sides first, floods cut children, split at 9 cells"


class _Run:
    """The changing state of one run: cells placed, cells seen, and squares covered per box."""

    def __init__(self, plan: Plan, roots: tuple[int, ...]):
        self.plan, self.roots = plan, roots
        self.steps = [table.tolist() for table in plan.steps]
        self.orbits = [table.tolist() for table in plan.orbits]
        self.state: dict[Cell, tuple[int, ...]] = {(0, 0): roots}  # per cell seen: its state on each box
        self.net: list[Cell] = []
        self.in_net: set[Cell] = set()
        self.covered = [[False] * plan.area for _ in roots]

    def can_add(self, cell: Cell) -> bool:
        for b, s in enumerate(self.state[cell]):
            if self.covered[b][s >> 3]:
                return False
            for d, (dr, dc) in enumerate(STEPS):
                n = (cell[0] + dr, cell[1] + dc)
                if n in self.in_net and self.steps[b][s][d] != self.state[n][b]:
                    return False
        return True

    def place(self, cell: Cell, on: bool) -> None:
        for b, s in enumerate(self.state[cell]):
            self.covered[b][s >> 3] = on
        if on:
            self.net.append(cell)
            self.in_net.add(cell)
        else:
            self.net.pop()
            self.in_net.discard(cell)

    def grow(self, untried: list[Cell]) -> Iterator[list[Cell]]:
        """Every net grown from the cells placed, taking untried cells last first."""
        if len(self.net) == self.plan.area:
            yield list(self.net)
            return
        for i in range(len(untried) - 1, -1, -1):
            cell = untried[i]
            if not self.can_add(cell):
                continue
            self.place(cell, True)
            seen = [n for n in _around(cell) if n not in self.state]
            for d, n in enumerate(_around(cell)):
                if n in seen:
                    self.state[n] = tuple(self.steps[b][s][d] for b, s in enumerate(self.state[cell]))
            yield from self.grow(untried[:i] + seen)
            for n in seen:
                del self.state[n]
            self.place(cell, False)


def _around(cell: Cell) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in STEPS]


def run_nets(plan: Plan, roots: tuple[int, ...]) -> Iterator[list[Cell]]:
    """The nets one run meets, each as its cells (the first at (0, 0)), in the order found; a net
    comes again for each of its images and foldings that put a cell on the run's states."""
    yield from _Run(plan, roots).grow([(0, 0)])


def compiled() -> bool:
    """True if the compiled search is built."""
    return _search is not None


def compiled_run(plan: Plan, roots: tuple[int, ...], limit: int, want_cells: bool, every_find: bool = False,
                 part: int = 0, parts: int = 1) -> tuple[np.ndarray, int, bool]:
    """One run in the compiled search, or its part-th of parts (the parts of a run share its nets
    out, each net to one part): (the nets' cells, shape (nets, A, 2) int32, the first cell at
    (0, 0); how many nets; True unless it stopped at limit, 0 for none). With every_find, each net
    comes as often as the run meets it, not once."""
    data, count, _, finished = _compiled(plan, roots, limit, want_cells, every_find, part, parts)
    width, centre = 2 * plan.area + 3, plan.area + 1
    index = np.frombuffer(data, dtype=np.int32).reshape(-1, plan.area)
    cells = np.stack([index // width - centre, index % width - centre], axis=-1)  # (nets, A, 2)
    return cells, count, finished


def counted_part(plan: Plan, roots: tuple[int, ...], part: int, parts: int) -> tuple[int, int]:
    """(the nets, the search's nodes) of the part-th of parts of one run in the compiled search."""
    _, count, nodes, _ = _compiled(plan, roots, 0, False, False, part, parts)
    return count, nodes


def _compiled(plan: Plan, roots: tuple[int, ...], limit: int, want_cells: bool, every_find: bool, part: int,
              parts: int) -> tuple[bytes, int, int, bool]:
    return _search.search(area=plan.area, steps=plan.steps.tobytes(), orbits=plan.orbits.tobytes(), roots=roots,
                          pinned_symmetry=plan.pinned_symmetry.tobytes(), frame_turns=plan.frame_turns.tobytes(),
                          limit=limit, want_cells=want_cells, every_find=every_find, part=part, parts=parts)
