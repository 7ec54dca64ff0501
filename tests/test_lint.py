"""The code keeps the ruff rules configured in pyproject.toml, and holds no dead code."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "solver", "foldkit", "tests", "bench"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_vulture_finds_no_dead_code():
    """Every name is used somewhere in the project (the code, its tests or its benches); the few
    that only a library or pytest uses are listed, each with who uses it, in the whitelist."""
    result = subprocess.run([sys.executable, "-m", "vulture", "solver", "foldkit", "tests", "bench"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
