"""Distances between unit squares in space, many pairs at once: what the fold's collision check
(``foldkit.fold.collision``) measures. A square is its four corners in order round it, (4, 3)."""

from __future__ import annotations

import numpy as np

MARGIN = 0.02  # each square is shrunk by this much (in cells) on every side before it is tested
RADIUS = (1.0 - 2.0 * MARGIN) * np.sqrt(0.5)  # every point of a shrunk square is this close to its centre


def shrunk(corners: np.ndarray) -> np.ndarray:
    """Squares (..., 4, 3) shrunk about their centres by MARGIN on every side."""
    centre = corners.mean(axis=-2, keepdims=True)
    return centre + (corners - centre) * (1.0 - 2.0 * MARGIN)


def square_distances(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The distance between two squares, pair by pair (0 where they meet), from (k, 4, 3) corners
    in order around each square: the least vertex-to-square and edge-to-edge distance, or 0 where
    an edge of one passes through the other."""
    best = np.minimum(_vertices_to_square(first, second), _vertices_to_square(second, first))
    starts_a, ends_a = first, np.roll(first, -1, axis=1)
    starts_b, ends_b = second, np.roll(second, -1, axis=1)
    for i in range(4):
        for j in range(4):
            gap = _segment_distances(starts_a[:, i], ends_a[:, i], starts_b[:, j], ends_b[:, j])
            best = np.minimum(best, gap)
    pierced = _edges_pierce(first, second) | _edges_pierce(second, first)
    return np.where(pierced, 0.0, best)


def _square_frame(square: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A square's first corner and its two side vectors from there, each (k, 3)."""
    return square[:, 0], square[:, 1] - square[:, 0], square[:, 3] - square[:, 0]


def _vertices_to_square(points: np.ndarray, square: np.ndarray) -> np.ndarray:
    """The least distance from the four corners of each (k, 4, 3) to the other square, (k,)."""
    origin, u, v = _square_frame(square)
    rel = points - origin[:, None]
    s = np.clip(np.einsum("kij,kj->ki", rel, u) / np.einsum("kj,kj->k", u, u)[:, None], 0.0, 1.0)
    r = np.clip(np.einsum("kij,kj->ki", rel, v) / np.einsum("kj,kj->k", v, v)[:, None], 0.0, 1.0)
    nearest = origin[:, None] + s[..., None] * u[:, None] + r[..., None] * v[:, None]
    return np.linalg.norm(points - nearest, axis=-1).min(axis=1)


def _segment_distances(p0: np.ndarray, p1: np.ndarray, q0: np.ndarray, q1: np.ndarray) -> np.ndarray:
    """The least distance between segments p0-p1 and q0-q1, pair by pair (each (k, 3)), (k,).

    The closest points of the two lines, clamped to the segments (one clamp, then the other)."""
    d1, d2, r = p1 - p0, q1 - q0, p0 - q0
    a, e = np.einsum("kj,kj->k", d1, d1), np.einsum("kj,kj->k", d2, d2)
    b, c, f = np.einsum("kj,kj->k", d1, d2), np.einsum("kj,kj->k", d1, r), np.einsum("kj,kj->k", d2, r)
    denominator = a * e - b * b
    parallel = denominator <= 1e-12 * a * e
    s = np.where(parallel, 0.0, np.clip((b * f - c * e) / np.where(parallel, 1.0, denominator), 0.0, 1.0))
    t = (b * s + f) / e
    s = np.where(t < 0.0, np.clip(-c / a, 0.0, 1.0), np.where(t > 1.0, np.clip((b - c) / a, 0.0, 1.0), s))
    t = np.clip(t, 0.0, 1.0)
    gap = (p0 + s[:, None] * d1) - (q0 + t[:, None] * d2)
    return np.linalg.norm(gap, axis=1)


def _edges_pierce(edges_of: np.ndarray, square: np.ndarray) -> np.ndarray:
    """True where an edge of the first square passes through the inside of the second, (k,)."""
    origin, u, v = _square_frame(square)
    normal = np.cross(u, v)
    starts, ends = edges_of, np.roll(edges_of, -1, axis=1)
    height_start = np.einsum("kij,kj->ki", starts - origin[:, None], normal)
    height_end = np.einsum("kij,kj->ki", ends - origin[:, None], normal)
    crosses = height_start * height_end < 0.0
    share = height_start / np.where(crosses, height_start - height_end, 1.0)
    point = starts + share[..., None] * (ends - starts) - origin[:, None]
    s = np.einsum("kij,kj->ki", point, u) / np.einsum("kj,kj->k", u, u)[:, None]
    r = np.einsum("kij,kj->ki", point, v) / np.einsum("kj,kj->k", v, v)[:, None]
    inside = (s > 0.0) & (s < 1.0) & (r > 0.0) & (r < 1.0)
    return (crosses & inside).any(axis=1)
