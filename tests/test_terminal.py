"""The program at the terminal, as a user meets it off the paved path: the progress bar in a log,
the error prefix, SIGTERM and a burst of Ctrl-C during a build, and while VTK renders."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, wait_for_cpu


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
    # (The GIF's rendering has tests of its own, below.)
    done = foldkit("build", "-o", str(folder), "--skip", "fold.gif,index.html")
    wait_for_cpu(done, 2.0, may_end=True)  # the build's own moment, however loaded the machine is
    for sent in signals:
        done.send_signal(sent)
        time.sleep(0.005)
    _, err = done.communicate(timeout=120)
    if done.returncode != 0:
        assert done.returncode == 130 and err.strip().endswith("foldkit: interrupted"), err
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] in ([], ["out"])  # no half-made folder beside it


def loaded(process: subprocess.Popen, library: str, seconds: float = 300.0) -> bool:
    """Wait until the process has mapped a shared library (its name contains library); False if
    it ended first."""
    end = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < end:
        try:
            if library in (Path("/proc") / str(process.pid) / "maps").read_text():
                return True
        except OSError:
            return False
        time.sleep(0.02)
    return False


# VTK crashed (SIGSEGV, exit -11) when a KeyboardInterrupt was raised inside it, loading its
# modules as the render window opened or rendering a frame; it depends on where the signal lands,
# so the signals come at several moments from the start of VTK's loading on.
@pytest.mark.parametrize("signals, delay", [([signal.SIGINT], 0.0), ([signal.SIGTERM], 0.2),
                                            ([signal.SIGINT], 0.6), ([signal.SIGTERM], 1.2),
                                            ([signal.SIGINT] * 6, 2.0)])
def test_a_signal_while_the_fold_renders_exits_130_and_leaves_nothing(tmp_path, signals, delay):
    done = foldkit("build", "examples/nov2025-sample.txt", "--only", "fold.gif", "--gif-size", "320x240",
                   "-o", str(tmp_path / "out"))
    assert loaded(done, "libvtkCommonCore"), done.communicate()[1]
    time.sleep(delay)
    for sent in signals:
        done.send_signal(sent)
        time.sleep(0.005)
    _, err = done.communicate(timeout=120)
    assert done.returncode == 130, err[-2000:]
    assert err.strip().endswith("foldkit: interrupted") and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []  # no folder, no half-made .new- folder beside it


# A module that sends itself Ctrl-C halfway through its own import; `finished` is set after.
_SELF_INTERRUPTING_MODULE = """
import os, signal
os.kill(os.getpid(), signal.SIGINT)
finished = sum(range(100_000)) > 0
"""

_IMPORT_IT = """
import signal, sys
from foldkit.console import imported, on_interrupt
signal.signal(signal.SIGINT, on_interrupt)
try:
    {load}
except KeyboardInterrupt:
    print(getattr(sys.modules.get("halfway"), "finished", "dropped"))
"""


@pytest.mark.parametrize("load, kept", [('imported("halfway")', True), ("import halfway", False),
                                        ('lazy_module("halfway").finished.resolve()', True)])
def test_ctrl_c_during_an_import_comes_once_the_import_is_whole(tmp_path, load, kept):
    # A library that loads a compiled module inside `try` (trimesh loads manifold3d so) drops the
    # half-made module when Ctrl-C comes, and manifold3d crashes freeing it (1 build in 100 died
    # of SIGSEGV when Ctrl-C came at the wrong moment). The makers' modules are loaded through
    # `imported` (a kind's lazy names are): there the module is whole; a plain import drops it.
    (tmp_path / "halfway.py").write_text(_SELF_INTERRUPTING_MODULE)
    if "lazy_module" in load:
        load = f"from foldkit.kinds.base import lazy_module; {load}"
    code = _IMPORT_IT.format(load=load)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": f"{ROOT}:{tmp_path}", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ("True" if kept else "dropped")


_CLEAN_UP_AFTER_CTRL_C = """
import os, signal, sys
from foldkit.console import imported, on_interrupt
signal.signal(signal.SIGINT, on_interrupt)
try:
    os.kill(os.getpid(), signal.SIGINT)
    for _ in range(10**7):
        pass
except KeyboardInterrupt:
    halfway = imported("halfway")  # the clean-up loads: the interrupt raised already must not come again
    print(halfway.finished)
"""


def test_an_interrupt_raised_already_does_not_come_again_from_the_clean_ups_imports(tmp_path):
    # It did: a count's pool, terminated after Ctrl-C, imported as it went, and every import
    # raised the interrupt again, so the workers were left running.
    (tmp_path / "halfway.py").write_text("finished = True\n")
    done = subprocess.run([sys.executable, "-c", _CLEAN_UP_AFTER_CTRL_C], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": f"{ROOT}:{tmp_path}", "PATH": "/usr/bin:/bin"})
    assert (done.returncode, done.stdout.strip()) == (0, "True"), done.stderr
