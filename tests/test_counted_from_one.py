"""Every message a person reads counts rows, columns, levels and pieces from 1, in every kind:
the hints, the solving diary, hints.pdf and check. Code counts from 0; none of it may leak out."""

from __future__ import annotations

import re
import subprocess

import pytest

from foldkit.cli import main
from tests.conftest import EXAMPLES, require_program

ZERO_BASED = [
    # a coordinate with a 0 in it, such as (0,10) or (2, 1, 0) (a list of numbers in brackets holds no 0)
    re.compile(r"\((\d+,\s?)*0(,\s?\d+)*\)"),
    re.compile(r"\b(row|column|col|level|piece|step|layer|cell)s? 0\b", re.IGNORECASE),
]
COUNTED = re.compile(r"\b(row|column)s? (\d+)", re.IGNORECASE)

# (puzzle, its grid's rows and columns, a wrong answer made from a right one: (right file, old, new))
KINDS = {
    "Shut the Box": ("nov2025-sample.txt", (8, 8), ("nov2025-sample.solution.txt", ". . # #", "# # # #")),
    "Block Party": ("block-party-4.txt", (10, 10), ("block-party-4.solution.txt", " 4  3", " 5  3")),
    "Number Cross": ("number-cross-example.txt", (5, 5), None),
    "Number Cross 11x11": ("number-cross-5.txt", (11, 11), ("number-cross-5.solution.txt", "X 3 4", "3 X 4")),
    "Polycube packing": ("soma.txt", (3, 3), None),
}
SOMA_WRONG = "level 1\n7 2 2\n2 2 3\n4 3 3\nlevel 2\n7 5 6\n7 6 6\n4 1 3\nlevel 3\n5 5 5\n4 6 1\n4 1 5\n"


def said(capsys, *argv) -> str:
    main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return out + err


def zero_based(text: str, size: tuple[int, int]) -> list[str]:
    """The places in a person's text that count from 0, or name a row or column the grid does not have."""
    found = [m.group() for pattern in ZERO_BASED for m in pattern.finditer(text)]
    for m in COUNTED.finditer(text):
        limit = size[0] if m.group(1).lower().startswith("row") else size[1]
        if int(m.group(2)) > limit:  # 0 is found above
            found.append(m.group())
    return found


def wrong_answer(name: str, tmp_path) -> str | None:
    wrong = KINDS[name][2]
    path = tmp_path / "wrong.txt"
    if name == "Polycube packing":
        path.write_text(SOMA_WRONG)
        return str(path)
    if wrong is None:
        return None
    right, old, new = wrong
    text = (EXAMPLES / right).read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if "11x11" in name else name
                                  for name in KINDS])  # the 11x11 Number Cross: about 4 CPU-s
def test_hints_and_check_count_from_one(name, capsys, tmp_path):
    puzzle, size, _ = KINDS[name]
    text = said(capsys, "hint", EXAMPLES / puzzle) + said(capsys, "hint", EXAMPLES / puzzle, "--all")
    wrong = wrong_answer(name, tmp_path)
    if wrong is not None:
        checked = said(capsys, "check", EXAMPLES / puzzle, wrong)
        assert "rule:" in checked
        text += checked
    assert zero_based(text, size) == []


def test_number_cross_hints_pdf_counts_from_one(capsys, tmp_path):
    pdftotext = require_program("pdftotext")
    said(capsys, "build", EXAMPLES / "number-cross-example.txt", "--only", "hints.pdf", "-o", tmp_path, "--quiet")
    text = subprocess.run([pdftotext, "-layout", tmp_path / "hints.pdf", "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Row 5, column 5" in text and zero_based(text, (5, 5)) == []


def test_the_scan_finds_what_counted_from_0():
    assert zero_based("(0,10) ends a number of row 0", (11, 11)) == ["(0,10)", "row 0"]
    assert zero_based("row 12, column 3", (11, 11)) == ["row 12"]
    assert zero_based("row 11, column 11; level 1, piece 7", (11, 11)) == []
