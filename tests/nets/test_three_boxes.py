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


@pytest.fixture(scope="module")
def three_way():
    from foldkit.fold.subject import Subject
    from foldkit.fold.two_way import TwoWay

    cells = parse_net((ROOT / "examples" / "three-boxes.txt").read_text())
    found = box_foldings(cells)
    return TwoWay("three", *(Subject("three", found[box][0], labels={}) for box in AREA_106_BOXES))


def test_the_three_way_template_draws_each_box_crease_set_in_full_with_a_legend(three_way):
    from foldkit.drawing import Line, label_texts
    from foldkit.paper.two_way_sheet import two_way_template

    page = two_way_template(three_way)
    lines = [s for s in page.shapes if isinstance(s, Line)]
    for k, role in enumerate(("fold-first", "fold-second", "fold-third")):
        folds = [e for e in three_way.crease_boxes if three_way.subjects[k].folding.crease_angle(e)]
        assert sum(line.role == role for line in lines) == len(folds) > 0, role
    assert not any(line.role == "fold-both" for line in lines), "a crease of several boxes is a line per box"
    assert {"fold for the 1 × 1 × 26 box", "fold for the 1 × 2 × 17 box", "fold for the 1 × 5 × 8 box"} <= set(
        label_texts(page)[0])


@pytest.mark.slow  # about 5 CPU-s: the film of a 106-cell net onto three boxes
def test_the_three_way_film_folds_each_box_in_turn_and_unfolds_between(three_way):
    from foldkit.fold.two_way import film_fractions
    from foldkit.fold.two_way_film import caption_text
    from foldkit.fold.two_way_gltf import animation_name, keyframes

    assert three_way.film_end == 5.0
    moments = {0.0: (0, 0.0), 1.0: (0, 1.0), 1.5: (0, 0.5), 3.0: (1, 1.0), 3.25: (1, 0.75), 5.0: (2, 1.0)}
    for f, (k, t) in moments.items():
        subject, fold = three_way.moment(f)
        assert subject is three_way.subjects[k] and fold == pytest.approx(t), f
    assert [caption_text(three_way, f) for f in (0.5, 1.5, 2.5, 3.5, 4.5)] == [
        "folding into 1 × 1 × 26", "unfolding 1 × 1 × 26", "folding into 1 × 2 × 17", "unfolding 1 × 2 × 17",
        "folding into 1 × 5 × 8"]
    fractions = film_fractions(1.0, 4, boxes=3)
    assert fractions[-1] == 5.0 and fractions == sorted(fractions)
    keys, times = keyframes(three_way, 0.1)
    assert keys[-1] == 5.0 and list(keys) == sorted(keys) and list(times) == sorted(times)
    assert animation_name(three_way) == "fold into 1x1x26, unfold, fold into 1x2x17, unfold, fold into 1x5x8"
