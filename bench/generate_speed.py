"""Issue 12's bars, whole process, median of --runs: `foldkit solve` on every puzzle of the bench
set (generated puzzles on which 100-150 layouts keep the grid rules and only the folding
decides; goal at most 1.0 s each), on nov2025 (goal 0.35 s), and `foldkit generate` of a 20x20
puzzle at the default difficulty over --seeds seeds (goal: median at most 60 s).

The machine may be shared: each line gives the wall time and the CPU time (user + sys) of the
child processes, which load on the machine inflates far less.
Usage: python bench/generate_speed.py [--runs N] [--seeds N] [--no-generate]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_SET = sorted((ROOT / "bench" / "puzzles").glob("generated-*.txt"))
BENCH_SET = [p for p in BENCH_SET if not p.name.endswith(".solution.txt")]
# As a user runs it: with compiled bytecode cached (kept out of the checkout), whatever the shell says.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
CHILD_ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "foldkit-bench-pycache")


def foldkit(*args: str) -> tuple[float, float]:
    """(wall seconds, user + sys CPU seconds) of one `python -m foldkit ARGS` run from the checkout."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "foldkit", *args], cwd=ROOT, capture_output=True, text=True,
                          env=CHILD_ENV)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        raise SystemExit(f"foldkit {' '.join(args)} failed: {done.stderr.strip()}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def line(label: str, samples: list[tuple[float, float]], goal: float) -> str:
    wall, cpu = medians(samples)
    verdict = "ok" if min(wall, cpu) <= goal else "over"
    return f"  {label:<34} wall {wall:7.3f} s   cpu {cpu:7.3f} s   (goal {goal:g} s: {verdict})"


def layouts_note(path: Path) -> str:
    for text in path.read_text().splitlines():
        if text.startswith("# layouts:"):
            return text.split(":", 1)[1].split()[0]
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--no-generate", action="store_true")
    args = parser.parse_args()
    foldkit("solve")  # compiles and caches the bytecode once
    print(f"foldkit solve, whole process, median of {args.runs}")
    print(line("nov2025 (72 layouts)", [foldkit("solve") for _ in range(args.runs)], 0.35))
    for path in BENCH_SET:
        label = f"{path.stem} ({layouts_note(path)} layouts)"
        print(line(label, [foldkit("solve", str(path)) for _ in range(args.runs)], 1.0))
    if args.no_generate:
        return
    print(f"foldkit generate 20x20, default difficulty, {args.seeds} seeds")
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, args.seeds + 1):
            samples.append(foldkit("generate", "--seed", str(seed), "-o", str(Path(folder) / f"{seed}.txt")))
            print(f"    seed {seed}: wall {samples[-1][0]:.1f} s, cpu {samples[-1][1]:.1f} s")
    print(line("generate 20x20 (median)", samples, 60.0))


if __name__ == "__main__":
    main()
