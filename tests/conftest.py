"""Shared test plumbing.

Some checks need a program from outside Python (Xvfb, PrusaSlicer, the Khronos glTF validator,
pdftoppm). CI installs them (.ci/run), and there a missing one fails the test. On a user's
machine without them the test is skipped with the reason, so the quick start still passes.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def require_program(name: str, path: str | None = None) -> str:
    """The path of an external program; fail in CI, skip elsewhere, when it is missing."""
    found = path if path and Path(path).exists() else shutil.which(name)
    if found:
        return found
    message = f"{name} is not installed (.ci/run installs it)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


def puzzle_fold(path=None):
    """The fold Subject of a Shut the Box puzzle's unique solution (None: the built-in puzzle)."""
    from foldkit.kinds import load
    from foldkit.kinds.base import SolveOptions

    loaded = load(path)
    return loaded.kind.subject(loaded.kind.solve(loaded.puzzle, SolveOptions())).fold


def net_fold(path, number: int = 1):
    """The fold Subject of folding ``number`` of a net file."""
    from foldkit.kinds.net import net_folding

    return net_folding(path, number).fold


if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    # As the command line does: with no screen, VTK renders through EGL straight away.
    os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
