"""How a count of every packing spreads over processes: measured at 1 and 2 jobs, and on paper beyond.

1. Whole processes, `python -m foldkit solve PUZZLE --all --jobs J`, J = 1 and 2 alternating, wall
   and CPU seconds (this process's children), median of --runs.
2. The parts on paper: each part of the split for N parts (N = 8 per worker, as --jobs makes it) timed
   alone in this process; then the time W workers would take, handing the parts out in order to the
   first free worker (what the pool and the Dask scheduler do), and the speed-up that gives:
   sum of the parts / that time. The largest part bounds it: no split is faster than its largest part.
Usage: python bench/packing_parallel.py [--runs 5] [--puzzles y-pentacube pentominoes-6x10]
"""

from __future__ import annotations

import argparse
import heapq
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.packing import parse_packing  # noqa: E402
from solver.packing.parts import PARTS_PER_WORKER, count_part, plan_of  # noqa: E402

PUZZLES = {"y-pentacube": ROOT / "examples" / "y-pentacube.txt",
           "pentominoes-6x10": ROOT / "bench" / "packing" / "pentominoes-6x10.txt"}


def whole_run(path: Path, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its workers) of one `foldkit solve --all` process."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "foldkit", "solve", str(path), "--all", "--jobs", str(jobs)], cwd=ROOT,
                   check=True, capture_output=True)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return time.perf_counter() - start, cpu


def part_seconds(path: Path, parts: int) -> list[float]:
    """Each part's seconds, searched alone by one thread, in part order."""
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    plan.split(parts)
    seconds = []
    for k in range(parts):
        start = time.perf_counter()
        count_part(plan, k, parts)
        seconds.append(time.perf_counter() - start)
    return seconds


def makespan(seconds: list[float], workers: int) -> float:
    """When the last part ends, the parts handed in order to the first free of `workers` workers."""
    free = [0.0] * workers
    for part in seconds:
        heapq.heappush(free, heapq.heappop(free) + part)
    return max(free)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--puzzles", nargs="+", default=list(PUZZLES), choices=list(PUZZLES))
    args = parser.parse_args()
    for name in args.puzzles:
        path = PUZZLES[name]
        runs: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
        for _ in range(args.runs):
            for jobs in (1, 2):
                runs[jobs].append(whole_run(path, jobs))
        for jobs, found in runs.items():
            wall = statistics.median(w for w, _ in found)
            cpu = statistics.median(c for _, c in found)
            print(f"{name} --jobs {jobs}: wall {wall:.2f} s (runs {', '.join(f'{w:.1f}' for w, _ in found)}), "
                  f"CPU {cpu:.2f} s")
        for workers in (2, 4, 8, 16, 32, 64):
            parts = PARTS_PER_WORKER * workers
            seconds = part_seconds(path, parts)
            total = sum(seconds)
            print(f"  {workers:>2} workers, {parts:>3} parts: largest part {max(seconds) / total:5.1%} of the work, "
                  f"speed-up on paper {total / makespan(seconds, workers):5.1f}x "
                  f"(the largest part alone allows {total / max(seconds):5.1f}x)")


if __name__ == "__main__":
    main()
