"""The parsers: good input round-trips, bad input names file, line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.polyomino import parse_net
from solver.shutbox.puzzle import Number, Puzzle, parse_layout, parse_puzzle, picture
from solver.text import InputError, decode_text


def test_bundled_puzzles_parse(examples):
    p = parse_puzzle((examples / "nov2025.txt").read_text(), "nov2025.txt")
    assert (p.rows, p.cols) == (20, 20)
    assert len(p.numbers) == 25 and len(p.arrows) == 63
    assert len(p.circled()) == 6 and len(p.squared()) == 7
    assert p.numbers[(1, 11)] == Number(4) and p.numbers[(1, 15)] == Number(4, "o")
    assert p.arrows[(0, 1)] == "R" and p.arrows[(8, 9)] == "URDL"
    sample = parse_puzzle((examples / "nov2025-sample.txt").read_text())
    assert (len(sample.numbers), len(sample.circled()), len(sample.squared()), len(sample.arrows)) == (11, 4, 2, 9)


def test_name_comes_from_the_file():
    assert parse_puzzle("1 1\n5\n", "dir/my-puzzle.txt").name == "my-puzzle"


def test_arrow_letters_in_any_order_are_normalised():
    assert parse_puzzle("1 2\nLU 1\n").arrows[(0, 0)] == "UL"


def test_blank_lines_and_trailing_spaces_are_tolerated():
    p = parse_puzzle("\n2 2   \n\n1 .  \n. R\n\n")
    assert p.numbers == {(0, 0): Number(1)} and p.arrows == {(1, 1): "R"}


def test_puzzles_without_clues_of_a_kind_are_valid():
    p = parse_puzzle("2 2\n. .\n. .\n")
    assert not p.numbers and not p.arrows


@pytest.mark.parametrize(
    "text, place, words",
    [
        ("", "f.txt:1", "empty file"),
        ("2 x\n. .\n", "f.txt:1:1", "header"),
        ("2 2\n. .\n", "f.txt:1:1", "header says 2 rows"),
        ("1 3\n. . . .\n", "f.txt:2:1", "row 1 has 4 cells"),
        ("1 3\n. Q .\n", "f.txt:2:3", "unknown token 'Q'"),
        ("1 3\n. . 0\n", "f.txt:2:5", "outside 1-9"),
        ("1 2\n12 .\n", "f.txt:2:1", "outside 1-9"),
        ("1 2\n5x .\n", "f.txt:2:1", "unknown token"),
        ("1 2\nUU .\n", "f.txt:2:1", "unknown token"),
        ("101 1\n", "f.txt:1:1", "outside 1x1 to 100x100"),
        ("0 4\n", "f.txt:1:1", "outside"),
    ],
)
def test_bad_puzzles_say_what_and_where(text, place, words):
    with pytest.raises(InputError) as caught:
        parse_puzzle(text, "f.txt")
    message = str(caught.value)
    assert message.startswith(place + ":") and words in message
    assert "\n" not in message


def test_binary_files_are_refused():
    with pytest.raises(InputError, match="not a text file"):
        decode_text(b"\x89PNG\r\n\x1a\n\0\0", "x.png")
    with pytest.raises(InputError, match="invalid UTF-8"):
        decode_text(b"1 1\n\xff\n", "x.txt")


tokens = st.one_of(
    st.just("."),
    st.builds(lambda v, m: f"{v}{m}", st.integers(1, 9), st.sampled_from(["", "o", "s"])),
    st.sets(st.sampled_from("URDL"), min_size=1).map(lambda s: "".join(d for d in "URDL" if d in s)),
)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_picture_and_parse_are_inverses(rows, cols, data):
    grid = [[data.draw(tokens) for _ in range(cols)] for _ in range(rows)]
    text = f"{rows} {cols}\n" + "\n".join(" ".join(row) for row in grid) + "\n"
    puzzle = parse_puzzle(text)
    assert picture(puzzle) == text
    assert parse_puzzle(picture(puzzle)) == puzzle


def test_solution_files_parse(examples):
    rows, cols, cells = parse_layout((examples / "nov2025.solution.txt").read_text())
    assert (rows, cols, len(cells)) == (20, 20, 136)
    with pytest.raises(InputError, match=r"s.txt:2:3: unknown token 'x'"):
        parse_layout("1 2\n# x\n", "s.txt")


def test_nets_parse_with_or_without_spaces():
    plain = parse_net("\n .#.\n###  \n.#.\n.#.\n\n")
    spaced = parse_net(". # .\n# # #\n. # .\n. # .\n")
    assert plain == spaced and len(plain) == 6 and min(plain) == (0, 1)


def test_net_with_solution_header_parses(examples):
    assert len(parse_net((examples / "nov2025-sample.solution.txt").read_text())) == 28


@pytest.mark.parametrize(
    "text, place, words",
    [
        ("", "n.txt:1", "no cells"),
        ("...\n", "n.txt:1", "no cells"),
        ("#.#\n", "n.txt:1:3", "not 4-connected"),
        ("##\n.#\n#.\n", "n.txt:3:1", "not 4-connected"),
        ("#?\n", "n.txt:1:2", "unknown character"),
    ],
)
def test_bad_nets_say_what_and_where(text, place, words):
    with pytest.raises(InputError) as caught:
        parse_net(text, "n.txt")
    assert str(caught.value).startswith(place + ":") and words in str(caught.value)


def test_puzzle_equality_ignores_the_name():
    assert Puzzle(1, 1, name="a") == Puzzle(1, 1, name="b")
