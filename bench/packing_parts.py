"""The parts of a count, one by one: each part's node count and CPU time, their distribution, and the
speed-up that list scheduling (each part in order to the first free worker, as the pool and the Dask
scheduler hand them out) would give 16, 64 and 256 workers.

Each part is counted alone by one thread of this process and timed in CPU seconds (time.process_time),
so the figures hold on a loaded machine. For W workers the count is cut into PARTS_PER_WORKER x W
parts, as --jobs and --cluster cut it. The largest part bounds the speed-up: no schedule is faster.
Usage: python bench/packing_parts.py [--puzzles y-pentacube bedlam] [--workers 16 64 256]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.packing_parallel import makespan  # noqa: E402
from solver.packing import parse_packing  # noqa: E402
from solver.packing.parts import PARTS_PER_WORKER, count_part, plan_of  # noqa: E402

PUZZLES = {"y-pentacube": ROOT / "examples" / "y-pentacube.txt", "bedlam": ROOT / "examples" / "bedlam.txt",
           "pentominoes-6x10": ROOT / "bench" / "packing" / "pentominoes-6x10.txt",
           "tetris-cube": ROOT / "examples" / "tetris-cube.txt"}


def measured_parts(path: Path, parts: int) -> tuple[list[int], list[float]]:
    """(each part's nodes, each part's CPU seconds), in part order."""
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    plan.split(parts)
    nodes, seconds = [], []
    for k in range(parts):
        start = time.process_time()
        nodes.append(count_part(plan, k, parts).nodes)
        seconds.append(time.process_time() - start)
    return nodes, seconds


def distribution(values: list[float]) -> str:
    """Shares of the total: the largest, and the 50th, 90th and 99th percentiles."""
    total = sum(values) or 1
    ordered = sorted(values)
    at = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] / total for q in (0.5, 0.9, 0.99)]
    return f"largest {max(values) / total:6.2%}, median {at[0]:6.3%}, p90 {at[1]:6.3%}, p99 {at[2]:6.3%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", nargs="+", default=["y-pentacube", "bedlam"], choices=list(PUZZLES))
    parser.add_argument("--workers", nargs="+", type=int, default=[16, 64, 256])
    args = parser.parse_args()
    for name in args.puzzles:
        for workers in args.workers:
            parts = PARTS_PER_WORKER * workers
            nodes, seconds = measured_parts(PUZZLES[name], parts)
            total = sum(seconds)
            print(f"{name}, {workers} workers, {parts} parts ({sum(1 for n in nodes if n)} not empty), "
                  f"{total:.2f} CPU-s in all")
            print(f"  nodes: {distribution([float(n) for n in nodes])}")
            print(f"  CPU:   {distribution(seconds)}; median part {statistics.median(seconds) * 1000:.2f} ms")
            print(f"  list scheduling: {total / makespan(seconds, workers):6.1f}x on {workers} workers "
                  f"(the largest part alone allows {total / max(seconds):6.1f}x)")


if __name__ == "__main__":
    main()
