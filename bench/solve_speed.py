"""How fast the complete job runs: `foldkit solve` as a whole process, and each stage in-process.

For each puzzle (default: nov2025 and its 8x8 sample) prints the whole-process wall time
(median, min, max of --runs), the import time, and each solver stage. The bar in issue 2:
nov2025, whole process, median of 5, at most 1.0 s.
Usage: python bench/solve_speed.py [PUZZLE ...] [--runs N]
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from timing import import_timing, process_timing, row, solve_timing, stage_timings

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PUZZLES = [ROOT / "examples" / "nov2025.txt", ROOT / "examples" / "nov2025-sample.txt"]


def report(path: Path, runs: int) -> None:
    """Print the figures of one puzzle."""
    text = path.read_text()
    (solved, report) = solve_timing(text, str(path), runs)
    answers = sorted({s.answer for s in report.solutions})
    print(f"{path.name}: {len(report.layouts)} layouts, {report.folding_count} foldings, "
          f"{len(report.solutions)} solution(s), answer {answers}")
    print(row("whole process", process_timing(["solve", str(path)], runs)))
    print(row("solve()", solved))
    for stage, timing in stage_timings(text, str(path), runs).items():
        print(row(stage, timing))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=DEFAULT_PUZZLES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.runs} runs each; {os.cpu_count()} cores; times are median (min, max)")
    print(row("import", import_timing(args.runs)))
    for path in args.puzzles:
        report(path, args.runs)


if __name__ == "__main__":
    main()
