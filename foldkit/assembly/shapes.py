"""Pieces as geometry: their outer unit faces, the way each lies on a table (turned by the
solver's 24 rotations) and the distinct shapes of a packing.

A face of a unit cube is the cube and an outward direction; its corners run counter-clockwise
seen from outside (``u`` then ``v`` from its first corner, u x v the outward normal).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from solver.box import as_vec
from solver.packing.assembly import NEIGHBOURS, Cube, Placed
from solver.packing.geometry import ROTATIONS, Transform, apply

Direction = tuple[int, int, int]  # one of the six unit steps
Face = tuple[Cube, Direction]  # a cube and the side of it that shows
Quads = np.ndarray  # (n, 4, 3) float64: corners, counter-clockwise seen from outside

# For each outward direction: the corner the face starts at (relative to the cube's low corner),
# and its two edge vectors u, v with u x v = the direction.
FACE_FRAMES: dict[Direction, tuple[Cube, Cube, Cube]] = {
    (1, 0, 0): ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    (-1, 0, 0): ((0, 0, 0), (0, 0, 1), (0, 1, 0)),
    (0, 1, 0): ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
    (0, -1, 0): ((0, 0, 0), (1, 0, 0), (0, 0, 1)),
    (0, 0, 1): ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    (0, 0, -1): ((0, 0, 0), (0, 1, 0), (1, 0, 0)),
}


def add(a: Cube, b: Cube) -> Cube:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def outer_faces(cubes: Iterable[Cube]) -> list[Face]:
    """The faces of a set of cubes that no other cube of the set covers, in a fixed order."""
    filled = set(cubes)
    return [(cube, d) for cube in sorted(filled) for d in NEIGHBOURS if add(cube, d) not in filled]


def face_quads(faces: Sequence[Face]) -> Quads:
    """The corners of faces, (n, 4, 3) float64."""
    out = np.empty((len(faces), 4, 3))
    for k, (cube, d) in enumerate(faces):
        start, u, v = (np.array(a, dtype=np.float64) for a in FACE_FRAMES[d])
        o = np.array(cube, dtype=np.float64) + start
        out[k] = o, o + u, o + u + v, o + v
    return out


def edge_neighbours(face: Face) -> list[Face]:
    """For each edge of a face (corners 0-1, 1-2, 2-3, 3-0), the face that continues it in the same
    plane on the other side of that edge."""
    cube, d = face
    _, u, v = FACE_FRAMES[d]
    minus_v, plus_u, plus_v, minus_u = (as_vec(-c for c in v), u, v, as_vec(-c for c in u))
    return [(add(cube, step), d) for step in (minus_v, plus_u, plus_v, minus_u)]


# ---------------------------------------------------------------------------------------------
# Turning pieces (the solver's 24 rotations)


def normalised(cubes: Iterable[Cube]) -> tuple[Cube, ...]:
    """The cubes moved so their lowest x, y and z are 0, sorted."""
    array = np.array(sorted(cubes), dtype=np.int64)
    array -= array.min(axis=0)
    return tuple(sorted(as_vec(row) for row in array))


def turned(cubes: Iterable[Cube], rotation: Transform) -> tuple[Cube, ...]:
    """The cubes turned by a rotation and normalised."""
    return normalised(apply(rotation, cube) for cube in cubes)


def lying_flat(cubes: Iterable[Cube]) -> tuple[Cube, ...]:
    """The piece turned to rest on its largest flat face (the most cubes on the table, z = 0), then
    as low as it goes, then with its footprint longer along x; of those the least, so every copy
    of a shape lies the same way."""
    def badness(shape: tuple[Cube, ...]) -> tuple:
        size = np.array(shape).max(axis=0) + 1
        return -sum(z == 0 for _, _, z in shape), int(size[2]), int(size[0] < size[1]), shape

    return min((turned(cubes, r) for r in ROTATIONS), key=badness)


def canonical(cubes: Iterable[Cube]) -> tuple[Cube, ...]:
    """One representative of the piece under the 24 rotations (the least normalised image)."""
    return min(turned(cubes, r) for r in ROTATIONS)


@dataclass(frozen=True)
class Shape:
    """A distinct piece shape of a packing: its name, cubes lying flat, and how many there are."""

    name: str
    cubes: tuple[Cube, ...]
    count: int


def distinct_shapes(packing: Sequence[Placed]) -> list[Shape]:
    """The piece shapes of a packing, one per name (and per shape, should a name hold two; they are
    then numbered), in order of first appearance."""
    keys = shape_keys(packing)
    counts = {key: keys.count(key) for key in keys}
    flat = {key: lying_flat(placed.cubes) for key, placed in zip(keys, packing, strict=True)}
    names = [name for name, _ in counts]
    out: list[Shape] = []
    seen: dict[str, int] = {}
    for name, shape in counts:
        seen[name] = seen.get(name, 0) + 1
        label = name if names.count(name) == 1 else f"{name}{seen[name]}"
        out.append(Shape(label, flat[name, shape], counts[name, shape]))
    return out


def shape_keys(packing: Sequence[Placed]) -> list[tuple[str, tuple[Cube, ...]]]:
    """For each placed piece, its name and canonical shape."""
    return [(placed.piece, canonical(placed.cubes)) for placed in packing]


def shape_index(packing: Sequence[Placed]) -> list[int]:
    """For each placed piece, the index of its shape in distinct_shapes(packing)."""
    keys = shape_keys(packing)
    order = list(dict.fromkeys(keys))
    return [order.index(key) for key in keys]
