"""Each grid rule on small hand-made grids, judged both by the checker and by the search."""

from __future__ import annotations

import pytest

from solver.shutbox.layouts import layouts
from solver.shutbox.puzzle import parse_puzzle
from solver.shutbox.rules import arrow_holds, broken_rule, is_layout


def grid(text: str) -> frozenset:
    """Box cells of a picture: '#' or a digit is a box cell."""
    rows = [line.split() for line in text.strip().splitlines()]
    return frozenset((r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "#" or t[0].isdigit())


def every_layout(text: str) -> set:
    return set(layouts(parse_puzzle(text)))


def test_number_counts_its_king_neighbourhood_including_itself():
    puzzle = parse_puzzle("3 3\n. . .\n. 3 .\n. . .\n")
    assert is_layout(puzzle, grid("# . .\n# 3 .\n. . ."))
    assert "does not see" in broken_rule(puzzle, grid("# # .\n# 3 .\n. . ."))
    assert "does not see" in broken_rule(puzzle, grid(". . .\n# 3 .\n. . ."))


def test_number_cells_are_box_cells_and_arrow_cells_are_not():
    puzzle = parse_puzzle("1 3\n1 . R\n")
    assert "number cell at row 1, column 1" in broken_rule(puzzle, frozenset({(0, 1)}))
    puzzle = parse_puzzle("1 3\nR . .\n")
    assert "arrow cell at row 1, column 1 is a box cell" in broken_rule(puzzle, frozenset({(0, 0), (0, 1)}))


def test_arrow_points_at_the_first_box_cell_at_one_distance():
    puzzle = parse_puzzle("3 3\n. . .\n. . .\nUR . .\n")
    arrow = (2, 0)
    assert arrow_holds(puzzle, grid(". . .\n# . .\n. # ."), arrow)  # both at distance 1
    assert not arrow_holds(puzzle, grid("# . .\n. . .\n. # ."), arrow)  # 2 up, 1 right
    assert not arrow_holds(puzzle, grid(". . .\n. . .\n. # ."), arrow)  # nothing up


def test_arrow_other_directions_stay_empty_up_to_the_distance():
    puzzle = parse_puzzle("1 5\n. . R . .\n")
    arrow = (0, 2)
    assert arrow_holds(puzzle, frozenset({(0, 3), (0, 0)}), arrow)  # left box cell at 2 > 1
    assert not arrow_holds(puzzle, frozenset({(0, 3), (0, 1)}), arrow)  # left box cell at 1 = d
    assert arrow_holds(puzzle, frozenset({(0, 4)}), arrow)  # grid edge comes first on the left


def test_arrow_target_must_lie_inside_the_grid():
    assert not every_layout("1 2\n. R\n")


def test_box_cells_must_be_connected():
    puzzle = parse_puzzle("1 3\n1 . 1\n")
    assert broken_rule(puzzle, frozenset({(0, 0), (0, 2)})) == "the box cells are not 4-connected"
    assert every_layout("1 3\n1 . 1\n") == set()


def test_layouts_have_no_holes():
    ring = grid("# # #\n# . #\n# # #")
    puzzle = parse_puzzle("3 3\n. . .\n. . .\n. . .\n")
    assert broken_rule(puzzle, ring) == "the box cells enclose a hole"
    assert ring not in every_layout("3 3\n4 5 4\n5 . 5\n4 5 4\n")
    assert not every_layout("3 3\n4 5 4\n5 . 5\n4 5 4\n")


def test_search_agrees_with_the_checker_on_a_small_open_grid():
    text = "2 3\n2 . .\n. . .\n"
    found = every_layout(text)
    puzzle = parse_puzzle(text)
    cells = puzzle.cells()
    brute = set()
    for mask in range(1, 1 << len(cells)):
        layout = frozenset(c for i, c in enumerate(cells) if mask >> i & 1)
        if is_layout(puzzle, layout):
            brute.add(layout)
    assert found == brute and len(found) > 3


@pytest.mark.parametrize("text", ["1 1\n1\n", "1 1\n.\n", "1 3\nR . .\n", "3 1\nD\n.\n.\n"])
def test_single_cell_layouts_are_found(text):
    puzzle = parse_puzzle(text)
    found = every_layout(text)
    assert found and all(is_layout(puzzle, x) for x in found)
    assert any(len(x) == 1 for x in found)
