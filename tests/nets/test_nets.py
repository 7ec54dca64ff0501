"""The nets search against an independent brute force over polyominoes, against foldkit's folding
verifier (``solver.folding.foldings``), against itself in pure Python, and against the published
count of common nets of 1x1x5 and 1x2x3 (2,263: Xu, Horiyama, Shirakawa and Uehara, TAMC 2015)."""

from __future__ import annotations

import random

import pytest

from solver.folding import foldings
from solver.grid import Cell
from solver.nets import NetsResult, count_nets, find_nets, parse_box
from solver.nets.find import _search_plan
from solver.nets.parts import count_part
from solver.nets.plan import make_plan
from solver.nets.search import compiled
from solver.polyomino import canonical
from solver.text import InputError

CUBE = (1, 1, 1)
ENGINES = ["python", "c"] if compiled() else ["python"]


def free_polyominoes(n: int) -> set[tuple[Cell, ...]]:
    """Every polyomino of n cells up to the plane's symmetries, grown a cell at a time."""
    level = {((0, 0),)}
    for _ in range(n - 1):
        level = {canonical(frozenset(p) | {nb}) for p in level for r, c in p
                 for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if nb not in p}
    return level


def brute_force_nets(box) -> set[tuple[Cell, ...]]:
    """The polyominoes of the box's area that the folding verifier folds onto the box."""
    from solver.box import surface_area

    return {p for p in free_polyominoes(surface_area(box)) if foldings(frozenset(p), box)}


@pytest.fixture(scope="module")
def nets_of_1x1x2() -> set[tuple[Cell, ...]]:
    return brute_force_nets((1, 1, 2))


def as_set(result: NetsResult) -> set[tuple[Cell, ...]]:
    found = {canonical(net) for net in result.nets}
    assert len(found) == len(result.nets) == result.count, "each net once, in its canonical image"
    return found


@pytest.mark.parametrize("engine", ENGINES)
def test_the_cube_has_the_eleven_nets_of_the_brute_force(engine):
    result = find_nets([CUBE], engine=engine)
    assert result.complete and result.count == 11
    assert as_set(result) == brute_force_nets(CUBE)


@pytest.mark.parametrize("engine", ENGINES)
def test_1x1x2_matches_the_brute_force_over_all_4655_decominoes(engine, nets_of_1x1x2):
    result = find_nets([(2, 1, 1)], engine=engine)
    assert result.boxes == ((1, 1, 2),) and result.complete
    assert as_set(result) == nets_of_1x1x2


@pytest.mark.parametrize("engine", ENGINES)
def test_a_box_with_itself_runs_every_orbit_of_the_second_and_finds_its_nets_once(engine, nets_of_1x1x2):
    """Two copies of one box go through the common-nets path: one run per orbit of the second."""
    found, count, complete = _search_plan(((1, 1, 2), (1, 1, 2)), 0, True, engine == "c")
    assert complete and count == len(found) == len(set(found)) == len(nets_of_1x1x2)
    assert set(found) == nets_of_1x1x2


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_the_1x1x3_nets_are_distinct_and_a_sample_folds_by_the_verifier():
    result = find_nets([(1, 1, 3)], engine="c")
    assert result.count == len(as_set(result)) > 10_000
    for net in random.Random(3).sample(result.nets, 300):
        assert foldings(net, (1, 1, 3))


@pytest.mark.slow  # about 4 CPU-s: 2,263 nets, each folded onto both boxes
@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_1x1x5_and_1x2x3_have_the_2263_published_common_nets_each_verified_on_both_boxes():
    result = find_nets([(1, 1, 5), (3, 2, 1)])
    assert result.complete and result.count == 2263 and len(as_set(result)) == 2263
    for net in result.nets:
        assert foldings(net, (1, 1, 5)) and foldings(net, (1, 2, 3))


def test_a_count_alone_equals_the_nets_listed():
    assert count_nets([CUBE]) == 11
    assert find_nets([CUBE], keep=False) == NetsResult((CUBE,), (), 11, True)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_limit_stops_the_search_and_says_so_only_when_nets_are_left(engine):
    stopped = find_nets([CUBE], limit=4, engine=engine)
    assert (stopped.count, len(stopped.nets), stopped.complete) == (4, 4, False)
    assert set(stopped.nets) < set(find_nets([CUBE]).nets)
    assert find_nets([CUBE], limit=11, engine=engine).complete
    assert find_nets([CUBE], limit=12, engine=engine).count == 11


def test_boxes_of_different_areas_have_no_common_net_and_repeats_count_once():
    assert find_nets([CUBE, (1, 1, 2)]) == NetsResult((CUBE, (1, 1, 2)), (), 0, True)
    assert find_nets([CUBE, CUBE]).count == 11


def test_the_nets_come_in_a_fixed_order_normalised():
    nets = find_nets([(1, 1, 2)]).nets
    assert [canonical(n) for n in nets] == sorted(canonical(n) for n in nets)
    assert all(min(r for r, _ in n) == 0 and min(c for _, c in n) == 0 for n in nets)


@pytest.mark.parametrize("text, box", [("1x2x3", (1, 2, 3)), ("3X1x2", (1, 2, 3)), (" 2x2x2 ", (2, 2, 2))])
def test_a_box_is_read_as_axbxc_in_any_order(text, box):
    assert parse_box(text) == box


@pytest.mark.parametrize("text", ["1x2", "0x1x1", "1x2x3x4", "axbxc", "1x1x-1", "1 x1x1", "99999x1x1", ""])
def test_a_bad_box_is_one_input_error_naming_it(text):
    with pytest.raises(InputError, match="AxBxC"):
        parse_box(text)


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_a_limit_on_a_box_with_millions_of_nets_answers_at_once_with_distinct_folding_nets():
    result = find_nets([(2, 2, 2)], limit=50)
    assert (result.count, result.complete) == (50, False) and len(as_set(result)) == 50
    assert all(foldings(net, (2, 2, 2)) for net in result.nets)


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_the_floods_cut_the_common_search_of_area_22_below_half_the_nodes_of_the_one_box_floods():
    # The one-box floods alone grew 4.3 million nodes here; the pair floods, and the children cut before
    # they are made (solver/nets/_search.c, needed()), leave 1.9 million. The count is the tests' above.
    plan = make_plan(((1, 1, 5), (1, 2, 3)))
    nets, nodes = count_part(plan, 0, 1)
    assert nets == 2263 and nodes < 2_500_000


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_the_far_cells_sides_and_the_floods_from_unseen_cells_cut_area_22_below_1_3_million_nodes():
    # Nodes of the whole search here (solver/nets/_search.c): 1.87 million before these prunes; 1.29 million with
    # them, and without any one of them 1.50 million (far_earlier(): the cell on the other square of the pinned
    # square's orbit of two), 1.37 million (the pair flood leaves untried cells towards unseen cells only) or
    # 1.33 million (the one-box floods alike). The count is the tests' above.
    plan = make_plan(((1, 1, 5), (1, 2, 3)))
    nets, nodes = count_part(plan, 0, 1)
    assert nets == 2263 and nodes < 1_300_000


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_the_squares_a_parents_pair_flood_missed_cut_its_childrens_children_area_22_below_1_23_million_nodes():
    # Nodes of the whole search here (solver/nets/_search.c, inherited_first()): 1.29 million when a child left
    # the flood over pairs to its own children, 1.20 million when it starts after the prefixes of its parent's
    # untried cells that missed a square still free. The count is the tests' above.
    plan = make_plan(((1, 1, 5), (1, 2, 3)))
    nets, nodes = count_part(plan, 0, 1)
    assert nets == 2263 and nodes < 1_230_000
