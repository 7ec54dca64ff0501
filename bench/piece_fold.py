"""A picture of one packing piece's net folding up (issue 40 item 4): the net of piece K of a packing
file as pieces-paper.pdf draws it (first seed), folded at t = 0, 0.5 and 1 by solver.packing.unfold.folded,
side by side in one PNG (tests/packing/test_paper_pieces.py checks that every such fold closes onto
its piece, printed side out).

Usage: python bench/piece_fold.py PUZZLE.txt K OUT.png
"""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402

from foldkit.paper.pieces_sheet import NET_SEEDS, puzzle_pieces  # noqa: E402
from solver.packing import parse_packing  # noqa: E402
from solver.packing.geometry import orientations  # noqa: E402
from solver.packing.unfold import folded, nets  # noqa: E402


def main() -> None:
    path, k, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    piece = puzzle_pieces(parse_packing(open(path).read(), path))[k - 1]
    cubes = orientations(piece.cubes)[0]
    net = nets(cubes, 1, NET_SEEDS[0])[0]
    figure = plt.figure(figsize=(12, 4.2))
    for i, t in enumerate((0.0, 0.5, 1.0)):
        axes = figure.add_subplot(1, 3, i + 1, projection="3d")
        corners = folded(net, t)
        axes.add_collection3d(Poly3DCollection(list(corners), facecolor=piece.colour, edgecolor="k", alpha=0.9))
        points = corners.reshape(-1, 3)
        middle, half = (points.min(0) + points.max(0)) / 2, (points.max(0) - points.min(0)).max() / 2 + 0.3
        for set_limits, m in zip((axes.set_xlim, axes.set_ylim, axes.set_zlim), middle, strict=True):
            set_limits(m - half, m + half)
        axes.view_init(elev=-35, azim=-60)  # from the reader's side, below the plane z = 0
        axes.set_axis_off()
        axes.set_title(f"piece {k} ({piece.name}), t = {t:g}")
    figure.savefig(out, dpi=80)


if __name__ == "__main__":
    main()
