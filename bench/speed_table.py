"""The speed table of the README and the performance page: foldkit beside the public rivals, measured
side by side in one run, written to bench/results/speed.md with the date, the machine and the load.

Each job is a whole process (start-up, imports, parsing, the search and its proof), foldkit's and the
rival's alternating run by run, medians of --runs. The rival is xcover (`pip install xcover`: dancing
links compiled by numba, no symmetry breaking) on the same exact cover; without it those cells say so.
The README's block between its `speed-table` markers is rewritten from the same file, so no figure is
typed twice (tests/test_docs.py holds them equal).

Usage: python bench/speed_table.py [--runs 3]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "bench" / "results" / "speed.md"
README = ROOT / "README.md"
BEGIN, END = "<!-- speed-table: bench/results/speed.md -->", "<!-- /speed-table -->"

sys.path.insert(0, str(ROOT / "bench"))
# xcover on the placements foldkit's own table lists (packing_speed.py's rival): argv PUZZLE all|first.
from packing_speed import RIVAL as XCOVER  # noqa: E402


@dataclass(frozen=True)
class Job:
    what: str  # what a reader sees in the table
    foldkit: tuple[str, ...]  # the arguments of `python -m foldkit`
    rival: tuple[str, ...] | None = None  # the arguments of `python -c XCOVER`, or None: no rival to run
    covers: str = ""  # what the rival must print: the packings it counts, or the pieces of its first packing


JOBS = [
    Job("Shut the Box, November 2025: solve and prove unique", ("solve", "examples/nov2025.txt")),
    Job("Block Party 4: solve and prove unique", ("solve", "examples/block-party-4.txt")),
    Job("Number Cross 5: solve and prove unique", ("solve", "examples/number-cross-5.txt")),
    Job("Y-pentacube cube: one packing", ("solve", "examples/y-pentacube.txt"),
        ("examples/y-pentacube.txt", "first"), "25"),
    Job("Soma cube: every packing (11,520)", ("solve", "examples/soma.txt", "--all", "--jobs", "1"),
        ("examples/soma.txt", "all"), "11520"),
    Job("Pentominoes on 6x10: every packing (9,356)",
        ("solve", "bench/packing/pentominoes-6x10.txt", "--all", "--jobs", "1"),
        ("bench/packing/pentominoes-6x10.txt", "all"), "9356"),
]


def timed(command: list[str], prints: str | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process, run in the checkout; it must print `prints`."""
    used, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    if prints is not None and done.stdout.strip() != prints:
        raise SystemExit(f"{command[-2]}: the rival printed {done.stdout.strip()!r}, not {prints!r}")
    return wall, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime


def rival_installed() -> bool:
    try:
        import xcover  # noqa: F401  (an optional rival, not a dependency)
    except ImportError:
        return False
    return True


def measure(job: Job, runs: int, rival: bool) -> dict[str, list[tuple[float, float]]]:
    """Each side's (wall, CPU) seconds, foldkit's and the rival's runs alternating."""
    sides: dict[str, list[tuple[float, float]]] = {"foldkit": []}
    against = [sys.executable, "-c", XCOVER, *job.rival] if rival and job.rival else None
    if against:
        timed(against, job.covers)  # numba compiles once, into its cache
        sides["xcover"] = []
    for _ in range(runs):
        sides["foldkit"].append(timed([sys.executable, "-m", "foldkit", *job.foldkit]))
        if against:
            sides["xcover"].append(timed(against, job.covers))
    return sides


def cell(seconds: list[tuple[float, float]]) -> str:
    """Median CPU seconds, then median wall seconds."""
    wall, cpu = statistics.median(s[0] for s in seconds), statistics.median(s[1] for s in seconds)
    return f"{cpu:.2f} CPU-s ({wall:.2f} s)"


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else \
        platform.processor()
    return f"{model}, {os.cpu_count()} cores, {platform.system()}, Python {platform.python_version()}"


def table(rows: list[tuple[str, str, str]], runs: int, loads: tuple[float, float]) -> str:
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    lines = [f"Measured {today} on {machine()}; load average {loads[0]:.1f} at the start and {loads[1]:.1f} at "
             f"the end. Each figure is the median of {runs} whole processes (start-up included), foldkit and "
             "the rival alternating; CPU seconds first, the steadier figure on a shared machine, then the wall "
             "time. The rival is xcover (dancing links compiled by numba) on the same exact cover; — marks a "
             "kind with no public solver to install and run beside foldkit. "
             "Made by `python bench/speed_table.py`.",
             "", "| job | foldkit | public rival |", "| --- | --- | --- |"]
    lines += [f"| {what} | {ours} | {theirs} |" for what, ours, theirs in rows]
    return "\n".join(lines) + "\n"


def readme_with(text: str, readme: str) -> str:
    """The README with the block between its speed-table markers replaced by text."""
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{text}{END}{tail}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="whole processes a side, alternating")
    args = parser.parse_args()
    rival, start_load = rival_installed(), os.getloadavg()[0]
    rows = []
    for job in JOBS:
        sides = measure(job, args.runs, rival)
        theirs = cell(sides["xcover"]) if "xcover" in sides else "xcover not installed" if job.rival else "—"
        rows.append((job.what, cell(sides["foldkit"]), theirs))
        print(f"{job.what}: {rows[-1][1]} | {rows[-1][2]}", flush=True)
    text = table(rows, args.runs, (start_load, os.getloadavg()[0]))
    TABLE.parent.mkdir(exist_ok=True)
    TABLE.write_text(text)
    README.write_text(readme_with(text, README.read_text()))
    print(f"wrote {TABLE.relative_to(ROOT)} and the README's block")


if __name__ == "__main__":
    main()
