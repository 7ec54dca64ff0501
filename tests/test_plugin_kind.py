"""A kind from outside foldkit: an installed package that names a Kind in the `foldkit.kinds`
entry point group is solved, built and documented by the real command line, with no edit to
foldkit. The package is tests/data/toykind (a module and its dist-info, as pip leaves them)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

TOY = ROOT / "tests" / "data" / "toykind"


def foldkit(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The command line in a fresh process that has the toy package on its path."""
    path = os.pathsep.join([str(TOY), str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "foldkit", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


@pytest.fixture
def puzzle(tmp_path: Path) -> Path:
    path = tmp_path / "four.txt"
    path.write_text("# a toy puzzle\ntoy 4\n")
    return path


def test_an_installed_kind_is_solved_with_its_own_option(puzzle, tmp_path):
    done = foldkit("solve", str(puzzle), cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "the sum is 10"
    done = foldkit("solve", str(puzzle), "--double", "--json", cwd=tmp_path)
    assert done.returncode == 0 and '"sum": 20' in done.stdout


def test_an_installed_kind_is_built_with_its_own_build_options(puzzle, tmp_path):
    done = foldkit("build", str(puzzle), "--greeting", "hi", "--repeat", "2", "-o", str(tmp_path / "out"),
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "toy.txt").read_text() == "hi 10\nhi 10\n"
    assert "four: sum 10" in done.stdout


def test_help_of_an_installed_kind_shows_its_options_and_artifacts(puzzle, tmp_path):
    done = foldkit("build", str(puzzle), "--help", cwd=tmp_path)
    assert done.returncode == 0
    assert "--greeting WORD" in done.stdout and "--double" in done.stdout and "toy.txt" in done.stdout
    assert "--wall-mm" not in done.stdout and "--cube-mm" not in done.stdout
    assert "Toy (toy): files start with 'toy N'" in foldkit("kinds", cwd=tmp_path).stdout


def test_options_of_other_kinds_are_refused_in_one_line(puzzle, tmp_path):
    done = foldkit("build", str(puzzle), "--wall-mm", "2", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "foldkit: error: build: --wall-mm is an option of Net and Shut the Box, not of Toy\n"
    done = foldkit("solve", "examples/nov2025-sample.txt", "--double", cwd=ROOT)
    assert done.returncode == 2 and "--double is an option of Toy, not of Shut the Box" in done.stderr
    done = foldkit("build", str(puzzle), "--repeat", "9", cwd=tmp_path)
    assert done.returncode == 2 and "--repeat: must be between 1 and 3" in done.stderr
    assert not (tmp_path / "outputs").exists()


def test_a_toy_file_names_its_kind_among_the_known_headers(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("tyo 4\n")
    done = foldkit("solve", str(bad), cwd=tmp_path)
    assert done.returncode == 2 and "'toy N' (Toy)" in done.stderr
