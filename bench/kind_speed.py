"""How fast a grid kind (Block Party, Number Cross) is solved with the uniqueness proof: the
whole process, and in-process. Shared by bench/blockparty_speed.py and bench/numbercross_speed.py.

Whole process: a fresh `python` that imports the kind, parses the file, solves it (every
solution up to the limit, so uniqueness is proven), and prints what `foldkit solve` prints.
If the command line already knows the kind, `python -m foldkit solve FILE` is timed as well.
Each line gives the wall time and, since this machine is shared and noisy, the CPU time (user +
system) the child process used.
"""

from __future__ import annotations

import argparse
import importlib
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from timing import Timing, summary

ROOT = Path(__file__).resolve().parent.parent
JOB = """
import sys
from foldkit.kinds.{kind} import KIND
path = sys.argv[1]
report = KIND.solve(KIND.parse(open(path, encoding="utf-8").read(), path, None), KIND.solve_options())
print(KIND.text(report))
sys.exit(KIND.outcome(report).code)
"""


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


def in_process(kind: str, parser: str, path: Path, runs: int) -> dict[str, Timing]:
    """Parse and solve times inside this process (imports already done)."""
    package = importlib.import_module(f"solver.{kind}")
    parse, solve = getattr(package, parser), package.solve
    text = path.read_text()
    parses, searches = [], []
    for _ in range(runs):
        start = time.perf_counter()
        puzzle = parse(text, str(path))
        middle = time.perf_counter()
        solve(puzzle)
        searches.append(time.perf_counter() - middle)
        parses.append(middle - start)
    return {"parse": summary(parses), "solve (with proof)": summary(searches)}


def report(kind: str, parser: str, path: Path, runs: int) -> None:
    """Print the figures of one puzzle."""
    wall, cpu, done = process_timing([sys.executable, "-c", JOB.format(kind=kind), str(path)], runs)
    answer = next((line for line in done.stdout.splitlines() if line.startswith("Answer")), done.stderr.strip())
    summary_line = done.stdout.splitlines()[1] if done.stdout.count("\n") > 1 else ""
    print(f"{path.name}: exit {done.returncode}; {summary_line}; {answer}")
    print(row("whole process (kind)", wall, cpu))
    cli_wall, cli_cpu, done = process_timing([sys.executable, "-m", "foldkit", "solve", str(path)], 1)
    if done.returncode == 0 and "Answer" in done.stdout:
        cli_wall, cli_cpu, done = process_timing([sys.executable, "-m", "foldkit", "solve", str(path)], runs)
        print(row("whole process (foldkit solve)", cli_wall, cli_cpu))
    for label, figure in in_process(kind, parser, path, runs).items():
        print(row(label + ", in-process", figure))


def main(kind: str, parser: str, puzzles: list[Path], description: str) -> None:
    """The bench of one kind: kind is its module name (in foldkit.kinds and solver), parser the
    name of solver.KIND's parse function."""
    sys.path.insert(0, str(ROOT))
    arguments = argparse.ArgumentParser(description=description)
    arguments.add_argument("puzzles", nargs="*", type=Path, default=puzzles)
    arguments.add_argument("--runs", type=int, default=5)
    args = arguments.parse_args()
    load = os.getloadavg()[0]
    print(f"{args.runs} runs each; {os.cpu_count()} cores, load {load:.1f}; times are median (min, max)")
    wall, cpu, _ = process_timing([sys.executable, "-c", f"import foldkit.kinds.{kind}, solver.{kind}"], args.runs)
    print(row("python start + imports", wall, cpu))
    for path in args.puzzles:
        report(kind, parser, path, args.runs)
