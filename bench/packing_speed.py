"""How fast the packing solver runs: the Y-pentacube cube as whole processes, and a curve over puzzles.

1. First packing of examples/y-pentacube.txt: a whole process (`python -c`: start-up, imports,
   parse, search), median of --runs. Issue 9's bar: at most 1 s. Public C backtracking: ~150 s.
2. Every packing, counted and sorted into classes: a whole process, median of --all-runs.
   Bar: at most 60 s, aim 20. Public figures: numba DLX (xcover) 646 s; pure-Python Algorithm X ~2 days.
   Then the same through the command line (`python -m foldkit solve ...`), when the kind is registered.
3. The curve: for each puzzle, in-process, the first packing and the full census (wall and CPU
   seconds, placements made, starting points after the symmetry anchors).
4. With --targets, issue 19's goals, whole processes, median of --all-runs: the Bedlam cube every
   packing and class <= 10 s (before: ~280 CPU-s), the pentominoes in 6x10 <= 0.5 s and in 3x4x5
   <= 5 s, the Y cube <= 2 s, and any first packing <= 0.2 s; and the Tetris Cube, issue 38's goal
   (2 s on 2 cores). With --rival, a plain dancing-links
   count (xcover, numba, no symmetry breaking; `pip install xcover`, skipped when absent) of the
   same exact cover, timed alternating with ours in the same run. With --against DIR, another checkout
   of foldkit (with its own DIR/.venv) runs the same processes, alternating with ours: before and after.
   Each line gives the median wall seconds and the median CPU seconds (the process and its threads).
   Under PYTHONDONTWRITEBYTECODE, compile each checkout first (`python -m compileall -q solver foldkit`):
   a checkout without __pycache__ pays about 45 ms CPU a process compiling its sources.
   The latest run is in bench/results/packing_targets.txt. An older run (`--targets --skip-process
   --against` main at 206c7d4, this round's start; load 0.7, no other session running; medians of 5,
   alternating; nodes: one thread, in-process; goal in brackets):
     every packing and class   wall now / before    CPU-s now / before   nodes now / before
     Bedlam [10 s]             8.86 s / 13.7 s      17.2 / 26.6          58.7 M / 84 M
     pentominoes 6x10 [0.5 s]  0.40 s / 0.45 s      0.57 / 0.61          1.87 M / 1.97 M
     pentominoes 3x4x5 [5 s]   3.89 s / 4.51 s      7.0 / 8.3            21.8 M / 27.5 M
     Y cube [2 s]              1.37 s / 2.70 s      2.43 / 4.79          6.16 M / 6.80 M
     first packings [0.2 s]: 6x10 0.16 s / 0.14, Y cube 0.18 / 0.17, 3x4x5 0.17 / 0.17, Bedlam 0.18 / 0.18
     (a run's scatter: 0.11-0.19 s).
   What did it: the Y cube's search keeps a tally of every cell's live placements per level and leaves a forced
   cell's region check to its child (_front.c), its classes are named in C (_core.forms: no numpy import) and the
   symmetry group is made once, of a few generators; the pockets' search (Bedlam, the pentominoes) falls back to
   a one-word tally of every cell and piece when the pockets settle nothing, checks regions before making the
   live set, and remembers the volume sums. With the other sessions running (load 2-4) every figure is 1.5-2
   times these (Bedlam 14.6 s, fastest 8.7).
   Before (6d37ee7, load 0.3): Bedlam 12.5 s, 24.2 CPU-s, 84 M nodes; _core.c 49 M nodes.
Usage: python bench/packing_speed.py [--runs 5] [--all-runs 5] [--slow] [--skip-process] [--targets] [--rival]
       [--against DIR]
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

from solver.packing import census, compiled, parse_packing, placements, solve_one  # noqa: E402

Y = ROOT / "examples" / "y-pentacube.txt"
CURVE = [ROOT / "examples" / name for name in ("l-tricubes.txt", "mixed-2x3x4.txt", "soma.txt",
                                               "scott-pentominoes.txt")] + [
    ROOT / "bench" / "packing" / name for name in ("y-4x5x3.txt", "pentominoes-2x3x10.txt", "pentominoes-2x5x6.txt",
                                                   "y-5x5x4.txt", "pentominoes-6x10.txt")] + [Y]
PENTOMINOES = ROOT / "bench" / "packing"
CURVE[-1:-1] = [PENTOMINOES / f"pentominoes-{board}.txt" for board in ("3x20", "4x15", "5x12")]
BEDLAM = ROOT / "examples" / "bedlam.txt"
TETRIS = ROOT / "examples" / "tetris-cube.txt"
SLOW = [PENTOMINOES / "pentominoes-3x4x5.txt", BEDLAM, TETRIS]
# (puzzle, issue 19's goal in seconds for every packing and class, whether the rival counts them too: xcover
# needs about a minute for 3x4x5, 646 s for the Y cube, longer for Bedlam); any first packing: 0.2 s, rival too.
# The Tetris Cube: issue 38's goal for any 4x4x4 cube of 12-13 pieces (2 s on 2 cores; Bedlam's too, not met yet).
TARGETS = [(PENTOMINOES / "pentominoes-6x10.txt", 0.5, True), (Y, 2.0, False),
           (PENTOMINOES / "pentominoes-3x4x5.txt", 5.0, False), (BEDLAM, 10.0, False), (TETRIS, 2.0, False)]
FIRST_GOAL = 0.2

FIRST = ("from solver.packing import parse_packing, solve_one; import sys; p = sys.argv[1]; "
         "k = solve_one(parse_packing(open(p).read(), p)); print(len(k))")
EVERY = ("from solver.packing import parse_packing, census; import sys; p = sys.argv[1]; "
         "c = census(parse_packing(open(p).read(), p)); print(c.packings, c.classes)")


def process_seconds(code: str, path: Path, runs: int) -> tuple[list[float], str]:
    """Wall seconds of each whole `python -c code path` process, and the last one's output."""
    walls, _, out = process_times(code, path, runs)
    return walls, out


def process_times(code: str, path: Path, runs: int, root: Path = ROOT) -> tuple[list[float], list[float], str]:
    """(wall seconds, CPU seconds, the last output) of each whole `python -c code path` process, run in the
    checkout root by its own python (this one's for ours)."""
    python = sys.executable if root == ROOT else str(root / ".venv" / "bin" / "python")
    walls, cpus, out = [], [], ""
    for _ in range(runs):
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([python, "-c", code, str(path)], capture_output=True, text=True, cwd=root, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
        out = done.stdout.strip()
    return walls, cpus, out


# The rival: xcover's dancing links on the plain exact cover (a column per cell, and one per piece when
# the pieces are all different), every packing or the first, in a whole process like ours.
RIVAL = ("import sys, xcover; from solver.packing import parse_packing; from solver.packing.engine import build_table; "
         "p = sys.argv[1]; t = build_table(parse_packing(open(p).read(), p)); n = len(t.cell_cubes); "
         "own = len(t.puzzle.pieces) > 1; rows = [list(c) + ([n + k] if own else []) "
         "for c, k in zip(t.placement_cells, t.placement_piece, strict=True)]; found = xcover.covers(rows); "
         "print(sum(1 for _ in found) if sys.argv[2] == 'all' else len(next(found)))")


def rival_ready(path: Path) -> bool:
    """Whether xcover is installed and the puzzle is a plain exact cover (all pieces different, or one piece)."""
    try:
        import xcover  # noqa: F401  (an optional rival, not a dependency)
    except ImportError:
        return False
    puzzle = parse_packing(path.read_text(), str(path))
    return len(puzzle.pieces) == 1 or all(piece.count == 1 for piece in puzzle.pieces)


def side_by_side(path: Path, ours: str, what: str, runs: int, rival: bool, against: Path | None = None) -> None:
    """Whole-process seconds of ours, of the checkout `against` and of the rival, alternating run by run."""
    times: dict[str, tuple[list[float], list[float]]] = {}
    outs: dict[str, str] = {}
    rival = rival and rival_ready(path)
    runners = [("foldkit", ROOT)] + ([("before", against)] if against else []) + ([("xcover", ROOT)] if rival else [])
    for _ in range(runs):
        for name, root in runners:
            if name == "xcover":
                used, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                done = subprocess.run([sys.executable, "-c", RIVAL, str(path), what], capture_output=True, text=True,
                                      cwd=ROOT, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                wall = [time.perf_counter() - start]
                cpu = [after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime]
                outs[name] = done.stdout.strip()
            else:
                wall, cpu, outs[name] = process_times(ours, path, 1, root)
            so_far = times.setdefault(name, ([], []))
            so_far[0].extend(wall)
            so_far[1].extend(cpu)
    for name, (wall, cpu) in times.items():
        print(f"  {path.stem:<22} {what:<5} {name:<7} {timing(wall)}, CPU median {statistics.median(cpu):.3f} s "
              f"-> {outs[name]}", flush=True)


def targets(runs: int, rival: bool, against: Path | None = None) -> None:
    """Issue 19's goals: every packing and class, then the first packing, as whole processes."""
    print("issue 19's targets, whole processes (goal in brackets):")
    for path, goal, rival_counts in TARGETS:
        print(f"  [{goal} s]")
        side_by_side(path, EVERY, "all", runs, rival and rival_counts, against)
        print(f"  [{FIRST_GOAL} s]")
        side_by_side(path, FIRST, "first", runs, rival, against)


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
    parser.add_argument("--slow", action="store_true", help="add the pentominoes in 3x4x5 and the Bedlam cube")
    parser.add_argument("--skip-process", action="store_true", help="only the curve")
    parser.add_argument("--targets", action="store_true", help="only issue 19's targets (Bedlam, pentominoes, Y cube)")
    parser.add_argument("--rival", action="store_true", help="with --targets: xcover beside ours, if installed")
    parser.add_argument("--against", type=Path, help="with --targets: a checkout (with its .venv) timed alternately")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; compiled search: {compiled()}; load average {os.getloadavg()[0]:.2f}")
    if args.targets:
        targets(args.all_runs, args.rival, args.against)
        return
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
