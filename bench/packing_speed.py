"""How fast the packing solver runs: the Y-pentacube cube as whole processes, and a curve over puzzles.

1. First packing of examples/y-pentacube.txt: a whole process (`python -c`: start-up, imports,
   parse, search), median of --runs. Issue 9's bar: at most 1 s. Public C backtracking: ~150 s.
2. Every packing, counted and sorted into classes: a whole process, median of --all-runs.
   Bar: at most 60 s, aim 20. Public figures: numba DLX (xcover) 646 s; pure-Python Algorithm X ~2 days.
   Then the same through the command line (`python -m foldkit solve ...`), when the kind is registered.
3. The curve: for each puzzle, in-process, the first packing and the full census (wall and CPU
   seconds, placements made, starting points after the symmetry anchors).
Usage: python bench/packing_speed.py [--runs 5] [--all-runs 5] [--slow] [--skip-process]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.packing import census, compiled, parse_packing, placements, solve_one  # noqa: E402

Y = ROOT / "examples" / "y-pentacube.txt"
CURVE = [ROOT / "examples" / name for name in ("l-tricubes.txt", "mixed-2x3x4.txt", "soma.txt",
                                               "scott-pentominoes.txt")] + [
    ROOT / "bench" / "packing" / name for name in ("y-4x5x3.txt", "pentominoes-2x3x10.txt", "pentominoes-2x5x6.txt",
                                                   "y-5x5x4.txt", "pentominoes-6x10.txt")] + [Y]
SLOW = [ROOT / "bench" / "packing" / "pentominoes-3x4x5.txt"]

FIRST = ("from solver.packing import parse_packing, solve_one; import sys; p = sys.argv[1]; "
         "k = solve_one(parse_packing(open(p).read(), p)); print(len(k))")
EVERY = ("from solver.packing import parse_packing, census; import sys; p = sys.argv[1]; "
         "c = census(parse_packing(open(p).read(), p)); print(c.packings, c.classes)")


def process_seconds(code: str, path: Path, runs: int) -> tuple[list[float], str]:
    """Wall seconds of each whole `python -c code path` process, and the last one's output."""
    seconds, out = [], ""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT,
                              check=True)
        seconds.append(time.perf_counter() - start)
        out = done.stdout.strip()
    return seconds, out


def command_seconds(args: list[str], runs: int) -> list[float] | None:
    """Wall seconds of each whole `python -m foldkit ARGS` process, or None if it does not succeed."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "foldkit", *args], capture_output=True, cwd=ROOT, check=False)
        seconds.append(time.perf_counter() - start)
        if done.returncode != 0:
            return None
    return seconds


def timing(seconds: list[float]) -> str:
    return f"median {statistics.median(seconds):8.3f} s  (min {min(seconds):.3f}, max {max(seconds):.3f}, " \
           f"{len(seconds)} runs)"


def curve_row(path: Path) -> str:
    """One line of the curve: the puzzle, its counts and its times."""
    puzzle = parse_packing(path.read_text(), str(path))
    copies = sum(p.count for p in puzzle.pieces)
    start = time.perf_counter()
    solve_one(puzzle)
    first = time.perf_counter() - start
    wall, cpu = time.perf_counter(), time.process_time()
    counted = census(puzzle)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    box = "x".join(map(str, puzzle.box))
    places = sum(len(v) for v in placements(puzzle).values())
    return (f"{puzzle.name:<20} {box:>7} {copies:>6} {places:>6} {counted.packings:>9,} {counted.classes:>7,} "
            f"{counted.symmetries:>4} {counted.tasks:>5} {counted.nodes:>12,} {first:>8.3f} {wall:>8.2f} {cpu:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of the first-packing process")
    parser.add_argument("--all-runs", type=int, default=5, help="runs of the every-packing process")
    parser.add_argument("--slow", action="store_true", help="add the pentominoes in 3x4x5 (about a minute)")
    parser.add_argument("--skip-process", action="store_true", help="only the curve")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; compiled search: {compiled()}; load average {os.getloadavg()[0]:.2f}")
    if not args.skip_process:
        seconds, out = process_seconds(FIRST, Y, args.runs)
        print(f"y-pentacube first packing, whole process: {timing(seconds)}  -> {out} pieces placed")
        seconds, out = process_seconds(EVERY, Y, args.all_runs)
        print(f"y-pentacube every packing + classes, whole process: {timing(seconds)}  -> {out}")
        for extra, runs in (([], args.runs), (["--all"], args.all_runs)):
            words = ["solve", "examples/y-pentacube.txt", *extra]
            found = command_seconds(words, runs)
            print(f"foldkit {' '.join(words)}: " + (timing(found) if found else "not available (kind not registered)"))
    print()
    print(f"{'puzzle':<20} {'box':>7} {'pieces':>6} {'places':>6} {'packings':>9} {'classes':>7} {'syms':>4} "
          f"{'tasks':>5} {'nodes':>12} {'first s':>8} {'all s':>8} {'cpu s':>8}")
    for path in CURVE + (SLOW if args.slow else []):
        print(curve_row(path), flush=True)


if __name__ == "__main__":
    main()
