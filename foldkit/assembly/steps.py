"""The steps of an assembly: which piece goes in, what is in the box already, and which of the
four isometric views shows the new piece best.

How much of a piece a view shows is counted exactly on the triangle lattice an isometric view
makes of unit cubes: seen along (1, 1, 1), cube (x, y, z) covers the six triangles round the
lattice point (x - z, y - z), and of the cubes over a triangle the one with the largest x + y + z
is in front. The other three views are the same after turning x and y round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.packing.assembly import Cube, Placed

Point = tuple[int, int]  # a lattice point
Triangle = tuple[Point, Point, Point]  # sorted corners

CORNER_NAMES = ("front right", "front left", "back left", "back right")
# Per view, the signs that turn x and y so the view looks along (1, 1, 1); front is -y.
CORNER_SIGNS = ((1, -1), (-1, -1), (-1, 1), (1, 1))
HEXAGON = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))  # round a lattice point
WELL_SEEN = 0.5  # a view that shows this share of the new piece is kept


@dataclass(frozen=True)
class Step:
    """One step: its number (from 1), the piece (index into the packing) and the view to draw it from."""

    number: int
    piece: int
    placed: tuple[int, ...]  # the pieces in the box before this step, in the order they went in
    corner: int  # 0..3, see CORNER_NAMES


def assembly_steps(packing: Sequence[Placed], order: Sequence[int], prefer_front: bool = True,
                   well_seen: float = WELL_SEEN) -> list[Step]:
    """The steps of an order, each with a view that shows its piece: the front right view when it
    shows at least `well_seen` of the piece (with prefer_front), else the last view used if it
    does, else the one showing most."""
    steps, corner = [], 0
    for k, piece in enumerate(order):
        owners = {cube: i for i in order[: k + 1] for cube in packing[i].cubes}
        shares = [visible_share(owners, piece, c) for c in range(4)]
        if prefer_front and shares[0] >= well_seen:
            corner = 0
        elif shares[corner] < well_seen:
            corner = max(range(4), key=lambda c: (shares[c], -c))
        steps.append(Step(k + 1, piece, tuple(order[:k]), corner))
    return steps


def visible_share(owners: dict[Cube, int], piece: int, corner: int) -> float:
    """The share of a piece's outline in a view that is not hidden behind other pieces."""
    front: dict[Triangle, tuple[int, int]] = {}
    mine: set[Triangle] = set()
    for cube, owner in owners.items():
        depth, triangles = lattice_triangles(cube, corner)
        for triangle in triangles:
            if triangle not in front or front[triangle][0] < depth:
                front[triangle] = depth, owner
            if owner == piece:
                mine.add(triangle)
    return sum(front[t][1] == piece for t in mine) / len(mine) if mine else 0.0


def lattice_triangles(cube: Cube, corner: int) -> tuple[int, list[Triangle]]:
    """A cube's nearness in a view and the six lattice triangles it covers there."""
    sx, sy = CORNER_SIGNS[corner]
    x, y, z = sx * cube[0], sy * cube[1], cube[2]
    p = (x - z, y - z)
    ring = [(p[0] + a, p[1] + b) for a, b in HEXAGON]
    corners = [sorted((p, ring[k], ring[(k + 1) % 6])) for k in range(6)]
    return x + y + z, [(a, b, c) for a, b, c in corners]
