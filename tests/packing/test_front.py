"""The search of the front of empty cells (_front.c, engine "front", what "auto" runs for targets of up to
128 cells): it walks another tree than _core.c and the Python engine, so it is checked against them by what
it finds: the same packings, counts, classes and stabilisers, and the same limits and stops."""

from __future__ import annotations

import random
from array import array

import pytest

from solver.packing import PackingPuzzle, Piece, census, packing_problem, parse_packing
from solver.packing.challenge import completion_puzzle
from solver.packing.engine import Task, search
from solver.packing.front import FRONT_CELLS, scan_order
from solver.packing.solve import count_packings, impossibility, solve_one
from solver.packing.table import build_table
from tests.conftest import EXAMPLES, ROOT

_front = pytest.importorskip("solver.packing._front", reason="the front search is an optional build")
I5 = frozenset((0, y, 0) for y in range(5))
L3 = frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0)})


def example(name: str) -> PackingPuzzle:
    path = EXAMPLES / f"{name}.txt"
    return parse_packing(path.read_text(), str(path))


def packings(found) -> list[tuple[int, ...]]:
    """The packings a search kept, each as its sorted placement ids, in order."""
    return sorted(tuple(sorted(row)) for row in found.rows)


@pytest.mark.parametrize(("name", "python_too"), [("l-tricubes", True), ("mixed-2x3x4", True), ("soma", False),
                                                  ("scott-pentominoes", False)])
def test_the_front_search_counts_what_the_others_count(name, python_too):
    puzzle = example(name)
    front = census(puzzle, engine="front")
    others = [census(puzzle, engine="c")] + ([census(puzzle, engine="python")] if python_too else [])
    for other in others:  # the same packings, classes and representatives; the nodes differ
        assert (front.packings, front.classes, front.representatives) == \
            (other.packings, other.classes, other.representatives)
    assert all(packing_problem(puzzle, p) is None for p in front.representatives)


@pytest.mark.parametrize(("box", "pieces"), [
    ((2, 2, 3), (Piece("L", L3, 4),)),  # many copies of one piece: every empty cell is counted
    ((14, 5, 1), (Piece("I", I5, 14),)),  # 70 cells: two words of cells
    ((2, 3, 4), (Piece("V", L3, 4), Piece("P", frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)}), 3))),
])
def test_the_front_search_finds_the_packings_the_python_search_finds(box, pieces):
    table = build_table(PackingPuzzle(box, pieces))
    front, slow = search(table, engine="front"), search(table, engine="python")
    assert packings(front) == packings(slow) and front.packings == slow.packings and front.finished


def test_shapes_with_holes_agree_with_the_compiled_search():
    """Scott's board with some pieces of one packing given: targets of a few pieces, full of holes and
    split into parts, where regions grow cell by cell."""
    puzzle = example("scott-pentominoes")
    packing = solve_one(puzzle, 1)
    rng = random.Random(7)
    tried = 0
    while tried < 60:
        rest = completion_puzzle(puzzle, rng.sample(list(packing), rng.randint(1, 6)))
        table = build_table(rest)
        if impossibility(table):
            continue
        tried += 1
        front, core = search(table, engine="front"), search(table, engine="c")
        assert packings(front) == packings(core), rest


def test_limits_budgets_kept_rows_and_tasks():
    table = build_table(example("soma"))
    assert len(search(table, limit=3, engine="front").rows) == 3
    stopped = search(table, max_nodes=10, engine="front")
    assert not stopped.finished and stopped.nodes == 10
    counted = count_packings(table, engine="front", limit=1000)
    assert counted.limited and 1000 <= counted.packings < 11520 and 0 < counted.classes < 240
    kept = count_packings(build_table(example("mixed-2x3x4")), engine="front", keep=5)
    assert (kept.packings, kept.classes, kept.limited) == (11172, 2793, False) and len(kept.representatives) <= 5
    every = search(table, engine="front")
    first = every.rows[0][0]
    counts = list(table.counts)
    counts[table.placement_piece[first]] -= 1
    part = search(table, Task((first,), tuple(counts)), engine="front")
    assert part.rows and all(row[0] == first for row in part.rows)
    assert packings(part) == sorted(tuple(sorted(r)) for r in every.rows if first in r)


def test_a_search_stopped_among_the_last_pieces_hands_off_exactly_what_it_did_not_reach():
    """With one copy of each piece the last three are placed by finish (by the lowest empty cell, the last looked
    up by its cells): stopped at any budget, there too, the search and the prefixes it hands off find every
    packing once, and it makes no more placements than its budget."""
    table = build_table(example("soma"))
    first = search(table, limit=1, engine="front").rows[0][0]  # a part of the tree, to keep the test quick
    counts = list(table.counts)
    counts[table.placement_piece[first]] -= 1
    part = Task((first,), tuple(counts))
    whole = search(table, part, engine="front")
    assert whole.finished and whole.packings > 100
    for budget in range(1, whole.nodes, 11):  # densely enough to stop in a group of two words
        rest: list[Task] = []
        stopped = search(table, part, max_nodes=budget, engine="front", rest=rest)
        assert not stopped.finished and stopped.nodes == budget
        rows = packings(stopped)
        for task in rest:
            rows += packings(search(table, task, engine="front"))
        assert sorted(rows) == packings(whole), budget


def test_auto_takes_the_front_search_up_to_its_size_and_the_other_beyond():
    small = build_table(PackingPuzzle((14, 5, 1), (Piece("I", I5, 14),)))
    wide = build_table(PackingPuzzle((30, 5, 1), (Piece("I", I5, 30),)))  # 150 cells
    assert search(small).nodes == search(small, engine="front").nodes
    assert search(wide).nodes == search(wide, engine="c").nodes
    assert len(wide.cell_cubes) > FRONT_CELLS
    with pytest.raises(RuntimeError, match="front"):
        search(wide, engine="front")


def test_the_front_search_refuses_an_inconsistent_table():
    path = ROOT / "bench" / "packing" / "pentominoes-6x10.txt"
    table = build_table(parse_packing(path.read_text(), str(path)))
    types, offsets, cells = table.buffers[:3]
    near, copies = table.neighbour_buffers, array("i", table.counts)
    order = array("i", scan_order(table.cell_cubes)).tobytes()
    n = len(table.cell_cubes)
    with pytest.raises(ValueError, match="cells"):
        _front.prepare(n, types, offsets, array("i", [n] * (len(cells) // 4)).tobytes(), *near, order,
                       copies.tobytes())
    with pytest.raises(ValueError, match="order"):
        _front.prepare(n, types, offsets, cells, *near, bytes(4 * n), copies.tobytes())
    with pytest.raises(ValueError, match="128"):
        _front.prepare(200, types, offsets, cells, b"", b"", bytes(800), copies.tobytes())
    prepared = _front.prepare(n, types, offsets, cells, *near, order, copies.tobytes())
    with pytest.raises(ValueError, match="copies"):
        _front.search(prepared, array("i", [2] * len(copies)).tobytes(), bytes(n))
    rows, found, nodes, finished, _ = _front.search(prepared, copies.tobytes(), bytes(n), keep=0)
    assert (rows, found, finished) == (b"", 4 * 2339, True) and nodes > 0
