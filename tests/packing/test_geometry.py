"""Orientations, placements and the symmetries of the box, against counts known by hand."""

from __future__ import annotations

import numpy as np
import pytest

from solver.packing import PackingPuzzle, Piece, box_symmetries, orientations, parse_packing, placements
from solver.packing.geometry import is_chiral, mirror, normalise
from solver.packing.table import build_table
from tests.conftest import EXAMPLES
from tests.packing.brute import turns

Y = frozenset({(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0)})
L3 = frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0)})
CUBE = frozenset({(0, 0, 0)})
I3 = frozenset({(0, 0, 0), (1, 0, 0), (2, 0, 0)})
O4 = frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)})
SCREW = frozenset({(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)})
BRANCH = frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)})
DICE = frozenset((x, y, z) for x in range(2) for y in range(2) for z in range(2))


@pytest.mark.parametrize(("shape", "count"), [(Y, 24), (CUBE, 1), (L3, 12), (I3, 3), (O4, 3), (SCREW, 12),
                                              (BRANCH, 8), (DICE, 1)])
def test_orientation_counts(shape, count):
    found = orientations(shape)
    assert len(found) == count
    assert len(set(found)) == count
    assert all(normalise(s) == s and len(s) == len(shape) for s in found)


@pytest.mark.parametrize("shape", [Y, L3, I3, SCREW, BRANCH, frozenset({(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1)})])
def test_orientations_agree_with_numpy_rot90(shape):
    from_numpy = {frozenset(tuple(int(v) for v in c) for c in np.argwhere(g)) for g in turns(shape)}
    assert from_numpy == set(orientations(shape))


def test_only_rotations_are_used_so_a_chiral_piece_keeps_its_hand():
    assert is_chiral(SCREW)
    assert mirror(SCREW) not in set(orientations(SCREW))
    assert not is_chiral(Y) and not is_chiral(BRANCH)


def test_y_pentacube_has_960_placements():
    puzzle = parse_packing((EXAMPLES / "y-pentacube.txt").read_text(), "y.txt")
    found = placements(puzzle)["Y"]
    assert len(found) == 960 == len(set(found))
    assert all(all(0 <= c < 5 for cube in shape for c in cube) for shape in found)


def test_placements_of_a_piece_that_fits_nowhere_are_none():
    puzzle = PackingPuzzle((2, 2, 2), (Piece("I", I3, 1),))
    assert placements(puzzle) == {"I": []}


@pytest.mark.parametrize(("box", "pieces", "count"), [
    ((5, 5, 5), (Piece("Y", Y, 25),), 48),
    ((3, 3, 3), (Piece("S", SCREW, 1), Piece("L", L3, 8)), 24),
    ((2, 2, 3), (Piece("L", L3, 4),), 16),
    ((2, 3, 4), (Piece("L", L3, 8),), 8),
    ((2, 3, 4), (Piece("L", L3, 6), Piece("S", SCREW, 1), Piece("B", BRANCH, 1)), 4),
    ((2, 3, 3), (Piece("L", L3, 6),), 16),
    ((3, 3, 3), (Piece("A", SCREW, 1), Piece("B", mirror(SCREW), 1), Piece("L", L3, 19 // 3)), 48),
    ((3, 3, 3), (Piece("A", SCREW, 1), Piece("B", mirror(SCREW), 2)), 24),
])
def test_box_symmetries(box, pieces, count):
    assert len(box_symmetries(PackingPuzzle(box, pieces))) == count


@pytest.mark.parametrize("name", ["bedlam.txt", "scott-pentominoes.txt", "mixed-2x3x4.txt"])
def test_the_table_holds_every_placement_once_in_order_and_no_other(name):
    """The table adds offsets to cube numbers; moving the cubes themselves must give the same."""
    puzzle = parse_packing((EXAMPLES / name).read_text())
    table = build_table(puzzle)
    by_piece = placements(puzzle)
    expected = [(piece.name, cubes) for piece in puzzle.pieces for cubes in by_piece[piece.name]]
    found = [(puzzle.pieces[table.placement_piece[p]].name, table.placement_cubes(p))
             for p in range(len(table.placement_cells))]
    assert found == expected
    assert all(list(cells) == sorted(cells) for cells in table.placement_cells)
