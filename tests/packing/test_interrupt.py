"""Ctrl-C during a long packing search: the compiled search looks at Python's signal handlers as it
goes and the thread pool drops the work still queued, so `foldkit solve` ends with 130 at once."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

# 43 W pentominoes and one cube in a 6x6x6 box: the first-packing search runs for minutes at least.
LONG_FIRST = "packing 6 6 6\npiece W x43: 0 0 0, 1 0 0, 1 1 0, 2 1 0, 2 2 0\npiece M: 0 0 0\n"
LONG_COUNT = "packing 4 4 4\npiece D x32: 0 0 0, 1 0 0\n"  # billions of domino packings: --all runs for hours


@pytest.mark.parametrize(("text", "extra"), [(LONG_FIRST, []), (LONG_COUNT, ["--all"])], ids=["first", "all"])
def test_ctrl_c_stops_the_search_at_once(tmp_path, text, extra):
    puzzle = tmp_path / "long.txt"
    puzzle.write_text(text)
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", str(puzzle), *extra], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    assert child.poll() is None, "the search ended before the interrupt"
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=10)
    finally:
        child.kill()
    waited = time.perf_counter() - sent
    assert child.returncode == 130, err
    assert waited < 1.5, f"{waited:.2f} s from Ctrl-C to the exit"
    assert "Traceback" not in err and err.strip().endswith("interrupted")
