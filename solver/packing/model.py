"""The packing model: pieces of unit cubes with counts, a target to fill (the whole box, or a shape
inside it), and packings of it.

A packing is a tuple of placements sorted by each placement's first cube in reading order
(level z from the bottom, then row y, then column x), so that piece number k of a solution
file is the k-th placement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Cube = tuple[int, int, int]  # (x, y, z), 0-based, z up: the unit cube [x, x+1] x [y, y+1] x [z, z+1]
Shape = frozenset[Cube]  # a set of unit cubes
BoxSides = tuple[int, int, int]  # (X, Y, Z): a packing's box, its sides in unit cubes as the file gives them
# (not sorted: solver.box.Box is the box a net folds into, sides ascending)

MAX_SIDE = 30


@dataclass(frozen=True)
class Piece:
    """One piece shape, its name and how many identical copies there are."""

    name: str
    cubes: Shape
    count: int = 1


@dataclass(frozen=True)
class PackingPuzzle:
    """The static problem: the box, the pieces, and the target they must fill (None: the whole box)."""

    box: BoxSides
    pieces: tuple[Piece, ...]
    name: str = "packing"
    target: Shape | None = None  # the cubes of the box to fill, when not all of them
    one_sided: bool = False  # the pieces lie flat on a board one level high and turn in the plane only (never over)

    @property
    def target_cubes(self) -> Shape:
        """The cubes to fill."""
        return frozenset(box_cubes(self.box)) if self.target is None else self.target

    @property
    def volume(self) -> int:
        """How many cubes the target has."""
        return self.box[0] * self.box[1] * self.box[2] if self.target is None else len(self.target)

    @property
    def what(self) -> str:
        """What the pieces fill, in words: 'the box' or 'the shape'."""
        return "the box" if self.target is None else "the shape"

    @property
    def piece_volume(self) -> int:
        return sum(len(piece.cubes) * piece.count for piece in self.pieces)

    def piece(self, name: str) -> Piece:
        """The piece called name (KeyError if there is none)."""
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise KeyError(name)


@dataclass(frozen=True)
class Placement:
    """One copy of a piece, at the cubes of the box it occupies."""

    piece: str
    cubes: Shape


Packing = tuple[Placement, ...]  # sorted by reading_key


def reading_key(cube: Cube) -> tuple[int, int, int]:
    """Sort key of a cube in reading order: level z, then row y, then column x."""
    x, y, z = cube
    return z, y, x


def placement_key(placement: Placement) -> tuple[int, int, int]:
    """Sort key of a placement: its first cube in reading order."""
    return min(reading_key(cube) for cube in placement.cubes)


def make_packing(placements: Iterable[Placement]) -> Packing:
    """The placements as a Packing, in the deterministic order."""
    return tuple(sorted(placements, key=placement_key))


def inside(box: BoxSides, cube: Cube) -> bool:
    """Whether a cube lies inside the box."""
    return all(0 <= c < side for c, side in zip(cube, box, strict=True))


def box_cubes(box: BoxSides) -> list[Cube]:
    """Every cube of the box, in reading order."""
    return [(x, y, z) for z in range(box[2]) for y in range(box[1]) for x in range(box[0])]
