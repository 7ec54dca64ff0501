"""The surface of a box as a graph of states: a cell on a surface square in one of 8 frames.

A frame is the pair of 3D unit vectors that a cell's grid up and grid right take on the box.
A cell's state fixes where each grid neighbour goes: one on the same face lies flat beside it,
one past the face's edge wraps over that edge at 90 degrees. State ``8 * i + f`` is square i
(in the order of ``solver.box.squares``) in frame f; a state's number is computed from its
vectors directly, so the graph of a box of A squares is built in O(A) numpy steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solver.box import Box, Vec, face_axes, face_normal, surface_area, symmetries, unit

Vectors = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # doubled centre, normal, up, right: (n, 3) int64


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
    """The 8 (up, right) pairs of unit vectors in the plane perpendicular to normal: up runs
    through +u, -u, +v, -v (u, v the face's axes, ascending), and right takes the + one first."""
    axes = [k for k in range(3) if normal[k] == 0]
    units = [unit(a, s) for a in axes for s in (1, -1)]
    return [(up, right) for up in units for right in units if np.dot(up, right) == 0]


def _all_states(box: Box) -> Vectors:
    """The vectors of every state, in state order. Doubled coordinates keep every square
    centre an integer."""
    blocks = []
    for face in range(6):
        k, i, j = face_axes(face)
        u, v = np.meshgrid(np.arange(box[i]), np.arange(box[j]), indexing="ij")
        centre = np.zeros((u.size, 3), dtype=np.int64)
        centre[:, k] = 2 * box[k] if face % 2 else 0
        centre[:, i], centre[:, j] = 2 * u.ravel() + 1, 2 * v.ravel() + 1
        frames = np.array([up + right for up, right in _frames(face_normal(face))], dtype=np.int64)
        blocks.append(np.hstack([np.repeat(centre, 8, axis=0), np.tile(face_normal(face), (8 * u.size, 1)),
                                 np.tile(frames, (u.size, 1))]))
    rows = np.vstack(blocks)
    return rows[:, 0:3], rows[:, 3:6], rows[:, 6:9], rows[:, 9:12]


def _axis_and_sign(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the axis, True where negative) of each unit vector along an axis, shape (n, 3)."""
    axis = (vectors[:, 1] != 0) + 2 * (vectors[:, 2] != 0)
    return axis, vectors.sum(axis=1) < 0


def _number(box: Box, vectors: Vectors) -> np.ndarray:
    """The state number of each row of vectors."""
    centre, normal, up, right = vectors
    rows, sizes = np.arange(len(centre)), np.array(box, dtype=np.int64)
    k, low = _axis_and_sign(normal)
    face = 2 * k + ~low
    i, j = np.where(k == 0, 1, 0), np.where(k == 2, 1, 2)  # the face's u and v axes
    areas = [box[face_axes(f)[1]] * box[face_axes(f)[2]] for f in range(6)]
    first = np.concatenate([[0], np.cumsum(areas)[:-1]])
    square = first[face] + centre[rows, i] // 2 * sizes[j] + centre[rows, j] // 2
    up_axis, up_negative = _axis_and_sign(up)
    _, right_negative = _axis_and_sign(right)
    return 8 * square + 2 * (2 * (up_axis == j) + up_negative) + right_negative


def _walk(box: Box, vectors: Vectors, w: np.ndarray) -> Vectors:
    """The vectors one cell further along w (per state, a unit vector in its face), wrapping
    over a face edge at 90 degrees where the step leaves the face."""
    centre, normal, up, right = vectors
    axis, _ = _axis_and_sign(w)
    ahead = centre + 2 * w
    reach = ahead[np.arange(len(w)), axis]
    over = ~((reach > 0) & (reach < 2 * np.array(box, dtype=np.int64)[axis]))
    out = (ahead, normal.copy(), up.copy(), right.copy())
    # Over the edge: turn 90 degrees about it, so w becomes -normal and -w becomes normal.
    w_over, n_over = w[over], normal[over]

    def turn(v: np.ndarray) -> np.ndarray:
        along = (v * w_over).sum(axis=1)[:, None]
        return np.where(along == 1, -n_over, np.where(along == -1, n_over, v))

    out[0][over] = centre[over] + w_over - n_over
    out[1][over] = w_over
    out[2][over], out[3][over] = turn(up[over]), turn(right[over])
    return out


def _transform(g: np.ndarray, vectors: Vectors) -> Vectors:
    """The vectors moved by an isometry of the box (a signed permutation of the axes and a
    shift, on doubled coordinates)."""
    axes = np.abs(g[:3, :3]).argmax(axis=1)
    signs, shift = g[np.arange(3), axes], g[:3, 3]
    centre, normal, up, right = (v[:, axes] * signs for v in vectors)
    return centre + shift, normal, up, right


CACHED_SQUARES = 1_000  # graphs of boxes up to this surface area are kept (512 of them: at most 80 MB)


def surface_states(box: Box) -> SurfaceStates:
    """The state graph of a box (cached up to CACHED_SQUARES: it depends on the box alone)."""
    return _cached_states(box) if surface_area(box) <= CACHED_SQUARES else _states(box)


@lru_cache(maxsize=512)  # every box of every area a puzzle's layouts come in, most of them small
def _cached_states(box: Box) -> SurfaceStates:
    return _states(box)


def _states(box: Box) -> SurfaceStates:
    vectors = _all_states(box)
    up, right = vectors[2], vectors[3]
    step = np.stack([_number(box, _walk(box, vectors, w)) for w in (up, right, -up, -right)], axis=1)
    square = np.arange(len(up), dtype=np.int64) // 8
    frames = np.stack([up, right], axis=1)
    symmetry = np.array([_number(box, _transform(g, vectors)) for g in symmetries(box)])
    return SurfaceStates(box, square, frames, step, symmetry)


def clear_cache() -> None:
    """Forget the cached graphs (benchmarks use it to time cold runs)."""
    _cached_states.cache_clear()
