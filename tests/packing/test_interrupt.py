"""Ctrl-C during a long packing search: the compiled search looks at Python's signal handlers as it
goes and the thread pool drops the work still queued, so `foldkit solve` ends with 130 at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, cpu_after_signal, interrupted_solve, wait_for_cpu

# 43 W pentominoes and one cube in a 6x6x6 box: the first-packing search runs for minutes at least.
LONG_FIRST = "packing 6 6 6\npiece W x43: 0 0 0, 1 0 0, 1 1 0, 2 1 0, 2 2 0\npiece M: 0 0 0\n"
LONG_COUNT = "packing 4 4 4\npiece D x32: 0 0 0, 1 0 0\n"  # billions of domino packings: --all runs for hours


@pytest.mark.parametrize(("text", "extra"), [(LONG_FIRST, []), (LONG_COUNT, ["--all"])], ids=["first", "all"])
def test_ctrl_c_stops_the_search_at_once(tmp_path, text, extra):
    puzzle = tmp_path / "long.txt"
    puzzle.write_text(text)
    code, cpu, err = interrupted_solve(puzzle, *extra)
    assert code == 130, err
    assert cpu < 1.5, f"{cpu:.2f} CPU-s from Ctrl-C to the exit"
    assert "Traceback" not in err and err.strip().endswith("interrupted")


def children(pid: int) -> set[int]:
    """The processes whose parent is pid."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(status.parent.name))
    return found


def alive(pid: int) -> bool:
    """Whether the process is there and not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_every_process_of_a_count(tmp_path, sent):
    puzzle = tmp_path / "long.txt"
    puzzle.write_text(LONG_COUNT)
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", str(puzzle), "--all", "--jobs", "2"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while len(workers := children(child.pid)) < 2 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.1)
        assert len(workers) >= 2, "the count did not start its worker processes"
        wait_for_cpu(child, 1.0)
        _, err, cpu = cpu_after_signal(child, sent)
    finally:
        child.kill()
        for pid in children(child.pid):
            os.kill(pid, signal.SIGKILL)
    assert child.returncode == 130, err
    assert cpu < 1.5, f"{cpu:.2f} CPU-s from Ctrl-C to the exit (every process)"
    assert "Traceback" not in err and err.strip().endswith("interrupted")
    assert not [pid for pid in workers if alive(pid)], "a worker outlived the interrupt"
