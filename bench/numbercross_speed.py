"""How fast Number Cross is solved with the uniqueness proof: the whole process, and in-process.

Whole process: a fresh `python` that imports the kind, parses the file, solves it (every
completed grid up to the limit, so uniqueness is proven), and prints what `foldkit solve` prints.
If the command line already knows the kind, `python -m foldkit solve FILE` is timed as well.
Each line gives the wall time and, since this machine is shared and noisy, the CPU time (user +
system) the child process used. The bar in issue 10: Number Cross 5, whole process, median of 5,
at most 10 s. Public figures for Number Cross 5: C++ backtracking 10 min to 3.7 h; a plain
CP-SAT model about 38 s.
Usage: python bench/numbercross_speed.py [PUZZLE ...] [--runs N]
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
DEFAULT_PUZZLES = [ROOT / "examples" / "number-cross-5.txt", ROOT / "examples" / "number-cross-example.txt"]
JOB = """
import sys
from foldkit.kinds.base import SolveOptions
from foldkit.kinds.numbercross import KIND
path = sys.argv[1]
report = KIND.solve(KIND.parse(open(path, encoding="utf-8").read(), path, None), SolveOptions())
print(KIND.text(report))
sys.exit(KIND.outcome(report).code)
"""

Timing = tuple[float, float, float]  # (median, min, max) seconds


def summary(seconds: list[float]) -> Timing:
    return statistics.median(seconds), min(seconds), max(seconds)


def row(label: str, wall: Timing, cpu: Timing | None = None) -> str:
    text = f"  {label:<30} {wall[0]:8.3f} s  ({wall[1]:.3f}, {wall[2]:.3f})"
    if cpu is not None:
        text += f"   cpu {cpu[0]:7.3f} s  ({cpu[1]:.3f}, {cpu[2]:.3f})"
    return text


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def process_timing(command: list[str], runs: int) -> tuple[Timing, Timing, subprocess.CompletedProcess]:
    """(wall time, CPU time, the last run) of a fresh process running the command, from the worktree root."""
    walls, cpus, done = [], [], None
    for _ in range(runs):
        cpu, start = _children_cpu(), time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu() - cpu)
    return summary(walls), summary(cpus), done


def in_process(path: Path, runs: int) -> dict[str, Timing]:
    """Parse and solve times inside this process (imports already done)."""
    from solver.numbercross import parse_number_cross, solve

    text = path.read_text()
    parse, search = [], []
    for _ in range(runs):
        start = time.perf_counter()
        puzzle = parse_number_cross(text, str(path))
        middle = time.perf_counter()
        solve(puzzle)
        search.append(time.perf_counter() - middle)
        parse.append(middle - start)
    return {"parse": summary(parse), "solve (with proof)": summary(search)}


def report(path: Path, runs: int) -> None:
    """Print the figures of one puzzle."""
    wall, cpu, done = process_timing([sys.executable, "-c", JOB, str(path)], runs)
    answer = next((line for line in done.stdout.splitlines() if line.startswith("Answer")), done.stderr.strip())
    summary_line = done.stdout.splitlines()[1] if done.stdout.count("\n") > 1 else ""
    print(f"{path.name}: exit {done.returncode}; {summary_line}; {answer}")
    print(row("whole process (kind)", wall, cpu))
    cli_wall, cli_cpu, done = process_timing([sys.executable, "-m", "foldkit", "solve", str(path)], 1)
    if done.returncode == 0 and "Answer" in done.stdout:
        cli_wall, cli_cpu, done = process_timing([sys.executable, "-m", "foldkit", "solve", str(path)], runs)
        print(row("whole process (foldkit solve)", cli_wall, cli_cpu))
    for label, figure in in_process(path, runs).items():
        print(row(label + ", in-process", figure))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=DEFAULT_PUZZLES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{args.runs} runs each; {os.cpu_count()} cores, load {load:.1f}; times are median (min, max)")
    wall, cpu, _ = process_timing([sys.executable, "-c", "import foldkit.kinds.numbercross, solver.numbercross"],
                                  args.runs)
    print(row("python start + imports", wall, cpu))
    for path in args.puzzles:
        report(path, args.runs)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
