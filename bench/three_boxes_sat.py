"""The SAT route to the three-box question (issue 39): does a polyomino of area 46 (1x1x11, 1x3x5, 1x2x7;
known: none) or 62 (1x1x15, 1x3x7, 2x3x5; open) fitting a rows x cols grid fold into all three boxes?
Each question is encoded (solver.nets.sat) and given to CaDiCaL 1.9.5 (python-sat) in a child process
capped at --cap CPU seconds (RLIMIT_CPU); area 22's two boxes (1x1x5, 1x2x3; smallest common net 5 x 7)
are the yardstick. Writes bench/results/three_boxes_runs.md (bench/results/three_boxes.md is the
written summary): per question the formula's size, the answer
(SAT, UNSAT, or unknown at the cap) and the CPU seconds, with the load.

Usage: nice -n 19 python bench/three_boxes_sat.py [--cap 300] [--only area-46-7x7,...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
QUESTIONS = {  # name: (boxes, rows, cols)
    "area-22-5x6": (((1, 1, 5), (1, 2, 3)), 5, 6),
    "area-22-5x7": (((1, 1, 5), (1, 2, 3)), 5, 7),
    "area-22-6x6": (((1, 1, 5), (1, 2, 3)), 6, 6),
    "area-46-7x7": (((1, 1, 11), (1, 3, 5), (1, 2, 7)), 7, 7),
    "area-46-8x8": (((1, 1, 11), (1, 3, 5), (1, 2, 7)), 8, 8),
    "area-62-8x8": (((1, 1, 15), (1, 3, 7), (2, 3, 5)), 8, 8),
    "area-62-9x9": (((1, 1, 15), (1, 3, 7), (2, 3, 5)), 9, 9),
    "area-62-full": (((1, 1, 15), (1, 3, 7), (2, 3, 5)), 32, 62),
}
CHILD = """
import sys, time
from pysat.solvers import Cadical195
from solver.nets.sat import Question, encode
boxes, rows, cols, solve = eval(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
start = time.process_time()
formula = encode(Question(boxes, rows, cols))
print("size", formula.variables, len(formula.clauses), round(time.process_time() - start, 1), flush=True)
if solve:
    solver = Cadical195(bootstrap_with=formula.clauses)
    start = time.process_time()
    print("answer", "SAT" if solver.solve() else "UNSAT", round(time.process_time() - start, 1), flush=True)
"""


def run(name: str, cap: int, solve: str) -> str:
    """The table row of one question, its child capped at cap CPU seconds (solve "0": only encoded)."""
    boxes, rows, cols = QUESTIONS[name]
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", CHILD, repr(boxes), str(rows), str(cols), solve], cwd=HERE,
                          capture_output=True, text=True, preexec_fn=limit)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    size = lines.get("size", "? ? ?").split()
    answer = lines.get("answer", f"unknown (stopped at the {cap} CPU-s cap)" if solve == "1" else "not solved")
    names = ", ".join("x".join(map(str, b)) for b in boxes)
    if size[0] == "?":
        return f"| {name} | failed: {done.stderr[-200:]} |"
    return (f"| {name} | {names} | {rows} x {cols} | {int(size[0]):,} | {int(size[1]):,} | {size[2]} | {answer} "
            f"| {cpu:.0f} | {os.getloadavg()[0]:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cap", type=int, default=300)
    parser.add_argument("--only", default=",".join(QUESTIONS))
    parser.add_argument("--encode-only", default="area-62-full", help="questions only encoded, comma-separated")
    args = parser.parse_args()
    out = HERE / "bench" / "results" / "three_boxes_runs.md"
    rows = ["| question | boxes | grid | variables | clauses | encode CPU-s | answer (solve CPU-s) | child CPU-s "
            "| load |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name in args.only.split(","):
        rows.append(run(name, args.cap, "0" if name in args.encode_only.split(",") else "1"))
        print(rows[-1], flush=True)
        out.write_text(f"# Three boxes by SAT\n\n{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, cap "
                       f"{args.cap} CPU-s per question\n\n" + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
