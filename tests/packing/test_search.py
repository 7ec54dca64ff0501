"""The search and the counting: the compiled and Python engines agree, counts match a brute force
and known figures, every packing found passes the independent checker."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver.packing import (
    PackingPuzzle,
    Piece,
    census,
    compiled,
    count_all,
    packing_problem,
    parse_packing,
    solve,
    solve_one,
)
from solver.packing.engine import Task, search
from solver.packing.solve import count_packings, reference_engine
from solver.packing.table import build_table
from tests.conftest import EXAMPLES, ROOT
from tests.packing import brute

I5 = frozenset((0, y, 0) for y in range(5))


def example(name: str) -> PackingPuzzle:
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"examples/{name}.txt")


def brute_counts(puzzle: PackingPuzzle) -> tuple[int, int]:
    pieces = [(p.name, p.cubes, p.count) for p in puzzle.pieces]
    found = brute.packings(puzzle.box, pieces)
    return len(found), brute.class_count(found, puzzle.box, pieces)


def test_the_compiled_search_is_built():
    assert compiled(), "solver.packing._core is not built: pip install -e . (needs a C compiler)"


@pytest.mark.parametrize("name", ["l-tricubes", pytest.param("soma", marks=pytest.mark.slow), "mixed-2x3x4"])
def test_counts_match_a_brute_force(name):
    puzzle = example(name)
    counted = census(puzzle)
    assert (counted.packings, counted.classes) == brute_counts(puzzle)
    for representative in counted.representatives:
        assert packing_problem(puzzle, representative) is None
    assert len(set(counted.representatives)) == counted.classes


def test_known_figures_of_the_small_examples():
    assert count_all(example("l-tricubes"))[:2] == (44, 6)
    assert count_all(example("soma"))[:2] == (11520, 240)  # Conway and Guy's 240 Soma solutions
    assert count_all(example("mixed-2x3x4"))[:2] == (11172, 2793)


@pytest.mark.parametrize(("name", "packings", "classes"), [("pentominoes-2x3x10", 96, 12),
                                                        ("pentominoes-2x5x6", 2112, 264)])
def test_the_published_pentomino_box_counts(name, packings, classes):
    path = ROOT / "bench" / "packing" / f"{name}.txt"
    counted = census(parse_packing(path.read_text(), str(path)))
    assert (counted.packings, counted.classes, counted.symmetries) == (packings, classes, 8)


@pytest.mark.parametrize(("board", "classes"), [("3x20", 2), ("4x15", 368), ("5x12", 1010), ("6x10", 2339)])
def test_the_published_pentomino_board_counts(board, classes):
    """Haselgrove's (1960) counts of the twelve pentominoes on the rectangles; the board's 4 symmetries."""
    path = ROOT / "bench" / "packing" / f"pentominoes-{board}.txt"
    counted = census(parse_packing(path.read_text(), str(path)))
    assert (counted.packings, counted.classes, counted.symmetries) == (4 * classes, classes, 4)


@pytest.mark.parametrize("name", ["l-tricubes", "mixed-2x3x4"])
def test_the_python_engine_counts_the_same(name):
    puzzle = example(name)
    assert census(puzzle, engine="python") == census(puzzle, engine="c")


def _strip_tilings(n: int) -> int:
    """Tilings of a 5 x n strip by 1 x 5 bars: f(n) = f(n - 1) + f(n - 5)."""
    f = [1] * 5 + [0] * max(0, n - 4)
    for k in range(5, n + 1):
        f[k] = f[k - 1] + f[k - 5]
    return f[n]


@pytest.mark.parametrize(("box", "pieces"), [
    ((2, 2, 3), (Piece("L", frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0)}), 4),)),
    ((30, 5, 1), (Piece("I", I5, 30),)),  # 150 cells: placements that reach over more than two 64-bit words
    ((14, 5, 1), (Piece("I", I5, 14),)),  # 70 cells: two words, each counted in its own pass, regions by shifts
    ((2, 3, 4), (Piece("V", frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0)}), 4),
                 Piece("P", frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)}), 3))),
])
def test_both_engines_walk_the_same_tree(box, pieces):
    table = build_table(PackingPuzzle(box, pieces))
    fast, slow = search(table, engine="c"), search(table, engine="python")
    assert fast.rows == slow.rows and fast.nodes == slow.nodes and fast.finished and slow.finished
    if box[1:] == (5, 1):
        assert len(fast.rows) == _strip_tilings(box[0])


def test_a_limit_and_a_node_budget_stop_the_search():
    table = build_table(example("soma"))
    assert len(search(table, limit=3, engine="c").rows) == 3
    assert search(table, limit=3, engine="python").rows == search(table, limit=3, engine="c").rows
    stopped = search(table, max_nodes=10, engine="c")
    assert not stopped.finished and stopped.nodes == 10


def test_a_task_continues_from_placements_already_made():
    table = build_table(example("soma"))
    every = search(table, engine="c").rows
    first = every[0][0]
    counts = list(table.counts)
    counts[table.placement_piece[first]] -= 1
    part = search(table, Task((first,), tuple(counts)), engine="c").rows
    assert part and all(row[0] == first for row in part)
    assert {frozenset(r) for r in part} == {frozenset(r) for r in every if first in r}


def test_the_first_y_pentacube_packing_is_valid_and_deterministic():
    puzzle = example("y-pentacube")
    packing = solve_one(puzzle)
    assert packing is not None and len(packing) == 25
    assert packing_problem(puzzle, packing) is None
    assert solve_one(puzzle) == packing


def test_a_seed_gives_another_valid_packing_the_same_every_time():
    puzzle = example("soma")
    seeded = [solve_one(puzzle, seed) for seed in range(6)]
    assert all(packing_problem(puzzle, p) is None for p in seeded)
    assert seeded == [solve_one(puzzle, seed) for seed in range(6)]
    assert len(set(seeded)) > 1


def test_y_pentacube_every_packing_and_classes():
    puzzle = example("y-pentacube")
    counted = census(puzzle)
    assert (counted.packings, counted.classes, counted.symmetries) == (60672, 1264, 48)
    assert len(set(counted.representatives)) == 1264
    for representative in counted.representatives[::25]:
        assert packing_problem(puzzle, representative) is None


@pytest.mark.slow
def test_the_bedlam_cube_every_packing_and_classes():
    """The published 460,464 packings and 19,186 classes up to rotation (about 45 CPU-s)."""
    puzzle = example("bedlam")
    counted = census(puzzle)
    assert (counted.packings, counted.classes, counted.symmetries) == (460464, 19186, 24)
    for representative in counted.representatives[::500]:
        assert packing_problem(puzzle, representative) is None


@pytest.mark.slow
def test_the_tetris_cube_every_packing_and_classes():
    """wmtorode/CubeSolvers's 236,136 packings and 9,839 classes up to rotation (about 20 CPU-s)."""
    puzzle = example("tetris-cube")
    counted = census(puzzle)
    assert (counted.packings, counted.classes, counted.symmetries) == (236136, 9839, 24)
    for representative in counted.representatives[::500]:
        assert packing_problem(puzzle, representative) is None


def test_impossible_puzzles_say_why_before_searching():
    volume = solve(parse_packing("packing 2 2 2\npiece L x2: 0 0 0, 1 0 0, 0 1 0\n", "t.txt"))
    assert volume.failure == "the pieces' volume 6 differs from the box's 8" and volume.packing is None
    nowhere = solve(parse_packing("packing 2 2 2\npiece I: 0 0 0, 1 0 0, 2 0 0\npiece C x5: 0 0 0\n", "t.txt"))
    assert nowhere.failure == "piece I fits nowhere in the box"
    assert nowhere.placement_counts == (0, 8)
    none = solve(parse_packing("packing 3 3 1\npiece V x3: 0 0 0, 1 0 0, 0 1 0\n", "t.txt"), every=True)
    assert none.failure == "no packing" and none.packing is None and (none.packings, none.classes) == (0, 0)
    assert solve_one(parse_packing("packing 3 3 1\npiece V x3: 0 0 0, 1 0 0, 0 1 0\n", "t.txt")) is None


def test_the_report_of_a_packing():
    report = solve(example("soma"), every=True)
    assert report.failure is None and packing_problem(report.puzzle, report.packing) is None
    assert report.orientation_counts == (12, 24, 12, 12, 12, 12, 8)
    assert report.placement_counts == (144, 144, 72, 72, 96, 96, 64)
    assert (report.packings, report.classes, report.symmetries) == (11520, 240, 48)
    assert solve(example("soma")).packings is None


def test_the_compiled_search_refuses_an_inconsistent_table():
    from array import array

    from solver.packing import _core

    table = build_table(example("l-tricubes"))
    types, offsets, cells, cover_offsets, cover = table.buffers
    counts, empty = array("i", table.counts).tobytes(), bytes(len(table.cell_cubes))
    bad_cells = array("i", [99] * (len(cells) // 4)).tobytes()
    with pytest.raises(ValueError, match="inconsistent packing table"):
        _core.search(len(table.cell_cubes), types, offsets, bad_cells, cover_offsets, cover, counts, empty, 0, 0)
    with pytest.raises(ValueError, match="inconsistent packing table"):
        _core.search(len(table.cell_cubes) + 1, types, offsets, cells, cover_offsets, cover, counts, empty, 0, 0)
    rows, found, nodes, finished, _ = _core.search(len(table.cell_cubes), types, offsets, cells, cover_offsets, cover,
                                                counts, empty, 0, 0)
    assert found == 44 and finished and len(rows) == 44 * 4 * 4


@pytest.mark.parametrize("engine", ["c", "python"])
def test_counts_do_not_need_the_packings_kept(engine):
    table = build_table(example("mixed-2x3x4"))
    counted = count_packings(table, engine=engine, keep=5)
    assert (counted.packings, counted.classes, counted.limited) == (11172, 2793, False)
    assert len(counted.representatives) <= 5
    assert all(packing_problem(table.puzzle, p) is None for p in counted.representatives)


@pytest.mark.parametrize("engine", ["c", "python"])
def test_a_limit_stops_the_count_and_says_so(engine):
    table = build_table(example("soma"))
    counted = count_packings(table, engine=engine, limit=1000)
    assert counted.limited and 1000 <= counted.packings < 11520 and 0 < counted.classes < 240
    assert not count_packings(table, engine=engine, limit=11520 + 1).limited


def test_counting_billions_of_packings_takes_bounded_memory():
    """32 dominoes in a 4x4x4 box have billions of packings: a limited count stays small."""
    # The peak of this process alone: VmHWM belongs to the memory the child has after exec, where
    # getrusage's ru_maxrss carries over the parent's peak (a pytest process of several hundred MB).
    code = ("import re; from solver.packing import parse_packing, solve; "
            "r = solve(parse_packing('packing 4 4 4\\npiece D x32: 0 0 0, 1 0 0\\n', 'd.txt'), every=True, "
            "limit=400000); peak = re.search(r'VmHWM:\\s+(\\d+) kB', open('/proc/self/status').read()).group(1); "
            "print(r.limited, r.packings, peak)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    limited, packings, kilobytes = done.stdout.split()
    assert limited == "True" and int(packings) >= 400000
    assert int(kilobytes) < 400_000, f"{int(kilobytes) // 1000} MB"


@pytest.mark.parametrize("name", ["soma.txt", "scott-pentominoes.txt", "mixed-2x3x4.txt"])
def test_the_reference_engine_finds_the_first_packing_of_the_python_tree(name):
    """Grades, hints and challenge cards follow reference_engine, so they read the same on a machine without
    the compiled searches; the fastest engine may find another packing first."""
    puzzle = parse_packing((EXAMPLES / name).read_text(), name)
    assert solve_one(puzzle, 3, reference_engine()) == solve_one(puzzle, 3, "python")
