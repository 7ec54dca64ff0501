"""The nets search against an older foldkit (issue 39): the common nets of 1x1x5 and 1x2x3 (area 22,
2,263) and of 1x1x7 and 1x3x3 (area 30, 1,070), each counted whole in one process (jobs 1, so CPU time is
the search's own), this checkout and the other alternating, CPU seconds of the child process and its wall
time, the load beside them. Writes bench/results/nets_frontier.md.

Usage: python bench/nets_frontier.py --other /work/main [--runs22 3] [--runs30 1]
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


def timed(checkout: Path, boxes: tuple[str, str]) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, the count) of one whole count in a fresh process of that checkout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-c", SCRIPT, *boxes], cwd=checkout,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True)
    parser.add_argument("--runs22", type=int, default=3)
    parser.add_argument("--runs30", type=int, default=1)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [compare("area 22", args.other, args.runs22), compare("area 30", args.other, args.runs30)]
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
