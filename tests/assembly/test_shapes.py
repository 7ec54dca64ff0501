"""Piece geometry: the 24 rotations, lying flat on the largest face, distinct shapes, outer faces,
and which view shows a piece."""

from __future__ import annotations

import numpy as np
import pytest

from foldkit.assembly.shapes import (
    canonical,
    distinct_shapes,
    face_quads,
    lying_flat,
    normalised,
    outer_faces,
    shape_index,
    turned,
)
from foldkit.assembly.steps import assembly_steps, visible_share
from solver.packing.assembly import assembly_order
from solver.packing.geometry import ROTATIONS
from tests.assembly.packings import Y_BOX, Placement, mixed, y_packing

Y = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0))


def matrix(rotation) -> np.ndarray:
    """A rotation of the solver (axis permutation, signs) as a (3, 3) matrix: x'_i = s_i x_{p_i}."""
    perm, signs = rotation
    out = np.zeros((3, 3), dtype=np.int64)
    out[range(3), perm] = signs
    return out


def test_pieces_turn_by_24_distinct_proper_rotations():
    found = [matrix(r) for r in ROTATIONS]
    assert len(found) == 24
    assert np.array_equal(found[0], np.eye(3, dtype=np.int64))
    assert all(round(np.linalg.det(m)) == 1 for m in found)
    assert len({m.tobytes() for m in found}) == 24
    # turned agrees with the matrix, and the Y pentacube has 24 distinct orientations (no
    # rotation maps it onto itself).
    for r, m in zip(ROTATIONS, found, strict=True):
        assert turned(Y, r) == normalised(tuple(int(c) for c in m @ cube) for cube in Y)
    assert len({turned(Y, r) for r in ROTATIONS}) == 24


def test_lying_flat_puts_the_most_cubes_on_the_table():
    upright = tuple((0, y, z) for y, z in ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)))
    flat = lying_flat(upright)
    assert sum(z == 0 for _, _, z in flat) == 5
    assert canonical(flat) == canonical(Y)
    size = np.array(flat).max(axis=0) + 1
    assert size[0] >= size[1] and size[2] == 1
    tripod = ((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0), (0, 1, 0))  # best on a side: the post and a foot
    assert sum(z == 0 for _, _, z in lying_flat(tripod)) == 4


def test_distinct_shapes_count_copies_by_name_and_shape():
    shapes = distinct_shapes(y_packing())
    assert [(s.name, s.count) for s in shapes] == [("Y", 25)]
    box, packing = mixed()
    assert [(s.name, s.count) for s in distinct_shapes(packing)] == [("L", 2), ("I2", 2)]
    assert shape_index(packing) == [0, 1, 0, 1]
    two = (Placement("P", frozenset(Y)), Placement("P", frozenset({(0, 0, 0), (1, 0, 0)})))
    assert [s.name for s in distinct_shapes(two)] == ["P1", "P2"]


def test_outer_faces_of_a_piece_close_round_it():
    faces = outer_faces(Y)
    assert len(faces) == 5 * 6 - 2 * 4  # four glued pairs
    quads = face_quads(faces)
    # Every edge of the closed surface is shared by two faces, once each way round.
    edges = {}
    for quad in quads:
        for k in range(4):
            key = (tuple(quad[k]), tuple(quad[(k + 1) % 4]))
            edges[key] = edges.get(key, 0) + 1
    assert all(edges.get((b, a)) == 1 for a, b in edges)
    # Corners run counter-clockwise seen from outside: (u x v) is the outward direction.
    for quad, (_, d) in zip(quads, faces, strict=True):
        assert np.allclose(np.cross(quad[1] - quad[0], quad[3] - quad[0]), d)


def test_normalised_moves_to_the_origin():
    assert normalised([(3, 4, 5), (4, 4, 5)]) == ((0, 0, 0), (1, 0, 0))


def test_a_piece_behind_a_tower_shows_better_from_behind():
    tower = {(0, 0, z): 0 for z in range(3)}
    hidden = {(1, 1, 0): 1}  # diagonally behind the tower (front is -y): hidden from the front left
    owners = tower | hidden
    shares = [visible_share(owners, 1, corner) for corner in range(4)]
    assert shares[2] == 1.0  # from the back left nothing is in front of it
    assert min(shares) < 1.0
    alone = {(0, 0, 0): 0}
    assert [visible_share(alone, 0, c) for c in range(4)] == [1.0] * 4


@pytest.mark.parametrize("prefer_front", [True, False])
def test_each_step_is_seen_from_a_view_that_shows_its_piece(prefer_front):
    packing = y_packing()
    order = assembly_order(Y_BOX, packing)
    steps = assembly_steps(packing, order, prefer_front)
    assert [s.piece for s in steps] == list(order)
    for step in steps:
        owners = {c: i for i in (*step.placed, step.piece) for c in packing[i].cubes}
        best = max(visible_share(owners, step.piece, c) for c in range(4))
        assert visible_share(owners, step.piece, step.corner) >= min(0.5, best)
