"""Nets of three boxes. The one published polyomino that folds into three boxes along grid lines
(area 106: 1x1x26, 1x2x17 and 1x5x8; hidny, 2023, github.com/hidny/CuboidSimplePhaseNetSearch,
interestingOutput/outputArea106SimpleStackingSolutions.txt, its first solution) is transcribed as a
fact in examples/three-boxes.txt and each of its foldings checked here by foldkit's own checker; the
three-box search is held to the one-box count through three copies of a box."""

from __future__ import annotations

import pytest

from solver.box import boxes_of_area
from solver.folding import box_foldings
from solver.folding_check import folding_problem
from solver.nets.find import _search_plan
from solver.nets.search import compiled
from solver.polyomino import parse_net
from tests.conftest import ROOT

AREA_106_BOXES = [(1, 1, 26), (1, 2, 17), (1, 5, 8)]


def test_the_published_area_106_net_folds_into_its_three_boxes_each_folding_checked():
    cells = parse_net((ROOT / "examples" / "three-boxes.txt").read_text())
    assert len(cells) == 106 and boxes_of_area(106) == AREA_106_BOXES
    found = box_foldings(cells)
    assert sorted(found) == AREA_106_BOXES
    for box, foldings in found.items():
        assert foldings and all(folding_problem(cells, f) is None for f in foldings), box


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
@pytest.mark.parametrize("jobs", [1, 2])
def test_three_copies_of_a_box_go_through_the_three_box_search_and_find_its_723_nets(jobs):
    found, count, complete = _search_plan(((1, 1, 2),) * 3, 0, True, True, jobs)
    assert complete and count == len(set(found)) == 723
