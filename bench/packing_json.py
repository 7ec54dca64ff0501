"""`solve PUZZLE --all --json` (streamed) against `--all` alone, whole processes alternating, and against
another checkout's foldkit (--before PATH): CPU seconds (user + sys, so a loaded machine does not skew
them), wall seconds and peak memory (max RSS of the process and its workers), medians of --runs.
Usage: python bench/packing_json.py [--runs 3] [--before /path/to/.venv/bin/foldkit] [--puzzle FILE]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(foldkit: str, puzzle: str, extra: list[str]) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, MB of peak memory) of one whole process and its workers."""
    script = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
              "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
              "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
              "print(u.ru_utime + u.ru_stime, time.perf_counter() - t, u.ru_maxrss / 1024)")
    done = subprocess.run(["python3", "-c", script, foldkit, "solve", puzzle, "--all", "--jobs", "2", *extra],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    cpu, wall, mb = map(float, done.stdout.split())
    return cpu, wall, mb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", help="the foldkit command of the checkout to compare with")
    parser.add_argument("--puzzle", default=str(ROOT / "examples" / "bedlam.txt"))
    args = parser.parse_args()
    commands = {"this": shutil.which("foldkit") or "foldkit"} | ({"before": args.before} if args.before else {})
    found: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for _ in range(args.runs):
        for who, command in commands.items():
            for how, extra in (("--all", []), ("--all --json", ["--json"])):
                found.setdefault((who, how), []).append(one_run(command, args.puzzle, extra))
    print(f"{Path(args.puzzle).name}, --jobs 2, medians of {args.runs} (load {os.getloadavg()[0]:.1f}):")
    for (who, how), runs in found.items():
        cpu, wall, mb = (statistics.median(r[i] for r in runs) for i in range(3))
        print(f"  {who:>6} {how:<13} CPU {cpu:6.2f} s  wall {wall:6.2f} s  peak {mb:6.0f} MB")


if __name__ == "__main__":
    main()
