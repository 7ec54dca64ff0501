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
# The quarter turns about z: how a one-sided piece lying on a board may turn (never over, which would mirror it).
PLANE_TURNS = tuple(t for t in ROTATIONS if t[0][2] == 2 and t[1][2] == 1)


def turns(one_sided: bool) -> tuple[Transform, ...]:
    """The rotations a piece may make: the 24 of space, or the 4 in the plane of a board for one-sided pieces."""
    return PLANE_TURNS if one_sided else ROTATIONS


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


@lru_cache(maxsize=1024)  # asked for each piece by the table, the symmetries and the placement limits
def orientations(cubes: Shape, one_sided: bool = False) -> tuple[Shape, ...]:
    """The distinct images of a shape under the rotations it may make (turns), each normalised, in sorted order."""
    images = {normalise(frozenset(apply(rotation, cube) for cube in cubes)) for rotation in turns(one_sided)}
    return tuple(sorted(images, key=shape_key))


def mirror(cubes: Shape) -> Shape:
    """The shape's mirror image (x negated), normalised."""
    return normalise(frozenset((-x, y, z) for x, y, z in cubes))


def is_chiral(cubes: Shape, one_sided: bool = False) -> bool:
    """Whether a shape's mirror image is not one of its rotations (in the plane only, for a one-sided piece)."""
    return normalise(mirror(cubes)) not in set(orientations(cubes, one_sided))


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
    return {piece.name: piece_placements(orientations(piece.cubes, puzzle.one_sided), puzzle)
            for piece in puzzle.pieces}


def piece_renaming(transform: Transform, puzzle: PackingPuzzle) -> dict[str, str] | None:
    """Piece name -> the piece (of the same count) whose shape the transform turns it into, itself first; None
    when some piece becomes no piece of the set, or two become one.

    Rotations in space keep every freely turning piece, reflections make its mirror image. On a board of
    one-sided pieces, a transform that turns the board over (z to -z) mirrors them too: a turn in space
    about a line of the board is a reflection of the board, and the reflection z to -z moves nothing."""
    shapes = {piece.name: set(orientations(piece.cubes, puzzle.one_sided)) for piece in puzzle.pieces}
    out = {}
    for piece in puzzle.pieces:
        image = normalise(frozenset(apply(transform, cube) for cube in piece.cubes))
        matches = [other.name for other in puzzle.pieces if other.count == piece.count and image in shapes[other.name]]
        if not matches:
            return None
        out[piece.name] = piece.name if piece.name in matches else matches[0]
    return out if len(set(out.values())) == len(out) else None


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
    """The box's symmetries that map the target and the piece set onto themselves, each with its piece renaming
    (piece_renaming), rotations first.

    For freely turning pieces, rotations of the box always map the piece set and reflections only when every
    piece's mirror image is in the set; for one-sided pieces the same holds of the board's turns and mirror
    images in its plane."""
    out = []
    for t in ROTATIONS + REFLECTIONS:
        renaming = piece_renaming(t, puzzle) if keeps_target(t, puzzle) else None
        if renaming is not None:
            out.append((t, renaming))
    return tuple(out)

