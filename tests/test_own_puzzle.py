"""A fan's own puzzle, still a draft: its sheet comes without solving it, and an ambiguous draft
reports what its author needs (how many solutions, where they differ) instead of every one."""

from __future__ import annotations

import json
import re

from foldkit.cli import main
from tests.conftest import ROOT

DRAFT = ROOT / "tests" / "data" / "blockparty" / "ambiguous-3x3.txt"


def without_givens(tmp_path):
    """Block Party 4 with its givens taken away: a draft with many solutions."""
    text = (ROOT / "examples" / "block-party-4.txt").read_text()
    head, givens = text.split("givens:")
    path = tmp_path / "draft.txt"
    path.write_text(head + "givens:" + re.sub(r"[0-9]+", ".", givens))
    return path


def test_a_sheet_needs_no_solution(tmp_path, capsys):
    assert main(["solve", str(DRAFT)]) == 3  # ambiguous: no build, but a sheet to try it by hand
    capsys.readouterr()
    assert main(["sheet", str(DRAFT), "-o", str(tmp_path / "draft.pdf")]) == 0
    assert (tmp_path / "draft.pdf").read_bytes()[:5] == b"%PDF-"


def test_an_ambiguous_draft_prints_the_count_a_few_solutions_and_where_they_differ(tmp_path, capsys):
    draft = without_givens(tmp_path)
    assert main(["solve", str(draft), "--all"]) == 3
    out = capsys.readouterr().out
    assert main(["solve", str(draft), "--all", "--json"]) == 3
    found = json.loads(capsys.readouterr().out)["solution_list"]
    assert len(found) > 3
    assert f"The {len(found)} solutions differ on " in out
    assert out.count("Solution ") == 3 and f"({len(found) - 3} more solutions in 'foldkit solve --json')" in out
    assert len(out.splitlines()) < 4 + 3 * 25  # three 10x10 grids of 23 lines each, and a few lines more
