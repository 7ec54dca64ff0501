"""Does the fold close without one panel passing through another? A check with a proof of its step.

The paper is taken as zero-thick unit squares, each shrunk by ``squares.MARGIN`` on every side, so that
squares meeting along a crease or a box edge do not count as touching. Two shrunk squares of
different panels must never meet while the fold fraction t runs from 0 to 1.

Why finitely many looks are a proof: every hinge angle grows monotonically with t, and turning
hinge h by d_theta moves a point by at most d_theta times its distance to h's axis. That
distance never exceeds the point's distance along the paper to the hinge, which a path of cells
in the flat net bounds (``reach``). So over [t0, t1], seen from square a, square b moves by at
most the sum, over the hinges on the tree path between their panels, of d_theta_h * reach(b, h)
(or the same seen from b). If the two are farther apart at t0 than that, they cannot meet inside
[t0, t1]; otherwise the interval is halved, down to ``SMALLEST_STEP``, where a pair still that
close counts as a collision. Squares on the two sides of one hinge, each with a side on its
axis, lie in two half-planes that turn about that axis by at most 90 degrees: they never cross
and are not followed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import Sequence, cell_outlines, cell_panels, hinge_fractions
from foldkit.fold.squares import RADIUS, shrunk, square_distances
from solver.folding import grid_edges
from solver.grid import Cell

SMALLEST_STEP = 1e-7  # an interval of t this short whose pair is still too close is a collision
CONTACT = 1e-9  # shrunk squares closer than this touch
Pairs = np.ndarray  # (k, 2) int64: indices into tree.cells of two cells of different panels


@dataclass(frozen=True)
class Followed:
    """The pairs of cells a check follows, and how far each can move per radian of each hinge:
    fixed by the tree's panels and hinges, whatever their stages (so shared by every order)."""

    pairs: Pairs
    second_reach: np.ndarray  # (k, H): seen from the first cell, the second's reach from each hinge on their path
    first_reach: np.ndarray  # (k, H): the same seen from the second cell
    cell_panels: np.ndarray  # (n,) int64: the panel of each cell, in tree.cells order
    squares: np.ndarray  # (n, 4, 3): each cell's shrunk square in net coordinates (shrinking commutes with motion)


@dataclass(frozen=True)
class Collision:
    """Two cells of different panels that pass through each other near fold fraction t."""

    first: Cell
    second: Cell
    t: float


@dataclass(frozen=True)
class FoldCheck:
    """What the check found: the earliest collision (None if the fold closes), and its work."""

    collision: Collision | None
    pairs: int  # pairs of cells that had to be followed through the fold
    looks: int  # distance tests made, one per pair per interval
    stage: int | None = None  # the stage of the collision (0 for the whole fold when not staged)

    @property
    def closes(self) -> bool:
        return self.collision is None


def check_fold(tree: PanelTree, sequence: Sequence = "staged", followed: Followed | None = None,
               proved: int = 0) -> FoldCheck:
    """Follow every pair of cells of different panels through the fold, stage by stage; the
    collision found in the earliest stage that has one, if any. ``followed`` may be given for a tree
    of the same panels and hinges staged otherwise; the first ``proved`` stages are taken as
    already checked (the same motions as a fold checked before)."""
    followed = followed or follow(tree)
    looks = 0
    for stage in range(proved, len(_intervals(tree, sequence))):
        check = check_stage(tree, stage, followed, sequence)
        looks += check.looks
        if not check.closes:
            return replace(check, looks=looks)
    return _closed_pose(tree, sequence, followed, looks)


def check_stage(tree: PanelTree, stage: int, followed: Followed, sequence: Sequence = "staged") -> FoldCheck:
    """The check of one stage alone (its hinges turning, the earlier ones folded): the collision
    found in it, if any, and the work done."""
    t0, t1 = _intervals(tree, sequence)[stage]
    collision, looks = _follow(tree, sequence, followed, t0, t1)
    return FoldCheck(collision, len(followed.pairs), looks, None if collision is None else stage)


def _follow(tree: PanelTree, sequence: Sequence, followed: Followed, t0: float, t1: float
            ) -> tuple[Collision | None, int]:
    """Halve [t0, t1] until every pair is proved apart on each piece, or one is found touching.
    All rows of a level, one per (piece, pair), are looked at together. The collision and the looks made."""
    pairs, first_reach, second_reach = followed.pairs, followed.first_reach, followed.second_reach
    start, end, pair = np.full(len(pairs), t0), np.full(len(pairs), t1), np.arange(len(pairs))
    looks = 0
    while len(pair):
        turned = hinge_fractions(tree, end, sequence) - hinge_fractions(tree, start, sequence)
        moves = 0.5 * np.pi * np.minimum((first_reach[pair] * turned).sum(axis=1),
                                         (second_reach[pair] * turned).sum(axis=1))
        # A pair that does not move relative to itself keeps the distance the interval before proved.
        moving = moves > 0
        start, end, pair, moves = start[moving], end[moving], pair[moving], moves[moving]
        gaps = _gaps(tree, sequence, followed, start, pair, moves)
        looks += len(pair)
        close = gaps <= moves
        stuck = close & ((gaps <= CONTACT) | (end - start <= SMALLEST_STEP))
        if stuck.any():
            first = int(np.argmin(np.where(stuck, start, np.inf)))
            return _collision(tree, pairs[pair[first]], start[first]), looks
        start, end, pair = start[close], end[close], pair[close]
        middle = 0.5 * (start + end)
        start, end, pair = np.concatenate([start, middle]), np.concatenate([middle, end]), np.tile(pair, 2)
    return None, looks


def _gaps(tree: PanelTree, sequence: Sequence, followed: Followed, times: np.ndarray, pair: np.ndarray,
          enough: np.ndarray | float) -> np.ndarray:
    """The distance between each row's two shrunk squares at its time, (m,); or, where the circles
    round the two squares are already farther apart than ``enough``, the distance between the circles
    (less than the squares', so it proves as much, and far cheaper)."""
    moments, which = np.unique(times, return_inverse=True)
    matrices = _panel_matrices(tree, hinge_fractions(tree, moments, sequence))[which]  # (m, P, 4, 4)
    rows = np.arange(len(pair))
    first, second = followed.pairs[pair, 0], followed.pairs[pair, 1]
    to_first = matrices[rows, followed.cell_panels[first]]  # (m, 4, 4)
    to_second = matrices[rows, followed.cell_panels[second]]
    centres = followed.squares.mean(axis=1)
    gaps = np.linalg.norm(_moved(to_first, centres[first, None]) - _moved(to_second, centres[second, None]),
                          axis=-1)[:, 0] - 2.0 * RADIUS
    near = np.flatnonzero(gaps <= enough)
    gaps[near] = square_distances(_moved(to_first[near], followed.squares[first[near]]),
                                  _moved(to_second[near], followed.squares[second[near]]))
    return gaps


def _moved(matrices: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Each row's points (m, k, 3) moved by its matrix (m, 4, 4)."""
    return np.einsum("mij,mkj->mki", matrices[:, :3, :3], points) + matrices[:, None, :3, 3]


def _closed_pose(tree: PanelTree, sequence: Sequence, followed: Followed, looks: int) -> FoldCheck:
    """The last look, at t = 1 (pairs that never moved relative to each other were never seen)."""
    pairs = followed.pairs
    gaps = _gaps(tree, sequence, followed, np.ones(len(pairs)), np.arange(len(pairs)), CONTACT)
    touching = np.flatnonzero(gaps <= CONTACT)
    looks += len(pairs)
    if len(touching):
        return FoldCheck(_collision(tree, pairs[touching[0]], 1.0), len(pairs), looks, tree.stage_count - 1)
    return FoldCheck(None, len(pairs), looks)


def _collision(tree: PanelTree, pair: np.ndarray, t: float) -> Collision:
    cells = tree.cells
    return Collision(cells[int(pair[0])], cells[int(pair[1])], float(t))


def _intervals(tree: PanelTree, sequence: Sequence) -> list[tuple[float, float]]:
    """The fold's first intervals: one per stage, where only that stage's hinges turn."""
    stages = tree.stage_count if sequence == "staged" else 1
    return [(s / stages, (s + 1) / stages) for s in range(max(stages, 1))]


def _panel_matrices(tree: PanelTree, fractions: np.ndarray) -> np.ndarray:
    """Every panel's motion at each row of hinge fractions (m, H), shape (m, P, 4, 4):
    pose.panel_matrices for many moments at once."""
    matrices = np.tile(np.eye(4), (len(fractions), len(tree.panels), 1, 1))
    for h, hinge in enumerate(tree.hinges):  # parents first
        turn = _rotations(hinge.start, hinge.end, 0.5 * np.pi * fractions[:, h])
        matrices[:, hinge.child] = matrices[:, hinge.parent] @ turn
    return matrices


def _rotations(start: tuple[float, float], end: tuple[float, float], angles: np.ndarray) -> np.ndarray:
    """Turns about the axis start -> end (in the z = 0 plane) by each angle, (m, 4, 4):
    pose.hinge_rotation for many angles at once."""
    origin = np.array([*start, 0.0])
    axis = np.array([*end, 0.0]) - origin
    x, y, z = axis / np.linalg.norm(axis)
    cross = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    c, s = np.cos(angles)[:, None, None], np.sin(angles)[:, None, None]
    rotation = c * np.eye(3) + s * cross + (1.0 - c) * np.outer([x, y, z], [x, y, z])
    out = np.tile(np.eye(4), (len(angles), 1, 1))
    out[:, :3, :3] = rotation
    out[:, :3, 3] = origin - rotation @ origin
    return out


def pairs_to_follow(tree: PanelTree) -> Pairs:
    """Pairs of cells of different panels, less those that sit on the two sides of one hinge's axis."""
    cells = tree.cells
    panel = np.array([tree.panel_of(c) for c in cells])
    first, second = np.triu_indices(len(cells), k=1)
    keep = panel[first] != panel[second]
    for hinge in tree.hinges:
        on_axis = np.array([_side_on_axis(cell, hinge.start, hinge.end) for cell in cells])
        across = ((panel[first] == hinge.parent) & (panel[second] == hinge.child)) | (
            (panel[first] == hinge.child) & (panel[second] == hinge.parent))
        keep &= ~(across & on_axis[first] & on_axis[second])
    return np.column_stack([first[keep], second[keep]]).astype(np.int64)


def _side_on_axis(cell: Cell, start: tuple[float, float], end: tuple[float, float]) -> bool:
    """True if one of the cell's sides lies on the line through start and end (a grid line)."""
    r, c = cell
    if start[1] == end[1]:  # a horizontal axis, y = row
        return start[1] in (r, r + 1)
    return start[0] in (c, c + 1)


def follow(tree: PanelTree) -> Followed:
    """The pairs to follow through the fold and, per pair and hinge, how far the pair's second
    (then first) cell can move per radian of that hinge, seen from the other cell: its reach from
    the hinge if the hinge is on the tree path between their panels, else 0."""
    pairs = pairs_to_follow(tree)
    reach = reach_from_hinges(tree)
    cells = tree.cells
    on_path = _hinges_between(tree)
    panel = [tree.panel_of(c) for c in cells]
    first = np.zeros((len(pairs), len(tree.hinges)))
    second = np.zeros_like(first)
    for k, (a, b) in enumerate(pairs):
        path = on_path[panel[a]][panel[b]]
        second[k, path] = reach[path, b]
        first[k, path] = reach[path, a]
    return Followed(pairs, second, first, cell_panels(tree), shrunk(cell_outlines(tree)))


def _hinges_between(tree: PanelTree) -> list[list[list[int]]]:
    """For two panels, the indices (in tree.hinges) of the hinges on the tree path between them."""
    hinge_above = {h.child: i for i, h in enumerate(tree.hinges)}
    parent = {h.child: h.parent for h in tree.hinges}

    def up(panel: int) -> list[int]:
        chain = [panel]
        while chain[-1] in parent:
            chain.append(parent[chain[-1]])
        return chain

    count = len(tree.panels)
    out: list[list[list[int]]] = [[[] for _ in range(count)] for _ in range(count)]
    for p in range(count):
        for q in range(count):
            above_p, above_q = up(p), up(q)
            common = set(above_p) & set(above_q)
            out[p][q] = [hinge_above[x] for x in above_p + above_q if x not in common]
    return out


def reach_from_hinges(tree: PanelTree) -> np.ndarray:
    """Per hinge and cell, a bound on how far any point of the cell can be from the hinge's axis
    in any pose: the length of a path along the paper, (steps + 1) * sqrt 2, shape (H, n)."""
    cells = tree.cells
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours: list[list[int]] = [[] for _ in cells]
    for a, b in grid_edges(frozenset(cells)):
        neighbours[index[a]].append(index[b])
        neighbours[index[b]].append(index[a])
    out = np.empty((len(tree.hinges), len(cells)))
    for h, hinge in enumerate(tree.hinges):
        starts = {index[cell] for edge in hinge.edges for cell in edge}
        out[h] = (_steps_from(starts, neighbours) + 1) * np.sqrt(2.0)
    return out


def _steps_from(starts: set[int], neighbours: list[list[int]]) -> np.ndarray:
    """Breadth-first distance, in steps from cell to cell, from the nearest start."""
    steps = np.full(len(neighbours), -1)
    frontier = sorted(starts)
    steps[frontier] = 0
    while frontier:
        nxt = []
        for i in frontier:
            for j in neighbours[i]:
                if steps[j] < 0:
                    steps[j] = steps[i] + 1
                    nxt.append(j)
        frontier = nxt
    return steps
