"""The compiled Number Cross row walk against the Python one, side by side: each run is a fresh
process that solves a puzzle with its proof (or generates one) in process, with the compiled walk
or with the Python walk (solver.numbercross.walk.compiled.ENGINE set to None), the two alternating.
Prints the median, min and max CPU seconds of each and their ratio; both must give the same answer.
Measured: Number Cross 5 (5 runs each) 1.08 CPU-s compiled against 2.92 with the Python walk;
--generate 11x11 --seed 5 (3 runs each) 3.86 against 17.7.
Usage: python bench/numbercross_walk.py [PUZZLE] [--runs N] [--generate SIZE --seed N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import sys, time
from pathlib import Path
from solver.numbercross.walk import compiled
if sys.argv[1] == "python":
    compiled.ENGINE = None
if sys.argv[2] == "solve":
    from solver.numbercross.rules.parse import parse_number_cross
    from solver.numbercross.solve import solve
    puzzle = parse_number_cross(Path(sys.argv[3]).read_text(), sys.argv[3])
    start = time.process_time()
    made = solve(puzzle).answers
else:
    import random
    from solver.numbercross.generate.generator import generate
    from solver.numbercross.rules.parse import picture
    rows, cols = (int(side) for side in sys.argv[3].split("x"))
    start = time.process_time()
    made = hash(picture(generate(rows, cols, random.Random(int(sys.argv[4]))).puzzle))
print(time.process_time() - start, made)
"""


def one_run(walk: str, job: list[str]) -> tuple[float, str]:
    """(CPU seconds of the job in a fresh process, what it made) with this walk."""
    out = subprocess.run([sys.executable, "-c", CHILD, walk, *job], cwd=ROOT, capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "0", "PATH": ""}).stdout.split(maxsplit=1)
    return float(out[0]), out[1].strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?", default=str(ROOT / "examples" / "number-cross-5.txt"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--generate", metavar="SIZE", help="generate a puzzle of this size (5x5, 7x7, 11x11) instead")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    job = ["generate", args.generate, str(args.seed)] if args.generate else ["solve", args.puzzle]
    seconds: dict[str, list[float]] = {"compiled": [], "python": []}
    made = set()
    for _ in range(args.runs):
        for walk in seconds:
            cpu, result = one_run(walk, job)
            seconds[walk].append(cpu)
            made.add(result)
    assert len(made) == 1, f"the two walks made different things: {made}"
    print(f"{' '.join(job)}: {args.runs} runs each, alternating; made {made.pop()}")
    for walk, times in seconds.items():
        print(f"  {walk:9} walk  median {statistics.median(times):6.2f} CPU-s  (min {min(times):.2f}, "
              f"max {max(times):.2f})")
    ratio = statistics.median(seconds["python"]) / statistics.median(seconds["compiled"])
    print(f"  the Python walk takes {ratio:.1f} times as long")


if __name__ == "__main__":
    main()
