"""Folding a polyomino onto a box along grid lines.

A cell placed on a surface square, together with the 3D directions its grid 'up' and 'right'
take there (its frame), fixes where every neighbour goes: a neighbour on the same face lies flat
beside it, one past the face's edge wraps over that edge at 90 degrees. So a folding is fixed
by where one cell goes and in which of its 8 frames (4 turns, 2 sides of the paper); the search
tries all of them at once with numpy (the state graph is ``solver.surface``) and keeps those
that cover the surface exactly once and keep every grid adjacency.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solver import surface
from solver.box import Box, Placement, Vec, as_vec, boxes_of_area, face_normal, square_center, squares, surface_area
from solver.grid import DIRECTIONS, STEP, Cell, Layout
from solver.surface import SurfaceStates, surface_states

Edge = tuple[Cell, Cell]  # two grid-adjacent cells, the smaller first

FLAT, RIGHT_ANGLE = 0, 90
SEARCH_STATES = 1 << 20  # cell states the folding search holds at once (4 MB of int32)


@dataclass(frozen=True)
class Folding:
    """Where each cell of a polyomino lands on a box.

    ``placement[cell]`` is (face, u, v); ``up[cell]`` and ``right[cell]`` are the unit 3D
    directions on the box that the cell's grid up (row - 1) and right (col + 1) take.
    """

    box: Box
    placement: dict[Cell, Placement]
    up: dict[Cell, Vec]
    right: dict[Cell, Vec]

    @property
    def cells(self) -> Layout:
        return frozenset(self.placement)

    def face_of(self, cell: Cell) -> int:
        return self.placement[cell][0]

    @property
    def printed_outside(self) -> bool:
        """True if the side of the paper that faces the reader in the flat net ends up outside."""
        cell = min(self.placement)
        outward = np.cross(self.right[cell], self.up[cell])
        return bool(np.array_equal(outward, face_normal(self.face_of(cell))))

    def creases(self) -> dict[Edge, int]:
        """Every grid edge between two box cells, with its fold angle: FLAT or RIGHT_ANGLE."""
        return {edge: self.crease_angle(edge) for edge in grid_edges(self.cells)}

    def crease_angle(self, edge: Edge) -> int:
        a, b = edge
        return FLAT if self.face_of(a) == self.face_of(b) else RIGHT_ANGLE

    def hinges(self) -> list[Edge]:
        """The 90-degree creases."""
        return [edge for edge, angle in self.creases().items() if angle == RIGHT_ANGLE]

    def cells_on(self, face: int) -> list[Cell]:
        return sorted(cell for cell, p in self.placement.items() if p[0] == face)


def grid_edges(cells: Layout) -> list[Edge]:
    """Every pair of edge-adjacent cells in the set, each once, smaller cell first."""
    out = []
    for r, c in sorted(cells):
        out += [((r, c), n) for n in ((r, c + 1), (r + 1, c)) if n in cells]
    return out


# ---------------------------------------------------------------------------------------------
# The search


@dataclass(frozen=True)
class _Tree:
    """A breadth-first spanning tree of a polyomino, level by level.

    Cells of one level depend only on the level before, so each level is one numpy step;
    each level also carries the grid edges outside the tree that it closes, so that a start
    that breaks one is dropped as early as possible."""

    cells: list[Cell]
    levels: list[np.ndarray]  # per level, shape (3, k): child, parent, direction index
    closing: list[np.ndarray]  # per level, shape (3, k): cell, neighbour, direction index


@lru_cache(maxsize=32)
def _spanning_tree(cells: Layout) -> _Tree:
    """The tree of a polyomino (cached: a layout is tried on every box of its area in turn)."""
    root = _root(cells)
    ordered = [root] + sorted(cells - {root})
    index = {cell: i for i, cell in enumerate(ordered)}
    depth, levels, closing, frontier = {0: 0}, [], [], [0]
    while frontier:
        level, closed = [], []
        for i in frontier:
            r, c = ordered[i]
            for d, name in enumerate(DIRECTIONS):
                j = index.get((r + STEP[name][0], c + STEP[name][1]))
                if j is None:
                    continue
                if j not in depth:
                    depth[j] = depth[i] + 1
                    level.append((j, i, d))
                elif depth[j] == depth[i] + 1 or (depth[j] == depth[i] and i < j):
                    closed.append((i, j, d))
        frontier = [j for j, _, _ in level]
        if level:
            levels.append(np.array(level, dtype=np.int64).T)
            closing.append(np.array(closed, dtype=np.int64).reshape(-1, 3).T)
    return _Tree(ordered, levels, closing)


def _root(cells: Layout) -> Cell:
    """The cell the tree grows from: the deepest inside the polyomino (furthest from a cell
    outside it), the nearest to the middle of those. A wrong start then fails sooner."""
    def around(x: Cell) -> tuple[Cell, ...]:
        return (x[0] - 1, x[1]), (x[0], x[1] + 1), (x[0] + 1, x[1]), (x[0], x[1] - 1)

    depth = {x: 0 for x in cells if any(n not in cells for n in around(x))}
    frontier = list(depth)
    while frontier:
        ahead = {n for x in frontier for n in around(x) if n in cells and n not in depth}
        depth.update((x, depth[frontier[0]] + 1) for x in ahead)
        frontier = list(ahead)
    deepest = max(depth.values())
    inner = [x for x, d in depth.items() if d == deepest]
    middle = np.mean(inner, axis=0)
    return min(inner, key=lambda x: ((x[0] - middle[0]) ** 2 + (x[1] - middle[1]) ** 2, x))


def _valid_starts(tree: _Tree, graph: SurfaceStates) -> np.ndarray:
    """The states of every cell, shape (n, k), for each of the k valid foldings, one per class.

    The box's isometries act freely on states, so trying one start per orbit finds each class
    of foldings exactly once. Starts go in chunks of at most SEARCH_STATES states at once."""
    starts = np.flatnonzero(graph.symmetry.min(axis=0) == np.arange(len(graph.square)))
    width = max(1, SEARCH_STATES // len(tree.cells))
    return np.hstack([_surviving(tree, graph, starts[k : k + width]) for k in range(0, len(starts), width)])


def _surviving(tree: _Tree, graph: SurfaceStates, starts: np.ndarray) -> np.ndarray:
    """The columns of states, one per start, that fold the whole tree without breaking an
    adjacency or covering a square twice; a start is dropped at the first level that fails."""
    n, step = len(tree.cells), graph.step.astype(np.int32).ravel()
    states = np.empty((n, len(starts)), dtype=np.int32)
    states[0] = starts
    used = np.zeros(len(starts) * n, dtype=bool)  # per start, per square: covered by a cell yet
    offsets = np.arange(len(starts), dtype=np.int32) * n
    used[offsets + starts // 8] = True
    alive = np.ones(len(starts), dtype=bool)
    for (child, parent, d), (i, j, e) in zip(tree.levels, tree.closing, strict=True):
        placed = step[states[parent] * 4 + d[:, None]]
        states[child] = placed
        slots = placed // 8 + offsets
        alive &= ~used[slots].any(axis=0)  # a square covered twice (within one level: see below)
        used[slots] = True
        if len(i):
            alive &= (step[states[i] * 4 + e[:, None]] == states[j]).all(axis=0)
        if 2 * alive.sum() <= len(alive):  # drop the dead columns once half of them are
            states, used = states[:, alive], used.reshape(-1, n)[alive].ravel()
            alive, offsets = alive[alive], offsets[: alive.sum()]
            if not len(alive):
                break
    # Two cells of one level on one square slip through the loop; the exact cover catches them.
    states = states[:, alive].astype(np.int64)
    covered = np.sort(graph.square[states], axis=0)
    return states[:, (covered == np.arange(n)[:, None]).all(axis=0)]


@lru_cache(maxsize=32)
def longest_run(cells: Layout) -> int:
    """The most cells in one straight row or column of the polyomino without a gap."""
    best = 0
    for ordered in (sorted(cells), sorted((c, r) for r, c in cells)):
        run, before = 0, None
        for a, b in ordered:
            run = run + 1 if before == (a, b - 1) else 1
            best, before = max(best, run), (a, b)
    return best


def _printed_outside(graph: SurfaceStates, state: int) -> bool:
    up, right = graph.frames[state]
    face = squares(graph.box)[graph.square[state]][0]
    return bool(np.array_equal(np.cross(right, up), face_normal(face)))


def _outside_image(graph: SurfaceStates, column: np.ndarray, first: int) -> np.ndarray:
    """The same folding moved by the first symmetry of the box that puts the printed side of
    cell ``first`` out."""
    for g in graph.symmetry:
        if _printed_outside(graph, int(g[column[first]])):
            return g[column]
    raise AssertionError("some reflection of the box always turns the paper over")


def _canonical(graph: SurfaceStates, column: np.ndarray, first: int) -> np.ndarray:
    """The image of a folding in its class that gives cell ``first`` its smallest state."""
    return graph.symmetry[int(graph.symmetry[:, column[first]].argmin())][column]


def foldings(cells: Layout, box: Box) -> list[Folding]:
    """Every folding of the polyomino onto the box, one per class up to the box's symmetries,
    each shown with the printed side of the paper outside; in a fixed order (by the state of
    the polyomino's smallest cell), whichever cell the search grows from."""
    if surface_area(box) != len(cells) or longest_run(cells) > 2 * (box[1] + box[2]):
        return []  # a straight run of cells goes round one belt of the box and would overlap itself
    graph = surface_states(box)
    tree = _spanning_tree(cells)
    states = _valid_starts(tree, graph)
    first = tree.cells.index(min(cells))
    found = sorted((_canonical(graph, states[:, k], first) for k in range(states.shape[1])), key=lambda c: c[first])
    return [_folding(tree, graph, _outside_image(graph, column, first)) for column in found]


def _folding(tree: _Tree, graph: SurfaceStates, column: np.ndarray) -> Folding:
    places = squares(graph.box)
    placement, up, right = {}, {}, {}
    for cell, state in zip(tree.cells, column.tolist(), strict=True):
        placement[cell] = places[graph.square[state]]
        u, r = graph.frames[state]
        up[cell], right[cell] = as_vec(u), as_vec(r)
    return Folding(graph.box, placement, up, right)


def clear_caches() -> None:
    """Forget the cached state graphs and spanning trees (benchmarks use it to time cold runs)."""
    surface.clear_cache()
    _spanning_tree.cache_clear()


def box_foldings(cells: Layout) -> dict[Box, list[Folding]]:
    """Every box the polyomino folds onto, with its foldings (boxes it misses are left out)."""
    out = {}
    for box in boxes_of_area(len(cells)):
        found = foldings(cells, box)
        if found:
            out[box] = found
    return out


def grid_points_on_box(folding: Folding, cells: list[Cell], points: np.ndarray) -> np.ndarray:
    """Where grid points go on the box, each carried by the placement of the cell beside it.

    points shape (n, 2): (row, col) in grid units (a cell spans [r, r + 1] x [c, c + 1]);
    cells: n cells, one per point; returns shape (n, 3) float64 in cell units."""
    centre = np.array([square_center(folding.box, folding.placement[c]) for c in cells], dtype=np.float64)
    up = np.array([folding.up[c] for c in cells], dtype=np.float64)
    right = np.array([folding.right[c] for c in cells], dtype=np.float64)
    offset = np.asarray(points, dtype=np.float64) - np.array(cells, dtype=np.float64) - 0.5  # (dy, dx)
    return centre + offset[:, 1:2] * right - offset[:, 0:1] * up
