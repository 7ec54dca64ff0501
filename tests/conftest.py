"""Shared test plumbing.

Some checks need a program from outside Python (Xvfb, PrusaSlicer, the Khronos glTF validator,
pdftoppm). CI installs them (.ci/run), and there a missing one fails the test. On a user's
machine without them the test is skipped with the reason, so the quick start still passes.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# The Khronos glTF validator (npm), where .ci/run installs it, or where GLTF_VALIDATOR says.
VALIDATOR = Path(os.environ.get("GLTF_VALIDATOR", ROOT / ".cache" / "npm" / "node_modules" / "gltf-validator"))


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

    loaded = load(path)
    return loaded.kind.subject(loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options()), None).fold


@functools.cache
def example_fold(name: str):
    """The fold Subject of an example by name: 'nov2025' (the built-in puzzle), a puzzle file's
    stem ('nov2025-sample'), or a net file's stem and folding ('two-boxes 2')."""
    if " " in name:
        stem, number = name.split()
        return net_fold(EXAMPLES / f"{stem}.txt", int(number))
    return puzzle_fold(None if name == "nov2025" else EXAMPLES / f"{name}.txt")


def net_fold(path, number: int = 1):
    """The fold Subject of folding ``number`` of a net file."""
    from foldkit.kinds.net.solved import net_folding

    return net_folding(path, number).fold


if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    # As the command line does: with no screen, VTK renders through EGL straight away.
    os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")


@pytest.fixture
def xvfb():
    """A virtual X screen on a display number Xvfb picks itself; yields its DISPLAY."""
    program = require_program("Xvfb")
    read, write = os.pipe()
    command = [program, "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"]
    server = subprocess.Popen(command, pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not report its display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def validate_gltf(data: bytes, tmp_path: Path) -> dict:
    """The Khronos validator's JSON report on a .glb file's bytes."""
    node = require_program("node")
    if not VALIDATOR.exists():
        require_program("gltf-validator (npm)", str(VALIDATOR))
    path = tmp_path / "model.glb"
    path.write_bytes(data)
    script = ROOT / "tests" / "validate_gltf.mjs"
    env = os.environ | {"GLTF_VALIDATOR": str(VALIDATOR)}
    done = subprocess.run([node, str(script), str(path)], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)


def interrupted_solve(puzzle: Path, *extra: str, after: float = 1.5) -> tuple[int, float, str]:
    """`foldkit solve PUZZLE` sent Ctrl-C once it has run `after` seconds (it must still be running):
    (its exit code, seconds from the signal to its exit, what it wrote to stderr)."""
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", str(puzzle), *extra], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    assert child.poll() is None, "the search ended before the interrupt"
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=10)
    finally:
        child.kill()
    return child.returncode, time.perf_counter() - sent, err
