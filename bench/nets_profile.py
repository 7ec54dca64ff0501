"""Where the nets search spends its nodes (issue 39): builds solver/nets/_search.c with -DNETS_STATS (each level's
nodes met, how many each prune drops and the work of the floods over all pairs, printed by the search to stderr)
into a temporary folder, runs parts of a count in it, and writes the table per level, summed over the parts, to
bench/results/nets_profile.md.
The stats build is used by this script alone; foldkit's own build has no counters.

Usage: python bench/nets_profile.py [--boxes 1x1x9 1x3x4] [--parts 512] [--sample 7 100]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import solver.nets.search as search
from solver.nets.find import parse_box
from solver.nets.plan import make_plan

HERE = Path(__file__).resolve().parent.parent
SOURCE = HERE / "solver" / "nets" / "_search.c"
RESULT = HERE / "bench" / "results" / "nets_profile.md"
KINDS = ("met", "turned", "one_box", "pairs", "regions", "pair_floods", "pairs_queued")  # as _search.c prints them


def stats_build(folder: Path) -> Path:
    """The search built with its counters, as a shared library in folder."""
    out = folder / "_search_stats.so"
    include = sysconfig.get_paths()["include"]
    subprocess.run(["gcc", "-shared", "-fPIC", "-O3", "-DNETS_STATS", f"-I{include}", f"-I{SOURCE.parent}",
                    str(SOURCE), "-o", str(out)], check=True)
    return out


def counted(boxes: list[str], parts: int, sample: list[int]) -> tuple[str, float, int, int]:
    """Runs the sampled parts in this process; (what the search printed, CPU seconds, nets, nodes)."""
    plan = make_plan(tuple(parse_box(box) for box in boxes))
    start, nets, nodes = time.process_time(), 0, 0
    with tempfile.TemporaryFile("w+") as err:
        saved = os.dup(2)
        os.dup2(err.fileno(), 2)  # the counters go to the C stderr
        try:
            for part in sample:
                for roots in plan.runs:
                    found, met = search.counted_part(plan, roots, part, parts)
                    nets, nodes = nets + found, nodes + met
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        err.seek(0)
        return err.read(), time.process_time() - start, nets, nodes


def table(printed: str) -> dict[int, list[int]]:
    """Per level, the counters summed over the runs."""
    levels: dict[int, list[int]] = defaultdict(lambda: [0] * len(KINDS))
    for line in printed.splitlines():
        words = line.split()
        if words and words[0] == "level":
            values = [int(words[3 + 2 * k]) for k in range(len(KINDS))]
            levels[int(words[1])] = [a + b for a, b in zip(levels[int(words[1])], values, strict=True)]
    return levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boxes", nargs="+", default=["1x1x9", "1x3x4"])
    parser.add_argument("--parts", type=int, default=512)
    parser.add_argument("--sample", nargs="+", type=int, default=[7, 100])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        spec = importlib.util.spec_from_file_location("_search", stats_build(Path(folder)))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        search._search = module  # this process only
        printed, cpu, nets, nodes = counted(args.boxes, args.parts, args.sample)
    parts = ", ".join(str(k + 1) for k in args.sample)
    lines = [f"The nets search's nodes per level (cells placed), {' and '.join(args.boxes)}, parts {parts} of "
             f"{args.parts}: {nets:,} nets, {nodes:,} nodes, {cpu:.1f} CPU s with the counters (load "
             f"{os.getloadavg()[0]:.1f}). Made by `python bench/nets_profile.py`. Met: nodes that reach the prunes; "
             "then those dropped by the sides of the first cell or of the cell on another square of the pinned "
             "square's orbit (a turned find's come earlier), the one-box floods, the flood over all pairs, and the "
             "floods over pairs in small regions; last, the floods over all pairs run and the pair classes they "
             "queued (their cost: most of the search's time goes to them).", "",
             "| cells | met | turned | one box | all pairs | pairs in regions | all-pair floods | classes queued |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for level, row in sorted(table(printed).items()):
        lines.append(f"| {level} | " + " | ".join(f"{value:,}" for value in row) + " |")
    RESULT.write_text("\n".join(lines) + "\n")
    print(RESULT.read_text())


if __name__ == "__main__":
    sys.exit(main())
