"""Does each example's fold close, and what does finding its order cost? (issue 40 item 5)

For the built-in puzzle, the sample puzzle, every folding of the example net files, and a spread
sample of the nets two boxes share: whether the panel tree's own staging closes, else whether the
search (foldkit.fold.order.closing_fold) found an order within its budget, the stage checks it made
and its CPU seconds (time.process_time, the collision check and the search together).

Usage: python bench/fold_order.py [--shared-every N]   (every Nth of the 2,263 nets 1x1x5 and
1x2x3 share, both foldings of each; default 50, 0 for none)
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from foldkit.fold.order import STAGE_CHECKS, ClosingFold, closing_fold
from foldkit.fold.panels import panel_tree
from foldkit.kinds import load
from foldkit.kinds.net.report import net_folding
from solver.folding import Folding, foldings
from solver.nets.find import find_nets

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHARED = ((1, 1, 5), (1, 2, 3))


def puzzle_folding(path: Path | None) -> Folding:
    loaded = load(path)
    solution = loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options())
    return loaded.kind.subject(solution, None).fold.folding


def examples() -> list[tuple[str, Folding]]:
    """(name, folding) of the built-in and sample puzzles and every folding of the example nets."""
    out = [("nov2025 (built in)", puzzle_folding(None)),
           ("nov2025-sample", puzzle_folding(EXAMPLES / "nov2025-sample.txt"))]
    for stem in ("two-boxes", "three-boxes"):
        count = net_folding(EXAMPLES / f"{stem}.txt").count
        out += [(f"{stem} {n}", net_folding(EXAMPLES / f"{stem}.txt", n).fold.folding) for n in range(1, count + 1)]
    return out


def verdict(chosen: ClosingFold) -> str:
    if not chosen.reordered:
        return "closes as staged"
    return "order found" if chosen.check.closes else "no order found"


def timed(folding: Folding) -> tuple[ClosingFold, float]:
    start = time.process_time()
    chosen = closing_fold(panel_tree(folding))
    return chosen, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared-every", type=int, default=50)
    args = parser.parse_args()
    print(f"budget: {STAGE_CHECKS} stage checks")
    print(f"{'fold':<22}{'cells':>6}{'hinges':>7}  {'verdict':<18}{'stage checks':>13}{'CPU s':>8}")
    for name, folding in examples():
        chosen, seconds = timed(folding)
        tree = chosen.tree
        print(f"{name:<22}{len(tree.cells):>6}{len(tree.hinges):>7}  {verdict(chosen):<18}"
              f"{chosen.stage_checks:>13}{seconds:>8.2f}")
    if args.shared_every:
        nets = find_nets(list(SHARED)).nets[::args.shared_every]
        tally: Counter[str] = Counter()
        seconds = []
        for net in nets:
            for box in SHARED:
                for folding in (f for f in foldings(net, box) if f.printed_outside):
                    chosen, spent = timed(folding)
                    tally[verdict(chosen)] += 1
                    seconds.append(spent)
        boxes = " and ".join("x".join(map(str, b)) for b in SHARED)
        print(f"nets {boxes} share, every {args.shared_every}th ({len(nets)} nets, {len(seconds)} foldings): "
              + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
              + f"; CPU s median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")


if __name__ == "__main__":
    main()
