"""A packing piece's net folding up (``solver.packing.unfold.folded``): a check that no two of its squares
pass through each other on the way, a measure of whether the paper stays whole, and the fold as a
GIF or MP4.

The check is ``foldkit.fold.collision``'s, for a net whose every crease turns at once (t times its angle,
+90 or -90 degrees) about the crease to its parent cell: squares are shrunk by ``squares.MARGIN``, and
over [t0, t1] a square moves, seen from another, by at most the turn of each crease on the tree path
between them, (t1 - t0) * pi / 2, times its reach from that crease, which the path along the paper
bounds, (steps + 1) * sqrt 2. Two squares farther apart at t0 than that cannot meet inside [t0, t1];
otherwise the interval is halved, down to ``collision.SMALLEST_STEP``, where a pair still that close
counts as a collision. A cell and its parent turn about their shared side and are not followed.

The paper must also stay whole: two cells side by side in the net but not parent and child share a
crease too, which the tree's motion must keep joined (``tears`` samples it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from foldkit.exchange.video import Film, shot_film, video_bytes
from foldkit.fold.animation import off_screen_shots
from foldkit.fold.collision import CONTACT, SMALLEST_STEP, Collision, FoldCheck
from foldkit.fold.pose import ease
from foldkit.fold.squares import RADIUS, shrunk, square_distances
from foldkit.look import RGB
from solver.packing.unfold import PieceNet, folded

TEAR_LOOKS = 64  # moments at which the paper is checked whole
TEAR = 1e-9  # a crease whose two sides are farther apart than this (cells) is torn


def _tree_paths(parents: tuple[int, ...]) -> list[list[int]]:
    """For each cell, the cells from it up to the root (itself first)."""
    out = []
    for i in range(len(parents)):
        chain = [i]
        while parents[chain[-1]] >= 0:
            chain.append(parents[chain[-1]])
        out.append(chain)
    return out


def _steps(net: PieceNet) -> np.ndarray:
    """The steps from cell to cell in the flat net between every two cells, (n, n)."""
    index = {cell: i for i, cell in enumerate(net.cells)}
    out = np.full((len(net.cells), len(net.cells)), -1)
    for start in range(len(net.cells)):
        out[start, start], frontier = 0, [start]
        while frontier:
            nxt = []
            for i in frontier:
                r, c = net.cells[i]
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    j = index.get(n)
                    if j is not None and out[start, j] < 0:
                        out[start, j] = out[start, i] + 1
                        nxt.append(j)
            frontier = nxt
    return out


def followed_pairs(net: PieceNet) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pairs of cells to follow (all but a cell and its parent), (k, 2), and per pair and crease (the
    crease of cell x to its parent, column x), how far the pair's second cell can move seen from its first
    per radian of that crease's turn, then the first seen from the second, each (k, n): the crease's reach
    if it lies on the tree path between them, else 0."""
    paths = _tree_paths(net.parents)
    steps = _steps(net)
    first, second = np.triu_indices(len(net.cells), k=1)
    parents = np.array(net.parents)
    keep = (parents[first] != second) & (parents[second] != first)
    first, second = first[keep], second[keep]
    to_second, to_first = np.zeros((len(first), len(net.cells))), np.zeros((len(first), len(net.cells)))
    for k, (a, b) in enumerate(zip(first, second, strict=True)):
        common = set(paths[a]) & set(paths[b])
        on_path = [x for x in paths[a] + paths[b] if x not in common]  # each cell's crease to its parent
        # a point of a cell is no farther from a crease than a path along the paper: (steps + 2) diagonals
        to_second[k, on_path] = (steps[on_path, b] + 2) * np.sqrt(2.0)
        to_first[k, on_path] = (steps[on_path, a] + 2) * np.sqrt(2.0)
    return np.column_stack([first, second]), to_second, to_first


def fractions(net: PieceNet, times: np.ndarray) -> np.ndarray:
    """How far each crease has turned at each time, (m, n): every crease turns at once, t of its angle.
    (Staging the creases, leaves first, pulls apart creases off the tree: the paper would tear.)"""
    return np.repeat(np.asarray(times, dtype=np.float64)[:, None], len(net.cells), axis=1)


def check_piece_fold(net: PieceNet) -> FoldCheck:
    """Follow every pair of cells through the fold from flat (t = 0) to closed (t = 1); the earliest
    collision, if any, with the work done."""
    pairs, to_second, to_first = followed_pairs(net)
    start, end, pair = np.zeros(len(pairs)), np.ones(len(pairs)), np.arange(len(pairs))
    looks = 0
    while len(pair):
        turned = fractions(net, end) - fractions(net, start)  # each crease turns one way
        moves = 0.5 * np.pi * np.minimum((to_second[pair] * turned).sum(axis=1), (to_first[pair] * turned).sum(axis=1))
        gaps = _gaps(net, pairs[pair], start)
        looks += len(pair)
        close = (gaps <= moves) & (moves > 0)
        stuck = (gaps <= CONTACT) | (close & (end - start <= SMALLEST_STEP))
        if stuck.any():
            first = int(np.argmin(np.where(stuck, start, np.inf)))
            a, b = pairs[pair[first]]
            return FoldCheck(Collision(net.cells[a], net.cells[b], float(start[first])), len(pairs), looks)
        start, end, pair = start[close], end[close], pair[close]
        middle = 0.5 * (start + end)
        start, end, pair = np.concatenate([start, middle]), np.concatenate([middle, end]), np.tile(pair, 2)
    closed = _gaps(net, pairs, np.ones(len(pairs)))
    touching = np.flatnonzero(closed <= CONTACT)
    if len(touching):
        a, b = pairs[touching[0]]
        return FoldCheck(Collision(net.cells[a], net.cells[b], 1.0), len(pairs), looks + len(pairs))
    return FoldCheck(None, len(pairs), looks + len(pairs))


SCREEN_LOOKS = 48  # moments at which screened_closed samples a fold


def screened_closed(net: PieceNet, looks: int = SCREEN_LOOKS) -> bool:
    """A quick screen, not a proof (``check_piece_fold`` is): no two followed squares meet at any of
    looks evenly spaced moments of the fold, nor when it is closed."""
    pairs = followed_pairs(net)[0]
    corners = np.stack([shrunk(folded(net, float(t))) for t in np.linspace(0.0, 1.0, looks)])  # (T, n, 4, 3)
    first, second = corners[:, pairs[:, 0]], corners[:, pairs[:, 1]]  # (T, k, 4, 3)
    # squares whose centres are more than two of their radii apart cannot meet: only the rest are measured
    near = np.linalg.norm(first.mean(axis=2) - second.mean(axis=2), axis=2) <= 2 * RADIUS + CONTACT
    return bool((square_distances(first[near], second[near]) > CONTACT).all())


def _gaps(net: PieceNet, pairs: np.ndarray, times: np.ndarray) -> np.ndarray:
    """The distance between each pair's shrunk squares at its time, (m,)."""
    moments, which = np.unique(times, return_inverse=True)
    corners = np.stack([shrunk(folded(net, float(t))) for t in moments])  # (T, n, 4, 3)
    return square_distances(corners[which, pairs[:, 0]], corners[which, pairs[:, 1]])


def tears(net: PieceNet, looks: int = TEAR_LOOKS) -> float:
    """How far apart, at worst over the fold, the two sides of a crease between cells side by side in
    the net that are not parent and child come (0 when the paper stays whole)."""
    index = {cell: i for i, cell in enumerate(net.cells)}
    sides = []
    for i, (r, c) in enumerate(net.cells):
        for j, side in ((index.get((r, c + 1)), (1, 2, 0, 3)), (index.get((r + 1, c)), (3, 2, 0, 1))):
            if j is not None and net.parents[i] != j and net.parents[j] != i:
                sides.append((i, j, side))
    worst = 0.0
    for t in np.linspace(0.0, 1.0, looks):
        corners = folded(net, float(t))
        for i, j, (a, b, c, d) in sides:  # corners a, b of the one meet corners c, d of the other
            worst = max(worst, float(np.abs(corners[i, [a, b]] - corners[j, [c, d]]).max()))
    return worst


HOLD_SECONDS = 0.75  # on the flat net, then on the closed piece


def fold_moments(fps: int, seconds: float) -> list[float]:
    """The fold fraction of every frame: held flat, folding (eased), held closed."""
    hold = round(HOLD_SECONDS * fps)
    moving = [float(ease(share)) for share in np.linspace(0.0, 1.0, max(2, round(seconds * fps)))]
    return [0.0] * hold + moving + [1.0] * hold


def piece_fold_video(net: PieceNet, colour: RGB, caption: str, suffix: str, size: tuple[int, int], fps: int,
                     seconds: float = 3.0) -> bytes:
    """The net folding up into its piece, seen from its printed side, as .gif or .mp4 bytes."""
    with _film(net, colour, caption, size, fold_moments(fps, seconds)) as film:
        return video_bytes(film, fps, suffix)


@contextmanager
def _film(net: PieceNet, colour: RGB, caption: str, size: tuple[int, int], moments: list[float]) -> Iterator[Film]:
    """The fold's frames, rendered off-screen as they are read."""
    def stage(plotter: Any):
        import pyvista as pv

        faces = np.hstack([[4, 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3] for i in range(len(net.cells))])
        mesh = pv.PolyData(folded(net, 0.0).reshape(-1, 3), faces)
        plotter.add_mesh(mesh, color=colour, show_edges=True, edge_color="black", line_width=2)
        plotter.add_text(caption, font_size=10, color="black")
        plotter.set_background("white")
        seen = np.concatenate([folded(net, t).reshape(-1, 3) for t in (0.0, 0.5, 1.0)])
        centre = (seen.min(axis=0) + seen.max(axis=0)) / 2
        reach = float(np.linalg.norm(seen.max(axis=0) - seen.min(axis=0)))
        # from the printed side (z < 0), above one corner, so the piece's outside is what one sees
        plotter.camera.position = tuple(centre + 1.4 * reach * np.array([0.6, 0.9, -1.2]))
        plotter.camera.focal_point = tuple(centre)
        plotter.camera.up = (0.0, 0.0, -1.0)

        def pose(t: float) -> None:
            mesh.points = folded(net, t).reshape(-1, 3)
        return pose

    with off_screen_shots(size, stage) as shoot:
        yield shot_film(shoot, moments)
