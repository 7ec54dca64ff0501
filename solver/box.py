"""Boxes and their surfaces: faces, surface squares, and the symmetries of a box.

A box (a, b, c) occupies [0, a] x [0, b] x [0, c] in cell units. Face ``2k + s`` is the one
whose outward normal points along axis k, towards the low (s = 0) or high (s = 1) side, so
face ``f ^ 1`` is the face opposite f. On a face, u runs along the lower of its two in-plane
axes and v along the higher one; (u, v) on a face lies directly opposite (u, v) on ``f ^ 1``.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations, product
from typing import TYPE_CHECKING

# Only square_center and symmetries need numpy, and they import it themselves: a packing solve
# uses this module's plain helpers, and numpy's import would be most of its first packing's time.
if TYPE_CHECKING:
    import numpy as np

Box = tuple[int, int, int]  # (a, b, c), ascending
Vec = tuple[int, int, int]
Placement = tuple[int, int, int]  # (face, u, v)

FACE_LABELS = "ABCDEF"


def boxes_of_area(area: int) -> list[Box]:
    """Every box (a <= b <= c) whose surface 2(ab + bc + ca) equals area."""
    if area % 2:
        return []
    half, out = area // 2, []
    a = 1
    while 3 * a * a <= half:
        b = a
        while 2 * a * b + b * b <= half:
            rest = half - a * b
            if rest % (a + b) == 0 and rest // (a + b) >= b:
                out.append((a, b, rest // (a + b)))
            b += 1
        a += 1
    return out


def surface_area(box: Box) -> int:
    a, b, c = box
    return 2 * (a * b + b * c + c * a)


def face_axes(face: int) -> tuple[int, int, int]:
    """(normal axis, u axis, v axis) of a face."""
    k = face // 2
    i, j = (x for x in range(3) if x != k)
    return k, i, j


def face_normal(face: int) -> Vec:
    """The outward unit normal of a face."""
    return unit(face // 2, 1 if face % 2 else -1)


def unit(axis: int, sign: int) -> Vec:
    """The unit vector along axis (0, 1, 2), pointing to the side of sign (+1 or -1)."""
    return as_vec(sign if k == axis else 0 for k in range(3))


def as_vec(values: Iterable[int | np.integer]) -> Vec:
    """Three integers (numpy's too) as a Vec of Python ints."""
    x, y, z = values
    return int(x), int(y), int(z)


def face_size(box: Box, face: int) -> tuple[int, int]:
    """(cells along u, cells along v) of a face."""
    _, i, j = face_axes(face)
    return box[i], box[j]


def square_center(box: Box, placement: Placement) -> np.ndarray:
    """The 3D centre of a surface square, in cell units, shape (3,) float64."""
    import numpy as np  # see the note on numpy at the top

    face, u, v = placement
    k, i, j = face_axes(face)
    p = np.zeros(3)
    p[k] = box[k] if face % 2 else 0.0
    p[i], p[j] = u + 0.5, v + 0.5
    return p


def squares(box: Box) -> list[Placement]:
    """Every surface square of the box, face by face, then u, then v."""
    out = []
    for face in range(6):
        du, dv = face_size(box, face)
        out += [(face, u, v) for u in range(du) for v in range(dv)]
    return out


def symmetries(box: Box) -> list[np.ndarray]:
    """Every isometry of the box onto itself as a (4, 4) int matrix acting on doubled
    coordinates (so that square centres stay integers); reflections included."""
    import numpy as np  # see the note on numpy at the top

    out = []
    for perm in permutations(range(3)):
        if any(box[perm[k]] != box[k] for k in range(3)):
            continue
        for signs in product((1, -1), repeat=3):
            m = np.zeros((4, 4), dtype=np.int64)
            m[3, 3] = 1
            for k in range(3):
                m[k, perm[k]] = signs[k]
                m[k, 3] = 0 if signs[k] > 0 else 2 * box[k]
            out.append(m)
    return out

