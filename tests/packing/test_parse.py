"""The packing file and solution file formats: good files, bad files (file:line:col), round trips."""

from __future__ import annotations

import pytest

from solver.packing import PackingPuzzle, Piece, parse_packing, parse_solution, picture, solution_picture, solve_one
from solver.text import InputError
from tests.conftest import EXAMPLES, ROOT

Y = frozenset({(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0)})
DATA = ROOT / "tests" / "packing" / "data"  # y-pentacube.solution.txt: a copy of the published packing


def test_parses_the_y_pentacube_file():
    puzzle = parse_packing((EXAMPLES / "y-pentacube.txt").read_text(), "examples/y-pentacube.txt")
    assert puzzle == PackingPuzzle((5, 5, 5), (Piece("Y", Y, 25),), "y-pentacube")
    assert puzzle.volume == puzzle.piece_volume == 125


@pytest.mark.parametrize("name", ["y-pentacube", "soma", "l-tricubes", "mixed-2x3x4"])
def test_picture_is_the_inverse_of_parse(name):
    puzzle = parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt")
    assert parse_packing(picture(puzzle), f"{name}.txt") == puzzle


def test_count_defaults_to_one_and_names_may_be_any_token():
    puzzle = parse_packing("packing 1 1 2\npiece a-1: 0 0 0\npiece b_2 x1: 7 7 7\n", "t.txt", "t")
    assert puzzle.pieces == (Piece("a-1", frozenset({(0, 0, 0)}), 1), Piece("b_2", frozenset({(7, 7, 7)}), 1))


def test_comments_blank_lines_and_tabs_are_allowed():
    text = "# a comment\n\npacking\t2 1 1\n  # another\npiece I x1:\t0 0 0 ,1 0 0\n"
    assert parse_packing(text, "t.txt").pieces == (Piece("I", frozenset({(0, 0, 0), (1, 0, 0)}), 1),)


BAD = [
    ("", 1, 0, "empty file"),
    ("# only a comment\n", 1, 0, "empty file"),
    ("packing 5 5\npiece Y: 0 0 0\n", 1, 1, "expected a header"),
    ("box 5 5 5\npiece Y: 0 0 0\n", 1, 1, "expected a header"),
    ("packing 5 0 5\npiece Y: 0 0 0\n", 1, 11, "box side 0 is outside 1 to 30"),
    ("packing 5 5 31\npiece Y: 0 0 0\n", 1, 13, "box side 31 is outside 1 to 30"),
    ("packing 5 five 5\npiece Y: 0 0 0\n", 1, 11, "'five' is not a number"),
    ("packing ５ 5 5\npiece Y: 0 0 0\n", 1, 9, "is not a number"),
    ("packing 5 5 5\n", 1, 1, "no pieces"),
    ("packing 5 5 5\n# no piece\n", 1, 1, "no pieces"),
    ("packing 2 2 2\nblock Y: 0 0 0\n", 2, 1, "expected 'piece NAME"),
    ("packing 2 2 2\npiece Y 0 0 0\n", 2, 14, "needs ':'"),
    ("packing 2 2 2\npiece: 0 0 0\n", 2, 6, "expected 'piece NAME [xCOUNT]:'"),
    ("packing 2 2 2\npiece Y x2 big: 0 0 0\n", 2, 12, "expected 'piece NAME [xCOUNT]:'"),
    ("packing 2 2 2\npiece Y x0: 0 0 0\n", 2, 9, "count must be at least 1"),
    ("packing 2 2 2\npiece Y 2: 0 0 0\n", 2, 9, "expected a count 'xN'"),
    ("packing 2 2 2\npiece Y xx: 0 0 0\n", 2, 9, "expected a count 'xN'"),
    ("packing 2 2 2\npiece Y:\n", 2, 9, "a cube is three numbers"),
    ("packing 2 2 2\npiece Y: 0 0\n", 2, 10, "a cube is three numbers"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 0 0,\n", 2, 23, "a cube is three numbers"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 0 0 0\n", 2, 17, "a cube is three numbers"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 -1 0\n", 2, 19, "coordinate '-1' is not a number"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 ٠ 0\n", 2, 19, "is not a number"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 0 0, 0 0 0\n", 2, 24, "cube 0 0 0 is listed twice"),
    ("packing 2 2 2\npiece Y: 0 0 0, 1 1 0\n", 2, 17, "not face-connected: cube 1 1 0"),
    ("packing 2 2 2\npiece Y: 0 0 0, 2 0 0, 1 0 0, 5 5 5\n", 2, 31, "not face-connected: cube 5 5 5"),
    ("packing 2 2 2\npiece Y: 0 0 0\npiece Y x3: 1 0 0\n", 3, 7, "already defined on line 2"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), BAD)
def test_bad_files_say_where(text, line, column, message):
    with pytest.raises(InputError) as caught:
        parse_packing(text, "bad.txt")
    error = caught.value
    assert message in error.message
    assert (error.source, error.line, error.column) == ("bad.txt", line, column)
    assert str(error).startswith(f"bad.txt:{line}" + (f":{column}" if column else "") + ": ")


def test_the_given_solution_file_parses_and_prints_back():
    puzzle = parse_packing((EXAMPLES / "y-pentacube.txt").read_text(), "y.txt")
    text = (DATA / "y-pentacube.solution.txt").read_text()
    packing = parse_solution(text, "y.solution.txt", puzzle)
    assert len(packing) == 25 and all(p.piece == "Y" for p in packing)
    body = [line for line in text.splitlines() if not line.startswith("#")]
    assert solution_picture(packing, puzzle.box).splitlines() == body
    assert parse_solution(solution_picture(packing), "again", puzzle) == packing


SOLUTION_BAD = [
    ("", 1, 0, "empty file"),
    ("1 1\n", 1, 1, "expected 'level 1'"),
    ("level 2\n1 1\n", 1, 1, "expected 'level 1'"),
    ("level 1\n1 1\nlevel 3\n2 2\n", 3, 1, "expected 'level 2'"),
    ("level 1\n1 1\n", 1, 1, "the solution has 1 levels, the box has 2"),
    ("level 1\n1 1\nlevel 2\n2 2\n2 2\n", 3, 1, "level 2 has 2 rows, expected 1"),
    ("level 1\n1 1 1\nlevel 2\n2 2\n", 2, 1, "row 1 of level 1 has 3 entries, expected 2"),
    ("level 1\n1 x\nlevel 2\n2 2\n", 2, 3, "expected a piece number"),
    ("level 1\n1 0\nlevel 2\n2 2\n", 2, 3, "expected a piece number"),
    ("level 1\n1 1\nlevel 2\n3 3\n", 4, 1, "2 is missing"),
    ("level 1\n1 2\nlevel 2\n2 2\n", 2, 1, "not the shape of any piece"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), SOLUTION_BAD)
def test_bad_solution_files_say_where(text, line, column, message):
    puzzle = parse_packing("packing 2 1 2\npiece I x2: 0 0 0, 1 0 0\n", "i.txt")
    with pytest.raises(InputError) as caught:
        parse_solution(text, "s.txt", puzzle)
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)


def test_a_solution_names_each_placement_by_its_shape():
    puzzle = parse_packing((EXAMPLES / "soma.txt").read_text(), "soma.txt")
    packing = solve_one(puzzle)
    again = parse_solution(solution_picture(packing), "s.txt", puzzle)
    assert again == packing
    assert sorted(p.piece for p in again) == sorted("VLTZABP")
