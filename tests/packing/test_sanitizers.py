"""The compiled searches under AddressSanitizer and UndefinedBehaviorSanitizer: _core.c and _front.c are each
built with `cc -fsanitize=address,undefined` as a module of its own, and real searches run through it in a
child process (the ASan runtime preloaded, since python itself is not built with it). Any report
of either sanitizer fails the test."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig

import pytest

from tests.conftest import ROOT, require_program

CORE = ROOT / "solver" / "packing" / "_core.c"
FRONT = ROOT / "solver" / "packing" / "_front.c"
FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g", "-O1",
         "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror"]


def runtime(cc: str, name: str) -> str:
    """The path of a sanitizer runtime library the compiler ships."""
    return subprocess.run([cc, f"-print-file-name={name}"], capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.slow  # a build with the sanitizers, then real searches through it
@pytest.mark.parametrize(("source", "searches"), [(CORE, "sanitized_searches.py"), (FRONT, "sanitized_front.py")])
def test_the_compiled_search_is_clean_under_asan_and_ubsan(tmp_path, source, searches):
    cc = require_program("cc")
    include = sysconfig.get_paths()["include"]
    built = subprocess.run([cc, *FLAGS, f"-I{include}", str(source), "-o", str(tmp_path / f"{source.stem}.so")],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    env = dict(os.environ, LD_PRELOAD=runtime(cc, "libasan.so"), PYTHONPATH=str(ROOT),
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=97",  # python's own allocations are not ours
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98")
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "packing" / searches), str(tmp_path)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    report = run.stdout + run.stderr
    assert "Sanitizer" not in report and "runtime error" not in report, report[-4000:]
    assert run.returncode == 0 and "sanitized searches: ok" in run.stdout, report[-4000:]
