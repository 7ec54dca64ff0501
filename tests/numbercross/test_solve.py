"""Solving: the published puzzles, ambiguous and impossible puzzles, and the independent checker."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from solver.numbercross import (
    NumberCross,
    answer,
    numbers,
    parse_number_cross,
    parse_solution,
    solution_problem,
    solve,
)
from tests.numbercross.brute import brute_grids, row_candidates

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES, DATA = ROOT / "examples", ROOT / "tests" / "data" / "numbercross"


def read(path: Path) -> NumberCross:
    return parse_number_cross(path.read_text(), str(path))


@cache
def number_cross_5():
    puzzle = read(EXAMPLES / "number-cross-5.txt")
    return puzzle, solve(puzzle)


def test_number_cross_5_has_one_completed_grid_and_the_published_answer():
    puzzle, report = number_cross_5()
    assert report.complete and report.unique and not report.more
    assert report.answers == (4135658,)
    assert len(report.numbers[0]) == 30
    assert report.solutions[0] == parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())


def test_the_example_has_one_completed_grid_and_answer_107639():
    report = solve(read(EXAMPLES / "number-cross-example.txt"))
    assert report.unique
    assert report.answers == (107639,)
    assert [p.value for p in report.numbers[0]] == [55, 88, 2576, 84, 56, 5555, 99225]


def test_the_solvers_grids_and_the_published_solution_pass_the_checker():
    puzzle, report = number_cross_5()
    published = parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())
    assert solution_problem(puzzle, published) is None
    assert all(solution_problem(puzzle, grid) is None for grid in report.solutions)


def test_numbers_carry_their_row_and_columns():
    _, report = number_cross_5()
    first = report.numbers[0][0]
    assert (first.value, first.row, first.cols) == (342225, 0, (1, 6))
    assert sum(p.value for p in report.numbers[0]) == answer(report.solutions[0])


@pytest.mark.parametrize("name, count, answers", [
    ("ambiguous-2x3.txt", 2, {132}),
    ("ambiguous-3x3.txt", 3, {176, 136, 204}),
])
def test_ambiguous_puzzles_list_every_completed_grid(name, count, answers):
    puzzle = read(DATA / name)
    report = solve(puzzle)
    assert report.complete and report.ambiguous and not report.unique
    assert len(report.solutions) == count and set(report.answers) == answers
    assert set(report.solutions) == brute_grids(puzzle)
    assert all(solution_problem(puzzle, grid) is None for grid in report.solutions)


def test_the_limit_stops_the_search_and_says_there_are_more():
    report = solve(read(DATA / "ambiguous-3x3.txt"), limit=1)
    assert len(report.solutions) == 1 and report.more and not report.complete
    assert report.ambiguous


def test_an_impossible_puzzle_has_no_completed_grid_and_says_so():
    puzzle = read(DATA / "impossible-2x3.txt")
    report = solve(puzzle)
    assert report.complete and report.solutions == () and report.failure == "no completed grid keeps every rule"
    assert brute_grids(puzzle) == set()


def test_regions_that_cannot_take_different_digits_are_reported_without_a_search():
    # ten regions that all touch each other (regions need not be connected): 45 pairs in columns
    pairs = [(a, b) for a in range(10) for b in range(a + 1, 10)]
    pairs += [pairs[0]] * (46 - len(pairs))
    rows = [[pairs[c][0] for c in range(23)], [pairs[c][1] for c in range(23)],
            [pairs[23 + c][0] for c in range(23)], [pairs[23 + c][1] for c in range(23)]]
    text = ("number-cross 4 23\nregions:\n" + "\n".join(" ".join(map(str, row)) for row in rows) +
            "\nhighlighted:\n" + "\n".join(" ".join(["."] * 23) for _ in range(4)) + "\nclues:\n" + "any\n" * 4)
    report = solve(parse_number_cross(text))
    assert report.complete and report.solutions == ()
    assert report.failure == "no assignment of region digits keeps adjacent regions different"


CLUES = ["square", "prime", "multiple of 7", "multiple of 13", "palindrome", "fibonacci", "triangular",
         "product of digits is 12", "sum of digits is 10", "cube", "power of 2", "3 more than a square",
         "odd palindrome", "even", "divisible by each of its digits"]


def random_puzzle(rng: random.Random) -> NumberCross:
    rows, cols = rng.choice([(2, 3), (2, 4), (3, 3)])
    regions = [[rng.randrange(3) for _ in range(cols)] for _ in range(rows)]
    lit = [["*" if rng.random() < 0.15 else "." for _ in range(cols)] for _ in range(rows)]
    text = (f"number-cross {rows} {cols}\nregions:\n" + "\n".join(" ".join(map(str, row)) for row in regions) +
            "\nhighlighted:\n" + "\n".join(" ".join(row) for row in lit) + "\nclues:\n" +
            "\n".join(rng.choice(CLUES) for _ in range(rows)) + "\n")
    return parse_number_cross(text)


def test_the_search_finds_exactly_what_brute_force_finds_on_tiny_puzzles():
    rng, tried = random.Random(2025), 0
    while tried < 12:
        puzzle = random_puzzle(rng)
        sizes = [len(row_candidates(puzzle, r)) for r in range(puzzle.rows)]
        if sizes[0] * sizes[1] * (sizes[2] if len(sizes) > 2 else 1) > 20_000:
            continue
        tried += 1
        report = solve(puzzle, limit=1000)
        assert report.complete
        assert set(report.solutions) == brute_grids(puzzle), puzzle


# ---------------------------------------------------------------------------------------------
# The checker rejects grids that break each rule


def broken(grid, *changes):
    rows = [list(row) for row in grid]
    for (r, c), value in changes:
        rows[r][c] = value
    return tuple(tuple(row) for row in rows)


@pytest.fixture(scope="module")
def nc5():
    puzzle = read(EXAMPLES / "number-cross-5.txt")
    return puzzle, parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())


@pytest.mark.parametrize("changes, piece", [
    ((((8, 4), None),), "highlighted"),  # a tile on a highlighted cell
    ((((0, 1), None),), "share an edge"),  # two tiles side by side
    ((((4, 9), None),), "single digit"),  # leaves the 8 at (4, 8) alone
    ((((0, 9), 3),), "is not 'square'"),  # 333 is not a square
    ((((0, 1), 0),), "not a digit"),
])
def test_the_checker_rejects_a_grid_broken_in_each_rule(nc5, changes, piece):
    puzzle, grid = nc5
    problem = solution_problem(puzzle, broken(grid, *changes))
    assert problem is not None and piece in problem


def test_the_checker_rejects_a_number_used_twice():
    puzzle = parse_number_cross("number-cross 2 2\nregions:\n0 0\n0 0\nhighlighted:\n. .\n. .\nclues:\nany\nany\n")
    assert solution_problem(puzzle, ((3, 3), (3, 3))) == "33 appears twice (rows 1 and 2)"
    assert solution_problem(puzzle, ((3, 3), (4, 4))) is not None  # one region, two digits
    assert solution_problem(puzzle, ((3, 3), (3, 3, 3))) is not None  # wrong shape


def test_the_checker_rejects_neighbouring_regions_with_one_digit_and_tiles_that_cannot_share():
    puzzle = parse_number_cross("number-cross 1 2\nregions:\n0 1\nhighlighted:\n. .\nclues:\nany\n")
    assert solution_problem(puzzle, ((3, 4),)) is None
    assert solution_problem(puzzle, ((3, 3),)) == "no region digits and no split of the tiles' digits make this grid"
    wide = parse_number_cross("number-cross 1 5\nregions:\n0 0 0 0 0\nhighlighted:\n. . . . .\nclues:\nany\n")
    assert solution_problem(wide, ((2, 3, None, 3, 2),)) is None  # the tile's 2 goes 1 left and 1 right
    assert solution_problem(wide, ((2, 4, None, 2, 2),)) is None  # or 2 left and 0 right
    assert solution_problem(wide, ((2, 4, None, 4, 2),)) is not None  # 2 + 2 given, the tile has 2
    assert solution_problem(wide, ((2, 3, None, 3, 4),)) is not None  # a 4 beside no tile, a 2 too
    lit = parse_number_cross("number-cross 1 5\nregions:\n0 0 0 0 0\nhighlighted:\n. * . . .\nclues:\nany\n")
    assert solution_problem(lit, ((2, 2, None, 4, 2),)) is None  # all to the right
    assert solution_problem(lit, ((2, 3, None, 3, 2),)) is not None  # a highlighted cell got 1
    high = parse_number_cross("number-cross 1 5\nregions:\n0 0 1 0 0\nhighlighted:\n. . . . .\nclues:\nany\n")
    assert solution_problem(high, ((2, 9, None, 9, 2),)) is not None  # region 1's 9 cannot fit in 7 + 7


def test_numbers_and_answer_of_a_grid():
    grid = ((None, 3, 4), (5, 4, None))
    assert [(p.value, p.row, p.cols) for p in numbers(grid)] == [(34, 0, (1, 2)), (54, 1, (0, 1))]
    assert answer(grid) == 88


def test_number_cross_5_upside_down_has_the_same_single_grid():
    from dataclasses import replace

    puzzle, report = number_cross_5()
    flipped = replace(puzzle, regions=puzzle.regions[::-1], clues=puzzle.clues[::-1],
                      highlighted=frozenset((puzzle.rows - 1 - r, c) for r, c in puzzle.highlighted))
    upside_down = solve(flipped)
    assert upside_down.unique and upside_down.answers == report.answers
    assert upside_down.solutions[0] == report.solutions[0][::-1]


def test_number_cross_5_with_a_weaker_clue_is_ambiguous_and_every_grid_keeps_the_rules():
    from dataclasses import replace

    from solver.numbercross import parse_clue

    puzzle, report = number_cross_5()
    weaker = replace(puzzle, clues=puzzle.clues[:10] + (parse_clue("odd"),))  # 'prime' becomes 'odd'
    found = solve(weaker, limit=50)
    assert found.complete and found.ambiguous
    assert report.solutions[0] in found.solutions  # 47, 887 and 433 are odd too
    assert all(solution_problem(weaker, grid) is None for grid in found.solutions)
    assert all(solution_problem(puzzle, grid) is not None for grid in found.solutions if grid != report.solutions[0])


def test_a_middle_row_filled_with_both_sides_open_holds_every_completed_grids_row():
    from solver.numbercross.search import frame, row_ways

    puzzle = read(DATA / "ambiguous-3x3.txt")
    view = frame(puzzle)
    ways = row_ways(view, 1, None, None, True, True, (0,) * len(view.neighbours))
    rows = {way[0] for way in ways}
    assert {grid[1] for grid in brute_grids(puzzle)} <= rows


def test_region_colouring_handles_a_thousand_regions_without_recursion():
    from solver.numbercross.solve import _nine_colourable

    rows, cols = 42, 24  # every cell its own region: a grid graph, two colours suffice
    neighbours = tuple(tuple(n for n in (k - cols, k + cols, k - 1 if k % cols else -1,
                                         k + 1 if (k + 1) % cols else -1) if 0 <= n < rows * cols)
                       for k in range(rows * cols))
    assert _nine_colourable(neighbours)
    ten_clique = tuple(tuple(j for j in range(10) if j != i) for i in range(10))
    assert not _nine_colourable(ten_clique)
