"""The compiled row walk under AddressSanitizer and UndefinedBehaviorSanitizer: _walk.c is built with
the packing searches' flags as a module of its own, and real walks run through it in a child process
(see tests/packing/test_sanitizers.py). Any report of either sanitizer fails the test."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig

import pytest

from tests.conftest import ROOT, require_program
from tests.packing.test_sanitizers import FLAGS, runtime

WALK = ROOT / "solver" / "numbercross" / "_walk.c"


@pytest.mark.slow  # a build with the sanitizers, then real walks through it
def test_the_compiled_walk_is_clean_under_asan_and_ubsan(tmp_path):
    cc = require_program("cc")
    include = sysconfig.get_paths()["include"]
    built = subprocess.run([cc, *FLAGS, f"-I{include}", str(WALK), "-o", str(tmp_path / "_walk.so")],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    env = dict(os.environ, LD_PRELOAD=runtime(cc, "libasan.so"), PYTHONPATH=str(ROOT),
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=97",  # python's own allocations are not ours
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98")
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "numbercross" / "sanitized_walks.py"), str(tmp_path)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    report = run.stdout + run.stderr
    assert "Sanitizer" not in report and "runtime error" not in report, report[-4000:]
    assert run.returncode == 0 and "sanitized walks: ok" in run.stdout, report[-4000:]
