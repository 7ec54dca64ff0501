"""The nets search on every core: Ctrl-C stops the parent and its workers at once, with one line."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from solver.nets.search import compiled
from tests.conftest import ROOT


@pytest.mark.skipif(not compiled(), reason="the compiled search is not built")
def test_ctrl_c_stops_a_parallel_count_with_one_line_and_no_traceback():
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "nets", "1x1x7", "1x3x3", "--count"], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)  # the workers are counting by then (the whole count takes about 34 CPU-s)
    assert child.poll() is None, "the count ended before the interrupt"
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)  # generous: the machine is shared; the workers die on SIGTERM at once
    assert child.returncode == 130 and err == "foldkit: interrupted\n"
