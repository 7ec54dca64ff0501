"""How closely pieces-paper.pdf nests the packing pieces' nets (issue 40 item 4): for the Y-pentacube
cube (25 pieces) and the Bedlam cube (13) on each paper and cell size asked, the sheets used, the area
bound (ink area of the nets and tabs over one sheet's usable area, rounded up), their ratio (the issue
asks at most 1.15), the share of the sheets' usable area inked, and the CPU time of the nets' choice and
nesting (median of --runs); each twice: before, every seam's tab on its first side in reading order, and
after (as built), on the side whose tab stands least outside the net's convex hull
(``foldkit.paper.piece_nets.piece_template``).

Usage: python bench/paper_pieces.py [--cells 12,15,18] [--papers a4,letter] [--runs 1]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from functools import partial
from pathlib import Path
from unittest import mock

from foldkit.paper import pieces_sheet
from foldkit.paper.piece_nets import piece_template
from foldkit.paper.pieces_sheet import Nested, PaperPiece, nested_pieces, puzzle_pieces
from solver.packing import parse_packing

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PUZZLES = ("y-pentacube", "bedlam")


def pieces_of(name: str) -> list[PaperPiece]:
    path = EXAMPLES / f"{name}.txt"
    return puzzle_pieces(parse_packing(path.read_text(), str(path)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", default="12,15,18", help="cell sizes in mm, comma-separated")
    parser.add_argument("--papers", default="a4,letter", help="paper sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    print(f"{'puzzle':12} {'paper':6} {'cell':>5} {'tabs':6} {'sheets':>6} {'bound':>5} {'ratio':>5} {'inked':>6} "
          f"{'cpu s':>6}")
    for name in PUZZLES:
        pieces = pieces_of(name)
        for paper, cell in itertools.product(args.papers.split(","), (float(c) for c in args.cells.split(","))):
            for tabs, inward in (("before", False), ("after", True)):
                with mock.patch.object(pieces_sheet, "piece_template", partial(piece_template, tabs_inward=inward)):
                    nested, seconds = timed(pieces, paper, cell, args.runs)
                _, _, w, h = nested.usable
                inked = nested.ink_area() / (nested.sheets * w * h)
                print(f"{name:12} {paper:6} {cell:5g} {tabs:6} {nested.sheets:6} {nested.area_bound():5} "
                      f"{nested.sheets / nested.area_bound():5.2f} {inked:6.0%} {seconds:6.1f}")


def timed(pieces: list[PaperPiece], paper: str, cell: float, runs: int) -> tuple[Nested, float]:
    """The pieces nested, and the median CPU seconds of runs nestings."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        nested = nested_pieces(pieces, paper, cell)
        times.append(time.process_time() - start)
    return nested, statistics.median(times)


if __name__ == "__main__":
    main()
