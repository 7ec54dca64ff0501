"""How fast `foldkit hint` answers, whole process (start-up, parse, deductions up to the next
number written in, output), median of N runs (default 5), with the CPU time the child used (this
machine is shared and noisy); and, for comparison, `foldkit hint --all` (the whole diary and the
grade) and `foldkit solve` (which prints the grade too).
Usage: python bench/hint_speed.py [PUZZLE ...] [--runs N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kind_speed import ROOT, process_timing, row

EXAMPLES = ROOT / "examples"
PUZZLES = [EXAMPLES / name for name in ("nov2025.txt", "nov2025-sample.txt", "block-party-4.txt",
                                        "block-party-example.txt", "soma.txt", "y-pentacube.txt",
                                        "number-cross-5.txt", "number-cross-example.txt")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=PUZZLES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    foldkit = [sys.executable, "-m", "foldkit"]
    for path in args.puzzles:
        print(f"{path.name}: wall median (min, max), cpu median (min, max)")
        for label, extra in (("hint", ["hint"]), ("hint --all", ["hint", "--all"]), ("solve", ["solve"])):
            wall, cpu, done = process_timing([*foldkit, extra[0], str(path), *extra[1:]], args.runs)
            print(row(label, wall, cpu))
            if done.returncode != 0:
                print(f"    exit {done.returncode}: {done.stderr.strip()[:200]}")


if __name__ == "__main__":
    main()
