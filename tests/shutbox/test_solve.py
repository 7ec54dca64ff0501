"""Full results on the bundled puzzles and the small hand-made ones in tests/data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from solver.box import boxes_of_area, surface_area
from solver.folding import FLAT, RIGHT_ANGLE, box_foldings, foldings
from solver.folding_check import folding_problem
from solver.polyomino import parse_net
from solver.shutbox.puzzle import parse_layout, parse_puzzle
from solver.shutbox.rules import is_layout
from solver.shutbox.solve import NO_BOX, NO_CLUES, NO_FOLDING, NO_LAYOUT, is_solution, solve
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"


def load(path: Path):
    return parse_puzzle(path.read_text(), str(path))


@pytest.fixture(scope="module")
def nov2025(examples):
    return load(examples / "nov2025.txt"), solve(load(examples / "nov2025.txt"))


def test_nov2025_layout_counts(nov2025):
    puzzle, report = nov2025
    sizes = Counter(len(x) for x in report.layouts)
    assert len(report.layouts) == 72 and report.layouts_complete
    assert sum(n for size, n in sizes.items() if size % 2 == 0) == 36
    assert (sizes[136], sizes[134], sizes[132], sizes[138]) == (16, 16, 2, 2)
    assert len(set(report.layouts)) == 72
    assert all(is_layout(puzzle, x) for x in report.layouts)


def test_nov2025_solution_matches_the_published_one(nov2025, examples):
    puzzle, report = nov2025
    assert report.unique
    solution = report.solutions[0]
    _, _, published = parse_layout((examples / "nov2025.solution.txt").read_text())
    assert solution.layout == published
    assert solution.box == (2, 6, 7)
    assert sorted(solution.face_sums) == sorted([57, 11, 11, 5, 17, 28])
    assert solution.answer == 16414860
    assert is_solution(puzzle, solution)


def test_sample_solution_matches_the_published_one(examples):
    puzzle = load(examples / "nov2025-sample.txt")
    report = solve(puzzle)
    _, _, published = parse_layout((examples / "nov2025-sample.solution.txt").read_text())
    assert report.unique and report.solutions[0].layout == published
    assert report.solutions[0].box == (1, 2, 4)
    assert sorted(report.solutions[0].face_sums) == sorted([5, 6, 5, 11, 6, 12])
    assert report.solutions[0].answer == 118800


def test_the_solution_folding_keeps_every_fold_rule(nov2025):
    _, report = nov2025
    solution = report.solutions[0]
    folding = solution.folding
    assert folding_problem(solution.layout, folding) is None
    assert folding.printed_outside
    creases = folding.creases()
    assert set(creases.values()) == {FLAT, RIGHT_ANGLE}
    assert all((angle == FLAT) == (folding.face_of(a) == folding.face_of(b)) for (a, b), angle in creases.items())
    per_face = Counter(p[0] for p in folding.placement.values())
    assert sorted(per_face.values()) == [12, 12, 14, 14, 42, 42]


def test_an_ambiguous_puzzle_lists_every_solution():
    report = solve(load(DATA / "ambiguous.txt"))
    assert len(report.layouts) == 1 and len(report.solutions) == 2 and not report.unique
    first, second = (s.folding.placement for s in report.solutions)
    assert first != second


@pytest.mark.parametrize(
    "name, failure",
    [("no-layout", NO_LAYOUT), ("no-box", NO_BOX), ("no-folding", NO_FOLDING),
     ("circles-fail", NO_CLUES), ("squares-fail", NO_CLUES)],
)
def test_impossible_puzzles_say_where_they_died(name, failure):
    report = solve(load(DATA / f"{name}.txt"))
    assert report.solutions == [] and report.failure.split(":")[0] == failure  # no-layout names the clue too


def test_circle_and_square_rules_decide_between_foldings():
    report = solve(load(DATA / "cube.txt"))
    assert report.unique and report.solutions[0].box == (1, 1, 1)
    assert sorted(report.solutions[0].face_sums) == [2, 4, 4, 4, 5, 5]


def test_boxes_of_area():
    assert boxes_of_area(6) == [(1, 1, 1)]
    assert set(boxes_of_area(22)) == {(1, 1, 5), (1, 2, 3)}
    assert (2, 6, 7) in boxes_of_area(136)
    assert boxes_of_area(7) == [] and boxes_of_area(8) == []
    for area in range(2, 200, 2):
        assert all(surface_area(b) == area and b == tuple(sorted(b)) for b in boxes_of_area(area))


def test_a_strip_folds_into_nothing_and_a_cross_into_the_cube():
    assert box_foldings(frozenset((0, c) for c in range(6))) == {}
    cross = parse_net(".#..\n####\n.#..\n")
    assert len(foldings(cross, (1, 1, 1))) == 1


def test_two_by_four_sample_layout_folds_once(examples):
    cells = parse_net((examples / "nov2025-sample.solution.txt").read_text())
    found = box_foldings(cells)
    assert list(found) == [(1, 2, 4)] and len(found[(1, 2, 4)]) == 1
