"""Packings to test with: the published Y-pentacube packing, read from its solution file, and
small ones made by hand. A stand-in Placement with the fields the solver's has (piece, cubes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

Cube = tuple[int, int, int]
Box = tuple[int, int, int]

Y_SOLUTION = Path(__file__).parent / "data" / "y-pentacube.solution.txt"  # the published packing
Y_BOX: Box = (5, 5, 5)


@dataclass(frozen=True)
class Placement:
    """A piece in its place."""

    piece: str
    cubes: frozenset[Cube]


def read_levels(text: str, name: str = "Y") -> tuple[Placement, ...]:
    """A packing from `level` blocks (z = 0 first; row = y from 0 at the top; column = x)."""
    cubes: dict[int, set[Cube]] = {}
    z, y = -1, 0
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "level":
            z, y = z + 1, 0
            continue
        for x, word in enumerate(words):
            cubes.setdefault(int(word), set()).add((x, y, z))
        y += 1
    return tuple(Placement(name, frozenset(cubes[n])) for n in sorted(cubes))


def y_packing() -> tuple[Placement, ...]:
    """The published packing of 25 Y-pentacubes in the 5x5x5 box."""
    return read_levels(Y_SOLUTION.read_text())


def dominoes() -> tuple[Box, tuple[Placement, ...]]:
    """A 2x2x2 box of four dominoes: two lying along x below, two along y above."""
    return (2, 2, 2), (
        Placement("I2", frozenset({(0, 0, 0), (1, 0, 0)})),
        Placement("I2", frozenset({(0, 1, 0), (1, 1, 0)})),
        Placement("I2", frozenset({(0, 0, 1), (0, 1, 1)})),
        Placement("I2", frozenset({(1, 0, 1), (1, 1, 1)})),
    )


def hook_over_post() -> tuple[Box, tuple[Placement, ...]]:
    """A 2x1x3 box: an upright hook whose arm lies over a short post; both stand on the floor,
    the hook first in the packing and lower-starting, yet the post has to go in first."""
    return (2, 1, 3), (
        Placement("J", frozenset({(0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 2)})),
        Placement("I2", frozenset({(1, 0, 0), (1, 0, 1)})),
    )


def interlocked() -> tuple[Box, tuple[Placement, ...]]:
    """A 2x2x2 box of two pieces that lie above each other in two columns: no lowering order."""
    return (2, 2, 2), (
        Placement("S", frozenset({(0, 0, 1), (0, 1, 1), (0, 1, 0), (1, 1, 0)})),
        Placement("S", frozenset({(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)})),
    )


def mixed() -> tuple[Box, tuple[Placement, ...]]:
    """A 3x2x2 box in two levels, each an L tetracube and a domino, the upper L turned the other way."""
    return (3, 2, 2), (
        Placement("L", frozenset({(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)})),
        Placement("I2", frozenset({(1, 1, 0), (2, 1, 0)})),
        Placement("L", frozenset({(0, 0, 1), (0, 1, 1), (1, 1, 1), (2, 1, 1)})),
        Placement("I2", frozenset({(1, 0, 1), (2, 0, 1)})),
    )
