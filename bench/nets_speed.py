"""How fast foldkit finds the nets of boxes (issue 20): the whole process, median of 5, for the cube's
11 nets (bar: well under a second) and the 2,263 common nets of 1x1x5 and 1x2x3 (bar: at most 10 s);
then, with --curve, every box of surface area up to AREA (default 22): its net count and the time,
and with --check how each count was checked: every net (or the first CHECKED found, for boxes with
more) folded onto the box by foldkit's folding verifier, and the count found again by the pure-Python
search for areas up to PYTHON_AREA. With --sheets, the worksheet (`foldkit nets BOX ... --pdf FILE`,
with and without --mix) of the cube and of the common nets of 1x1x5 and 1x2x3, whole process.

The whole process is `foldkit nets BOX ...` once the command line has it, else the same work in a
fresh interpreter (import, search, the text of every net). Wall time and the process's CPU time are
both shown: on a busy machine the wall time is the CPU time stretched by the other processes.
With --frontier (issue 39), the counts at the field's frontier, each whole, in-process on every core
(CPU time of this process and its workers, and wall time; the bar is on wall time on 2 cores):
area 30 (1,070, bar 30 s), 1x1x6 (36,175,381, bar 600 s), area 34 (35,675) and area 38 (4,469)
(bar 300 s each), and 1x1x7 (407,023,305, no bar: about 11 minutes here); the expected counts are
hidny's published ones (github.com/hidny/CuboidNetSolver, docs/cuboidResultsSummary.txt). With --sample
BOXES, a search too big to finish: a random sample of its parts (every run cut in parts as the parallel
search cuts it), each timed, and the projection of the whole.
Usage: python bench/nets_speed.py [--runs N] [--curve [AREA]] [--check] [--sheets] [--frontier [NAME ...]]
       [--sample BOX BOX [BOX] --parts-per-run N --cpu-seconds S]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import foldkit_command

from solver.box import boxes_of_area
from solver.folding import foldings
from solver.nets import count_nets, find_nets
from solver.nets.find import cores, run_task
from solver.nets.plan import make_plan

BARS = [(["1x1x1"], 11, 1.0), (["1x1x5", "1x2x3"], 2263, 10.0)]  # boxes, the nets there are, seconds allowed
CHECKED, PYTHON_AREA = 20_000, 14
# name: (boxes, the published count, wall seconds allowed on 2 cores)
FRONTIER = {"area30": ([(1, 1, 7), (1, 3, 3)], 1_070, 30.0), "1x1x6": ([(1, 1, 6)], 36_175_381, 600.0),
            "area34": ([(1, 1, 8), (1, 2, 5)], 35_675, 300.0), "area38": ([(1, 1, 9), (1, 3, 4)], 4_469, 300.0),
            "1x1x7": ([(1, 1, 7)], 407_023_305, None)}
SCRIPT = ("import sys; from solver.nets import find_nets, parse_box; from foldkit.kinds.net.nets import text; "
          "print(text(find_nets([parse_box(b) for b in sys.argv[1:]])))")


def command(boxes: list[str]) -> list[str]:
    """`foldkit nets BOX ...` if the command line has it, else the same work in Python."""
    probe = subprocess.run(foldkit_command() + ["nets", "--help"], capture_output=True, check=False)
    if probe.returncode == 0:
        return foldkit_command() + ["nets", *boxes]
    return [sys.executable, "-c", SCRIPT, *boxes]


def whole_process(args: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child, its first line of output) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=False).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.split("\n", 1)[0]


def bars(runs: int) -> None:
    print(f"nets, whole process, median of {runs} (min, max); CPU time of the process in brackets")
    for boxes, expected, allowed in BARS:
        samples = [whole_process(command(boxes)) for _ in range(runs)]
        walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
        line = samples[-1][2]
        verdict = "ok" if statistics.median(walls) <= allowed and f" {expected} " in line else "OVER THE BAR"
        wall = f"{statistics.median(walls):7.2f} s (min {min(walls):.2f}, max {max(walls):.2f})"
        cpu = f"[CPU {statistics.median(cpus):.2f} s]"
        print(f"  {' + '.join(boxes):<14} {wall}  {cpu}  bar {allowed:g} s: {verdict}   '{line}'")


SHEETS = [["1x1x1"], ["1x1x1", "--mix"], ["1x1x5", "1x2x3"], ["1x1x5", "1x2x3", "--mix"]]


def sheets(runs: int) -> None:
    """The worksheet's whole process, median of runs: search, (with --mix) near-nets and the
    verifier on every shape, the pages, the PDF."""
    print(f"worksheets (foldkit nets ... --pdf), whole process, median of {runs} (min, max); CPU in brackets")
    with tempfile.TemporaryDirectory() as folder:
        pdf = str(Path(folder) / "nets.pdf")
        for args in SHEETS:
            samples = [whole_process(foldkit_command() + ["nets", *args, "--pdf", pdf]) for _ in range(runs)]
            walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
            pages = subprocess.run(foldkit_command() + ["nets", *args, "--pdf", pdf], capture_output=True,
                                   text=True, check=True).stdout.strip().splitlines()[-1].rsplit("(", 1)[-1]
            print(f"  {' '.join(args):<22} {statistics.median(walls):7.2f} s (min {min(walls):.2f}, max "
                  f"{max(walls):.2f})  [CPU {statistics.median(cpus):.2f} s]  ({pages}")


def curve(area: int, check: bool) -> None:
    print(f"every box of surface area up to {area}: its nets (one run, in-process, counted without keeping them)")
    print(f"  {'box':<8} {'area':>4} {'nets':>12} {'seconds':>9}")
    for a in range(6, area + 1, 2):
        for box in boxes_of_area(a):
            start = time.perf_counter()
            count = count_nets([box])
            seconds = time.perf_counter() - start
            note = checked(box, count) if check else ""
            print(f"  {'x'.join(map(str, box)):<8} {a:>4} {count:>12,} {seconds:9.2f}  {note}", flush=True)


def checked(box: tuple[int, int, int], count: int) -> str:
    """How the count was checked: the verifier on the nets, and the pure-Python search."""
    listed = find_nets([box], limit=min(count, CHECKED))
    folded = sum(bool(foldings(net, box)) for net in listed.nets)
    out = f"verifier: {folded} of {'all ' if listed.complete else 'the first '}{len(listed.nets)} fold"
    if a_small(box):
        out += f"; pure Python: {count_nets([box], engine='python'):,}"
    return out


def a_small(box: tuple[int, int, int]) -> bool:
    a, b, c = box
    return 2 * (a * b + b * c + c * a) <= PYTHON_AREA


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def frontier(names: list[str]) -> None:
    """Each count whole, on every core: its CPU and wall time and the load beside it."""
    print(f"frontier counts on {cores()} cores (CPU: this process and its workers)")
    print(f"  {'count':<8} {'nets':>12} {'published':>12} {'CPU s':>8} {'wall s':>8} {'bar s':>6}  load (1 min)")
    for name in names:
        boxes, published, allowed = FRONTIER[name]
        cpu, start = cpu_seconds(), time.perf_counter()
        count = count_nets(boxes)
        wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
        in_time = allowed is None or wall <= allowed
        verdict = "WRONG COUNT" if count != published else "ok" if in_time else "over"
        bar = "-" if allowed is None else f"{allowed:g}"
        print(f"  {name:<8} {count:>12,} {published:>12,} {cpu:8.1f} {wall:8.1f} {bar:>6}  {os.getloadavg()[0]:.1f}"
              f"  {verdict}", flush=True)


def sample(boxes: list[str], parts_per_run: int, budget: float, seed: int = 1) -> None:
    """Random parts of a whole search, timed one by one in this process until the CPU budget is
    spent: the nets they hold, and the whole's CPU time projected from their mean."""
    plan = make_plan(tuple(tuple(map(int, b.split("x"))) for b in boxes))
    tasks = [(roots, part, parts_per_run) for roots in plan.runs for part in range(parts_per_run)]
    random.Random(seed).shuffle(tasks)
    done, nets, spent = 0, 0, 0.0
    print(f"{' + '.join(boxes)}: {len(plan.runs)} runs x {parts_per_run} parts = {len(tasks)} parts; "
          f"random parts, CPU budget {budget:g} s")
    for task in tasks:
        if spent >= budget:
            break
        start = time.process_time()
        nets += run_task(plan, False, task)[1]  # counted, not kept: a kept net costs its canonical image in Python
        spent += time.process_time() - start
        done += 1
        print(f"  part {done}: run {task[0]} part {task[1] + 1}/{task[2]}: {time.process_time() - start:.1f} CPU s, "
              f"nets so far {nets}", flush=True)
    whole = spent / done * len(tasks) if done else float("nan")
    print(f"{done} of {len(tasks)} parts ({done / len(tasks):.3%}) in {spent:.0f} CPU s, {nets} nets found; "
          f"projected whole: {whole / 3600:,.1f} CPU hours = {whole / 86400:,.2f} days on 1 core, "
          f"{whole / 86400 / 16:,.2f} on 16, {whole / 86400 / 64:,.2f} on 64 (load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--curve", type=int, nargs="?", const=22, default=None, metavar="AREA")
    parser.add_argument("--check", action="store_true", help="check each count of the curve")
    parser.add_argument("--sheets", action="store_true", help="time the worksheets")
    parser.add_argument("--frontier", nargs="*", choices=sorted(FRONTIER), default=None, metavar="NAME",
                        help=f"count these whole on every core (default all: {', '.join(FRONTIER)})")
    parser.add_argument("--sample", nargs="+", metavar="BOX", help="sample the parts of these boxes' search")
    parser.add_argument("--parts-per-run", type=int, default=64)
    parser.add_argument("--cpu-seconds", type=float, default=600.0)
    args = parser.parse_args()
    if args.frontier is not None:
        frontier(args.frontier or list(FRONTIER))
    if args.sample:
        sample(args.sample, args.parts_per_run, args.cpu_seconds)
    if args.runs:
        bars(args.runs)
    if args.sheets:
        sheets(max(args.runs, 1))
    if args.curve:
        curve(args.curve, args.check)


if __name__ == "__main__":
    main()
