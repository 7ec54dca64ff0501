"""Block Party files: the published puzzles read right, every malformed file says where."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.blockparty import BlockParty, grid_picture, parse_block_party, parse_grid, picture
from solver.text import InputError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

SMALL = """\
# a comment
block-party 2 3

regions:
0 0 1
2 2 1
  # another comment
givens:
. 2 .
1 . .
"""


def test_small_file_reads_regions_and_givens():
    puzzle = parse_block_party(SMALL, "small.txt")
    assert (puzzle.rows, puzzle.cols) == (2, 3)
    assert puzzle.regions == ((0, 0, 1), (2, 2, 1))
    assert puzzle.givens == {(0, 1): 2, (1, 0): 1}
    assert puzzle.name == "small"
    assert puzzle.region_cells == {0: ((0, 0), (0, 1)), 1: ((0, 2), (1, 2)), 2: ((1, 0), (1, 1))}


def test_block_party_4_reads_as_published():
    puzzle = parse_block_party((EXAMPLES / "block-party-4.txt").read_text(), "block-party-4.txt")
    assert (puzzle.rows, puzzle.cols) == (10, 10)
    assert len(puzzle.region_cells) == 23
    assert len(puzzle.givens) == 14
    assert puzzle.givens[(0, 5)] == 7 and puzzle.givens[(9, 8)] == 2


@pytest.mark.parametrize("name", ["block-party-4.txt", "block-party-example.txt"])
def test_picture_parses_back_to_the_same_puzzle(name):
    puzzle = parse_block_party((EXAMPLES / name).read_text(), name)
    assert parse_block_party(picture(puzzle), name) == puzzle


def test_line_breaks_of_any_system_and_negative_region_ids():
    text = SMALL.replace("0 0 1\n", "-3 -3 1\n").replace("\n", "\r\n")
    puzzle = parse_block_party(text)
    assert puzzle.regions[0] == (-3, -3, 1)
    assert parse_block_party(picture(puzzle)) == puzzle


def test_equality_ignores_the_name():
    puzzle = parse_block_party(SMALL, "a.txt")
    assert puzzle == BlockParty(2, 3, puzzle.regions, dict(puzzle.givens), "other")
    assert hash(puzzle) == hash(BlockParty(2, 3, puzzle.regions, dict(puzzle.givens), "other"))


def _broken(old: str, new: str) -> str:
    if old not in SMALL:
        raise ValueError(old)
    return SMALL.replace(old, new, 1)


BAD_FILES = [
    # (text, words in the message, line, column)
    ("", "empty file", 1, 0),
    ("# only a comment\n", "empty file", 1, 0),
    (_broken("block-party 2 3", "block-part 2 3"), "expected a header", 2, 1),
    (_broken("block-party 2 3", "block-party 2"), "expected a header", 2, 1),
    (_broken("block-party 2 3", "block-party 2 x"), "grid size 'x'", 2, 15),
    (_broken("block-party 2 3", "block-party 0 3"), "grid size '0'", 2, 13),
    (_broken("block-party 2 3", "block-party 2 ３"), "grid size", 2, 15),
    (_broken("regions:", "region:"), "expected the section line 'regions:'", 4, 1),
    (_broken("0 0 1\n", "0 0 1 1\n"), "regions row 1 has 4 entries, the header says 3", 5, 7),
    (_broken("2 2 1\n", "2 2\n"), "regions row 2 has 2 entries", 6, 4),
    (_broken("2 2 1\n", ""), "regions: expected 2 rows, found 1", 7, 1),
    (_broken("0 0 1", "0 a 1"), "region id 'a' is not a whole number", 5, 3),
    (_broken("0 0 1", "0 0 1.5"), "region id '1.5'", 5, 5),
    (_broken("givens:", "given:"), "expected the section line 'givens:'", 8, 1),
    (_broken(". 2 .", ". 3 ."), "given 3 does not fit region 0, which has 2 cells", 9, 3),
    (_broken(". 2 .", ". 0 ."), "given 0 does not fit region 0", 9, 3),
    (_broken(". 2 .", ". x ."), "given 'x' is neither a whole number nor '.'", 9, 3),
    (_broken(". 2 .", ". -1 ."), "given '-1'", 9, 3),
    (_broken("1 . .\n", "1 . . .\n"), "givens row 2 has 4 entries", 10, 7),
    (_broken("1 . .\n", ""), "givens: expected 2 rows, found 1", 10, 1),
    (SMALL + "extra\n", "unexpected line after the givens: 'extra'", 11, 1),
    (SMALL.split("givens:")[0], "the file ends where the section 'givens:' should start", 7, 1),
]


@pytest.mark.parametrize(("text", "words", "line", "column"), BAD_FILES)
def test_bad_files_say_what_and_where(text, words, line, column):
    with pytest.raises(InputError) as caught:
        parse_block_party(text, "bad.txt")
    assert words in caught.value.message
    assert (caught.value.source, caught.value.line, caught.value.column) == ("bad.txt", line, column)
    assert str(caught.value).startswith(f"bad.txt:{line}")


def test_solution_grid_file_round_trip():
    text = (EXAMPLES / "block-party-4.solution.txt").read_text()
    grid = parse_grid(text, "block-party-4.solution.txt")
    assert len(grid) == 10 and all(len(row) == 10 for row in grid)
    assert grid[9] == (7, 6, 9, 10, 5, 3, 4, 7, 2, 5)
    assert grid_picture(grid, text.splitlines()[0][2:]) == text


@pytest.mark.parametrize(("text", "words", "line", "column"), [
    ("", "empty file", 1, 0),
    ("1 2\n3\n", "row 2 has 1 number, row 1 has 2", 2, 2),
    ("1 2\n3 x\n", "'x' is not a whole number", 2, 3),
])
def test_bad_grid_files_say_where(text, words, line, column):
    with pytest.raises(InputError) as caught:
        parse_grid(text, "grid.txt")
    assert words in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)
