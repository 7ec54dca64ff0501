"""The hinged panel tree: panels partition the net, hinges join them as a tree, stages run leaves first."""

from __future__ import annotations

from functools import cache

import pytest

from foldkit.fold.panels import PanelTree, panel_tree
from solver.box import face_size
from solver.folding import RIGHT_ANGLE, box_foldings, grid_edges
from solver.polyomino import parse_net
from tests.conftest import ROOT, puzzle_fold

NETS = ROOT / "tests" / "data" / "panels"
SAMPLE = ROOT / "examples" / "nov2025-sample.txt"
NAMES = ["nov2025", "nov2025-sample"] + sorted(p.stem for p in NETS.glob("*.txt"))


@cache
def tree_of(name: str) -> PanelTree:
    """The panel tree of a named subject: a puzzle's solution or the first folding of a test net."""
    if name == "nov2025":
        return panel_tree(puzzle_fold(None).folding)
    if name == "nov2025-sample":
        return panel_tree(puzzle_fold(SAMPLE).folding)
    cells = parse_net((NETS / f"{name}.txt").read_text())
    return panel_tree(next(iter(box_foldings(cells).values()))[0])


@pytest.mark.parametrize("name", NAMES)
def test_panels_partition_the_net_by_flat_creases(name):
    tree = tree_of(name)
    folding = tree.folding
    assert sorted(c for p in tree.panels for c in p.cells) == sorted(folding.cells)
    assert [p.index for p in tree.panels] == list(range(len(tree.panels)))
    for panel in tree.panels:
        assert {folding.face_of(c) for c in panel.cells} == {panel.face}
        assert all(tree.panel_of(c) == panel.index for c in panel.cells)
    for a, b in grid_edges(folding.cells):
        same_panel = tree.panel_of(a) == tree.panel_of(b)
        assert same_panel == (folding.crease_angle((a, b)) != RIGHT_ANGLE)


@pytest.mark.parametrize("name", NAMES)
def test_hinges_form_a_tree_over_every_right_angle_crease(name):
    tree = tree_of(name)
    assert len(tree.hinges) == len(tree.panels) - 1
    assert sorted(h.child for h in tree.hinges) == sorted(set(range(len(tree.panels))) - {tree.root})
    seen = {tree.root}
    for hinge in tree.hinges:  # breadth-first: each parent is placed before its child
        assert hinge.parent in seen
        seen.add(hinge.child)
        assert tree.hinge_of(hinge.child) is hinge
        assert hinge.child in tree.children(hinge.parent)
    creases = sorted(tuple(sorted(e)) for h in tree.hinges for e in h.edges)
    assert creases == sorted(tree.folding.hinges())


@pytest.mark.parametrize("name", NAMES)
def test_each_hinge_is_one_straight_segment_along_its_creases(name):
    tree = tree_of(name)
    for hinge in tree.hinges:
        (x0, y0), (x1, y1) = hinge.start, hinge.end
        assert (x0 == x1) != (y0 == y1)  # along a grid line
        assert abs(x1 - x0) + abs(y1 - y0) == len(hinge.edges)
        for parent_cell, child_cell in hinge.edges:
            assert tree.panel_of(parent_cell) == hinge.parent and tree.panel_of(child_cell) == hinge.child


@pytest.mark.parametrize("name", NAMES)
def test_stages_are_subtree_heights(name):
    tree = tree_of(name)

    def height(panel: int) -> int:
        return max((1 + height(c) for c in tree.children(panel)), default=0)

    for hinge in tree.hinges:
        assert hinge.stage == height(hinge.child)
    assert tree.stage_count == height(tree.root)


@pytest.mark.parametrize("name", NAMES)
def test_root_is_the_largest_panel_on_a_largest_face(name):
    tree = tree_of(name)
    box = tree.folding.box
    area = [face_size(box, f)[0] * face_size(box, f)[1] for f in range(6)]
    root = tree.panels[tree.root]
    assert area[root.face] == max(area)
    assert all(len(p.cells) <= len(root.cells) for p in tree.panels if area[p.face] == max(area))


def test_sample_tree_by_hand():
    tree = tree_of("nov2025-sample")
    assert tree.folding.box == (1, 2, 4)
    assert (len(tree.panels), tree.stage_count) == (15, 4)
    assert tree.panels[tree.root].cells == {(2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (4, 3), (5, 3)}
    # The flap (1, 2)-(1, 3) above the root folds along y = 2; its axis points -x so it turns up.
    flap = tree.hinge_of(tree.panel_of((1, 2)))
    assert (flap.parent, flap.start, flap.end, flap.stage) == (tree.root, (4.0, 2.0), (2.0, 2.0), 0)


def test_cube_cross_rests_on_its_centre():
    tree = tree_of("cube-141-e")  # the cross: the centre square is the most central root
    assert len(tree.panels) == 6 and tree.stage_count == 2
    assert tree.panels[tree.root].cells == {(1, 1)}


def test_a_folding_with_the_printed_side_inside_is_refused():
    from dataclasses import replace

    folding = tree_of("cube-33").folding
    flipped = replace(folding, right={c: tuple(-x for x in v) for c, v in folding.right.items()})
    with pytest.raises(ValueError, match="printed side"):
        panel_tree(flipped)
