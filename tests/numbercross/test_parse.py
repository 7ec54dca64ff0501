"""Reading and writing Number Cross files: round trips, and errors that say file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.numbercross import parse_number_cross, parse_solution, picture, solution_picture
from solver.text import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SMALL = """number-cross 2 3
regions:
0 0 1
1 0 0
highlighted:
* . .
. . .
clues:
odd palindrome
multiple of 7
"""


@pytest.mark.parametrize("name", ["number-cross-5.txt", "number-cross-example.txt"])
def test_published_puzzles_read_and_round_trip(name):
    puzzle = parse_number_cross((EXAMPLES / name).read_text(), name)
    assert parse_number_cross(picture(puzzle)) == puzzle
    assert puzzle.name == name[:-4]


def test_number_cross_5_reads_as_published():
    puzzle = parse_number_cross((EXAMPLES / "number-cross-5.txt").read_text())
    assert (puzzle.rows, puzzle.cols) == (11, 11)
    assert len({i for row in puzzle.regions for i in row}) == 9
    assert len(puzzle.highlighted) == 16 and (1, 3) in puzzle.highlighted
    assert [clue.text for clue in puzzle.clues][9] == "product of digits is 2025"


def test_solution_file_round_trips():
    grid = parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())
    assert len(grid) == 11 and grid[0][0] is None and grid[0][1] == 3
    assert parse_solution(solution_picture(grid)) == grid


def test_regions_may_be_any_integers_and_need_not_be_connected():
    puzzle = parse_number_cross(SMALL.replace("0 0 1\n1 0 0", "-4 17 -4\n17 -4 -4"))
    assert puzzle.regions == ((-4, 17, -4), (17, -4, -4))
    assert parse_number_cross(picture(puzzle)) == puzzle


def test_comments_and_blank_lines_are_skipped():
    text = "# a comment\n\n" + SMALL.replace("clues:\n", "clues:\n# the clues\n\n")
    assert parse_number_cross(text) == parse_number_cross(SMALL)


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_number_cross(text, "p.txt")
    return caught.value


@pytest.mark.parametrize("broken, line, column, piece", [
    (SMALL.replace("number-cross 2 3", "number-cross 2"), 1, 1, "expected a header"),
    (SMALL.replace("number-cross 2 3", "numbercross 2 3"), 1, 1, "expected a header"),
    (SMALL.replace("number-cross 2 3", "number-cross 2 99"), 1, 14, "outside"),
    (SMALL.replace("0 0 1\n", ""), 2, 1, "has 1 rows"),
    (SMALL.replace("1 0 0\n", "1 0 0\n1 0 0\n"), 5, 1, "more than 2 rows"),
    (SMALL.replace("0 0 1", "0 0"), 3, 1, "2 cells"),
    (SMALL.replace("0 0 1", "0 a 1"), 3, 3, "region id 'a' is not an integer"),
    (SMALL.replace("0 0 1", "0 0 1.5"), 3, 5, "not an integer"),
    (SMALL.replace("* . .", "* . o"), 6, 5, "unknown token 'o'"),
    (SMALL.replace("highlighted:\n* . .\n. . .\n", ""), 7, 0, "missing section 'highlighted:'"),
    (SMALL.replace("multiple of 7", "multiple of seven"), 10, 13, "a whole number"),
    (SMALL.replace("multiple of 7", "  odd squarish"), 10, 7, "unknown clue word 'squarish'"),
    (SMALL + "regions:\n0 0 0\n0 0 0\n", 11, 1, "appears twice"),
    ("# nothing\n", 1, 0, "empty file"),
    ("number-cross 2 3\n0 0 1\n", 2, 1, "expected a section"),
])
def test_errors_say_line_and_column(broken, line, column, piece):
    error = _error(broken)
    assert (error.line, error.column) == (line, column), error
    assert piece in error.message
    assert str(error).startswith("p.txt:") and "\n" not in str(error)


def test_bad_solution_tokens_say_where():
    with pytest.raises(InputError) as caught:
        parse_solution("X 3 4\n5 0 X\n", "s.txt")
    assert (caught.value.line, caught.value.column) == (2, 3)
    with pytest.raises(InputError) as caught:
        parse_solution("X 3 4\n5 X\n", "s.txt")
    assert caught.value.line == 2
