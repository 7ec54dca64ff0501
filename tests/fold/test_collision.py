"""The fold's collision check: it finds panels that pass through each other, proves a clean fold
clean, and an order is chosen that closes when the tree's own staging does not."""

from __future__ import annotations

import numpy as np
import pytest

import foldkit.fold.order
from foldkit.fold.collision import check_fold, follow
from foldkit.fold.order import STAGE_CHECKS, closing_fold, fold_notes
from foldkit.fold.panels import one_at_a_time, panel_tree
from foldkit.fold.pose import cell_corners
from foldkit.fold.squares import shrunk, square_distances
from solver.folding import foldings

STAIRCASE = frozenset({(0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (1, 4)})  # a net of the cube
CROSS = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)})  # the Latin-cross net of the cube


def tree_of(net: frozenset, box: tuple[int, int, int] = (1, 1, 1)):
    return panel_tree(next(f for f in foldings(net, box) if f.printed_outside))


def square(x: float, y: float, z: float = 0.0) -> np.ndarray:
    return np.array([[x, y, z], [x + 1, y, z], [x + 1, y + 1, z], [x, y + 1, z]], dtype=float)


def test_square_distances_of_known_pairs():
    flat = np.array([square(0, 0)])
    assert square_distances(flat, np.array([square(3, 0)]))[0] == pytest.approx(2.0)
    assert square_distances(flat, np.array([square(0, 0, 0.5)]))[0] == pytest.approx(0.5)
    # One square standing up through the middle of the other: they meet.
    upright = np.array([[[0.5, -0.5, -0.5], [0.5, 1.5, -0.5], [0.5, 1.5, 0.5], [0.5, -0.5, 0.5]]])
    assert square_distances(flat, upright)[0] == 0.0
    # Shrunk squares that shared a side are apart by twice the margin.
    gap = square_distances(shrunk(flat), shrunk(np.array([square(1, 0)])))[0]
    assert 0.0 < gap < 0.1


def test_the_staircase_folded_by_heights_passes_one_end_through_the_other():
    """Found by the check, and seen by sampling: the two end squares of the staircase net meet."""
    tree = tree_of(STAIRCASE)
    check = check_fold(tree)
    assert not check.closes
    ends = {check.collision.first, check.collision.second}
    assert ends == {(0, 0), (1, 4)}
    cells = tree.cells
    a, b = cells.index((0, 0)), cells.index((1, 4))
    corners = shrunk(cell_corners(tree, check.collision.t))
    assert square_distances(corners[[a]], corners[[b]])[0] == 0.0


def test_the_cross_closes_and_every_pose_sampled_agrees():
    tree = tree_of(CROSS)
    assert check_fold(tree).closes
    pairs = follow(tree).pairs
    for t in np.linspace(0.0, 1.0, 201):
        corners = shrunk(cell_corners(tree, t))
        assert square_distances(corners[pairs[:, 0]], corners[pairs[:, 1]]).min() > 0.0


def test_a_planted_colliding_order_is_refused_and_another_chosen():
    tree = tree_of(STAIRCASE)
    chosen = closing_fold(tree)
    assert chosen.check.closes and chosen.reordered
    assert chosen.tree.stage_count == len(tree.hinges)  # one hinge at a time
    assert check_fold(chosen.tree).closes
    # Planted: both ends, then both halves folded up before the middle, so the ends meet as it folds.
    ends = [tree.panel_of((0, 0)), tree.panel_of((1, 4))]
    halves = [tree.hinge_of(end).parent for end in ends]
    planted = one_at_a_time(tree, ends + halves + [h.child for h in tree.hinges if h.child not in ends + halves])
    assert not check_fold(planted).closes
    assert closing_fold(planted).tree is not planted


def test_a_fold_that_closes_keeps_its_own_staging():
    tree = tree_of(CROSS)
    chosen = closing_fold(tree)
    assert chosen.tree is tree and not chosen.reordered and chosen.stage_checks == 0


@pytest.mark.parametrize("box", [(1, 1, 1), (1, 1, 2)])
def test_every_net_of_a_small_box_gets_an_order_that_closes(box):
    from solver.nets.find import find_nets

    nets = find_nets([box]).nets
    if box == (1, 1, 2):
        nets = nets[::37]  # a spread sample keeps the test short
    for net in nets:
        chosen = closing_fold(tree_of(net, box))
        assert chosen.check.closes, sorted(net)


def test_build_tells_when_the_fold_had_to_be_reordered(tmp_path, capsys):
    from foldkit.cli import main

    net = tmp_path / "staircase.txt"
    net.write_text("###..\n..###\n")
    assert main(["build", "--net", str(net), "-o", str(tmp_path / "out"), "--only", "fold.glb", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "one hinge at a time, in an order found to close" in err


@pytest.mark.parametrize("budget", [0, 1, 2, 5])
def test_the_search_makes_no_more_stage_checks_than_its_budget(budget, monkeypatch):
    tree = tree_of(STAIRCASE)
    made = []
    real = foldkit.fold.order.check_stage

    def counted(*args, **kwargs):
        made.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(foldkit.fold.order, "check_stage", counted)
    chosen = closing_fold(tree, budget)
    assert chosen.stage_checks == len(made) <= budget
    if not chosen.check.closes:  # out of checks: the tree as it was, and the note says so honestly
        assert chosen.tree is tree
        assert f"no order that closes was found in {len(made)} checks" in fold_notes(chosen)[0]
    assert closing_fold(tree, 0).tree is tree  # no checks, no order


@pytest.fixture(scope="module")
def built_in():
    """The built-in puzzle's fold: its panel tree's own staging collides (cells in rows 10 and 12)."""
    from tests.conftest import puzzle_fold

    return puzzle_fold(None)


def test_the_built_in_puzzle_gets_an_order_the_check_proves(built_in):
    own = check_fold(panel_tree(built_in.folding))
    assert not own.closes  # the staging by subtree heights passes two cells through each other
    chosen = built_in.closing
    assert chosen.check.closes and chosen.reordered and chosen.stage_checks <= STAGE_CHECKS
    assert built_in.tree is chosen.tree and built_in.tree.stage_count == len(built_in.tree.hinges)
    assert check_fold(built_in.tree).closes  # proved again from scratch, every stage
    assert "in an order found to close" in fold_notes(chosen)[0]


def test_the_built_in_builds_fold_glb_in_the_closing_order(built_in, tmp_path, capsys):
    """`foldkit build` (the built-in puzzle) says the order closes, and fold.glb turns each panel in
    its stage of that order."""
    import pygltflib as gl

    from foldkit.cli import main
    from tests.fold.test_gltf import accessor

    out = tmp_path / "out"
    assert main(["build", "-o", str(out), "--only", "fold.glb", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "in an order found to close" in err and "through each other" not in err
    gltf = gl.GLTF2().load(str(out / "fold.glb"))
    (animation,) = gltf.animations
    starts = {}
    for channel in animation.channels:
        if channel.target.path == "rotation":
            sampler = animation.samplers[channel.sampler]
            times, turns = accessor(gltf, sampler.input)[:, 0], accessor(gltf, sampler.output)
            moved = np.flatnonzero(np.abs(turns - turns[0]).max(axis=1) > 1e-6)
            starts[channel.target.node - 1] = times[moved[0] - 1]  # node 0 is the z-up wrapper
    tree = built_in.tree
    assert starts == {h.child: pytest.approx(float(h.stage)) for h in tree.hinges}  # a stage a second
