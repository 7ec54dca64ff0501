"""Every class of packings with the symmetry broken in the search (`solve --all --classes`) against the full
census (`solve --all`), in CPU seconds, medians of --runs, the two alternating in the same run.

1. The count, in this process, one thread, the table and its symmetry group built beforehand (the same
   for both): the class census (a piece held to one placement per orbit, the classes named and their
   stabilisers checked against the total) against the census's count (its anchored starting points,
   the stabilisers summed, the classes named); and the class census's search alone. Issue 38's bar:
   6x10's 2,339 classes in at most 0.1 s of search.
2. Whole processes (`python -m foldkit solve PUZZLE --all [--classes]`): the CPU seconds of the child
   (user + sys, every thread), and the wall seconds.
The load average is printed beside the figures: on a shared machine the CPU seconds still rise with it
(caches, hyper-threads), far less than the wall seconds.
Last run (fca395d, 2 cores shared with other sessions, load 0.4-3 as printed, medians of 3, CPU seconds):
                     count --all / --classes (one thread)   process --all / --classes   nodes --all / --classes
  pentominoes 6x10   0.223 / 0.110 (search alone 0.099)     0.529 / 0.298               1.87 M / 0.93 M (X)
  pentominoes 3x4x5  3.67 / 1.77 (search alone 1.67)        3.95 / 2.06                 21.75 M / 11.17 M (I)
  Y cube             1.05 / 1.06 (no piece of one copy)     1.34 / 1.40                 6.16 M / 6.16 M
  Bedlam             10.57 / 6.51                           11.32 / 7.36 (wall 12.4 / 4.1) 58.71 M / 38.76 M (D)
Usage: python bench/packing_classes.py [--runs 3] [--puzzles pentominoes-6x10 y-pentacube bedlam]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.packing import parse_packing  # noqa: E402
from solver.packing.classes import class_census, class_starts  # noqa: E402
from solver.packing.engine import Counting  # noqa: E402
from solver.packing.parts import Plan, count_part  # noqa: E402
from solver.packing.table import build_table  # noqa: E402
from solver.packing.tasks import search_tasks  # noqa: E402

PUZZLES = {"pentominoes-6x10": ROOT / "bench" / "packing" / "pentominoes-6x10.txt",
           "pentominoes-3x4x5": ROOT / "bench" / "packing" / "pentominoes-3x4x5.txt",
           "y-pentacube": ROOT / "examples" / "y-pentacube.txt", "bedlam": ROOT / "examples" / "bedlam.txt"}


def load() -> str:
    return "load " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def fresh_plan(path: Path) -> Plan:
    """A plan with its table and symmetry group made (not its starting points: each count makes its own)."""
    plan = Plan(build_table(parse_packing(path.read_text(), str(path))))
    plan.group  # noqa: B018 (made here, outside the timing)
    return plan


def search_seconds(path: Path) -> dict[str, tuple[float, str]]:
    """CPU seconds of one census and one class census of the puzzle, one thread, with what each found; and
    of the class census's search alone (its starting points made beforehand, no classes named)."""
    out = {}
    plan = fresh_plan(path)
    _, starts = class_starts(plan)
    start = time.process_time()
    searched = search_tasks(plan.table, starts, workers=1, counting=Counting(keep=-1))
    out["search alone"] = (time.process_time() - start, f"{len(searched.rows):,} met")
    plan = fresh_plan(path)
    start = time.process_time()
    tally = count_part(plan, 0, 1, workers=1)
    out["--all"] = (time.process_time() - start, f"{tally.packings:,} packings, {tally.found:,} met, "
                                                  f"{tally.nodes / 1e6:.2f} M nodes")
    plan = fresh_plan(path)
    start = time.process_time()
    found = class_census(plan, workers=1)
    out["--classes"] = (time.process_time() - start, f"{found.packings:,} packings, {len(found.forms):,} classes, "
                                                     f"{found.found:,} met, {found.nodes / 1e6:.2f} M nodes, "
                                                     f"{found.anchor}")
    return out


def process_seconds(path: Path, flags: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of a whole `foldkit solve` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "foldkit", "solve", str(path), *flags], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--puzzles", nargs="+", default=list(PUZZLES), choices=list(PUZZLES))
    args = parser.parse_args()
    for name in args.puzzles:
        path = PUZZLES[name]
        searches: dict[str, list[float]] = {"--all": [], "--classes": [], "search alone": []}
        processes: dict[str, list[tuple[float, float]]] = {"--all": [], "--classes": []}
        what = {}
        for _ in range(args.runs):
            for flag, (seconds, found) in search_seconds(path).items():
                searches[flag].append(seconds)
                what[flag] = found
            for flag in ("--all", "--classes"):
                processes[flag].append(process_seconds(path, ["--all"] if flag == "--all" else ["--all", flag]))
        print(f"{name} ({load()}, medians of {args.runs})")
        for flag in ("--all", "--classes"):
            cpu = statistics.median(c for c, _ in processes[flag])
            wall = statistics.median(w for _, w in processes[flag])
            print(f"  {flag:10} count {statistics.median(searches[flag]):6.3f} CPU-s (one thread)   "
                  f"process {cpu:6.3f} CPU-s, {wall:6.3f} s wall   {what[flag]}")
        print(f"  --classes' search alone (no classes named): {statistics.median(searches['search alone']):6.3f} CPU-s")


if __name__ == "__main__":
    main()
