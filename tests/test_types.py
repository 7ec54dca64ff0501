"""The code type-checks: mypy, with the settings and the files named in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest

from tests.conftest import ROOT


def test_the_configured_files_are_the_packages():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["files"] == ["solver", "foldkit"]


@pytest.mark.slow  # about 30 CPU-s without mypy's cache (as in CI)
def test_mypy_finds_nothing():
    # No paths on the command line: mypy checks exactly the `files` of its configuration.
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml"],
                            cwd=ROOT, capture_output=True, text=True)
    lines = result.stdout.splitlines()
    errors = [line for line in lines if ": error:" in line] + lines[-1:]  # each error, then mypy's count
    assert result.returncode == 0, "\n".join(errors) + result.stderr
