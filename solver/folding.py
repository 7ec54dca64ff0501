"""Folding a polyomino onto a box along grid lines.

A cell placed on a surface square, together with the 3D directions its grid 'up' and 'right'
take there (its frame), fixes where every neighbour goes: a neighbour on the same face lies flat
beside it, one past the face's edge wraps over that edge at 90 degrees. So a folding is fixed
by where one cell goes and in which of its 8 frames (4 turns, 2 sides of the paper); the search
tries all of them at once with numpy and keeps those that cover the surface exactly once and
keep every grid adjacency.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solver.box import (
    Box,
    Placement,
    Vec,
    boxes_of_area,
    face_axes,
    face_normal,
    square_center,
    squares,
    symmetries,
)
from solver.grid import DIRECTIONS, STEP, Cell, Layout

Edge = tuple[Cell, Cell]  # two grid-adjacent cells, the smaller first

FLAT, RIGHT_ANGLE = 0, 90


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
# The state graph: a cell on a surface square in one of 8 frames


@dataclass(frozen=True)
class SurfaceStates:
    """Every (square, frame) of a box, with the step tables between them.

    ``step[s, d]`` is the state a cell's neighbour in grid direction d (U R D L) takes;
    ``square[s]`` the surface square index of state s; ``frames[s]`` shape (2, 3): the unit
    vectors that grid up and grid right take in state s; ``symmetry[g, s]`` where the box's
    g-th isometry sends s. All int64; there are 8 states per square.
    """

    box: Box
    square: np.ndarray
    frames: np.ndarray
    step: np.ndarray
    symmetry: np.ndarray


@lru_cache(maxsize=6)
def _frames(normal: Vec) -> list[tuple[Vec, Vec]]:
    """The 8 (up, right) pairs of unit vectors in the plane perpendicular to normal."""
    axes = [k for k in range(3) if normal[k] == 0]
    units = [tuple(s if k == a else 0 for k in range(3)) for a in axes for s in (1, -1)]
    return [(up, right) for up in units for right in units if np.dot(up, right) == 0]


def _all_states(box: Box) -> np.ndarray:
    """Every state as a row (doubled centre, normal, up, right), shape (8 * squares, 12) int64.

    Doubled coordinates keep every square centre an integer. State 8 * i + f is square i
    (in the order of ``squares``) in frame f."""
    blocks = []
    for face in range(6):
        k, i, j = face_axes(face)
        u, v = np.meshgrid(np.arange(box[i]), np.arange(box[j]), indexing="ij")
        centre = np.zeros((u.size, 3), dtype=np.int64)
        centre[:, k] = 2 * box[k] if face % 2 else 0
        centre[:, i], centre[:, j] = 2 * u.ravel() + 1, 2 * v.ravel() + 1
        normal = face_normal(face)
        frames = np.array([up + right for up, right in _frames(normal)], dtype=np.int64)
        blocks.append(np.hstack([np.repeat(centre, 8, axis=0), np.tile(normal, (8 * u.size, 1)),
                                 np.tile(frames, (u.size, 1))]))
    return np.vstack(blocks)


def _keys(states: np.ndarray, box: Box) -> np.ndarray:
    """A distinct integer for each state row (vectors of -1, 0, 1 as base-3 digits)."""
    size = 2 * max(box) + 1
    centre = (states[:, 0] * size + states[:, 1]) * size + states[:, 2]
    digits = states[:, 3:] + 1
    return centre * 3**9 + digits @ (3 ** np.arange(9, dtype=np.int64))


def _walk(box: Box, states: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The states one cell further along w (per state, a unit vector in its face), wrapping
    over a face edge at 90 degrees where the step leaves the face."""
    centre, normal, up, right = states[:, 0:3], states[:, 3:6], states[:, 6:9], states[:, 9:12]
    ahead = centre + 2 * w
    reach = (ahead * np.abs(w)).sum(axis=1)
    limit = 2 * (np.abs(w) @ np.array(box, dtype=np.int64))
    inside = ((reach > 0) & (reach < limit))[:, None]
    # Over the edge: turn 90 degrees about it, so w becomes -normal and -w becomes normal.
    def turn(v: np.ndarray) -> np.ndarray:
        along = (v * w).sum(axis=1)[:, None]
        return np.where(along == 1, -normal, np.where(along == -1, normal, v))

    over = np.hstack([centre + w - normal, w, turn(up), turn(right)])
    return np.where(inside, np.hstack([ahead, normal, up, right]), over)


def _index_of(keys: np.ndarray, order: np.ndarray, states: np.ndarray, box: Box) -> np.ndarray:
    return order[np.searchsorted(keys[order], _keys(states, box))]


@lru_cache(maxsize=64)
def surface_states(box: Box) -> SurfaceStates:
    """The state graph of a box (cached: it depends on the box alone)."""
    states = _all_states(box)
    keys = _keys(states, box)
    order = np.argsort(keys)
    up, right = states[:, 6:9], states[:, 9:12]
    steps = [_walk(box, states, w) for w in (up, right, -up, -right)]
    step = np.stack([_index_of(keys, order, s, box) for s in steps], axis=1)
    square = np.arange(len(states), dtype=np.int64) // 8
    frames = states[:, 6:12].reshape(-1, 2, 3)
    symmetry = np.array([_index_of(keys, order, _transform(g, states), box) for g in symmetries(box)])
    return SurfaceStates(box, square, frames, step, symmetry)


def _transform(g: np.ndarray, states: np.ndarray) -> np.ndarray:
    """The states moved by an isometry of the box, acting on doubled coordinates."""
    rot, shift = g[:3, :3], g[:3, 3]
    parts = [states[:, 0:3] @ rot.T + shift] + [states[:, k : k + 3] @ rot.T for k in (3, 6, 9)]
    return np.hstack(parts)


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
    ordered = sorted(cells)
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


def _valid_starts(tree: _Tree, graph: SurfaceStates) -> np.ndarray:
    """The states of every cell, shape (n, k), for each of the k valid foldings, one per class.

    The box's isometries act freely on states, so trying one start per orbit finds each class
    of foldings exactly once."""
    n, step = len(tree.cells), graph.step.ravel()
    starts = np.flatnonzero(graph.symmetry.min(axis=0) == np.arange(len(graph.square)))
    states = np.empty((n, len(starts)), dtype=np.int64)
    states[0] = starts
    for (child, parent, d), (i, j, e) in zip(tree.levels, tree.closing, strict=True):
        states[child] = step[states[parent] * 4 + d[:, None]]
        if len(i):
            alive = (step[states[i] * 4 + e[:, None]] == states[j]).all(axis=0)
            states = states[:, alive]
            if not states.shape[1]:
                return states  # every start broke an adjacency: no folding
    covered = np.sort(graph.square[states], axis=0)
    exact = (covered == np.arange(n)[:, None]).all(axis=0)
    return states[:, exact]


def _printed_outside(graph: SurfaceStates, state: int) -> bool:
    up, right = graph.frames[state]
    face = squares(graph.box)[graph.square[state]][0]
    return bool(np.array_equal(np.cross(right, up), face_normal(face)))


def _outside_image(graph: SurfaceStates, column: np.ndarray) -> np.ndarray:
    """The same folding moved by the first symmetry of the box that puts the printed side out."""
    for g in graph.symmetry:
        if _printed_outside(graph, int(g[column[0]])):
            return g[column]
    raise AssertionError("some reflection of the box always turns the paper over")


def foldings(cells: Layout, box: Box) -> list[Folding]:
    """Every folding of the polyomino onto the box, one per class up to the box's symmetries,
    each shown with the printed side of the paper outside."""
    graph = surface_states(box)
    if len(cells) * 8 != len(graph.square):
        return []
    tree = _spanning_tree(cells)
    states = _valid_starts(tree, graph)
    return [_folding(tree, graph, _outside_image(graph, states[:, k])) for k in range(states.shape[1])]


def _folding(tree: _Tree, graph: SurfaceStates, column: np.ndarray) -> Folding:
    places = squares(graph.box)
    placement, up, right = {}, {}, {}
    for cell, state in zip(tree.cells, column.tolist(), strict=True):
        placement[cell] = places[graph.square[state]]
        u, r = graph.frames[state]
        up[cell], right[cell] = tuple(int(x) for x in u), tuple(int(x) for x in r)
    return Folding(graph.box, placement, up, right)


def clear_caches() -> None:
    """Forget the cached state graphs and spanning trees (benchmarks use it to time cold runs)."""
    surface_states.cache_clear()
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
