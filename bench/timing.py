"""Timing for the solver bench scripts: repeated runs summed up as (median, min, max), stage by stage.

The stages are the solver's own plain functions, called in the order ``solve`` calls them, so
that their times add up to the job: parse, layouts, foldings (every box of every layout's
area), clue rules (circles and squares on every folding).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from solver.box import boxes_of_area
from solver.folding import clear_caches, foldings
from solver.shutbox.clues import clue_problem
from solver.shutbox.puzzle import parse_puzzle
from solver.shutbox.solve import find_layouts, solve

Timing = tuple[float, float, float]  # (median, min, max) seconds
STAGES = ("parse", "layouts", "foldings", "clue rules")


def summary(seconds: list[float]) -> Timing:
    return statistics.median(seconds), min(seconds), max(seconds)


def timed(work: Callable[[], Any], runs: int) -> tuple[Timing, Any]:
    """(the timing of runs calls of work, what the last call returned)."""
    seconds, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - start)
    return summary(seconds), result


def stage_seconds(text: str, source: str) -> dict[str, float]:
    """Seconds spent in each stage of one complete solve, run stage by stage, caches cold."""
    clear_caches()
    out, start = {}, time.perf_counter()
    puzzle = parse_puzzle(text, source)
    out["parse"], start = time.perf_counter() - start, time.perf_counter()
    found, _ = find_layouts(puzzle)
    out["layouts"], start = time.perf_counter() - start, time.perf_counter()
    folds = [f for layout in found for box in boxes_of_area(len(layout)) for f in foldings(layout, box)]
    out["foldings"], start = time.perf_counter() - start, time.perf_counter()
    for folding in folds:
        clue_problem(puzzle, folding)
    out["clue rules"] = time.perf_counter() - start
    return out


def stage_timings(text: str, source: str, runs: int) -> dict[str, Timing]:
    """The timing of each stage over runs complete solves, plus their total."""
    samples = [stage_seconds(text, source) for _ in range(runs)]
    out = {stage: summary([s[stage] for s in samples]) for stage in STAGES}
    out["stages total"] = summary([sum(s.values()) for s in samples])
    return out


def solve_timing(text: str, source: str, runs: int) -> tuple[Timing, Any]:
    """(the timing of ``solve`` in-process, parse included; its last report)."""
    return timed(lambda: (clear_caches(), solve(parse_puzzle(text, source)))[1], runs)


def foldkit_command() -> list[str]:
    """How a user starts foldkit: the console script if installed, else the module."""
    script = shutil.which("foldkit")
    return [script] if script else [sys.executable, "-m", "foldkit"]


def process_timing(args: list[str], runs: int) -> Timing:
    """The wall time of a whole foldkit process (start-up, import, work, output)."""
    def run() -> None:
        subprocess.run(foldkit_command() + args, capture_output=True, check=False)

    return timed(run, runs)[0]


def import_timing(runs: int) -> Timing:
    """The time to import what ``foldkit solve`` imports, each run in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import foldkit.cli, solver; print(time.perf_counter() - t)"
    seconds = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout) for _ in range(runs)]
    return summary(seconds)


def row(label: str, timing: Timing, width: int = 14) -> str:
    median, low, high = timing
    return f"  {label:<{width}} {1000 * median:9.1f} ms   (min {1000 * low:.1f}, max {1000 * high:.1f})"
