"""Parts that split themselves, measured: every unit of work of a count (a part, or what a unit handed off after
UNIT_NODES placements), its placements and CPU time, their distribution, and the speed-up 16, 64 and 256
workers would get from them, against the whole count searched in one piece.

Every unit runs in this process, one after another, timed in CPU seconds (time.process_time), so the figures
hold on a loaded machine. The count is cut into 16 parts (as --jobs cuts it on 2 cores) whatever the workers:
the units split themselves, and cutting more parts up front costs time in one process before any worker starts
(Bedlam: 0.02 CPU-s for 16 parts, 0.4 for 512); that cut is counted in each makespan, done before the units.
Two schedules of the measured units: LPT (the largest first, each to the least loaded worker: every unit known
at the start) and the run's own (each unit, in the order made, to the first worker free, a unit handed off only
once the unit that made it ends: the queue of _units_finished). The speed-up is the whole count's CPU time
(one search, no parts) over the schedule's makespan, so the units' own costs (each search's set-up, the
placements a hand-off repeats) count against it. Usage:
python bench/packing_units.py [--puzzles bedlam pentominoes-6x10 y-pentacube] [--shares 0 1000] [--out FILE]
(--shares: each a run of the bench; 0: the budget --jobs uses, UNIT_NODES; N: the whole count's placements / N,
the budget that would suit the count, for a cluster of many workers)
"""

from __future__ import annotations

import argparse
import heapq
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.packing_parts import PUZZLES  # noqa: E402
from solver.packing import parse_packing  # noqa: E402
from solver.packing.parts import PARTS_PER_WORKER, UNIT_NODES, Unit, count_part, count_unit, plan_of  # noqa: E402

PARTS = PARTS_PER_WORKER * 2  # as --jobs cuts a count on 2 cores

WORKERS = (16, 64, 256)


@dataclass(frozen=True)
class Measured:
    """One unit run: its placements, its CPU seconds, and the unit that handed it off (-1: a part)."""

    nodes: int
    seconds: float
    parent: int


def measured_units(plan, parts: int, budget: int) -> list[Measured]:
    """Every unit of a count cut into `parts` parts, in the order made (a unit before those it hands off)."""
    queue: list[tuple[Unit, int]] = [(Unit(k), -1) for k in range(parts)]
    out: list[Measured] = []
    while queue:
        unit, parent = queue.pop(0)
        start = time.process_time()
        tally, handed = count_unit(plan, unit, parts, budget)
        out.append(Measured(tally.nodes, time.process_time() - start, parent))
        queue += [(child, len(out) - 1) for child in handed]
    return out


def lpt(costs: list[float], workers: int) -> float:
    """The makespan of the costs, the largest first, each to the least loaded worker."""
    loads = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        heapq.heapreplace(loads, loads[0] + cost)
    return max(loads)


def queued(units: list[Measured], workers: int) -> float:
    """The makespan of the run's own schedule: a unit is ready when the unit that handed it off ends, and
    each worker, once free, takes the unit ready first (the order made, among those ready at once)."""
    ready = [(0.0, k) for k, unit in enumerate(units) if unit.parent < 0]
    children: dict[int, list[int]] = {}
    for k, unit in enumerate(units):
        children.setdefault(unit.parent, []).append(k)
    free = [0.0] * workers
    end = 0.0
    while ready:
        at, k = heapq.heappop(ready)
        start = max(heapq.heappop(free), at)
        finish = start + units[k].seconds
        heapq.heappush(free, finish)
        end = max(end, finish)
        for child in children.get(k, []):
            heapq.heappush(ready, (finish, child))
    return end


def share_line(values: list[float]) -> str:
    """The largest share of the total and the median's, with the count."""
    total = sum(values) or 1.0
    return f"{len(values)} units; largest {max(values) / total:.3%}, median {statistics.median(values) / total:.4%}"


def whole_count(plan) -> tuple[float, int]:
    """(the CPU seconds of the whole count searched in one piece, no parts: the median of 3; its placements)."""
    times = []
    for _ in range(3):
        start = time.process_time()
        nodes = count_part(plan, 0, 1).nodes
        times.append(time.process_time() - start)
    return statistics.median(times), nodes


def report(name: str, share: int) -> list[str]:
    path = PUZZLES[name]
    plan = plan_of(parse_packing(path.read_text(), str(path)))
    whole, whole_nodes = whole_count(plan)
    budget = whole_nodes // share if share else UNIT_NODES
    start = time.process_time()
    plan.split(PARTS)
    cut = time.process_time() - start
    units = measured_units(plan, PARTS, budget)
    nodes = [float(unit.nodes) for unit in units]
    seconds = [unit.seconds for unit in units]
    rule = f"the whole count's placements / {share}" if share else "UNIT_NODES, as --jobs"
    lines = [f"### {name}, budget {rule}", "",
             f"The whole count in one search: {whole:.2f} CPU-s, {whole_nodes:,} placements. "
             f"Budget {budget:,} placements a unit; {PARTS} parts cut in {cut:.2f} CPU-s; {len(units):,} units, "
             f"their CPU {sum(seconds) / whole:.2f} x the whole's.", "",
             f"- placements a unit: {share_line(nodes)}", f"- CPU a unit: {share_line(seconds)}", "",
             "| workers | LPT speed-up | queued speed-up |", "| --- | --- | --- |"]
    for workers in WORKERS:
        lines.append(f"| {workers} | {whole / (cut + lpt(seconds, workers)):.1f}x | "
                     f"{whole / (cut + queued(units, workers)):.1f}x |")
    print("\n".join(lines), flush=True)
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", nargs="+", default=["bedlam", "pentominoes-6x10", "y-pentacube"],
                        choices=list(PUZZLES))
    parser.add_argument("--shares", nargs="+", type=int, default=[0, 1000],
                        help="budgets: 0 for UNIT_NODES, N for the whole count's placements / N")
    parser.add_argument("--out", type=Path, help="write the tables (markdown) to this file too")
    args = parser.parse_args()
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    lines = [f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, Python {platform.python_version()}; "
             f"load average {load} at the start. Made by `python bench/packing_units.py`.", ""]
    for share in args.shares:
        for name in args.puzzles:
            lines += report(name, share)
    if args.out:
        args.out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
