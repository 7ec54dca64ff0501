"""Number Cross under hostile but valid input (issue 17, item 8): trivially ambiguous puzzles, whose
rows have millions of ways, are reported ambiguous (exit 3) by a whole `foldkit solve` process
within a bound of time and memory; the search stops at the second grid when asked for one."""

from __future__ import annotations

import importlib
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from solver.numbercross import parse_number_cross, solution_problem, solve
from tests.conftest import ROOT

CORPUS = Path(__file__).resolve().parent / "numbercross"
NAMES = sorted(p.name for p in CORPUS.glob("*.txt"))
MEMORY = 1_500_000_000  # bytes of address space for the whole command (it took 1.5-4 GB before)
HANG = 90  # seconds: a hang bound for a loaded machine, not a speed goal (see bench/numbercross_speed.py)


def test_the_corpus_holds_the_cases_of_the_issue():
    assert NAMES == ["any-1x24.txt", "any-1x7.txt", "cells-42x24.txt", "seven-regions-1x7.txt"]


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize("name", NAMES)
def test_a_trivially_ambiguous_puzzle_is_ambiguous_within_bounds(name):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "foldkit", "solve", str(CORPUS / name)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=HANG, preexec_fn=_bounded)
    assert done.returncode == 3, done.stderr[-2000:]
    assert "ambiguous: at least 11 completed grids" in done.stdout and done.stderr == ""


@pytest.mark.parametrize("name", ["any-1x24.txt", "seven-regions-1x7.txt"])
def test_asked_for_one_grid_the_search_stops_at_the_second(name):
    puzzle = parse_number_cross((CORPUS / name).read_text(), name)
    report = solve(puzzle, limit=1)
    assert len(report.solutions) == 1 and report.more and report.ambiguous and not report.complete
    assert solution_problem(puzzle, report.solutions[0]) is None  # checked without the search's digits


def test_a_thousand_one_cell_regions_give_grids_that_keep_the_rules():
    puzzle = parse_number_cross((CORPUS / "cells-42x24.txt").read_text(), "cells")
    report = solve(puzzle, limit=2)  # each grid is checked against the rules with the search's region digits
    assert report.more and len(report.solutions) == 2 and report.solutions[0] != report.solutions[1]


def test_every_grid_means_every_grid_that_fits_in_memory(monkeypatch):
    solving = importlib.import_module("solver.numbercross.solve")  # the module, not the function the package exports
    monkeypatch.setattr(solving, "HELD_CELLS", 7 * 25)  # 25 grids of seven cells
    report = solve(parse_number_cross((CORPUS / "any-1x7.txt").read_text(), "any"), limit=None)
    assert len(report.solutions) == 25 and len(set(report.solutions)) == 25
    assert report.more and not report.complete  # reported as "more than 25", never as all of them
