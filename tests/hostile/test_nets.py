"""`foldkit boxes` on large and malformed nets: a documented size limit, seconds for a few
thousand cells, the same answers as before, and file:line:col errors."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver.folding import box_foldings, foldings, longest_run
from solver.folding_check import folding_problem
from solver.polyomino import MAX_NET_CELLS, parse_net
from solver.text import InputError
from tests.conftest import cpu_used, run_foldkit
from tests.hostile.running import one_error_line


def net_text(cells: set[tuple[int, int]]) -> str:
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    return "\n".join("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows)) + "\n"


def random_tree(n: int, seed: int) -> set[tuple[int, int]]:
    """A polyomino of n cells that never closes a 2x2 block: nothing prunes it but overlaps."""
    rng, cells, order = random.Random(seed), {(500, 500)}, [(500, 500)]
    while len(cells) < n:
        r, c = rng.choice(order)
        new = rng.choice([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)])
        around = [(new[0] - 1, new[1]), (new[0] + 1, new[1]), (new[0], new[1] - 1), (new[0], new[1] + 1)]
        if new not in cells and sum(x in cells for x in around) == 1:
            cells.add(new)
            order.append(new)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return {(r - r0, c - c0) for r, c in cells}


def cross(a: int, b: int, c: int) -> set[tuple[int, int]]:
    """The cross net of an a x b x c box."""
    cells, x = set(), 0
    for width in (a, b, a, b):
        cells |= {(r, col) for r in range(b, b + c) for col in range(x, x + width)}
        x += width
    return cells | {(r, col) for r in [*range(b), *range(b + c, 2 * b + c)] for col in range(a)}


def test_a_net_over_the_limit_is_refused_naming_it(capsys, tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text("#" * (MAX_NET_CELLS + 1) + "\n")
    start = cpu_used()
    code, out, err = run_foldkit(capsys, "boxes", path)
    assert cpu_used() - start < 5
    assert code == 2 and out == ""
    assert f"more than {MAX_NET_CELLS} cells" in one_error_line(err, path, f"1:{MAX_NET_CELLS + 1}")


def test_a_line_at_the_limit_answers_at_once(capsys, tmp_path):
    path = tmp_path / "line.txt"
    path.write_text("#" * MAX_NET_CELLS + "\n")
    start = cpu_used()
    code, out, _ = run_foldkit(capsys, "boxes", path)
    assert cpu_used() - start < 10
    assert code == 1 and "folds into no box" in out


def test_a_straight_run_longer_than_every_belt_rules_a_box_out():
    line = frozenset((0, c) for c in range(22))  # area 22: the 1 x 1 x 5 box, belts of 4 and 12
    assert longest_run(line) == 22 and foldings(line, (1, 1, 5)) == []
    assert longest_run(frozenset([(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)])) == 3


def test_a_random_tree_of_2000_cells_answers_in_seconds(capsys, tmp_path):
    path = tmp_path / "tree.txt"
    path.write_text(net_text(random_tree(2000, 3)))
    start = cpu_used()
    code, out, err = run_foldkit(capsys, "boxes", path)
    assert cpu_used() - start < 30  # about 1 s on a quiet machine; bench/hostile_speed.py
    assert code == 1 and err == "" and "2000-cell polyomino folds into no box" in out


@pytest.mark.parametrize("box", [(5, 10, 15), (3, 7, 40), (10, 20, 30)])
def test_large_cross_nets_fold_onto_their_box_once(box):
    cells = frozenset(cross(*box))
    found = box_foldings(cells)
    assert list(found) == [box] and len(found[box]) == 1
    assert folding_problem(cells, found[box][0]) is None


@pytest.mark.parametrize(
    "text, place, words",
    [
        ("#\u0665#\n", "1:2", "unknown character '\u0665'"),
        ("##\n#\x0c#\n", "2:2", "unknown character '\\x0c'"),
        ("#\u2028#\n", "1:2", "unknown character '\\u2028'"),
        ("1" * 5000 + " 2\n##\n", "1:1", "expected a header 'rows cols'"),
        ("3 3 3\n###\n", "1:1", "expected a header 'rows cols'"),
        ("Z" * 5000 + "\n", "1:1", "unknown character 'Z'"),
    ],
)
def test_bad_nets_say_where(capsys, tmp_path, text, place, words):
    path = tmp_path / "net.txt"
    path.write_text(text)
    code, out, err = run_foldkit(capsys, "boxes", path)
    assert code == 2 and out == ""
    message = one_error_line(err, path, place)
    assert words in message and len(message) < 300
    with pytest.raises(InputError):
        parse_net(text)


@pytest.mark.parametrize("box", [(1, 1, 1), (2, 3, 4), (3, 3, 3), (4, 20, 80)])
def test_the_state_graph_numbered_directly_is_consistent(box):
    from solver.surface import surface_states

    graph = surface_states(box)
    states = np.arange(len(graph.square))
    for d in range(4):
        assert np.array_equal(np.sort(graph.step[:, d]), states)  # each step is a permutation
        assert np.array_equal(graph.step[graph.step[:, d], (d + 2) % 4], states)  # and the opposite step undoes it
    for g in graph.symmetry:
        assert np.array_equal(np.sort(g), states)
        assert all(np.array_equal(g[graph.step[:, d]], graph.step[g, d]) for d in range(4))  # it commutes with steps
