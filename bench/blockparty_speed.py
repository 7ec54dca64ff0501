"""How fast Block Party is solved with the uniqueness proof: the whole process, and in-process.

Whole process: a fresh `python` that imports the kind, parses the file, solves it (every
solution up to the limit, so uniqueness is proven), and prints the text `foldkit solve` prints.
If the command line already knows the kind, `python -m foldkit solve FILE` is timed as well.
The bar in issue 10: Block Party 4, whole process, median of 5, at most 0.5 s.
Usage: python bench/blockparty_speed.py [PUZZLE ...] [--runs N]
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
DEFAULT_PUZZLES = [ROOT / "examples" / "block-party-4.txt", ROOT / "examples" / "block-party-example.txt"]
JOB = """
import sys
from foldkit.kinds.base import SolveOptions
from foldkit.kinds.blockparty import KIND
path = sys.argv[1]
report = KIND.solve(KIND.parse(open(path, encoding="utf-8").read(), path, None), SolveOptions())
print(KIND.text(report))
sys.exit(KIND.outcome(report).code)
"""

Timing = tuple[float, float, float]  # (median, min, max) seconds


def summary(seconds: list[float]) -> Timing:
    return statistics.median(seconds), min(seconds), max(seconds)


def row(label: str, timing: Timing) -> str:
    median, low, high = timing
    return f"  {label:<28} {median * 1000:8.1f} ms  ({low * 1000:.1f}, {high * 1000:.1f})"


def process_timing(command: list[str], runs: int) -> tuple[Timing, subprocess.CompletedProcess]:
    """Wall time of a fresh process running the command, from the worktree root."""
    seconds, done = [], None
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        seconds.append(time.perf_counter() - start)
    return summary(seconds), done


def in_process(path: Path, runs: int) -> dict[str, Timing]:
    """Parse and solve times inside this process (imports already done)."""
    from solver.blockparty import parse_block_party, solve

    text = path.read_text()
    parse, search = [], []
    for _ in range(runs):
        start = time.perf_counter()
        puzzle = parse_block_party(text, str(path))
        middle = time.perf_counter()
        solve(puzzle)
        search.append(time.perf_counter() - middle)
        parse.append(middle - start)
    return {"parse": summary(parse), "solve (with proof)": summary(search)}


def report(path: Path, runs: int) -> None:
    """Print the figures of one puzzle."""
    timing, done = process_timing([sys.executable, "-c", JOB, str(path)], runs)
    answer = next((line for line in done.stdout.splitlines() if line.startswith("Answer")), done.stderr.strip())
    print(f"{path.name}: exit {done.returncode}; {answer}")
    print(row("whole process (kind)", timing))
    cli, done = process_timing([sys.executable, "-m", "foldkit", "solve", str(path)], runs)
    if done.returncode == 0 and "Answer" in done.stdout:
        print(row("whole process (foldkit solve)", cli))
    for label, figure in in_process(path, runs).items():
        print(row(label, figure))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=DEFAULT_PUZZLES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.runs} runs each; {os.cpu_count()} cores; times are median (min, max)")
    empty, _ = process_timing([sys.executable, "-c", "pass"], args.runs)
    print(row("python start, nothing else", empty))
    imports, _ = process_timing([sys.executable, "-c", "import foldkit.kinds.blockparty, solver.blockparty.search; "
                                 "import pysat.solvers"], args.runs)
    print(row("python start + imports", imports))
    for path in args.puzzles:
        report(path, args.runs)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
