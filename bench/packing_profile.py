"""Where a census's tree grows and where it ends, by the copies left: the front search (_front.c) built again with its
counters (cc -DFOLDKIT_PROFILE), in this process only, and every packing of each puzzle counted in one thread.

For each count of copies left (before a placement): the nodes that came to a choice there, their mean live
placements (of the front search's live set, the words from the lowest empty cell's on), the share that ended at
once (a pocket or a piece with no live placement, by the pockets or the one-word tally), the tallies made, the
placements made, the mean fan (placements per node that branched), the share of the placements whose region check
ended them, the finishes begun (see _front.c's finish), the placements finish made (its last piece, looked up by
its cells, not counted), the placements on a path to a packing (read off the packings found: the distinct
prefixes of their rows) and the share of all placements made at that level. The profile build makes the same
tree as the real one; its counters (the live placements above all) cost CPU time, so its seconds are no timing
(bench/packing_speed.py's are) but its counts are exact: every placement the search counted is one of the
counters' (the script fails otherwise).
The last run is in bench/results/packing_profile.txt.
Usage: python bench/packing_profile.py [--optimise -O3] [PUZZLE ...]   (default: the Tetris Cube and the Bedlam cube)
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from array import array
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PUZZLES = [ROOT / "examples" / "tetris-cube.txt", ROOT / "examples" / "bedlam.txt"]
SOURCE = ROOT / "solver" / "packing" / "_front.c"
# _front.c's enum PROFILED, in order
COUNTERS = ("nodes", "live", "dead", "tallies", "placed", "cut off", "finishes", "finish placed", "looked up")


def profiled_module(folder: Path, optimise: str = "-O3") -> ModuleType:
    """_front.c built with its counters into folder (at that optimisation), loaded in the place of
    solver.packing._front."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    target = folder / f"_front{suffix}"
    compiler = os.environ.get("CC", "cc")
    include = sysconfig.get_paths()["include"]
    subprocess.run([compiler, optimise, "-shared", "-fPIC", "-DFOLDKIT_PROFILE", f"-I{include}", str(SOURCE), "-o",
                    str(target)], check=True)
    spec = importlib.util.spec_from_file_location("solver.packing._front", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["solver.packing._front"] = module
    import solver.packing
    solver.packing._front = module  # what `from solver.packing import _front` finds
    return module


def on_path(rows: bytes, width: int, made: int) -> dict[int, set[tuple[int, ...]]]:
    """copies left -> the prefixes of the packings' rows (int32, width ids each, the first `made` the task's) that
    end in a placement the search made with that many copies left before it."""
    flat = array("i", rows)
    prefixes: dict[int, set[tuple[int, ...]]] = {}
    for start in range(0, len(flat), width):
        row = tuple(flat[start:start + width])
        for depth in range(made, width):
            prefixes.setdefault(width - depth, set()).add(row[:depth + 1])
    return prefixes


def profile(module: ModuleType, path: Path) -> None:
    """Count every packing of the puzzle in one thread, and print its tree by the pieces left."""
    from solver.packing import parse_packing
    from solver.packing.parts import Plan
    from solver.packing.records import search_records, task_records
    from solver.packing.table import build_table

    plan = Plan(build_table(parse_packing(path.read_text(), str(path))))
    module.profile()
    paths: dict[int, int] = {}
    packings = nodes = 0
    start = time.process_time()
    for task in plan.starts:  # one call a task: its rows' first len(task.chosen) placements are the task's
        found = search_records(plan.table, task_records([task]), 0, plan.counting(0, -1), -1, 1)
        packings, nodes = packings + found.packings, nodes + found.nodes
        for left, prefixes in on_path(found.rows, plan.width, len(task.chosen)).items():
            paths[left] = paths.get(left, 0) + len(prefixes)
    seconds = time.process_time() - start
    levels = [dict(zip(COUNTERS, counts, strict=True)) for counts in module.profile()]
    placed = sum(level["placed"] + level["finish placed"] for level in levels)
    if placed + sum(level["looked up"] for level in levels) != nodes:
        raise SystemExit(f"{path}: the counters hold {placed:,} placements, the search made {nodes:,}")
    print(f"{path.stem}: {packings:,} packings, {nodes:,} placements, {seconds:.2f} CPU-s in one thread "
          f"(the profile build), {len(plan.starts)} starting points")
    print(f"  {'left':>4} {'nodes':>12} {'live':>6} {'dead':>6} {'tallies':>10} {'placed':>12} {'fan':>5} "
          f"{'cut off':>8} {'finishes':>11} {'finish placed':>14} {'on a path':>10} {'of all':>7}")
    for left in range(len(levels) - 1, 0, -1):
        node, live, dead, tallies, made, cut, finishes, finish_made, _ = levels[left].values()
        if not (node or made or finish_made):
            continue
        branched = node - dead
        print(f"  {left:>4} {node:>12,} {live / node if node else 0:>6.0f} {share(dead, node):>6} {tallies:>10,} "
              f"{made:>12,} {made / branched if branched else 0:>5.2f} {share(cut, made):>8} {finishes:>11,} "
              f"{finish_made:>14,} {paths.get(left, 0):>10,} {share(made + finish_made, placed):>7}")


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path, default=PUZZLES)
    parser.add_argument("--optimise", default="-O3", help="the compiler's optimisation (tests build at -O0: quicker)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        module = profiled_module(Path(folder), args.optimise)
        for path in args.puzzles:
            profile(module, path)


if __name__ == "__main__":
    main()
