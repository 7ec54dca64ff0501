"""The nets search against an older foldkit (issue 39): the common nets of 1x1x5 and 1x2x3 (area 22,
2,263) and of 1x1x7 and 1x3x3 (area 30, 1,070), each counted whole in one process (jobs 1, so CPU time is
the search's own), this checkout and the other alternating, CPU seconds of the child process and its wall
time, the load beside them; then a fixed sample of the parts of area 38 (1x1x9 and 1x3x4, 4,469 nets, too long to
count whole in a bench run): each checkout counts parts K/512 for the same K, one process each, and the whole's CPU
time is projected from their sum (the parts of two part rules are not the same nodes, but 1/512 each of one
search). Writes bench/results/nets_frontier.md.

Usage: python bench/nets_frontier.py --other /work/main [--runs22 3] [--runs30 1] [--sample38 7 100 200 300 400]
(--other: a checkout of foldkit with its .venv, whose solver is the old one)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
COUNTS = {"area 22": ("1x1x5", "1x2x3", 2_263), "area 30": ("1x1x7", "1x3x3", 1_070)}
SCRIPT = ("import sys; from solver.nets import count_nets, parse_box; "
          "print(count_nets([parse_box(b) for b in sys.argv[1:]], jobs=1))")
PARTS38 = 512
SAMPLE_SCRIPT = ("import sys; from solver.nets import parse_box; from solver.nets.plan import make_plan; "
                 "from solver.nets.parts import count_part; "
                 "plan = make_plan((parse_box('1x1x9'), parse_box('1x3x4'))); "
                 f"print(sum(count_part(plan, int(k), {PARTS38})[0] for k in sys.argv[1:]))")


def timed(checkout: Path, boxes: tuple[str, ...], script: str = SCRIPT) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, the count) of one whole count in a fresh process of that checkout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-c", script, *boxes], cwd=checkout,
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, int(out.split()[0])


def compare(name: str, other: Path, runs: int) -> str:
    """The table row of one count: median CPU (wall) of each, alternating, and the counts found."""
    *boxes, published = COUNTS[name]
    samples: dict[str, list[tuple[float, float, int]]] = {"this": [], "other": []}
    for _ in range(runs):
        samples["other"].append(timed(other, (boxes[0], boxes[1])))
        samples["this"].append(timed(HERE, (boxes[0], boxes[1])))
    cells = []
    for who in ("other", "this"):
        cpu = statistics.median(s[0] for s in samples[who])
        wall = statistics.median(s[1] for s in samples[who])
        counts = sorted({s[2] for s in samples[who]})
        mark = "" if counts == [published] else f" WRONG COUNT {counts}"
        cells.append(f"{cpu:.2f} CPU-s ({wall:.1f} s){mark}")
    return f"| {name}: {' and '.join(boxes)}, {published:,} nets | {runs} | {cells[0]} | {cells[1]} | " \
           f"{os.getloadavg()[0]:.1f} |"


def sampled(other: Path, sample: list[int]) -> str:
    """The table row of area 38's sample: each checkout's CPU (wall) for the parts, in one process each (its start
    included), one after the other, the nets they hold, and the whole's CPU time projected."""
    totals = {who: timed(checkout, tuple(map(str, sample)), SAMPLE_SCRIPT)
              for who, checkout in (("other", other), ("this", HERE))}
    cells = [f"{cpu:.1f} CPU-s ({wall:.0f} s), {nets} nets; whole: {cpu * PARTS38 / len(sample):,.0f} CPU-s"
             for cpu, wall, nets in (totals["other"], totals["this"])]
    parts = ", ".join(str(k + 1) for k in sample)
    return f"| area 38: 1x1x9 and 1x3x4, parts {parts} of {PARTS38} | 1 | {cells[0]} | {cells[1]} | " \
           f"{os.getloadavg()[0]:.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True)
    parser.add_argument("--runs22", type=int, default=3)
    parser.add_argument("--runs30", type=int, default=1)
    parser.add_argument("--sample38", type=int, nargs="*", default=[7, 100, 200, 300, 400], help="parts (0-based)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [compare("area 22", args.other, args.runs22), compare("area 30", args.other, args.runs30)]
    if args.sample38:
        rows.append(sampled(args.other, args.sample38))
    text = "\n".join([
        f"Measured {time.strftime('%Y-%m-%d')} on {os.cpu_count()} cores, load average {load:.1f} at the start. "
        "Each count is whole, in one process (jobs 1), this checkout and the other alternating; the median CPU "
        "seconds of the process (its wall time in brackets: on a shared machine the CPU time is the steadier "
        f"figure). Other: {args.other}. Made by `python bench/nets_frontier.py`.", "",
        "| count | runs | other foldkit | this foldkit | load at the end |", "| --- | --- | --- | --- | --- |",
        *rows, ""])
    (HERE / "bench" / "results" / "nets_frontier.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
