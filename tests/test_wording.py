"""What a person reads is worded as a person writes: one plural helper everywhere, thousands
separators on every count, paper names as printed ('Letter', not 'LETTER'), advice that names the
next paper of the same family, and page numbers that count every page of the document."""

from __future__ import annotations

import re
import subprocess

import pytest

from foldkit.cli import main
from foldkit.paper.page import LARGER_PAPER, PAPERS, paper_name
from solver.text import counted
from tests.conftest import EXAMPLES, ROOT, require_program

# `{count} pages`-style wording in the source: the count printed before a plural noun, whatever it is.
PLURAL_AFTER_A_COUNT = re.compile(r"\{len\([^{}]+\)\} (pages|layouts|packings|symmetries|steps|rules|regions|givens|"
                                  r"arrows|clues|challenges|nets|foldings)\b|[a-z]\(s\)(?! for)")
NOT_MINE = ("foldkit/page/", "foldkit/paper/nets_sheet.py")  # the web page and the worksheet have their own owners


def test_a_count_and_its_noun():
    assert counted(1, "page") == "1 page" and counted(2, "page") == "2 pages"
    assert counted(2263, "common net") == "2,263 common nets"
    assert counted(1, "symmetry", "symmetries") == "1 symmetry" and counted(48, "symmetry", "symmetries") == \
        "48 symmetries"


def test_no_message_puts_a_count_before_a_plural_of_its_own():
    found = []
    for path in [*ROOT.glob("foldkit/**/*.py"), *ROOT.glob("solver/**/*.py")]:
        where = str(path.relative_to(ROOT))
        if where.startswith(NOT_MINE):
            continue
        found += [f"{where}:{k}" for k, line in enumerate(path.read_text().splitlines(), 1)
                  if PLURAL_AFTER_A_COUNT.search(line)]
    assert found == []


def test_counts_carry_thousands_separators(capsys):
    assert main(["nets", "1x2x3", "1x1x5", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "1x2x3 and 1x1x5: 2,263 common nets"


@pytest.mark.parametrize("paper", PAPERS)
def test_papers_are_named_as_printed_and_advice_stays_in_the_family(paper):
    assert paper_name(paper) in ("A4", "A3", "Letter", "Legal", "Tabloid")
    larger = LARGER_PAPER.get(paper)
    assert larger is None or (larger == "a3") == (paper == "a4")


@pytest.mark.slow  # about 3.5 CPU-s: the built-in template on Letter
def test_a_small_letter_template_suggests_tabloid(capsys, tmp_path):
    assert main(["template", str(EXAMPLES / "nov2025.txt"), "--paper", "letter", "-o", str(tmp_path / "t.pdf")]) == 0
    err = capsys.readouterr().err
    assert "foldkit: note:" in err  # cells this small on Letter: the advice names Letter's bigger sister
    assert "of Letter" in err and "--paper tabloid" in err and "a3" not in err and "LETTER" not in err


def test_every_page_of_the_quiz_counts_every_page(tmp_path, capsys):
    pdftotext = require_program("pdftotext")
    assert main(["nets", "1x1x1", "--pdf", str(tmp_path / "quiz.pdf"), "--mix"]) == 0
    assert "(2 pages)" in capsys.readouterr().out
    text = subprocess.run([pdftotext, str(tmp_path / "quiz.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) == 2
    assert ["page 1 of 2" in pages[0], "page 2 of 2" in pages[1]] == [True, True]
