"""How many placements pieces have in a box, counted without making them: what the limits on a
packing's search table are checked against before it is built."""

from __future__ import annotations

from collections.abc import Iterable

from solver.packing.geometry import normalise, orientations
from solver.packing.model import BoxSides, Cube, Piece, Shape


def placement_count(box: BoxSides, cubes: Shape, one_sided: bool = False) -> int:
    """How many placements a piece has in the box: its orientations at every position (whatever the target)."""
    if any(size > side for size, side in zip(sorted(_extent(cubes)), sorted(box), strict=True)):
        return 0  # it fits in no orientation: its orientations need not be made
    total = 0
    for turned in orientations(cubes, one_sided):
        x, y, z = (side - size + 1 for side, size in zip(box, _extent(turned), strict=True))
        total += max(x, 0) * max(y, 0) * max(z, 0)
    return total


def _extent(cubes: Shape) -> Cube:
    x, y, z = (max(cube[axis] for cube in cubes) - min(cube[axis] for cube in cubes) + 1 for axis in range(3))
    return x, y, z


def placement_total(box: BoxSides, pieces: Iterable[Piece], one_sided: bool = False) -> int:
    """How many placements the pieces have in the box together (the rows of the search's table, or a few more
    with a target shape), found without making them."""
    per_shape: dict[Shape, int] = {}
    total = 0
    for piece in pieces:
        shape = normalise(piece.cubes)
        if shape not in per_shape:
            per_shape[shape] = placement_count(box, shape, one_sided)
        total += per_shape[shape]
    return total
