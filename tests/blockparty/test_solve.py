"""The Block Party search: published answers, uniqueness, every solution held to the checker,
the checker catching broken grids, and the search agreeing with brute force on small grids."""

from __future__ import annotations

import random
from itertools import permutations, product
from pathlib import Path

import pytest

from solver.blockparty import (
    NO_FILLING,
    BlockParty,
    answer,
    evident_problem,
    parse_block_party,
    parse_grid,
    row_products,
    solution_problem,
    solve,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DATA = ROOT / "tests" / "data" / "blockparty"


def load(path: Path) -> BlockParty:
    return parse_block_party(path.read_text(), str(path))


@pytest.fixture(scope="module")
def block_party_4():
    return load(EXAMPLES / "block-party-4.txt")


@pytest.fixture(scope="module")
def published_grid():
    return parse_grid((EXAMPLES / "block-party-4.solution.txt").read_text())


def test_block_party_4_is_unique_with_the_published_answer(block_party_4, published_grid):
    report = solve(block_party_4)
    assert report.complete and report.unique and report.found == 1
    assert report.solutions == (published_grid,)
    assert report.answers == (24405360,)
    assert solution_problem(block_party_4, report.solutions[0]) is None


def test_the_example_is_unique_with_answer_430():
    puzzle = load(EXAMPLES / "block-party-example.txt")
    report = solve(puzzle)
    assert report.unique
    assert report.answers == (430,)
    assert solution_problem(puzzle, report.solutions[0]) is None


def test_row_products_and_answer(published_grid):
    products = row_products(published_grid)
    assert products[0] == 4 * 3 * 6 * 5 * 3 * 7 * 4 * 9 * 6 * 5
    assert answer(published_grid) == sum(products) == 24405360


def test_ambiguous_puzzle_lists_both_solutions():
    puzzle = load(DATA / "ambiguous-3x3.txt")
    report = solve(puzzle)
    assert report.complete and report.found == 2 and not report.unique and report.ambiguous
    assert len(set(report.solutions)) == 2
    assert all(solution_problem(puzzle, grid) is None for grid in report.solutions)
    assert sorted(report.answers) == [34, 38]


def test_a_limit_of_one_still_proves_ambiguity():
    report = solve(load(DATA / "ambiguous-3x3.txt"), limit=1)
    assert len(report.solutions) == 1 and report.found == 2
    assert report.ambiguous and not report.complete


def test_a_limit_of_one_still_proves_uniqueness(block_party_4):
    report = solve(block_party_4, limit=1)
    assert report.unique and report.complete


def test_unique_small_puzzle():
    report = solve(load(DATA / "unique-3x3.txt"))
    assert report.unique and report.solutions == (((1, 1, 4), (3, 1, 2), (4, 2, 3)),)


def test_impossible_puzzle_found_by_search():
    report = solve(load(DATA / "impossible-two-rows.txt"))
    assert report.solutions == () and report.complete and report.found == 0
    assert report.failure == NO_FILLING


def test_impossible_puzzle_with_an_evident_reason():
    report = solve(load(DATA / "impossible-close-givens.txt"))
    assert report.solutions == () and report.complete
    assert report.failure == "the givens 3 at row 1, column 1 and row 2, column 2 are 2 apart, closer than 3"


@pytest.mark.parametrize(("givens", "words"), [
    ({(0, 0): 4}, "region 0 has 3 cells but a given 4"),
    ({(0, 0): 0}, "region 0 has 3 cells but a given 0"),
    ({(0, 0): 2, (0, 2): 2}, "region 0 has the given 2 twice"),
    ({(0, 0): 2, (1, 0): 2}, "are 1 apart, closer than 2"),
    ({(1, 1): 3}, "the given 3 at row 2, column 2 has no cell 3 away that could hold a 3"),
])
def test_evident_problems(givens, words):
    puzzle = BlockParty(3, 3, ((0, 0, 0), (1, 1, 1), (2, 2, 2)), givens)
    assert words in evident_problem(puzzle)
    assert words in solve(puzzle).failure


def test_no_evident_problem_in_the_published_puzzle(block_party_4):
    assert evident_problem(block_party_4) is None


# ---------------------------------------------------------------------------------------------
# The checker


def _changed(grid, cell, value):
    rows = [list(row) for row in grid]
    rows[cell[0]][cell[1]] = value
    return tuple(tuple(row) for row in rows)


def test_checker_rejects_a_changed_given(block_party_4, published_grid):
    problem = solution_problem(block_party_4, _changed(published_grid, (0, 1), 4))
    assert problem == "the cell at row 1, column 2 holds 4 but the given is 3"


def test_checker_rejects_a_region_that_is_not_1_to_n(block_party_4, published_grid):
    problem = solution_problem(block_party_4, _changed(published_grid, (0, 0), 5))
    assert problem is not None and problem.startswith("region 0 has 10 cells")


@pytest.mark.parametrize(("grid", "words"), [
    ((), "the grid has 0 rows"),
    (((1,) * 10,) * 9, "the grid has 9 rows"),
    (((1,) * 9,) * 10, "row 1 has 9 numbers"),
    (((1.0,) * 10,) * 10, "not a whole number"),
])
def test_checker_rejects_the_wrong_shape(block_party_4, grid, words):
    assert words in solution_problem(block_party_4, grid)


def test_checker_rejects_every_swap_inside_a_region(block_party_4, published_grid):
    """Swapping two numbers of a region keeps the region rule; the unique puzzle must then break
    a given or the distance rule, and the checker must say so."""
    swaps = 0
    for cells in block_party_4.region_cells.values():
        for a, b in permutations(cells, 2):
            if a < b and published_grid[a[0]][a[1]] != published_grid[b[0]][b[1]]:
                grid = _changed(_changed(published_grid, a, published_grid[b[0]][b[1]]), b,
                                published_grid[a[0]][a[1]])
                problem = solution_problem(block_party_4, grid)
                assert problem is not None
                swaps += "given" not in problem
    assert swaps > 100  # most swaps are caught by the distance rule itself


def test_checker_names_the_distance_rule():
    puzzle = BlockParty(1, 4, ((0, 0, 1, 1),), {})
    assert solution_problem(puzzle, ((1, 2, 1, 2),)) == "the nearest other 1 to row 1, column 1 is 2 away, not 1"
    lonely = solution_problem(BlockParty(1, 2, ((0, 0),), {}), ((1, 2),))
    assert lonely == "the 1 at row 1, column 1 is the only 1 in the grid"
    assert solution_problem(BlockParty(1, 2, ((0, 1),), {}), ((1, 1),)) is None


# ---------------------------------------------------------------------------------------------
# The search against brute force


def brute_force(puzzle: BlockParty) -> set:
    """Every grid the checker accepts, by trying every permutation in every region."""
    regions = list(puzzle.region_cells.values())
    found = set()
    for choice in product(*(permutations(range(1, len(cells) + 1)) for cells in regions)):
        values = {cell: k for cells, ks in zip(regions, choice, strict=True) for cell, k in zip(cells, ks, strict=True)}
        grid = tuple(tuple(values[(r, c)] for c in range(puzzle.cols)) for r in range(puzzle.rows))
        if solution_problem(puzzle, grid) is None:
            found.add(grid)
    return found


def random_puzzles(count: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.choice([(2, 3), (3, 3), (2, 4), (3, 4)])
        regions = tuple(tuple(rng.randrange(rows * cols * 5 // 6) for _ in range(cols)) for _ in range(rows))
        puzzle = BlockParty(rows, cols, regions, {})
        sizes = [len(cells) for cells in puzzle.region_cells.values()]
        if max(sizes) <= 5:  # keeps brute force quick
            made += 1
            yield puzzle


@pytest.mark.parametrize("seed", range(4))
def test_search_finds_exactly_what_brute_force_finds(seed):
    solved = 0
    for puzzle in random_puzzles(40, seed):
        report = solve(puzzle, limit=None)
        assert report.complete
        assert set(report.solutions) == brute_force(puzzle)
        assert len(set(report.solutions)) == len(report.solutions)
        solved += bool(report.solutions)
    assert solved >= 3  # the comparison is not only about empty sets


def test_the_clause_estimate_bounds_the_encoding():
    from solver.blockparty.search import clause_estimate, encode

    for name in ("block-party-4.txt", "block-party-example.txt"):
        puzzle = load(EXAMPLES / name)
        assert len(encode(puzzle).clauses) <= clause_estimate(puzzle) <= 10 * len(encode(puzzle).clauses)


def test_a_number_only_one_region_can_hold_is_an_evident_reason():
    report = solve(load(DATA / "impossible-one-region.txt"))
    assert report.solutions == () and report.complete
    assert report.failure == "region 0 is the only one with more than 0 cells: its 4 has no other 4 to be 4 away from"
