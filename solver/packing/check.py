"""An independent checker of packings, written apart from the search and its geometry.

It builds its own rotations (every product of quarter turns about the x and z axes) and checks
every rule from scratch: the pieces named, their shapes, their counts, and every cube of the box
(or of the target shape) covered exactly once and no other.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from solver.box import as_vec
from solver.packing.model import Cube, Packing, PackingPuzzle

Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

QUARTER_X: Matrix = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
QUARTER_Z: Matrix = ((0, -1, 0), (1, 0, 0), (0, 0, 1))
IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def _times(a: Matrix, b: Matrix) -> Matrix:
    rows = [as_vec(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3)]
    return rows[0], rows[1], rows[2]


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


def _turned(matrix: Matrix, cube: Cube) -> Cube:
    x, y, z = (sum(matrix[i][k] * cube[k] for k in range(3)) for i in range(3))
    return x, y, z


def _at_origin(cubes: frozenset[Cube]) -> frozenset[Cube]:
    low = tuple(min(c[i] for c in cubes) for i in range(3))
    return frozenset(as_vec(c[i] - low[i] for i in range(3)) for c in cubes)


@lru_cache(maxsize=256)
def rotations_of(piece: frozenset[Cube]) -> frozenset[frozenset[Cube]]:
    """Every rotation of a piece, moved to the origin."""
    return frozenset(_at_origin(frozenset(_turned(m, c) for c in piece)) for m in TURNS)


def is_rotation_of(cubes: frozenset[Cube], piece: frozenset[Cube]) -> bool:
    """Whether the cubes are the piece turned by some rotation and moved."""
    return len(cubes) == len(piece) and _at_origin(cubes) in rotations_of(piece)


def packing_problem(puzzle: PackingPuzzle, packing: Packing) -> str | None:
    """What is wrong with a packing of the puzzle, or None if it is one."""
    turned = {piece.name: rotations_of(piece.cubes) for piece in puzzle.pieces}
    covered: Counter[Cube] = Counter()
    for k, placement in enumerate(packing, 1):
        if placement.piece not in turned:
            return f"placement {k} names a piece {placement.piece!r} the puzzle does not have"
        if _at_origin(placement.cubes) not in turned[placement.piece]:
            return f"placement {k} is not a rotation of piece {placement.piece}"
        covered.update(placement.cubes)
    sides = puzzle.box
    for cube, times in sorted(covered.items()):
        if not all(0 <= cube[i] < sides[i] for i in range(3)):
            return f"cube {cube} lies outside the box"
        if puzzle.target is not None and cube not in puzzle.target:
            return f"cube {cube} is not part of the shape"
        if times > 1:
            return f"cube {cube} is covered {times} times"
    missing = (sides[0] * sides[1] * sides[2] if puzzle.target is None else len(puzzle.target)) - len(covered)
    if missing:
        return f"{missing} cubes of {'the box' if puzzle.target is None else 'the shape'} are not covered"
    used = Counter(placement.piece for placement in packing)
    for piece in puzzle.pieces:
        if used[piece.name] != piece.count:
            return f"piece {piece.name} is used {used[piece.name]} times, the puzzle has {piece.count}"
    return None
