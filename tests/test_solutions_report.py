"""An ambiguous puzzle of every kind is told the same way: how many solutions, the cells on which
they differ (counted from 1), three of them drawn, and where the rest are; never all of them."""

from __future__ import annotations

import pytest

from foldkit.cli import main
from foldkit.kinds.solutions import Solutions, solutions_text
from tests.conftest import EXAMPLES, ROOT

DATA = ROOT / "tests" / "data"
EMPTY_4X4 = "4 4\n. . . .\n. . . .\n. . . .\n. . . .\n"  # 192 solutions


def solved(capsys, path) -> tuple[int, str]:
    code = main(["solve", str(path)])
    return code, capsys.readouterr().out


def test_an_empty_shut_the_box_grid_prints_a_summary_not_192_solutions(capsys, tmp_path):
    (tmp_path / "empty.txt").write_text(EMPTY_4X4)
    code, out = solved(capsys, tmp_path / "empty.txt")
    assert code == 3 and "ambiguous: 192 solutions" in out
    assert "The 192 solutions differ on every one of the 16 cells." in out
    assert [line for line in out.splitlines() if line.startswith("Solution ")] == [
        "Solution 1:", "Solution 2:", "Solution 3:"]
    assert "(189 more solutions in 'foldkit solve --json')" in out
    assert len(out.splitlines()) < 80  # three drawn solutions of 19 lines and a head


@pytest.mark.parametrize(("path", "word", "count"), [
    (DATA / "ambiguous.txt", "solution", 2),
    (DATA / "numbercross" / "ambiguous-3x3.txt", "completed grid", 3),
    (DATA / "blockparty" / "ambiguous-3x3.txt", "solution", 2),
])
def test_every_kind_tells_an_ambiguous_puzzle_the_same_way(capsys, path, word, count):
    code, out = solved(capsys, path)
    assert code == 3 and f"ambiguous: {count} {word}s" in out
    assert f"The {count} {word}s differ on " in out or f"The {count} {word}s agree on every cell" in out
    assert [f"{word.capitalize()} {k}:" for k in range(1, count + 1)] == [
        line for line in out.splitlines() if line.startswith(word.capitalize() + " ")]


def test_the_cells_that_differ_are_named_from_1_and_a_cut_search_says_so():
    grids = [((1, 2), (3, 4)), ((1, 2), (3, 5)), ((1, 2), (3, 6)), ((1, 2), (3, 7)), ((1, 2), (3, 8))]
    text = solutions_text(Solutions(grids, 6, False), lambda g: g, str)
    assert text.startswith("The first 5 solutions found differ on 1 cell: row 2, column 2.")
    assert "(2 more solutions in 'foldkit solve --json')" in text and "there may be more" in text
    assert Solutions(grids, 6, False).summary() == "ambiguous: at least 6 solutions"


def test_a_unique_puzzle_is_drawn_whole(capsys):
    code, out = solved(capsys, EXAMPLES / "nov2025-sample.txt")
    assert code == 0 and "Solution 1:" in out and "differ" not in out
