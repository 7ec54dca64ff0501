"""Poses: the flat net at t = 0, the closed box at t = 1, panels rigid in between."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import cell_corners, cell_outlines, closed_box_transform, hinge_fraction, panel_matrices
from solver.box import square_center
from tests.fold.test_panels import NAMES, tree_of

SEQUENCES = ["staged", "together"]
fractions = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


def corners_on_box(tree: PanelTree) -> np.ndarray:
    """Each cell's corners on the folding's box, shape (n, 4, 3), straight from the folding."""
    folding, out = tree.folding, []
    for (r, c), outline in zip(tree.cells, cell_outlines(tree), strict=True):
        centre = square_center(folding.box, folding.placement[(r, c)])
        right, up = np.array(folding.right[(r, c)]), np.array(folding.up[(r, c)])
        # Grid x runs along right; grid y (rows) runs against up.
        out.append([centre + (x - c - 0.5) * right - (y - r - 0.5) * up for x, y, _ in outline])
    return np.array(out)


@pytest.mark.parametrize("sequence", SEQUENCES)
@pytest.mark.parametrize("name", NAMES)
def test_flat_net_at_zero(name, sequence):
    tree = tree_of(name)
    corners = cell_corners(tree, 0.0, sequence)
    r, c = np.array(tree.cells).T
    assert np.array_equal(corners[:, 0], np.stack([c, r, 0 * r], axis=1))
    assert np.array_equal(corners, cell_outlines(tree))


@pytest.mark.parametrize("sequence", SEQUENCES)
@pytest.mark.parametrize("name", NAMES)
def test_closed_box_at_one(name, sequence):
    tree = tree_of(name)
    w = closed_box_transform(tree)
    assert np.allclose(w[:3, :3] @ w[:3, :3].T, np.eye(3), atol=1e-12)
    assert np.isclose(np.linalg.det(w[:3, :3]), 1.0)
    expected = corners_on_box(tree) @ w[:3, :3].T + w[:3, 3]
    corners = cell_corners(tree, 1.0, sequence)
    assert np.abs(corners - expected).max() < 1e-9
    # The box stands on the table, on the root panel.
    assert corners[..., 2].min() > -1e-9
    assert np.isclose(corners[..., 2].max(), np.abs(w[2, :3]) @ tree.folding.box)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), fractions, st.sampled_from(SEQUENCES))
def test_panels_stay_rigid_and_the_root_stays_put(name, t, sequence):
    tree = tree_of(name)
    matrices = panel_matrices(tree, t, sequence)
    rotations = matrices[:, :3, :3]
    assert np.allclose(rotations @ rotations.transpose(0, 2, 1), np.eye(3), atol=1e-12)
    assert np.allclose(np.linalg.det(rotations), 1.0)
    assert np.array_equal(matrices[tree.root], np.eye(4))
    # Every distance between two corners of one panel is kept (so lengths and angles are).
    flat, posed = cell_outlines(tree), cell_corners(tree, t, sequence)
    for panel in tree.panels:
        rows = [i for i, cell in enumerate(tree.cells) if cell in panel.cells]
        a, b = flat[rows].reshape(-1, 3), posed[rows].reshape(-1, 3)
        assert np.allclose(np.linalg.norm(a[:, None] - a, axis=-1), np.linalg.norm(b[:, None] - b, axis=-1))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NAMES), fractions, fractions)
def test_hinges_turn_steadily_from_zero_to_ninety_degrees(name, t0, t1):
    tree = tree_of(name)
    lo, hi = sorted((t0, t1))
    for sequence in SEQUENCES:
        for hinge in tree.hinges:
            a, b = hinge_fraction(tree, hinge, lo, sequence), hinge_fraction(tree, hinge, hi, sequence)
            assert 0.0 <= a <= b <= 1.0
            assert hinge_fraction(tree, hinge, 0.0, sequence) == 0.0
            assert hinge_fraction(tree, hinge, 1.0, sequence) == 1.0


@pytest.mark.parametrize("name", ["nov2025", "nov2025-sample", "cube-222"])
def test_staged_folds_leaves_first_one_stage_at_a_time(name):
    tree = tree_of(name)
    stages = tree.stage_count
    for s in range(stages + 1):
        for hinge in tree.hinges:
            assert hinge_fraction(tree, hinge, s / stages) == (1.0 if hinge.stage < s else 0.0)
    middle = [hinge_fraction(tree, h, 0.5 / stages) for h in tree.hinges]
    assert middle == [0.5 if h.stage == 0 else 0.0 for h in tree.hinges]


@pytest.mark.parametrize("name", NAMES)
def test_each_fold_lifts_the_child_off_the_table(name):
    tree = tree_of(name)
    # Turn one hinge a little with everything else flat: the child's cells rise.
    for hinge in tree.hinges:
        t = 0.5 / tree.stage_count + hinge.stage / tree.stage_count
        corners = cell_corners(tree, t, "staged")
        rows = [i for i, cell in enumerate(tree.cells) if tree.panel_of(cell) == hinge.child]
        assert corners[rows, :, 2].max() > 0.1
        assert corners[rows, :, 2].min() > -1e-9


def test_unknown_sequence_is_refused():
    tree = tree_of("cube-33")
    with pytest.raises(ValueError, match="sequence"):
        panel_matrices(tree, 0.5, "sideways")
