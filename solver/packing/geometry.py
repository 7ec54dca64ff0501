"""Turning pieces: the 24 rotations, a shape's orientations, its placements in a box, the box's symmetries."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from solver.box import as_vec
from solver.packing.model import BoxSides, Cube, PackingPuzzle, Shape

Transform = tuple[tuple[int, int, int], tuple[int, int, int]]  # (axis permutation, signs): x'_i = s_i * x_{p_i}


def _parity(perm: tuple[int, ...]) -> int:
    inversions = sum(1 for i in range(len(perm)) for j in range(i + 1, len(perm)) if perm[i] > perm[j])
    return -1 if inversions % 2 else 1


def _determinant(transform: Transform) -> int:
    perm, signs = transform
    return _parity(perm) * signs[0] * signs[1] * signs[2]


def all_transforms() -> list[Transform]:
    """The 48 symmetries of the cube about the origin (rotations first, then reflections)."""
    found = [(as_vec(perm), as_vec(signs)) for perm in permutations(range(3)) for signs in product((1, -1), repeat=3)]
    return sorted(found, key=lambda t: (-_determinant(t), t[0], [-s for s in t[1]]))


ROTATIONS = tuple(t for t in all_transforms() if _determinant(t) == 1)  # the identity comes first
REFLECTIONS = tuple(t for t in all_transforms() if _determinant(t) == -1)


def apply(transform: Transform, cube: Cube) -> Cube:
    """A cube turned by a transform about the origin."""
    perm, signs = transform
    return (signs[0] * cube[perm[0]], signs[1] * cube[perm[1]], signs[2] * cube[perm[2]])


def normalise(cubes: Shape) -> Shape:
    """The shape moved so that its smallest x, y and z are 0."""
    low = [min(cube[axis] for cube in cubes) for axis in range(3)]
    return frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in cubes)


def shape_key(cubes: Shape) -> tuple[Cube, ...]:
    """A sort key for shapes: the sorted tuple of cubes."""
    return tuple(sorted(cubes))


def orientations(cubes: Shape) -> tuple[Shape, ...]:
    """The distinct images of a shape under the 24 rotations, each normalised, in sorted order."""
    images = {normalise(frozenset(apply(rotation, cube) for cube in cubes)) for rotation in ROTATIONS}
    return tuple(sorted(images, key=shape_key))


def mirror(cubes: Shape) -> Shape:
    """The shape's mirror image (x negated), normalised."""
    return normalise(frozenset((-x, y, z) for x, y, z in cubes))


def is_chiral(cubes: Shape) -> bool:
    """Whether a shape's mirror image is not one of its rotations."""
    return normalise(mirror(cubes)) not in set(orientations(cubes))


def translations(shape: Shape, box: BoxSides) -> list[Shape]:
    """Every translate of a normalised shape that lies inside the box, x fastest."""
    size = [max(cube[axis] for cube in shape) + 1 for axis in range(3)]
    return [frozenset((x + dx, y + dy, z + dz) for x, y, z in shape)
            for dz in range(box[2] - size[2] + 1)
            for dy in range(box[1] - size[1] + 1)
            for dx in range(box[0] - size[0] + 1)]


def piece_placements(turned: tuple[Shape, ...], puzzle: PackingPuzzle) -> list[Shape]:
    """Every one of a piece's orientations translated inside the puzzle's target, orientation by orientation."""
    inside = [cubes for shape in turned for cubes in translations(shape, puzzle.box)]
    return inside if puzzle.target is None else [cubes for cubes in inside if cubes <= puzzle.target]


def placed_cells(turned: tuple[Shape, ...], box: BoxSides, cell_at: list[int]) -> list[tuple[int, ...]]:
    """The cells each placement of a piece covers, in piece_placements' order, found by adding
    offsets to the box's cube numbers (x + X * (y + Y * z)) rather than moving cubes: a table's
    placements are many (Bedlam: 24,804) and a first packing waits for them. ``cell_at`` maps a
    cube's number to its cell, -1 off the target; the cells number the target in reading order,
    so a placement's cells come out ascending."""
    width, depth, height = box
    out = []
    for shape in turned:
        size = [max(cube[axis] for cube in shape) + 1 for axis in range(3)]
        numbers = sorted(x + width * (y + depth * z) for x, y, z in shape)
        for dz in range(height - size[2] + 1):
            for dy in range(depth - size[1] + 1):
                row = width * (dy + depth * dz)
                for dx in range(width - size[0] + 1):
                    cells = tuple(cell_at[number + row + dx] for number in numbers)
                    if -1 not in cells:
                        out.append(cells)
    return out


def placements(puzzle: PackingPuzzle) -> dict[str, list[Shape]]:
    """For each piece (by name), every orientation translated inside the target."""
    return {piece.name: piece_placements(orientations(piece.cubes), puzzle) for piece in puzzle.pieces}


def mirror_pieces(puzzle: PackingPuzzle) -> dict[str, str] | None:
    """Piece name -> the piece that is its mirror image (same count), or None if the set is not closed."""
    out = {}
    turned = {piece.name: set(orientations(piece.cubes)) for piece in puzzle.pieces}
    for piece in puzzle.pieces:
        image = mirror(piece.cubes)
        matches = [other.name for other in puzzle.pieces
                   if other.count == piece.count and len(other.cubes) == len(image) and image in turned[other.name]]
        if not matches:
            return None
        out[piece.name] = piece.name if piece.name in matches else matches[0]
    return out


def keeps_box(transform: Transform, box: BoxSides) -> bool:
    """Whether the transform (about the box's corner) maps the box onto itself: it permutes equal sides only."""
    perm, _ = transform
    return tuple(box[perm[axis]] for axis in range(3)) == box


def box_map(transform: Transform, box: BoxSides, cube: Cube) -> Cube:
    """Where a symmetry of the box (about the box's own corner) sends a cube of the box."""
    perm, signs = transform
    turned = apply(transform, cube)
    return as_vec(t if s > 0 else box[axis] - 1 + t for axis, (t, s) in enumerate(zip(turned, signs, strict=True)))


def keeps_target(transform: Transform, puzzle: PackingPuzzle) -> bool:
    """Whether the transform maps the box, and the target inside it, onto itself."""
    if not keeps_box(transform, puzzle.box):
        return False
    return puzzle.target is None or all(box_map(transform, puzzle.box, cube) in puzzle.target
                                        for cube in puzzle.target)


@lru_cache(maxsize=4)  # the cells' and the placements' permutations both start from them
def box_symmetries(puzzle: PackingPuzzle) -> tuple[tuple[Transform, dict[str, str]], ...]:
    """The box's symmetries that map the target and the piece set onto themselves, each with its piece renaming.

    Rotations of the box always map the piece set; reflections only when every piece's mirror image is
    in the set."""
    same = {piece.name: piece.name for piece in puzzle.pieces}
    out = [(t, same) for t in ROTATIONS if keeps_target(t, puzzle)]
    mirrored = mirror_pieces(puzzle)
    if mirrored is not None:
        out += [(t, mirrored) for t in REFLECTIONS if keeps_target(t, puzzle)]
    return tuple(out)

