"""Time `foldkit generate packing`: one challenge card of the Y-pentacube cube and of Soma, whole
process, median over 5 seeds (goal for the Y cube: at most 5 s). Run: python bench/challenge_speed.py"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def one_card(puzzle: str, seed: int, folder: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child process) of making one card."""
    before, cpu_before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "foldkit", "generate", "packing", "--from", str(ROOT / "examples" / puzzle),
                    "--seed", str(seed), "-o", str(folder / str(seed))], capture_output=True, check=True)
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime
    return time.perf_counter() - before, cpu


def main() -> None:
    for puzzle in ("y-pentacube.txt", "soma.txt"):
        with tempfile.TemporaryDirectory() as folder:
            runs = [one_card(puzzle, seed, Path(folder)) for seed in range(1, RUNS + 1)]
        print(f"{puzzle}: one card, median over {RUNS} seeds: {statistics.median(w for w, _ in runs):.2f} s wall, "
              f"{statistics.median(c for _, c in runs):.2f} s CPU")


if __name__ == "__main__":
    main()
