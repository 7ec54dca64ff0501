"""The generator: random nets are nets of their box, random puzzles have exactly the planted
solution, and the bench's saved puzzles still solve to theirs."""

from __future__ import annotations

import random

import pytest

from solver.folding import foldings
from solver.folding_check import folding_problem
from solver.grid import components
from solver.polyomino import canonical, transformed
from solver.shutbox.generate import random_net, random_puzzle, true_clue
from solver.shutbox.puzzle import Number, Puzzle, parse_layout, parse_puzzle, picture
from solver.shutbox.rules import broken_rule
from solver.shutbox.solve import solve
from tests.conftest import ROOT

BENCH_PUZZLES = ROOT / "bench" / "puzzles"
BOXES = [(1, 1, 1), (1, 1, 4), (1, 2, 3), (2, 2, 2), (2, 3, 4), (2, 6, 7)]


@pytest.mark.parametrize("box", BOXES)
def test_a_random_net_is_a_connected_normalised_net_of_its_box(box):
    net = random_net(box, random.Random(7))
    a, b, c = box
    assert len(net) == 2 * (a * b + b * c + c * a)
    assert len(components(net)) == 1
    assert min(r for r, _ in net) == 0 and min(c for _, c in net) == 0
    found = foldings(net, box)
    assert found and all(folding_problem(net, f) is None for f in found)


def test_random_nets_follow_the_seed():
    assert random_net((2, 3, 4), random.Random(1)) == random_net((2, 3, 4), random.Random(1))
    assert random_net((2, 3, 4), random.Random(1)) != random_net((2, 3, 4), random.Random(2))


def test_depth_shapes_the_net():
    """Growing along the newest edge gives long arms: a larger bounding box on average."""
    def spread(depth: float) -> float:
        nets = [random_net((2, 6, 7), random.Random(s), depth) for s in range(20)]
        return sum((max(r for r, _ in n) + 1) * (max(c for _, c in n) + 1) for n in nets) / len(nets)

    assert spread(0.95) > spread(0.0)


def test_the_eight_images_of_a_polyomino_share_one_canonical_form():
    l_tromino = frozenset({(0, 0), (1, 0), (1, 1)})
    images = {transformed(l_tromino, k) for k in range(8)}
    assert len(images) == 4  # an L tromino has 4 distinct images
    assert {canonical(x) for x in images} == {canonical(l_tromino)}
    assert transformed(l_tromino, 0) == l_tromino


def test_true_clues_count_box_cells_and_point_at_the_nearest_ones():
    puzzle = Puzzle(3, 5)
    layout = frozenset({(0, 0), (1, 0), (1, 1), (2, 4)})
    assert true_clue(puzzle, layout, (1, 0)) == Number(3)
    assert true_clue(puzzle, layout, (1, 3)) == "L"  # (1, 1) at 2; (2, 4) is diagonal, unseen
    assert true_clue(puzzle, layout, (0, 4)) == "D"
    assert true_clue(puzzle, layout, (0, 1)) == "DL"  # two box cells at distance 1
    assert true_clue(puzzle, layout, (2, 1)) == "U"  # (2, 4) lies further, to the right


@pytest.mark.parametrize("size, seed", [(6, 1), (8, 2), (8, 3), (10, 4), (12, 5), (14, 6)])
def test_a_random_puzzle_has_exactly_its_planted_solution(size, seed):
    puzzle, planted = random_puzzle(size, size, random.Random(seed))
    assert broken_rule(puzzle, planted) is None
    report = solve(puzzle)
    assert report.layouts == [planted]
    assert len(report.solutions) == 1 and report.solutions[0].layout == planted
    assert folding_problem(planted, report.solutions[0].folding) is None
    assert puzzle.circled() or puzzle.squared()


def test_random_puzzles_follow_the_seed_and_survive_a_file_round_trip():
    first, layout = random_puzzle(10, 12, random.Random(11))
    again, same = random_puzzle(10, 12, random.Random(11))
    assert (first, layout) == (again, same)
    assert parse_puzzle(picture(first)) == first


@pytest.mark.parametrize("size", [10, 20, 30])
def test_the_bench_puzzles_solve_to_their_saved_layouts(size):
    path = BENCH_PUZZLES / f"random-{size}x{size}.txt"
    puzzle = parse_puzzle(path.read_text(), str(path))
    _, _, planted = parse_layout(path.with_suffix(".solution.txt").read_text())
    assert [s.layout for s in solve(puzzle).solutions] == [planted]


@pytest.mark.parametrize("side", [6, 8, 10, 12])
def test_generated_clues_leave_no_wide_band_of_rows_or_columns_empty(side):
    """As in a published puzzle, the clues are spread: on no seed does a band of rows or columns
    wider than CLUE_GAP_SHARE of the grid go without a clue (a 20x20 puzzle had its top 6 rows
    empty), and the puzzle keeps exactly one solution."""
    from solver.shutbox.compose import generate
    from solver.shutbox.solve import solve as solve_puzzle
    from solver.shutbox.spread import allowed_gap, widest_gap

    for seed in range(1, 5):
        made = generate(side, side, seed)
        cells = [*made.puzzle.numbers, *made.puzzle.arrows]
        assert max(widest_gap(cells, side, axis) for axis in (0, 1)) <= allowed_gap(side), (side, seed)
        assert len(solve_puzzle(made.puzzle, limit=None).solutions) == 1
