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
Usage: python bench/nets_speed.py [--runs N] [--curve [AREA]] [--check] [--sheets]
"""

from __future__ import annotations

import argparse
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

BARS = [(["1x1x1"], 11, 1.0), (["1x1x5", "1x2x3"], 2263, 10.0)]  # boxes, the nets there are, seconds allowed
CHECKED, PYTHON_AREA = 20_000, 14
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--curve", type=int, nargs="?", const=22, default=None, metavar="AREA")
    parser.add_argument("--check", action="store_true", help="check each count of the curve")
    parser.add_argument("--sheets", action="store_true", help="time the worksheets")
    args = parser.parse_args()
    if args.runs:
        bars(args.runs)
    if args.sheets:
        sheets(max(args.runs, 1))
    if args.curve:
        curve(args.curve, args.check)


if __name__ == "__main__":
    main()
