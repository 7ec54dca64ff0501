"""Hostile sizes (issue 8): `foldkit solve FILE --limit 1` on clue-free and nearly clue-free grids
up to 100x100, and `foldkit boxes` on nets of thousands of cells; whole process each time.

The inputs are made here, in a temporary folder: grids with no clue, one number, two numbers far
apart, or one arrow; nets that are a line, a random tree, a random blob, a box's cross net and a
square block. Prints the exit code and the wall time, median (min, max) of --runs runs.
Usage: python bench/hostile_speed.py [--runs N] [--quick] [--only WORD] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
Cell = tuple[int, int]


def grid_text(n: int, clues: dict[Cell, str]) -> str:
    """An n x n Shut the Box puzzle with the given clues and '.' elsewhere."""
    rows = (" ".join(clues.get((r, c), ".") for c in range(n)) for r in range(n))
    return f"{n} {n}\n" + "\n".join(rows) + "\n"


def net_text(cells: set[Cell]) -> str:
    """A net file of the cells."""
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    cells = {(r - r0, c - c0) for r, c in cells}
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    return "\n".join("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows)) + "\n"


def grown(n: int, seed: int, tree: bool) -> set[Cell]:
    """A random polyomino of n cells grown from one cell; a tree never closes a 2x2 block."""
    rng, cells, grown_from = random.Random(seed), {(0, 0)}, [(0, 0)]
    while len(cells) < n:
        r, c = rng.choice(grown_from)
        new = rng.choice([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)])
        beside = [(new[0] - 1, new[1]), (new[0] + 1, new[1]), (new[0], new[1] - 1), (new[0], new[1] + 1)]
        if new in cells or (tree and sum(x in cells for x in beside) != 1):
            continue
        cells.add(new)
        grown_from.append(new)
    return cells


def cross(a: int, b: int, c: int) -> set[Cell]:
    """The cross net of an a x b x c box: a belt of four faces, a lid above and below the first."""
    cells, x = set(), 0
    for width in (a, b, a, b):
        cells |= {(r, col) for r in range(b, b + c) for col in range(x, x + width)}
        x += width
    cells |= {(r, col) for r in [*range(b), *range(b + c, 2 * b + c)] for col in range(a)}
    return cells


def cases(quick: bool) -> list[tuple[str, list[str], str]]:
    """(label, foldkit arguments with {file} for the input, input text) of every case."""
    out = []
    for n in (15, 20, 100):
        far = {(1, 1): "4", (n - 2, n - 2): "4"}
        for name, clues in (("empty", {}), ("one number", {(n // 2, n // 2): "5"}), ("two numbers", far),
                            ("one arrow", {(0, 0): "RD"})):
            out.append((f"solve {n}x{n} {name}", ["solve", "{file}", "--limit", "1"], grid_text(n, clues)))
    nets = [("line 1000", {(0, i) for i in range(1000)}), ("line 10000", {(0, i) for i in range(10000)}),
            ("tree 2000", grown(2000, 1, True)), ("tree 4000", grown(4000, 1, True)),
            ("blob 4000", grown(4000, 1, False)), ("cross 10x20x30 (2200)", cross(10, 20, 30)),
            ("block 40x40", {(r, c) for r in range(40) for c in range(40)})]
    if not quick:
        block = {(r, c) for r in range(100) for c in range(100)}
        nets += [("tree 10000", grown(10000, 1, True)), ("block 100x100", block)]
    out += [(f"boxes {name}", ["boxes", "{file}"], net_text(cells)) for name, cells in nets]
    return out


def timed_run(args: list[str], timeout: float) -> tuple[float, int | None]:
    """(wall seconds, exit code; None if stopped at timeout) of one whole foldkit process run
    from this checkout."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "foldkit", *args], cwd=ROOT, capture_output=True,
                              check=False, timeout=timeout)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, None
    return time.perf_counter() - start, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="leave out the 10,000-cell nets (a minute each)")
    parser.add_argument("--only", default="", help="only the cases whose label contains this")
    parser.add_argument("--timeout", type=float, default=600, help="stop a run after this many seconds")
    args = parser.parse_args()
    print(f"{args.runs} runs each, whole process; median (min, max)")
    with tempfile.TemporaryDirectory() as folder:
        for label, argv, text in cases(args.quick):
            if args.only not in label:
                continue
            path = Path(folder) / "input.txt"
            path.write_text(text)
            runs = [timed_run([a.replace("{file}", str(path)) for a in argv], args.timeout) for _ in range(args.runs)]
            seconds = [s for s, _ in runs]
            codes = sorted({"timeout" if code is None else str(code) for _, code in runs})
            print(f"  {label:<28} exit {','.join(codes):<8}  {statistics.median(seconds):7.2f} s  "
                  f"(min {min(seconds):.2f}, max {max(seconds):.2f})", flush=True)


if __name__ == "__main__":
    main()
