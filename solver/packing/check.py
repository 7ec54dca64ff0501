"""An independent checker of packings, written apart from the search and its geometry.

It builds its own rotations (every product of quarter turns about the x and z axes) and checks
every rule from scratch: the pieces named, their shapes, their counts, and every cube of the box
(or of the target shape) covered exactly once and no other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from solver.broken import Broken
from solver.packing.model import Cube, Packing, PackingPuzzle, Placement, reading_key

Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

QUARTER_X: Matrix = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
QUARTER_Z: Matrix = ((0, -1, 0), (1, 0, 0), (0, 0, 1))
IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def _times(a: Matrix, b: Matrix) -> Matrix:
    def row(i: int) -> tuple[int, int, int]:
        x, y, z = (sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3))
        return x, y, z

    return row(0), row(1), row(2)


def quarter_turn_group() -> set[Matrix]:
    """Every rotation made of quarter turns about x and z (the 24 rotations of the cube)."""
    group, frontier = {IDENTITY}, [IDENTITY]
    while frontier:
        matrix = frontier.pop()
        for turn in (QUARTER_X, QUARTER_Z):
            product = _times(turn, matrix)
            if product not in group:
                group.add(product)
                frontier.append(product)
    return group


# Not geometry.ROTATIONS on purpose: a checker that shared the solver's rotations would share their mistakes.
TURNS = tuple(sorted(quarter_turn_group()))  # the 24 rotation matrices
# A one-sided piece turns on its board only: the powers of the quarter turn about z.
PLANE_TURNS = (IDENTITY, QUARTER_Z, _times(QUARTER_Z, QUARTER_Z), _times(QUARTER_Z, _times(QUARTER_Z, QUARTER_Z)))


def _turned(matrix: Matrix, cube: Cube) -> Cube:
    (a, b, c), (d, e, f), (g, h, i) = matrix
    x, y, z = cube
    return a * x + b * y + c * z, d * x + e * y + f * z, g * x + h * y + i * z


def _at_origin(cubes: frozenset[Cube]) -> frozenset[Cube]:
    low_x, low_y, low_z = (min(c[i] for c in cubes) for i in range(3))
    return frozenset((x - low_x, y - low_y, z - low_z) for x, y, z in cubes)


@lru_cache(maxsize=256)
def rotations_of(piece: frozenset[Cube], one_sided: bool = False) -> frozenset[frozenset[Cube]]:
    """Every rotation of a piece (in the plane only, for a one-sided piece), moved to the origin."""
    return frozenset(_at_origin(frozenset(_turned(m, c) for c in piece)) for m in (PLANE_TURNS if one_sided else TURNS))


def is_rotation_of(cubes: frozenset[Cube], piece: frozenset[Cube], one_sided: bool = False) -> bool:
    """Whether the cubes are the piece turned by some rotation it may make, and moved."""
    return len(cubes) == len(piece) and _at_origin(cubes) in rotations_of(piece, one_sided)


def cube_text(cube: Cube) -> str:
    """A cube as a person finds it in a solution file: 'level 1, row 2, column 3' for (2, 1, 0)."""
    x, y, z = cube
    return f"level {z + 1}, row {y + 1}, column {x + 1}"


def broken_rules(puzzle: PackingPuzzle, packing: Packing) -> Iterator[Broken]:
    """Every rule the packing breaks, and where: a piece that is no piece of the puzzle, a cube
    outside the box or the shape, a cube covered twice, cubes left uncovered, a piece used too
    often or too rarely. Placements are numbered from 1 in the packing's order."""
    turned = {piece.name: rotations_of(piece.cubes, puzzle.one_sided) for piece in puzzle.pieces}
    covered: Counter[Cube] = Counter()
    for k, placement in enumerate(packing, 1):
        if placement.piece not in turned:
            yield Broken("piece", f"piece {k}", f"placement {k} names a piece {placement.piece!r} the puzzle does "
                                                "not have")
        elif _at_origin(placement.cubes) not in turned[placement.piece]:
            over = " (one-sided pieces turn on the board, never over)" if puzzle.one_sided else ""
            yield Broken("piece", f"piece {k}", f"placement {k} is not a rotation of piece {placement.piece}{over}")
        covered.update(placement.cubes)
    yield from _cover_broken(puzzle, covered)
    used = Counter(placement.piece for placement in packing)
    for piece in puzzle.pieces:
        if used[piece.name] != piece.count:
            yield Broken("count", f"piece {piece.name}", f"piece {piece.name} is used {used[piece.name]} times, the "
                                                         f"puzzle has {piece.count}")


def _cover_broken(puzzle: PackingPuzzle, covered: Counter[Cube]) -> Iterator[Broken]:
    sides = puzzle.box
    for cube, times in sorted(covered.items()):
        if not all(0 <= cube[i] < sides[i] for i in range(3)):
            yield Broken("box", cube_text(cube), f"the cube at {cube_text(cube)} lies outside the box")
        elif puzzle.target is not None and cube not in puzzle.target:
            yield Broken("shape", cube_text(cube), f"the cube at {cube_text(cube)} is not part of the shape")
        if times > 1:
            yield Broken("overlap", cube_text(cube), f"the cube at {cube_text(cube)} is covered {times} times")
    target = puzzle.target_cubes  # made anew each time it is read: once here
    inside = sum(1 for cube in covered if cube in target)
    missing = sorted(target - set(covered), key=reading_key)
    if missing:
        where = cube_text(missing[0])
        yield Broken("cover", where, f"{puzzle.volume - inside} cubes of {puzzle.what} are not covered (the first "
                                     f"at {where})")


def packing_problem(puzzle: PackingPuzzle, packing: Packing) -> str | None:
    """What is wrong with a packing of the puzzle, or None if it is one."""
    first = next(broken_rules(puzzle, packing), None)
    return first.text if first else None


def named_by_shape(puzzle: PackingPuzzle, packing: Packing) -> tuple[Packing, list[Broken]]:
    """A packing whose placements are named by the numbers the solution file gives them (read
    without its puzzle) with each named after the puzzle's piece it is a rotation of; a placement
    that is the shape of no piece keeps the file's number and is a broken rule that names it."""
    named, broken = [], []
    for placement in packing:
        name = next((piece.name for piece in puzzle.pieces if is_rotation_of(placement.cubes, piece.cubes,
                                                                                      puzzle.one_sided)), None)
        if name is None:
            label, first = placement.piece, cube_text(min(placement.cubes, key=reading_key))
            broken.append(Broken("piece", f"piece {label}", f"the cubes of piece {label} (from {first}) are not "
                                                            "the shape of any piece of the puzzle"))
        named.append(Placement(name or placement.piece, placement.cubes))
    return tuple(named), broken
