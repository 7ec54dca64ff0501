"""The fold check of a packing piece's net (foldkit.fold.piece_fold): a net that closes passes, a
collision it reports is real, and the creases off the fold's tree stay joined all the way."""

from __future__ import annotations

import numpy as np
import pytest

from foldkit.fold.piece_fold import TEAR, check_piece_fold, tears
from foldkit.fold.squares import shrunk, square_distances
from solver.packing.unfold import folded, nets, unfold
from tests.packing.test_paper_pieces import shapes_of


@pytest.fixture(scope="module")
def y_nets():
    return nets(shapes_of("y-pentacube")[0], 3, seed=1, tries=12)


def test_a_cube_net_closes_whole_without_collision():
    net = unfold(frozenset({(0, 0, 0)}), seed=3)
    check = check_piece_fold(net)
    assert check.closes and check.pairs > 0 and check.looks >= check.pairs
    assert tears(net) == 0.0


def test_a_collision_reported_is_two_squares_that_meet(y_nets):
    checks = [(net, check_piece_fold(net)) for net in y_nets]
    net, check = next((n, c) for n, c in checks if not c.closes)
    collision = check.collision
    a, b = net.cells.index(collision.first), net.cells.index(collision.second)
    # the squares, shrunk as the checker shrinks them, meet at the moment reported (or within its step)
    near = [shrunk(folded(net, t))[[a, b]] for t in np.linspace(collision.t, min(1.0, collision.t + 1e-6), 3)]
    assert min(float(square_distances(q[:1], q[1:])[0]) for q in near) < 1e-6


def test_the_paper_stays_whole_across_creases_off_the_tree(y_nets):
    off_tree = [net for net in y_nets if creases_off_the_tree(net)]
    assert off_tree  # a net with a crease the tree does not turn about, so the test can fail
    for net in off_tree:
        assert tears(net) < TEAR


def creases_off_the_tree(net) -> list[tuple[int, int]]:
    """Cells side by side in the net that are not parent and child."""
    index = {cell: i for i, cell in enumerate(net.cells)}
    beside = [(i, index[n]) for i, (r, c) in enumerate(net.cells) for n in ((r, c + 1), (r + 1, c)) if n in index]
    return [(i, j) for i, j in beside if net.parents[i] != j and net.parents[j] != i]


def test_animate_piece_writes_its_fold_and_says_it_closes(tmp_path, capsys):
    from PIL import Image

    from foldkit.cli import main
    from tests.conftest import EXAMPLES

    out = tmp_path / "l1.gif"
    assert main(["animate", str(EXAMPLES / "l-tricubes.txt"), "--piece", "1", "-o", str(out), "--size", "48x48",
                 "--fps", "4"]) == 0
    said = capsys.readouterr().out
    assert "piece 1 (L): the fold closes: no two of its 14 squares pass through each other" in said
    with Image.open(out) as gif:
        first, last = gif.convert("RGB"), (gif.seek(gif.n_frames - 1), gif.convert("RGB"))[1]
        assert gif.n_frames > 4 and first.tobytes() != last.tobytes()  # flat net, then the closed piece
    assert main(["animate", str(EXAMPLES / "l-tricubes.txt"), "--piece", "5", "-o", str(tmp_path / "x.gif")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pieces 1 to 4" in err and not (tmp_path / "x.gif").exists()
