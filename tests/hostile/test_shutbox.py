"""Shut the Box under hostile but well-formed input: clues no layout can keep, clue-free grids
of every allowed size, an unfinished search, and messages that quote a little of the input."""

from __future__ import annotations

import random

import pytest

from solver.shutbox.layouts import Grid, layouts, single_cell_layouts
from solver.shutbox.puzzle import parse_puzzle
from solver.shutbox.rules import is_layout, unmet_clue
from solver.shutbox.solve import NO_LAYOUT, solve
from solver.text import QUOTE_LIMIT, InputError
from tests.conftest import cpu_used, run_foldkit
from tests.hostile.running import one_error_line, run_process


def grid(n: int, clues: dict[tuple[int, int], str], cols: int | None = None) -> str:
    cols = cols or n
    rows = (" ".join(clues.get((r, c), ".") for c in range(cols)) for r in range(n))
    return f"{n} {cols}\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    "text, words",
    [
        ("3 3\n9 . .\n. . .\n. . .\n",
         "the 9 at row 1, column 1 needs 9 box cells around it but only 4 cells are there"),
        (grid(3, {(2, 2): "6"}), "the 6 at row 3, column 3 needs 6 box cells around it but only 4 cells are there"),
        (grid(4, {(0, 1): "7"}), "the 7 at row 1, column 2 needs 7 box cells around it but only 6 cells are there"),
        (grid(3, {(1, 1): "9", (2, 2): "R"}), "the 9 at row 2, column 2 needs 9 box cells around it but only 8 cells "
                                             "there are not arrows"),
        (grid(3, {(1, 1): "1", (1, 2): "3"}), "the 1 at row 2, column 2 needs 1 box cell around it but 2 numbers"),
        (grid(3, {(0, 2): "U"}), "the arrow U at row 1, column 3 points up off the grid"),
        (grid(3, {(1, 2): "RD"}), "the arrow RD at row 2, column 3 points right off the grid"),
    ],
)
def test_a_clue_no_layout_can_keep_is_named(capsys, tmp_path, text, words):
    path = tmp_path / "p.txt"
    path.write_text(text)
    code, out, err = run_foldkit(capsys, "solve", path)
    assert code == 1 and err == ""
    assert f"No solution: {NO_LAYOUT}: {words}" in out
    assert unmet_clue(parse_puzzle(text)).startswith(words)
    assert list(layouts(parse_puzzle(text))) == []


def test_the_crash_of_issue_8_is_an_ordinary_no_solution_in_a_whole_process(tmp_path):
    path = tmp_path / "nine.txt"
    path.write_text("3 3\n9 . .\n. . .\n. . .\n")
    done = run_process("solve", path)
    assert done.returncode == 1 and done.stderr == ""
    assert "the 9 at row 1, column 1 needs 9 box cells" in done.stdout
    done = run_process("solve", path, "--json")
    assert done.returncode == 1 and '"failure": "no layout keeps the grid rules: the 9 at row 1' in done.stdout


def test_a_full_neighbourhood_is_still_solvable():
    # A 9 with all nine cells inside the grid is possible: the check only refuses what no layout can meet.
    puzzle = parse_puzzle(grid(3, {(1, 1): "9"}))
    assert unmet_clue(puzzle) is None
    assert list(layouts(puzzle)) == [frozenset(puzzle.cells())]


@pytest.mark.parametrize("text", ["1 1\n.\n", "2 3\n. . .\n. . .\n", "3 3\n. . .\n. 1 .\n. . .\n",
                                  "1 4\nR . . .\n", "3 3\n. . .\n. . .\nR . .\n"])
def test_single_cell_layouts_match_the_judge(text):
    puzzle = parse_puzzle(text)
    lone = set(single_cell_layouts(puzzle))
    assert lone == {frozenset([x]) for x in puzzle.cells() if is_layout(puzzle, frozenset([x]))}


def test_layouts_are_each_found_once_on_a_clue_free_grid():
    puzzle = parse_puzzle(grid(3, {}, cols=3))
    found = list(layouts(puzzle))
    assert len(found) == len(set(found)) and all(is_layout(puzzle, x) for x in found)


SPREAD = {(r, c): "3" for r in range(5, 100, 10) for c in range(5, 100, 10)}  # 100 numbers to connect


@pytest.mark.parametrize(
    "n, clues",
    [(100, {}), (100, {(50, 50): "5"}), (100, {(1, 1): "4", (98, 98): "4"}), (100, {(0, 0): "RD"}),
     (100, SPREAD), (20, {}), (15, {(7, 7): "3"})],
)
def test_limit_1_answers_fast_at_any_size(capsys, tmp_path, n, clues):
    path = tmp_path / "big.txt"
    path.write_text(grid(n, clues))
    start = cpu_used()
    code, out, err = run_foldkit(capsys, "solve", path, "--limit", "1")
    assert cpu_used() - start < 10  # about a second on a quiet machine; bench/hostile_speed.py
    assert code == 4 and err == ""
    assert "No solution among the first 1 layout." in out


def test_an_unfinished_search_has_its_own_exit_code(capsys, tmp_path):
    path = tmp_path / "open.txt"
    path.write_text(grid(4, {}))
    code, out, _ = run_foldkit(capsys, "solve", path, "--limit", "3")
    assert code == 4 and "stopped at its limit" in out
    report = solve(parse_puzzle(grid(4, {})), limit=3)
    assert not report.layouts_complete and len(report.layouts) == 3


@pytest.mark.parametrize("token, column", [("\u0665", 3), ("\uff15", 3), ("\u00b2", 3), ("5\u0665", 4), ("1\u00b2", 4)])
def test_only_ascii_digits_are_digits(token, column):
    with pytest.raises(InputError) as caught:
        parse_puzzle(f"1 2\n. {token}\n", "p.txt")
    assert str(caught.value).startswith(f"p.txt:2:{column}: unexpected character")


@pytest.mark.parametrize("where", ["header", "token", "row"])
def test_messages_quote_at_most_60_characters(where):
    long = "Z" * 5000
    text = {"header": f"{long} 3\n. . .\n", "token": f"1 1\n{long}\n", "row": f"1 2\n. {long}\n"}[where]
    with pytest.raises(InputError) as caught:
        parse_puzzle(text, "p.txt")
    assert "Z" * QUOTE_LIMIT in str(caught.value) and "Z" * (QUOTE_LIMIT + 1) not in str(caught.value)


@pytest.mark.parametrize("digits", ["1" * 5000, "9" * 10, "0" * 11 + "5"])
def test_very_long_numbers_are_clean_errors(capsys, tmp_path, digits):
    for text, place in ((f"{digits} 1\n.\n", "1:1"), (f"1 {digits}\n.\n", "1:1"), (f"1 1\n{digits}\n", "2:1")):
        path = tmp_path / "long.txt"
        path.write_text(text)
        code, out, err = run_foldkit(capsys, "solve", path)
        assert code == 2 and out == ""
        assert len(one_error_line(err, path, place)) < 300


@pytest.mark.parametrize("char", ["\x0c", "\x0b", "\u2028", "\x85", "\u2029", "\x1c"])
def test_a_line_break_lookalike_inside_a_row_is_a_bad_character_at_its_column(char):
    with pytest.raises(InputError) as caught:
        parse_puzzle(f"2 2\n. .\n.{char}.\n", "p.txt")
    assert str(caught.value).startswith("p.txt:3:2: unexpected character")


def test_the_euler_bound_never_hides_a_hole():
    rng = random.Random(8)
    for _ in range(2000):
        rows, cols, share = rng.randint(1, 9), rng.randint(1, 9), rng.random()
        grid = Grid(rows, cols)
        box = bytearray(1 if rng.random() < share else 0 for _ in range(rows * cols))
        holes = len(grid.holes(box))
        assert holes <= len(grid.pieces(box, 1)) - grid.euler_number(box)
