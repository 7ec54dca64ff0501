"""Parts that split themselves, simulated on 16, 64 and 256 workers by running them: every unit of a count (a
part's first unit, FIRST_NODES placements, or what a unit handed off, GROWTH times its maker's budget, up to
FANNED_NODES), in a discrete-event simulation of a pool that calls the real search for each unit as it starts, so
that the budgets the pool decides from its queue (solver.packing.dispatch, as --jobs and --cluster decide them)
make the units they make; then a real `solve --all --jobs 2`, wall and CPU.

The simulation's clock is placements: a unit takes the placements it made plus UNIT's cost (what a unit costs
beyond its placements: its search's set-up, pickling it and its answer there and back, measured as the median
CPU of units of one placement, in placements of the whole count's speed). So the schedule is the same on a loaded
machine. Every unit's CPU time is measured too (median of RUNS simulations, which make the same units), and the
same units replayed in the same order with those times give the CPU speed-up: the two must agree (a unit's CPU a
placement varies, up to 1.5 times the mean, which the clock does not see; the CPU's ratio to the whole count's
moves with the machine's load by several %, which the busy share, the units' CPU over the workers' makespan, does
not). The speed-up
is the whole count's (one search, no parts) over the makespan, so the units' own costs (each search's set-up, the
placements a hand-off repeats, naming every class) count against it; the cut of the starting points (the
count's serial start) is added to the CPU makespan once. Not counted, on either side: building the table.
Orders: "pool" (units in the order made; a unit handed off is ready once its maker ends) and "cluster" (the
lowest part first, the last made first within it, as a Dask client hands them out); "fixed" is the budgets
without the dispatch's cut (the units every order shares, as before it), with LPT (the largest first, each to
the least loaded worker, every unit known at the start: a bound no real run beats).
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
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.packing_parts import PUZZLES  # noqa: E402
from solver.packing import parse_packing  # noqa: E402
from solver.packing.dispatch import SHARE, SMALLEST, Dispatch  # noqa: E402
from solver.packing.parts import (  # noqa: E402
    GROWTH,
    HAND_OFF,
    PARTS_PER_WORKER,
    Plan,
    Tally,
    Unit,
    budgets,
    count_part,
    count_unit,
    plan_of,
)

PARTS = PARTS_PER_WORKER * 2  # as --jobs cuts a count on 2 cores
WORKERS = (16, 64, 256)
FIRST, MOST = budgets(PARTS, min(WORKERS))  # the work fans out: fewer parts than PARTS_PER_WORKER a worker
RUNS = 3  # of every simulation, the whole count, the cut and `solve --jobs 2`: their medians
ORDERS = {"pool": "made", "cluster": "part"}  # the bench's names of the dispatch's orders


@dataclass(frozen=True)
class Ran:
    """One unit run: its part, its placements, its CPU seconds, the unit that handed it off (-1: none; units are
    listed in the order they started), and when it ended on the simulation's clock."""

    part: int
    nodes: int
    seconds: float
    parent: int
    end: float = 0.0


class FixedBudgets(Dispatch):
    """The dispatch's order without its cut: every unit runs with its own budget (the count before the cut)."""

    def take(self, out: int) -> Unit | None:
        unit = super().take(out)
        return None if unit is None else replace(unit, given=0)


def simulated(plan: Plan, dispatch: Dispatch, unit_cost: float, parts: int = PARTS,
              budgets: tuple[int, int] = (FIRST, MOST)) -> list[Ran]:
    """Every unit of a count cut into `parts` parts (budgets: a part's first unit's, the most), run as a pool of
    dispatch.workers runs them: the dispatch hands a unit out when a worker is free (or one of its look-ahead is),
    and the unit runs then, by the real search, taking its placements plus unit_cost on the clock; what it hands
    off waits in the dispatch once it ends."""
    first, most = budgets
    parents: dict[tuple[int, bytes | None], int] = {}
    dispatch.add(Unit(k, None, first) for k in range(parts))
    handed_out: deque[Unit] = deque()  # out, not started: queued in the pool
    running: list[tuple[float, int, Tally, tuple[Unit, ...]]] = []  # (ends at, unit, its tally, what it handed off)
    out: list[Ran] = []
    clock = 0.0
    while True:
        while (unit := dispatch.take(len(handed_out) + len(running))) is not None:
            handed_out.append(unit)
        while handed_out and len(running) < dispatch.workers:
            unit = handed_out.popleft()
            start = time.process_time()
            tally, handed = pickle.loads(pickle.dumps(count_unit(plan, pickle.loads(pickle.dumps(unit)), parts,
                                                                 most)))
            seconds = time.process_time() - start
            out.append(Ran(unit.part, tally.nodes, seconds, parents.get((unit.part, unit.tasks), -1),
                           clock + tally.nodes + unit_cost))
            heapq.heappush(running, (out[-1].end, len(out) - 1, tally, handed))
        if not running:
            return out
        clock, k, tally, handed = heapq.heappop(running)
        dispatch.ended(tally)  # as its maker ends: then its hand-offs wait in the dispatch
        parents.update({(unit.part, unit.tasks): k for unit in handed})
        dispatch.add(handed)


def lpt(costs: list[float], workers: int) -> float:
    """The makespan of the costs, the largest first, each to the least loaded worker."""
    loads = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        heapq.heapreplace(loads, loads[0] + cost)
    return max(loads)


def queued(units: list[Ran], costs: list[float], workers: int, rank: Callable[[int], tuple[int, ...]]) -> float:
    """The makespan of the units taking those costs: a unit is ready when the unit that handed it off ends, and each
    worker, once free, takes the ready unit of the lowest rank."""
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
        finish = now + costs[k]
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


def cpu_median(run: Callable[[], object], runs: int = RUNS) -> float:
    """The median CPU seconds of so many runs."""
    times = []
    for _ in range(runs):
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


def unit_cost(plan: Plan, per_placement: float) -> float:
    """What a unit costs beyond its placements, in placements at per_placement CPU seconds each: the median CPU of
    units of one placement (their set-up, their pickles there and back), some of a count's hand-offs."""
    units = [unit for ran in [count_unit(plan, Unit(k, None, FIRST), PARTS, MOST)[1] for k in range(PARTS)]
             for unit in ran][:64]
    return cpu_median(lambda: [pickle.loads(pickle.dumps(count_unit(plan, pickle.loads(pickle.dumps(
        replace(unit, given=1))), PARTS, MOST))) for unit in units]) / len(units) / per_placement


def median_run(plan: Plan, dispatch: Callable[[], Dispatch], cost: float) -> tuple[list[Ran], float]:
    """(a simulation's units, the same every run, each with the median of its CPU times over RUNS runs; the median
    CPU of the whole count in one search, run before each simulation, so that a load that comes and goes weighs on
    both alike)."""
    wholes, runs = [], []
    for _ in range(RUNS):
        wholes.append(cpu_median(lambda: count_part(plan, 0, 1), 1))
        runs.append(simulated(plan, dispatch(), cost))
    assert all([ran.nodes for ran in run] == [ran.nodes for ran in runs[0]] for run in runs)
    units = [replace(ran, seconds=statistics.median(run[k].seconds for run in runs)) for k, ran in enumerate(runs[0])]
    return units, statistics.median(wholes)


def row(label: str, units: list[Ran], whole: tuple[float, int], speed_ups: str, busy: float) -> str:
    seconds, (cpu, nodes) = [ran.seconds for ran in units], whole
    return (f"| {label} | {len(units):,} | {sum(seconds) / cpu:.3f} | {max(ran.nodes for ran in units) / nodes:.3%}, "
            f"{max(seconds) / cpu:.3%} | {speed_ups} | {busy:.1%} |")


def report(name: str, jobs: bool) -> list[str]:
    path = PUZZLES[name]
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    plan.split(1)  # the table prepared for the front search: part of building it
    cut = cut_time(plan)
    plan.split(PARTS)
    nodes = count_part(plan, 0, 1).nodes
    cost = unit_cost(plan, cpu_median(lambda: count_part(plan, 0, 1)) / nodes)
    fixed, cpu = median_run(plan, partial(FixedBudgets, min(WORKERS), look_ahead=min(WORKERS)), cost)
    lines = [f"### {name}", "",
             f"The whole count in one search: {cpu:.2f} CPU-s (the median beside the fixed budgets' runs; each row's "
             f"CPU figures are against the whole count run beside its own), {nodes:,} placements. {PARTS} parts cut in "
             f"{cut * 1e3:.2f} CPU-ms (the serial start). A unit's own cost: {cost:,.0f} placements.", "",
             f"- fixed budgets, CPU a unit: {spread([ran.seconds for ran in fixed])}", "",
             "| workers, budgets, order | units | their CPU / the whole's | largest unit (placements, CPU) | "
             "speed-up: placements' clock, CPU replayed (LPT bound) | workers busy (CPU replayed) |",
             "| --- | --- | --- | --- | --- | --- |"]
    for workers in WORKERS:
        for order, rank in (("pool", lambda k: (k,)), ("cluster", lambda k: (fixed[k].part, -k))):
            span = queued(fixed, [ran.nodes + cost for ran in fixed], workers, rank)
            replayed = queued(fixed, [ran.seconds for ran in fixed], workers, rank)
            bound = f" ({cpu / (cut + lpt([ran.seconds for ran in fixed], workers)):.1f}x)" if order == "pool" else ""
            lines.append(row(f"{workers}, fixed, {order}", fixed, (cpu, nodes),
                             f"{(nodes + cost) / span:.1f}x, {cpu / (cut + replayed):.1f}x{bound}",
                             sum(ran.seconds for ran in fixed) / (workers * replayed)))
        for order, kind in ORDERS.items():
            units, alone = median_run(plan, partial(Dispatch, workers, kind, look_ahead=workers), cost)
            replayed = queued(units, [ran.seconds for ran in units], workers, lambda k: (k,))
            lines.append(row(f"{workers}, cut as they start, {order}", units, (alone, nodes),
                             f"{(nodes + cost) / max(ran.end for ran in units):.1f}x, {alone / (cut + replayed):.1f}x "
                             f"({alone / (cut + lpt([ran.seconds for ran in units], workers)):.1f}x)",
                             sum(ran.seconds for ran in units) / (workers * replayed)))
        print("\n".join(lines[-4:]), flush=True)
    if jobs:
        lines += ["", jobs_line(path)]
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
             f"most {HAND_OFF} units (parts.budgets, for fewer parts than {PARTS_PER_WORKER} a worker); cut as "
             f"they start: to {SHARE} x the work waiting a worker, at least {SMALLEST:,} placements "
             f"(solver.packing.dispatch), a unit queued in the pool for each worker.", ""]
    for name in args.puzzles:
        lines += report(name, not args.no_jobs)
    if args.out:
        args.out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
