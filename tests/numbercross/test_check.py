"""`foldkit check` on Number Cross: the published grid passes, mutated ones name the rule they break."""

from __future__ import annotations

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_WRONG
from solver.numbercross import broken_rules, parse_number_cross, parse_solution, solution_picture
from tests.conftest import EXAMPLES

PUZZLE = EXAMPLES / "number-cross-5.txt"
SOLUTION = EXAMPLES / "number-cross-5.solution.txt"


def run(capsys, *argv):
    code = main(["check", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def nc5():
    return parse_number_cross(PUZZLE.read_text(), str(PUZZLE)), parse_solution(SOLUTION.read_text())


def changed(grid, *changes):
    rows = [list(row) for row in grid]
    for (r, c), value in changes:
        rows[r][c] = value
    return tuple(tuple(row) for row in rows)


def test_the_published_grid_and_answer_are_right(capsys):
    code, out, _ = run(capsys, PUZZLE, SOLUTION)
    assert code == 0 and "is right" in out
    code, out, _ = run(capsys, EXAMPLES / "number-cross-example.txt", "107639")
    assert code == 0 and "is right" in out


def test_a_wrong_number_is_wrong(capsys):
    code, out, _ = run(capsys, EXAMPLES / "number-cross-example.txt", "107640")
    assert code == EXIT_WRONG and "answer rule" in out


def test_swapping_a_tile_with_its_neighbour_names_the_run_and_the_clue(nc5, tmp_path, capsys):
    puzzle, grid = nc5
    swapped = changed(grid, ((0, 0), grid[0][1]), ((0, 1), None))
    broken = list(broken_rules(puzzle, swapped))
    assert [(x.rule, x.where) for x in broken][:2] == [("run", "row 1, column 1"), ("clue", "row 1, columns 3-7")]
    answer = tmp_path / "answer.txt"
    answer.write_text(solution_picture(swapped))
    code, out, _ = run(capsys, PUZZLE, answer)
    assert code == EXIT_WRONG and out.splitlines()[1:] == [x.line for x in broken]


def test_changing_one_digit_names_its_row_clue(nc5):
    puzzle, grid = nc5
    broken = list(broken_rules(puzzle, changed(grid, ((1, 1), 5))))  # row 2 reads 55: 5 x 5 is not 20
    assert ("clue", "row 2, columns 1-2") in {(x.rule, x.where) for x in broken}


def test_a_digit_no_region_digit_explains_names_its_region():
    puzzle = parse_number_cross("number-cross 1 4\nregions:\n0 0 1 1\nhighlighted:\n. . . .\nclues:\nany\n")
    assert list(broken_rules(puzzle, ((3, 3, 4, 4),))) == []
    broken = list(broken_rules(puzzle, ((3, 3, 4, 5),)))
    assert [(x.rule, x.where) for x in broken] == [("region", "region 1")]
    assert "row 1, column 3 holds 4" in broken[0].text


def test_tiles_side_by_side_and_on_highlighted_cells_are_named(nc5):
    puzzle, grid = nc5
    broken = list(broken_rules(puzzle, changed(grid, ((0, 1), None), ((8, 4), None))))
    rules = {(x.rule, x.where) for x in broken}
    assert ("tile", "row 1, column 1") in rules and ("tile", "row 9, column 5") in rules


def test_a_malformed_file_is_exit_2_with_its_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(SOLUTION.read_text().replace("X 3 4 2", "X 3 Q 2", 1))
    code, _, err = run(capsys, PUZZLE, bad)
    assert code == 2 and f"{bad}:3:5:" in err
