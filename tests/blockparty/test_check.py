"""`foldkit check` on Block Party: published answers pass, mutated ones name the rule they break."""

from __future__ import annotations

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_WRONG
from solver.blockparty import broken_rules, parse_block_party, parse_grid
from tests.conftest import EXAMPLES

PUZZLE = EXAMPLES / "block-party-4.txt"
SOLUTION = EXAMPLES / "block-party-4.solution.txt"


def run(capsys, *argv):
    code = main(["check", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def bp4():
    return parse_block_party(PUZZLE.read_text(), str(PUZZLE)), parse_grid(SOLUTION.read_text())


def changed(grid, *changes):
    rows = [list(row) for row in grid]
    for (r, c), value in changes:
        rows[r][c] = value
    return tuple(tuple(row) for row in rows)


def written(tmp_path, grid, name="answer.txt"):
    path = tmp_path / name
    path.write_text("# my answer\n" + "\n".join(" ".join(map(str, row)) for row in grid) + "\n")
    return path


def test_the_published_solution_and_answer_are_right(capsys):
    code, out, _ = run(capsys, PUZZLE, SOLUTION)
    assert code == 0 and "is right" in out
    code, out, _ = run(capsys, PUZZLE, "24405360")
    assert code == 0 and "the answer 24405360 is right" in out
    code, out, _ = run(capsys, EXAMPLES / "block-party-example.txt", "430")
    assert code == 0


def test_a_wrong_number_is_wrong(capsys):
    code, out, _ = run(capsys, PUZZLE, "24405361")
    assert code == EXIT_WRONG and "answer rule: 24405361 is not the answer" in out


def test_swapping_two_cells_of_a_region_breaks_the_distance_rule_there(bp4, tmp_path, capsys):
    puzzle, grid = bp4
    a, b = (2, 2), (2, 3)  # region 4 holds 3 and 2 here
    assert puzzle.region_of(a) == puzzle.region_of(b) and grid[a[0]][a[1]] != grid[b[0]][b[1]]
    swapped = changed(grid, (a, grid[b[0]][b[1]]), (b, grid[a[0]][a[1]]))
    broken = list(broken_rules(puzzle, swapped))
    assert broken and {x.rule for x in broken} == {"distance"}
    assert {x.where for x in broken} & {"row 3, column 3", "row 3, column 4"}
    code, out, _ = run(capsys, PUZZLE, written(tmp_path, swapped))
    assert code == EXIT_WRONG
    assert out.splitlines()[1:] == [x.line for x in broken]


def test_changing_one_number_breaks_the_region_rule_of_its_region(bp4, tmp_path, capsys):
    puzzle, grid = bp4
    broken = list(broken_rules(puzzle, changed(grid, ((5, 0), 2))))  # region 0's 1 becomes a 2
    assert "region" in {x.rule for x in broken}
    assert [x.where for x in broken if x.rule == "region"] == ["region 0"]


def test_changing_a_given_names_the_given(bp4):
    puzzle, grid = bp4
    broken = list(broken_rules(puzzle, changed(grid, ((0, 1), 4))))
    assert broken[0].rule == "given" and broken[0].where == "row 1, column 2"


def test_a_malformed_file_is_exit_2_with_its_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 3\n4 x 6\n")
    code, _, err = run(capsys, PUZZLE, bad)
    assert code == 2 and f"{bad}:2:3:" in err
    short = written(tmp_path, [[1] * 10] * 9, "short.txt")
    code, _, err = run(capsys, PUZZLE, short)
    assert code == 2 and "9 rows, the puzzle 10" in err and f"{short}:11:1" in err


def test_neither_a_number_nor_a_file_is_exit_2(capsys):
    code, _, err = run(capsys, PUZZLE, "no-such-file.txt")
    assert code == 2 and "no-such-file.txt" in err
