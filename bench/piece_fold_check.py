"""Do the nets pieces-paper.pdf prints fold up without two squares passing through each other (issue 40
item 4)? For the Y-pentacube cube and the Bedlam cube at the default paper (A4) and cell (15 mm): the
distinct nets printed, how many of them close by foldkit.fold.piece_fold.check_piece_fold (every crease
turning at once), the worst gap a crease off the fold's tree opens (0: the paper stays whole) and the
CPU time of each check.

Usage: python bench/piece_fold_check.py
"""

from __future__ import annotations

import time
from pathlib import Path

from foldkit.fold.piece_fold import check_piece_fold, tears
from foldkit.paper.pieces_sheet import nested_pieces, puzzle_pieces
from solver.packing import parse_packing

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def main() -> None:
    print(f"{'puzzle':12} {'nets':>4} {'close':>5} {'worst tear':>10}  cpu s per check")
    for name in ("y-pentacube", "bedlam"):
        path = EXAMPLES / f"{name}.txt"
        nested = nested_pieces(puzzle_pieces(parse_packing(path.read_text(), str(path))), "a4", 15.0)
        nets = {(net.cells, net.parents): net for net in (nested.chosen(i).net for i in range(len(nested.pieces)))}
        closes, worst, times = 0, 0.0, []
        for net in nets.values():
            start = time.process_time()
            closes += check_piece_fold(net).closes
            times.append(time.process_time() - start)
            worst = max(worst, tears(net))
        print(f"{name:12} {len(nets):4} {closes:5} {worst:10.1e}  " + " ".join(f"{t:.2f}" for t in times))


if __name__ == "__main__":
    main()
