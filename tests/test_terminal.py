"""The program at the terminal, as a user meets it off the paved path: the progress bar in a log,
the error prefix, SIGTERM and a burst of Ctrl-C during a build."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT


def foldkit(*args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "foldkit", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **popen)


def test_the_progress_bar_writes_no_carriage_returns_into_a_pipe(tmp_path):
    done = foldkit("build", "examples/nov2025-sample.txt", "--only", "fold.gif", "--gif-size", "64x48",
                   "--gif-fps", "2", "-o", str(tmp_path / "out"))
    out, err = done.communicate(timeout=300)
    assert done.returncode == 0, err
    assert "\r" not in err and "rendering" not in err


def test_a_bad_command_is_one_line_with_one_prefix():
    done = foldkit("nosuchcommand")
    _, err = done.communicate(timeout=60)
    assert done.returncode == 2 and err.count("\n") == 1
    assert err.startswith("foldkit: error: ") and "foldkit: error: foldkit:" not in err


@pytest.mark.parametrize("signals", [[signal.SIGTERM], [signal.SIGINT] * 6])
def test_sigterm_and_a_burst_of_ctrl_c_end_a_build_cleanly(tmp_path, signals):
    folder = tmp_path / "out"
    # The meshes and pages of the built-in puzzle take several seconds: the signals come mid-build.
    # (Not the GIF: a Ctrl-C while VTK renders can crash the process; see the notes of issue 17.)
    done = foldkit("build", "-o", str(folder), "--skip", "fold.gif,index.html")
    time.sleep(2.5)
    for sent in signals:
        done.send_signal(sent)
        time.sleep(0.005)
    _, err = done.communicate(timeout=120)
    if done.returncode != 0:
        assert done.returncode == 130 and err.strip().endswith("foldkit: interrupted"), err
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] in ([], ["out"])  # no half-made folder beside it
