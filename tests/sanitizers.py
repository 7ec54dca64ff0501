"""The compiled searches under AddressSanitizer and UndefinedBehaviorSanitizer: each C file is built with
`cc -fsanitize=address,undefined` as a module of its own, and real searches run through it in a child process
(the ASan runtime preloaded, since python itself is not built with it), by a driver script that puts the
sanitized module in the package's place. Any report of either sanitizer fails the test.

SANITIZED names every C file of the solver with its driver; tests/test_sanitized_sources.py checks that none is
left out, and each kind's test_sanitizers.py runs its own."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import NamedTuple

from tests.conftest import ROOT, require_program

FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g", "-O1",
         "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror"]


class Sanitized(NamedTuple):
    source: Path  # a C file of the solver
    driver: Path  # the script that runs real searches through its sanitized build (argument: the build's folder)


SOLVER, TESTS = ROOT / "solver", ROOT / "tests"
SANITIZED = (
    Sanitized(SOLVER / "packing" / "_core.c", TESTS / "packing" / "sanitized_searches.py"),
    Sanitized(SOLVER / "packing" / "_sparse.c", TESTS / "packing" / "sanitized_sparse.py"),
    Sanitized(SOLVER / "packing" / "_front.c", TESTS / "packing" / "sanitized_front.py"),
    Sanitized(SOLVER / "nets" / "_search.c", TESTS / "nets" / "sanitized_nets.py"),
    Sanitized(SOLVER / "numbercross" / "_walk.c", TESTS / "numbercross" / "sanitized_walks.py"),
)


def of_kind(kind: str) -> list[Sanitized]:
    """The C files of one kind (solver/KIND/) with their drivers."""
    return [entry for entry in SANITIZED if entry.source.parent.name == kind]


def runtime(cc: str, name: str) -> str:
    """The path of a sanitizer runtime library the compiler ships."""
    return subprocess.run([cc, f"-print-file-name={name}"], capture_output=True, text=True, check=True).stdout.strip()


def assert_clean(entry: Sanitized, folder: Path) -> None:
    """Build entry's C file with the sanitizers into folder, run its driver through it, and fail on any report."""
    cc = require_program("cc")
    include = sysconfig.get_paths()["include"]
    build = folder / f"{entry.source.stem}.so"
    built = subprocess.run([cc, *FLAGS, f"-I{include}", str(entry.source), "-o", str(build)], capture_output=True,
                           text=True)
    assert built.returncode == 0, built.stderr
    env = dict(os.environ, LD_PRELOAD=runtime(cc, "libasan.so"), PYTHONPATH=str(ROOT),
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=97",  # python's own allocations are not ours
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98")
    run = subprocess.run([sys.executable, str(entry.driver), str(folder)], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=600)
    report = run.stdout + run.stderr
    assert "Sanitizer" not in report and "runtime error" not in report, report[-4000:]
    assert run.returncode == 0 and "sanitized: ok" in run.stdout, report[-4000:]
