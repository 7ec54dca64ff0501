"""Peak memory (resident set) of `foldkit build` of every example, and of `foldkit animate` of the
sample. Goal (issue 18): at most 400 MB for any build of the examples.

Each command runs in a child process through a small wrapper that reads the child's own peak,
VmHWM in /proc/self/status, as it exits. (ru_maxrss of a child is no good here: it carries the
parent's peak across exec, so a large parent would be counted.) Linux only.
Usage: python bench/memory.py [PUZZLE ...] [--runs N] [--no-animate] [--python PATH]

--python runs foldkit under another interpreter, such as a virtual environment with foldkit
installed without its test tools: a user's. (With mypy installed, as the tests install it,
importing PyVista also loads mypy's compiled modules, some 15 MB.)
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SAMPLE = EXAMPLES / "nov2025-sample.txt"
GOAL_MB = 400

# Runs foldkit's command line as `python -m foldkit` does, then prints the process's peak on stderr
# (atexit runs after the command's SystemExit; foldkit's main leaves through os._exit, so wrap it).
WRAPPER = """
import os, re, sys
from foldkit import cli
def peak_kib():
    return int(re.search(r"VmHWM:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1))
leave = os._exit
def report_then_leave(code):
    sys.stderr.write(f"peak-rss-kib {peak_kib()}\\n"); sys.stderr.flush(); leave(code)
os._exit = report_then_leave
sys.argv = ["foldkit", *sys.argv[1:]]
cli.main()
"""
PEAK = re.compile(r"peak-rss-kib (\d+)")


def peak_mb(arguments: list[str], python: str = sys.executable) -> float:
    """The peak resident memory (MB) of one foldkit process running these arguments."""
    done = subprocess.run([python, "-c", WRAPPER, *arguments], capture_output=True, text=True, cwd=ROOT)
    found = PEAK.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"foldkit {' '.join(arguments)} failed ({done.returncode}): {done.stderr[-400:]}")
    return int(found[1]) / 1024


def puzzles() -> list[Path]:
    """Every puzzle file of the examples (solution files are read beside their puzzle)."""
    return sorted(p for p in EXAMPLES.glob("*.txt") if not p.name.endswith(".solution.txt"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, help="puzzle files (default: every example)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each command (median, max shown)")
    parser.add_argument("--no-animate", action="store_true", help="skip `animate` of the sample")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run foldkit with")
    args = parser.parse_args()
    commands = [[str(p)] for p in args.puzzles or puzzles()]
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        jobs = [(f"build {Path(c[0]).name}", ["build", *c, "-o", f"{folder}/out", "--quiet"]) for c in commands]
        if not args.no_animate:
            jobs.append((f"animate {SAMPLE.name}", ["animate", str(SAMPLE), "-o", f"{folder}/a.gif", "--quiet"]))
        for label, arguments in jobs:
            peaks = [peak_mb(arguments, args.python) for _ in range(args.runs)]
            worst = max(worst, max(peaks)) if label.startswith("build") else worst
            print(f"  {label:<36} peak {statistics.median(peaks):7.1f} MB (max {max(peaks):.1f})", flush=True)
    print(f"largest build: {worst:.1f} MB (goal {GOAL_MB} MB): {'met' if worst <= GOAL_MB else 'NOT met'}")


if __name__ == "__main__":
    main()
