"""How long `foldkit build` takes: the whole process, and each artifact within it.

Runs the real command several times (median, min, max; the machine is noisy) and reads the
per-artifact times it prints. Usage: python bench/build_speed.py [PUZZLE] [--runs N]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

WROTE = re.compile(r"wrote \S+/(\S+) \((\d+) KiB, ([\d.]+) s\)")


def one_build(puzzle: list[str], folder: str) -> tuple[float, dict[str, tuple[int, float]]]:
    """(wall seconds, {artifact: (KiB, seconds)}) of one `foldkit build` process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "foldkit", "build", *puzzle, "-o", folder, "--quiet"],
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    return wall, {m[1]: (int(m[2]), float(m[3])) for m in WROTE.finditer(done.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", help="puzzle file (default: the built-in nov2025)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    puzzle = [args.puzzle] if args.puzzle else []
    walls, parts = [], defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.runs):
            wall, artifacts = one_build(puzzle, folder)
            walls.append(wall)
            for name, figures in artifacts.items():
                parts[name].append(figures)
    print(f"foldkit build {args.puzzle or '(nov2025)'}: {args.runs} runs")
    print(f"  whole process: median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f})")
    for name, figures in parts.items():
        seconds = statistics.median(s for _, s in figures)
        print(f"  {name:<14} {figures[-1][0]:>6} KiB  median {seconds:.2f} s")


if __name__ == "__main__":
    main()
