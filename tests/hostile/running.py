"""Running foldkit as a hostile user does: in-process through ``foldkit.cli.main`` (fast), or as a
whole process (what a shell sees: exit code, stderr, no traceback)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from foldkit.cli import main
from tests.conftest import ROOT

BAD = ROOT / "tests" / "data" / "bad"
SAMPLE = ROOT / "examples" / "nov2025-sample.txt"


def run(capsys, *argv) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of foldkit.cli.main in this process (a usage error exits
    through argparse's SystemExit, as it does for a user)."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


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
