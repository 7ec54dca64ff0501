"""How solving time grows with the grid: generated puzzles from 10x10 to 60x60, stage by stage.

Each size has one puzzle, made by ``solver.generate.random_puzzle`` from a fixed seed (the
size) and saved under bench/puzzles/ with its planted layout, so runs are reproducible; a
missing puzzle is generated and saved first, and --regenerate makes them all again.
Usage: python bench/scaling.py [--sizes 10 20 ...] [--runs N] [--regenerate]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from timing import STAGES, solve_timing, stage_timings

from solver.shutbox.generate import random_puzzle
from solver.shutbox.puzzle import layout_picture, parse_layout, picture

PUZZLES = Path(__file__).resolve().parent / "puzzles"
SIZES = (10, 20, 30, 40, 50, 60)


def puzzle_path(size: int) -> Path:
    return PUZZLES / f"random-{size}x{size}.txt"


def make_puzzle(size: int) -> float:
    """Generate and save the puzzle of one size and its planted layout; the seconds it took."""
    start = time.perf_counter()
    puzzle, layout = random_puzzle(size, size, random.Random(size))
    seconds = time.perf_counter() - start
    PUZZLES.mkdir(exist_ok=True)
    puzzle_path(size).write_text(picture(puzzle))
    puzzle_path(size).with_suffix(".solution.txt").write_text(layout_picture(size, size, layout))
    return seconds


def measure(size: int, runs: int) -> str:
    """One table row: the puzzle's figures and the median time of each stage, in ms."""
    path = puzzle_path(size)
    text = path.read_text()
    (solved, report) = solve_timing(text, str(path), runs)
    _, _, planted = parse_layout(path.with_suffix(".solution.txt").read_text())
    assert [s.layout for s in report.solutions] == [planted], f"{path} lost its planted solution"
    stages = stage_timings(text, str(path), runs)
    box = "x".join(map(str, report.solutions[0].box))
    figures = [1000 * stages[s][0] for s in STAGES] + [1000 * solved[0]]
    clues = len(report.puzzle.numbers) + len(report.puzzle.arrows)
    return f"{size:>3}x{size:<3} {len(planted):>5} {box:>9} {clues:>5} {len(report.layouts):>4} " + " ".join(
        f"{x:>10.1f}" for x in figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--regenerate", action="store_true", help="make every puzzle again")
    args = parser.parse_args()
    for size in args.sizes:
        if args.regenerate or not puzzle_path(size).exists():
            print(f"generated {puzzle_path(size).name} in {make_puzzle(size):.1f} s")
    print(f"median of {args.runs} runs, ms; 'solve' is solver.solve in-process, parse included")
    print("grid    cells       box clues lays " + " ".join(f"{s:>10}" for s in (*STAGES, "solve")))
    for size in args.sizes:
        print(measure(size, args.runs), flush=True)


if __name__ == "__main__":
    main()
