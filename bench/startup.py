"""The start-up of the command line, whole process: `foldkit solve` (the built-in puzzle) and
`foldkit --help`, against another foldkit (another checkout's or venv's), run in turn so that
both meet the same load. Each line gives the median CPU time (user + system) of the child over
the runs, with (min, max), and the wall median; the load average is printed beside them.

    python bench/startup.py --other /work/main/.venv/bin/foldkit --runs 7
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from timing import summary

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = {"solve": ["solve"], "--help": ["--help"]}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(program: list[str], arguments: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole process."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run([*program, *arguments], cwd=ROOT, capture_output=True, check=True)
    return children_cpu() - cpu, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="the other foldkit program to compare with")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    programs = {"this": [sys.executable, "-m", "foldkit"], "other": [args.other]}
    print(f"load average {os.getloadavg()[0]:.1f} at the start; other: {args.other}")
    for label, arguments in COMMANDS.items():
        cpus: dict[str, list[float]] = {name: [] for name in programs}
        walls: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, program in programs.items():  # in turn: both meet the same load
                cpu, wall = one_run(program, arguments)
                cpus[name].append(cpu)
                walls[name].append(wall)
        for name in programs:
            median, low, high = summary(cpus[name])
            print(f"  {label:<8} {name:<6} cpu {median:6.3f} s ({low:.3f}, {high:.3f})   "
                  f"wall {summary(walls[name])[0]:6.3f} s")
        ratio = summary(cpus["this"])[0] / summary(cpus["other"])[0]
        print(f"  {label:<8} this / other cpu: {ratio:.2f}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
