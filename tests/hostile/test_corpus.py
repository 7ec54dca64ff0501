"""The bad-file corpus (tests/data/bad/, one small file per malformation) through every command
that reads a file: each is exit 2 with one line `foldkit: error: FILE:LINE:COL: ...`."""

from __future__ import annotations

import pytest

from tests.conftest import run_foldkit
from tests.hostile.running import BAD, one_error_line, run_process

# file -> (where the error is, words the message holds). A place without a column is a fault of
# the whole line (an empty file, bytes that are not UTF-8); NUL bytes have no place at all.
EXPECTED = {
    "token-letter.txt": ("3:3", "unknown token 'Z'"),
    "token-mark.txt": ("2:1", "unknown token '5x'"),
    "token-two-marks.txt": ("2:1", "unknown token '5os'"),
    "number-zero.txt": ("2:1", "number '0' is outside 1-9"),
    "number-ten.txt": ("2:3", "number '10' is outside 1-9"),
    "arrow-repeated.txt": ("3:1", "unknown token 'UU'"),
    "arrow-letter.txt": ("2:1", "unknown token 'UX'"),
    "digit-arabic-indic.txt": ("2:1", "unexpected character '\u0665'"),
    "digit-fullwidth.txt": ("2:3", "unexpected character '\uff15'"),
    "digit-superscript.txt": ("2:1", "unexpected character '\u00b2'"),
    "header-arabic-indic.txt": ("1:1", "unexpected character '\u0668'"),
    "header-huge.txt": ("1:1", "expected a header 'rows cols', found '1111"),
    "token-huge.txt": ("2:1", "is outside 1-9"),
    "header-one-number.txt": ("1:1", "expected a header 'rows cols'"),
    "header-three-numbers.txt": ("1:1", "expected a header 'rows cols'"),
    "header-zero.txt": ("1:1", "grid size 0x0 is outside"),
    "header-too-large.txt": ("1:1", "grid size 101x1 is outside"),
    "rows-too-few.txt": ("1:1", "header says 3 rows but the file has 2"),
    "rows-too-many.txt": ("1:1", "header says 1 rows but the file has 2"),
    "row-too-short.txt": ("3:1", "row 2 has 1 cells"),
    "row-too-long.txt": ("2:1", "row 1 has 3 cells"),
    "form-feed.txt": ("2:3", "unexpected character '\\x0c'"),
    "vertical-tab.txt": ("3:2", "unexpected character '\\x0b'"),
    "next-line.txt": ("2:3", "unexpected character '\\x85'"),
    "line-separator.txt": ("2:2", "unexpected character '\\u2028'"),
    "control-character.txt": ("3:3", "unexpected character '\\x01'"),
    "bad-utf8.txt": ("2", "not a text file (invalid UTF-8)"),
    "nul-bytes.txt": (None, "not a text file (it contains NUL bytes)"),
    "empty.txt": ("1", "empty file"),
    "blank-lines-only.txt": ("1", "empty file"),
    "comment-only.txt": ("1", "empty file"),
    "unknown-kind.txt": ("1:1", "unknown puzzle kind 'sudoku'"),
    "kind-word-form-feed.txt": ("1:1", "unexpected character '\\x0c'"),
    "block-party-bad-size.txt": ("1:13", "grid size 'x'"),
    "block-party-arabic-digit.txt": ("6:1", "unexpected character '\u0665'"),
    "block-party-form-feed.txt": ("4:2", "unexpected character '\\x0c'"),
}
NAMES = sorted(EXPECTED)


def test_every_corpus_file_is_listed():
    assert sorted(p.name for p in BAD.glob("*.txt")) == NAMES


def check(err: str, name: str) -> None:
    place, words = EXPECTED[name]
    message = one_error_line(err, BAD / name, place)
    assert words in message
    assert len(message) < 300  # the input is quoted, never pasted whole


@pytest.mark.parametrize("name", NAMES)
def test_solve(capsys, name):
    code, out, err = run_foldkit(capsys, "solve", BAD / name)
    assert code == 2 and out == ""
    check(err, name)


@pytest.mark.parametrize("name", NAMES)
def test_build_only_solution_txt(capsys, name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_foldkit(capsys, "build", BAD / name, "--only", "solution.txt")
    assert code == 2 and out == ""
    check(err, name)
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("name", NAMES)
def test_template(capsys, name, tmp_path):
    code, out, err = run_foldkit(capsys, "template", BAD / name, "-o", tmp_path / "t.pdf")
    assert code == 2 and out == ""
    check(err, name)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", NAMES)
def test_boxes_reads_none_of_them_as_a_net(capsys, name):
    code, out, err = run_foldkit(capsys, "boxes", BAD / name)
    assert code == 2 and out == ""
    one_error_line(err, BAD / name)


@pytest.mark.parametrize("name", ["digit-fullwidth.txt", "form-feed.txt", "bad-utf8.txt", "header-huge.txt"])
def test_as_a_whole_process(name):
    done = run_process("solve", BAD / name)
    assert done.returncode == 2 and done.stdout == ""
    place, words = EXPECTED[name]
    assert words in one_error_line(done.stderr, BAD / name, place)
