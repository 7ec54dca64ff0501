"""bench/packing_profile.py builds the front search with its counters (-DFOLDKIT_PROFILE) and checks that they hold
every placement the search made: a counter left out or counted twice fails it."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT, require_program


def test_the_profile_build_counts_every_placement_of_a_search_with_a_finish_and_one_with_many_copies():
    require_program("cc")
    script = ROOT / "bench" / "packing_profile.py"
    puzzles = ["examples/soma.txt", "bench/packing/y-4x5x3.txt"]
    run = subprocess.run([sys.executable, str(script), "--optimise=-O0", *puzzles], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    soma, y = run.stdout.split("y-4x5x3:")
    assert soma.startswith("soma: 11,520 packings")
    last_rows = [line.split() for line in soma.splitlines()[-2:]]
    assert [row[0] for row in last_rows] == ["3", "2"]  # finish's levels: its placements, by the copies left
    assert int(last_rows[-1][-2].replace(",", "")) == 240  # on a path with two pieces left: the packings found
    assert y.startswith(" 52 packings") and y.splitlines()[-1].split()[0] == "1"  # many copies: by copies left
