"""Fixtures for the assembly tests: a virtual X screen for the window."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.conftest import require_program


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
