"""Running foldkit as a hostile user does: in-process through ``foldkit.cli.main`` (fast), or as a
whole process (what a shell sees: exit code, stderr, no traceback)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.conftest import ROOT

BAD = ROOT / "tests" / "data" / "bad"
SAMPLE = ROOT / "examples" / "nov2025-sample.txt"


def run_process(*argv, cwd: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """A whole `python -m foldkit` process run from this checkout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "foldkit", *map(str, argv)], cwd=cwd or ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def one_error_line(err: str, source: str | Path | None = None, place: str | None = None) -> str:
    """The message of stderr that is exactly one 'foldkit: error: ...' line (fails otherwise).

    With source, the message starts with it, then ':LINE:COL' (or the given place) and ': '."""
    assert "Traceback" not in err
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert lines[0].startswith("foldkit: error: "), err
    message = lines[0].removeprefix("foldkit: error: ")
    if source is not None:
        rest = message.removeprefix(str(source))
        assert rest != message, (source, message)
        pattern = re.escape(f":{place}: ") if place else r"(:\d+(:\d+)?)?: "
        assert re.match(pattern, rest), (place, message)
    return message


def run_with_peak(*argv, timeout: float = 120) -> tuple[int, str, str, int]:
    """(exit code, stdout, stderr, peak resident kB) of a whole `python -m foldkit` process. The peak
    is the child's own VmHWM, read while it runs (ru_maxrss would carry over this process's peak)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen([sys.executable, "-m", "foldkit", *map(str, argv)], cwd=ROOT, env=env,
                                 stdout=out, stderr=err, text=True)
        peak, start = 0, time.monotonic()
        while child.poll() is None:
            peak = max(peak, _resident_peak(child.pid))
            if time.monotonic() - start > timeout:
                child.kill()
                child.wait()
                raise subprocess.TimeoutExpired(argv, timeout)
            time.sleep(0.05)
        out.seek(0)
        err.seek(0)
        return child.returncode, out.read(), err.read(), peak


def _resident_peak(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            found = re.search(r"VmHWM:\s+(\d+) kB", status.read())
    except OSError:  # the child has just ended
        return 0
    return int(found.group(1)) if found else 0
