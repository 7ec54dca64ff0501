"""Parts that split themselves, measured: every unit of work of a count (a part's first unit, FIRST_NODES
placements, or what a unit handed off, with GROWTH times the budget of the unit that made it, up to FANNED_NODES),
its placements and CPU time, their distribution, and the speed-up 16, 64 and 256 workers would get from them,
against the whole count searched in one piece; then a real `solve --all --jobs 2`, wall and CPU.

Every unit runs in this process, one after another, timed in CPU seconds (time.process_time), so the figures
hold on a loaded machine: the whole count and all the units are run RUNS times, alternating, and each unit's time
is the median of its runs. A unit's time includes pickling it and its answer there and back (what a pool or a
cluster adds to each). The count is cut into 16 parts (as --jobs cuts it on 2 cores) whatever the workers: the
units split themselves. The cut (the starting points split for the parts, by the compiled search) is the count's
serial start: every worker makes it before its first unit, so it is added once to each makespan. Not counted, on
either side: building the puzzle's table, once a process (the whole count needs it too).
Three schedules of the measured units: LPT (the largest first, each to the least loaded worker: every unit known
at the start, a bound no real run beats), the pool's (each unit, in the order made, to the first worker free; a
unit handed off is ready only once the unit that made it ends) and the cluster's (the same, the lowest part's
units first). The speed-up is the whole count's CPU time (one search, no parts) over the schedule's makespan, so
the units' own costs (each search's set-up, the placements a hand-off repeats, naming every class) count against
it.
Usage: python bench/packing_units.py [--puzzles bedlam tetris-cube y-pentacube pentominoes-6x10] [--no-jobs]
[--out FILE]
"""

from __future__ import annotations

import argparse
import heapq
import pickle
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.packing_parts import PUZZLES  # noqa: E402
from solver.packing import parse_packing  # noqa: E402
from solver.packing.parts import (  # noqa: E402
    GROWTH,
    HAND_OFF,
    PARTS_PER_WORKER,
    Plan,
    Unit,
    budgets,
    count_part,
    count_unit,
    plan_of,
)

PARTS = PARTS_PER_WORKER * 2  # as --jobs cuts a count on 2 cores
WORKERS = (16, 64, 256)
FIRST, MOST = budgets(PARTS, min(WORKERS))  # the work fans out: fewer parts than PARTS_PER_WORKER a worker
RUNS = 3  # of the whole count, the cut and `solve --jobs 2`: their medians


@dataclass(frozen=True)
class Measured:
    """One unit run: its part, its placements, its CPU seconds, and the unit that handed it off (-1: none)."""

    part: int
    nodes: int
    seconds: float
    parent: int


def measured_units(plan: Plan, parts: int) -> list[Measured]:
    """Every unit of a count cut into `parts` parts, in the order made (a unit before those it hands off)."""
    queue: list[tuple[Unit, int]] = [(Unit(k, None, FIRST), -1) for k in range(parts)]
    out: list[Measured] = []
    for unit, parent in queue:  # the queue grows as units hand work off
        start = time.process_time()
        tally, handed = pickle.loads(pickle.dumps(count_unit(plan, pickle.loads(pickle.dumps(unit)), parts, MOST)))
        out.append(Measured(unit.part, tally.nodes, time.process_time() - start, parent))
        queue += [(child, len(out) - 1) for child in handed]
    return out


def measured(plan: Plan) -> tuple[float, list[Measured]]:
    """(the whole count's CPU seconds, every unit with its CPU seconds): medians of RUNS runs, the whole count and
    the units alternating, so that a load on the machine that comes and goes weighs on both alike."""
    wholes, passes = [], []
    for _ in range(RUNS):
        start = time.process_time()
        count_part(plan, 0, 1)
        wholes.append(time.process_time() - start)
        passes.append(measured_units(plan, PARTS))
    assert all([unit.nodes for unit in run] == [unit.nodes for unit in passes[0]] for run in passes)  # the same units
    units = [replace(unit, seconds=statistics.median(run[k].seconds for run in passes))
             for k, unit in enumerate(passes[0])]
    return statistics.median(wholes), units


def lpt(costs: list[float], workers: int) -> float:
    """The makespan of the costs, the largest first, each to the least loaded worker."""
    loads = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        heapq.heapreplace(loads, loads[0] + cost)
    return max(loads)


def queued(units: list[Measured], workers: int, rank: Callable[[int], tuple[int, ...]]) -> float:
    """The makespan of a run's schedule: a unit is ready when the unit that handed it off ends, and each worker,
    once free, takes the ready unit of the lowest rank."""
    children: dict[int, list[int]] = {}
    for k, unit in enumerate(units):
        children.setdefault(unit.parent, []).append(k)
    waiting = [(0.0, k) for k in children.get(-1, [])]  # (ready at, unit)
    ready: list[tuple[tuple[int, ...], int]] = []
    free = [0.0] * workers
    end = 0.0
    while waiting or ready:
        now = heapq.heappop(free)
        if not ready and waiting[0][0] > now:
            now = waiting[0][0]
        while waiting and waiting[0][0] <= now:
            k = heapq.heappop(waiting)[1]
            heapq.heappush(ready, (rank(k), k))
        k = heapq.heappop(ready)[1]
        finish = now + units[k].seconds
        heapq.heappush(free, finish)
        end = max(end, finish)
        for child in children.get(k, []):
            heapq.heappush(waiting, (finish, child))
    return end


def spread(values: list[float]) -> str:
    """The largest share of the total, and the percentiles'."""
    total = sum(values) or 1.0
    cuts = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    return (f"largest {max(values) / total:.3%}, 99th percentile {cuts[98] / total:.4%}, 90th {cuts[89] / total:.4%}, "
            f"median {cuts[49] / total:.4%}")


def cpu_median(run: Callable[[], object]) -> float:
    """The median CPU seconds of RUNS runs."""
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def cut_time(plan: Plan) -> float:
    """The median CPU seconds of cutting the starting points for PARTS parts, afresh each time."""
    def cut() -> None:
        fresh = Plan(plan.table)
        fresh.__dict__["starts"] = plan.starts  # the anchors: part of the plan every process builds
        fresh.split(PARTS)
    return cpu_median(cut)


def jobs_line(path: Path) -> str:
    """`solve --all --jobs 2`, the whole process: the medians of wall and CPU (user + sys, children)."""
    walls, cpus = [], []
    for _ in range(RUNS):
        before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
        subprocess.run([sys.executable, "-m", "foldkit", "solve", str(path), "--all", "--jobs", "2"], cwd=ROOT,
                       check=True, capture_output=True)
        walls.append(time.monotonic() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return f"- `solve --all --jobs 2`, whole process: {statistics.median(walls):.2f} s wall, " \
           f"{statistics.median(cpus):.2f} CPU-s (medians of {RUNS})"


def report(name: str, jobs: bool) -> list[str]:
    path = PUZZLES[name]
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    plan.split(1)  # the table prepared for the front search: part of building it
    cut = cut_time(plan)
    plan.split(PARTS)
    whole, units = measured(plan)
    seconds = [unit.seconds for unit in units]
    lines = [f"### {name}", "",
             f"The whole count in one search: {whole:.2f} CPU-s. {PARTS} parts cut in {cut * 1e3:.2f} CPU-ms (the "
             f"serial start); {len(units):,} units, their CPU {sum(seconds) / whole:.3f} x the whole's.", "",
             f"- CPU a unit: {spread(seconds)}",
             f"- placements a unit: {spread([float(unit.nodes) for unit in units])}", "",
             "| workers | LPT (a bound) | pool (in the order made) | cluster (lowest part first) |",
             "| --- | --- | --- | --- |"]
    for workers in WORKERS:
        pool = queued(units, workers, lambda k: (k,))
        by_part = queued(units, workers, lambda k: (units[k].part, k))
        lines.append(f"| {workers} | {whole / (cut + lpt(seconds, workers)):.1f}x | {whole / (cut + pool):.1f}x | "
                     f"{whole / (cut + by_part):.1f}x |")
    if jobs:
        lines += ["", jobs_line(path)]
    print("\n".join(lines), flush=True)
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", nargs="+", default=["bedlam", "tetris-cube", "y-pentacube", "pentominoes-6x10"],
                        choices=list(PUZZLES))
    parser.add_argument("--no-jobs", action="store_true", help="leave out the real `solve --all --jobs 2` runs")
    parser.add_argument("--out", type=Path, help="write the tables (markdown) to this file too")
    args = parser.parse_args()
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, Python {platform.python_version()}; "
             f"load average {load} at the start. Made by `python bench/packing_units.py`. Units: the first of a "
             f"part {FIRST:,} placements, each hand-off {GROWTH} x its maker's, at most {MOST:,}, cut into at "
             f"most {HAND_OFF} units (parts.budgets, for fewer parts than {PARTS_PER_WORKER} a worker).", ""]
    for name in args.puzzles:
        lines += report(name, not args.no_jobs)
    if args.out:
        args.out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
