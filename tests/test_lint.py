"""The code keeps the ruff rules configured in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "solver", "foldkit", "tests", "bench"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
