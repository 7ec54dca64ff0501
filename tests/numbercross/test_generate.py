"""`foldkit generate number-cross` and the generator behind it: the puzzle solves to exactly the
grid written beside it; each clue condition left is needed, by a witness the independent checker
confirms; every condition is true of its row; same seed, same bytes; bad options are one line
with exit 2, a missed time bound exit 1."""

from __future__ import annotations

import collections
import itertools
import math
import random
import subprocess
import sys
from dataclasses import replace
from functools import cache

import pytest

from foldkit.cli import main
from foldkit.kinds.numbercross import KIND
from solver.numbercross import search
from solver.numbercross.generate import generator as generate_module
from solver.numbercross.generate import strength
from solver.numbercross.generate.generator import Generated, _Undecided, generate, other_grid, true_conditions
from solver.numbercross.generate.plant import (
    CHOSEN,
    FALLBACK,
    LONGEST_NUMBER,
    MAX_MULTIPLE,
    MAX_PRODUCT,
    _with_random_layouts,
    plant,
    planting,
    replanted,
    row_values,
)
from solver.numbercross.generate.shuffled import _below, random_way
from solver.numbercross.rules.check import solution_problem
from solver.numbercross.rules.clues import Clue, Condition, parse_clue
from solver.numbercross.rules.model import numbers
from solver.numbercross.rules.parse import parse_number_cross, parse_solution
from solver.numbercross.search import frame, grids, region_graph
from solver.numbercross.solve import solve
from solver.numbercross.walk.rows import row_ways
from tests.conftest import ROOT, cpu_used


@cache
def made(seed: int) -> Generated:
    return generate(5, 5, random.Random(seed))


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as done:  # argparse's own errors
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


def test_a_generated_puzzle_has_exactly_its_planted_grid():
    new = made(1)
    report = solve(new.puzzle, limit=None)
    assert report.solutions == (new.solution,) and report.complete
    assert solution_problem(new.puzzle, new.solution) is None


def test_every_condition_left_is_true_of_its_row_and_needed_by_the_rules_alone():
    new = made(1)
    rows = {r: [p.value for p in numbers(new.solution) if p.row == r] for r in range(new.puzzle.rows)}
    expected = {(r, i) for r, clue in enumerate(new.puzzle.clues) for i in range(len(clue.conditions))}
    assert set(new.witnesses) == expected and expected
    for (r, i), witness in new.witnesses.items():
        clue = new.puzzle.clues[r]
        assert all(clue.conditions[i].holds(v) for v in rows[r])
        clues = list(new.puzzle.clues)
        clues[r] = Clue(clue.conditions[:i] + clue.conditions[i + 1:])
        weaker = replace(new.puzzle, clues=tuple(clues))
        assert witness != new.solution and solution_problem(weaker, witness) is None
        assert solution_problem(new.puzzle, witness) is not None


def test_true_conditions_hold_for_every_number_and_skip_the_weak_and_the_unnatural_ones():
    found = true_conditions([1331, 121])
    assert {c.text for c in found} >= {"palindrome", "multiple of 11"}  # 121 is past the published multiples
    assert all(c.holds(v) for c in found for v in (1331, 121))
    assert not any(c.text in ("odd", "even") for c in true_conditions([13, 17]))
    assert not any(c.word == "product" for c in true_conditions([8888, 884422]))  # both 4096: no published N so large
    assert Condition("product", 4096) not in true_conditions([8888, 884422])


def test_clues_are_as_natural_as_the_published_ones():
    """Conditions of the published kinds, numbers no larger than the published ones', an adjective
    and a phrase joined by 'and' (as 'square and multiple of 3'), and the text reads back."""
    for seed in (1, 2, 3):
        for clue in made(seed).puzzle.clues:
            for condition in clue.conditions:
                assert condition.word in ("square", "cube", "prime", "fibonacci", "palindrome", "triangular",
                                          "product", "sum", "multiple", "self-divisible")
                assert condition.n is None or condition.word == "sum" or condition.n <= max(MAX_PRODUCT, MAX_MULTIPLE)
                assert condition.word != "multiple" or condition.n <= MAX_MULTIPLE
            assert parse_clue(clue.text) == clue
    assert Clue((Condition("palindrome"), Condition("sum", 33))).text == "palindrome and sum of digits is 33"
    assert Clue((Condition("odd"), Condition("palindrome"))).text == "odd palindrome"


def test_a_written_puzzle_solves_to_exactly_its_written_grid_and_builds(tmp_path, capsys):
    path = tmp_path / "nc.txt"
    code, out, _ = run(capsys, "generate", "numbercross", "--seed", "1", "-o", str(path))
    assert code == 0 and out.startswith("seed 1: 5x5, ")
    text = path.read_text()
    assert text.startswith("# Number Cross puzzle made by foldkit generate\n# seed: 1\n")
    puzzle = parse_number_cross(text, str(path))
    written = parse_solution((tmp_path / "nc.solution.txt").read_text())
    report = solve(puzzle, limit=None)
    assert report.solutions == (written,) and report.complete
    assert (tmp_path / "nc.pdf").read_bytes().startswith(b"%PDF")
    assert run(capsys, "build", str(path), "-o", str(tmp_path / "out"), "--quiet")[0] == 0
    built = sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith("."))
    assert built == sorted(KIND.artifacts)


@pytest.mark.parametrize("size", ["4x4", "6x6", "4x9", pytest.param("8x8", marks=pytest.mark.slow)])  # 8x8: 4 CPU-s
def test_any_size_from_4_to_13_generates_a_puzzle_proven_unique(tmp_path, capsys, size):
    """The sides the published puzzles range over; the small ones here (the larger take minutes:
    bench/generate_speed.py --sizes times them). Each written puzzle has exactly its written grid,
    by the unbounded solver."""
    path = tmp_path / "nc.txt"
    code, out, _ = run(capsys, "generate", "numbercross", "--size", size, "--seed", "1", "-o", str(path))
    assert code == 0 and out.startswith(f"seed 1: {size}, ")
    puzzle = parse_number_cross(path.read_text(), str(path))
    assert f"{puzzle.rows}x{puzzle.cols}" == size
    report = solve(puzzle, limit=None)
    assert report.solutions == (parse_solution((tmp_path / "nc.solution.txt").read_text()),) and report.complete


def test_the_same_seed_gives_the_same_bytes(tmp_path, capsys):
    for folder in ("a", "b"):
        assert run(capsys, "generate", "number-cross", "--seed", "1", "-o", str(tmp_path / folder / "p.txt"))[0] == 0
    for name in ("p.txt", "p.solution.txt", "p.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize("argv, words", [
    (["--size", "14x14"], "--size: each side must be between 4 and 13, not 14x14"),
    (["--size", "3x5"], "--size: each side must be between 4 and 13, not 3x5"),
    (["--timeout", "0"], "--timeout: must be between 0.1 and 86400, not 0"),
    (["--seed", "-1"], "--seed: must be between 0 and"),
    (["-o", "p.svg"], "p.svg: cannot write a .svg file here: use .txt"),
    (["--max-region", "4"], "--max-region is an option of Block Party, not of Number Cross"),
])
def test_bad_options_are_one_line_with_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "generate", "numbercross", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_no_puzzle_in_time_is_exit_1_within_a_second_of_the_bound(tmp_path):
    path = tmp_path / "late.txt"
    start = cpu_used()  # a bad seed: the same start-up, then exit 2 at once (CPU: a wall clock measures the load)
    subprocess.run([sys.executable, "-m", "foldkit", "generate", "numbercross", "--seed", "x"], capture_output=True,
                   cwd=ROOT)
    start_up = cpu_used() - start
    start = cpu_used()
    result = subprocess.run([sys.executable, "-m", "foldkit", "generate", "numbercross", "--size", "11x11",
                             "--timeout", "1", "-o", str(path)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1 and cpu_used() - start - start_up < 1 + 1
    assert result.stderr == "foldkit: error: no 11x11 Number Cross puzzle with a unique solution within 1 s " \
                            "(raise --timeout or try another --seed)\n"
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# 7x7 and the parts behind it

SEED_7 = 5  # a 7x7 seed pinned down by its fourth planted grid (about 5 s of CPU)


@cache
def made_7() -> Generated:
    return generate(7, 7, random.Random(SEED_7))


def test_a_generated_7x7_has_exactly_its_planted_grid_by_the_unbounded_solver():
    new = made_7()
    assert (new.puzzle.rows, new.puzzle.cols) == (7, 7)
    report = solve(new.puzzle, limit=None)
    assert report.solutions == (new.solution,) and report.complete
    assert solution_problem(new.puzzle, new.solution) is None


def test_every_condition_of_a_7x7_is_needed_by_a_witness_the_rules_alone_accept():
    new = made_7()
    expected = {(r, i) for r, clue in enumerate(new.puzzle.clues) for i in range(len(clue.conditions))}
    assert set(new.witnesses) == expected and expected
    for (r, i), witness in new.witnesses.items():
        clue = new.puzzle.clues[r]
        clues = list(new.puzzle.clues)
        clues[r] = Clue(clue.conditions[:i] + clue.conditions[i + 1:])
        assert solution_problem(replace(new.puzzle, clues=tuple(clues)), witness) is None
        assert solution_problem(new.puzzle, witness) is not None and witness != new.solution


def test_a_check_past_its_steps_is_undecided_not_an_answer():
    new = made(1)
    weaker = replace(new.puzzle, clues=tuple(Clue(()) for _ in new.puzzle.clues))
    with pytest.raises(_Undecided):
        other_grid(weaker, new.solution, 50)
    assert other_grid(weaker, new.solution, 10**9) is not None  # every clue 'any': many grids


def test_planted_grids_keep_the_natural_clue_chosen_for_each_row_and_no_number_twice():
    rng = random.Random(3)
    found = [p for p in (plant(7, 7, rng) for _ in range(8)) if p is not None]
    assert found
    for puzzle, grid in found:
        assert solution_problem(puzzle, grid) is None  # keeps every rule, the planted clues among them
        for clue, values in zip(puzzle.clues, row_values(grid), strict=True):
            assert len(clue.conditions) == 1 and clue.conditions[0] in CHOSEN + FALLBACK
            assert values and all(clue.holds(v) for v in values)
        every = [p.value for p in numbers(grid)]
        assert len(every) == len(set(every)) and max(every) < 10 ** LONGEST_NUMBER  # as long as published ones


def test_the_row_below_filters_by_each_of_its_drawn_layouts_alone():
    """A planted row sees the row below through the few layouts drawn for it: a tile may send an
    amount down where one of them has a cell with room, a cell may need an amount where the same
    one has a tile; each layout is one sketch, so the two must agree on one layout."""
    rng = random.Random(2)
    view = _with_random_layouts(frame(made(1).puzzle), rng)
    assert view is not None and all(1 < len(layouts) <= 16 for layouts in view.layouts)
    digits = (0,) * len(view.neighbours)
    below = _below(view, 1, digits)
    assert below.everything == (1 << len(view.layouts[1])) - 1
    for i, placement in enumerate(view.layouts[1]):
        for c, is_tile in enumerate(placement[0]):
            room = 0 if view.lit[1][c] else 8
            assert [bool(below.tile[c][a] >> i & 1) for a in range(10)] == [not is_tile and a <= room
                                                                            for a in range(10)]
            assert [bool(below.cell[c][b] >> i & 1) for b in range(10)] == [b == 0 or is_tile for b in range(10)]


@pytest.mark.parametrize("seed", range(6))
def test_a_random_way_of_a_row_is_one_of_the_ways_the_search_lists(seed):
    """The shuffled walk only reorders the search's row walk: its first way is one of the row's
    ways in the same context (the row above filled, the row below open and filtered alike)."""
    rng = random.Random(seed)
    puzzle = replace(made(1).puzzle, clues=tuple(Clue((rng.choice(CHOSEN[:5]),)) for _ in range(5)))
    view = _with_random_layouts(frame(puzzle), rng)
    assert view is not None
    digits = (0,) * len(view.neighbours)
    first = random_way(view, 0, None, digits, rng, 10**6)
    listed = row_ways(view, 0, None, None, False, True, digits, None, (None, _below(view, 1, digits)))
    assert first is None or first in listed
    if first is not None:  # the next row, under the first
        chosen = list(digits)
        for k, d in first[3]:
            chosen[k] = d
        second = random_way(view, 1, first[2], tuple(chosen), rng, 10**6)
        below = _below(view, 2, tuple(chosen))
        assert second is None or second in row_ways(view, 1, first[2], None, False, True, tuple(chosen), None,
                                                      (None, below))


@pytest.mark.parametrize("length", [1, 2, 3, 4])
def test_digit_sum_and_product_counts_match_counting_every_number(length):
    strings = list(itertools.product(range(1, 10), repeat=length))
    sums = collections.Counter(sum(s) for s in strings)
    products = collections.Counter(math.prod(s) for s in strings)
    assert all(strength._with_sum(length, total) == count for total, count in sums.items())
    assert all(strength._with_product(length, p) == count for p, count in products.items())
    assert strength._with_product(length, 11) == 0


def test_stronger_conditions_tell_more_bits():
    assert strength.bits(Condition("multiple", 997), [1994]) > strength.bits(Condition("multiple", 7), [1995])
    assert strength.bits(Condition("fibonacci"), [1597]) > strength.bits(Condition("prime"), [1597])
    assert strength.bits(Condition("product", 1), [1111]) > strength.bits(Condition("sum", 20), [5555])


def conditions_of(puzzle) -> int:
    return sum(len(clue.conditions) for clue in puzzle.clues)


def test_a_condition_stays_when_the_puzzle_without_it_is_harder_than_asked():
    """``keeps`` stands for a difficulty: here, at least one more condition than the minimal puzzle."""
    floor = conditions_of(made(1).puzzle) + 1
    new = generate(5, 5, random.Random(1), keeps=lambda puzzle: conditions_of(puzzle) >= floor)
    every = {(r, i) for r, clue in enumerate(new.puzzle.clues) for i in range(len(clue.conditions))}
    assert conditions_of(new.puzzle) >= floor and new.kept
    assert set(new.witnesses) | new.kept == every and not set(new.witnesses) & new.kept
    assert solve(new.puzzle, limit=None).solutions == (new.solution,)
    for (r, i), witness in new.witnesses.items():
        clues = list(new.puzzle.clues)
        clues[r] = Clue(clues[r].conditions[:i] + clues[r].conditions[i + 1:])
        assert solution_problem(replace(new.puzzle, clues=tuple(clues)), witness) is None


def test_no_number_cross_puzzle_is_easy_so_none_is_looked_for(capsys):
    code, _, err = run(capsys, "generate", "number-cross", "--difficulty", "easy")
    assert code == 2 and "no Number Cross puzzle is easy" in err and len(err.strip().splitlines()) == 1


def test_a_planting_highlights_its_quiet_cells_and_plants_again_below_a_row_keeping_the_rows_above():
    """Every cell of the planted grid that is not a tile and given nothing (its region's digit) is
    highlighted, so no other grid may put a tile there or add to it; planting again from row r
    keeps rows 0..r-1 as they were and the whole grid keeps every rule."""
    rng = random.Random(4)
    made = next(p for p in (planting(7, 7, rng) for _ in range(20)) if p is not None)
    puzzle, grid = made.puzzle(), made.grid()
    assert solution_problem(puzzle, grid) is None
    region, digits = region_graph(puzzle)[0], made.rows[-1].after
    quiet = {(r, c) for r in range(7) for c in range(7) if grid[r][c] == digits[region[r][c]]}
    assert quiet and quiet <= puzzle.highlighted and puzzle.highlighted - quiet <= made.start.highlighted
    for r in (6, 3):
        again = next(p for p in (replanted(made, r, rng) for _ in range(20)) if p is not None)
        assert again.grid()[:r] == grid[:r] and solution_problem(again.puzzle(), again.grid()) is None
        assert again.start == made.start


def test_the_last_planted_row_is_the_only_way_under_the_row_above():
    """No row below pins the last one: it is planted only if, under the row above, every layout
    allowed and its clue's true conditions kept, it is the only way."""
    rng = random.Random(5)
    for made in [p for p in (planting(5, 5, rng) for _ in range(6)) if p is not None]:
        puzzle, grid, last = made.puzzle(), made.grid(), made.rows[-1]
        conditions = (*last.clue.conditions, *true_conditions(row_values(grid)[-1]))
        pinned = replace(puzzle, clues=puzzle.clues[:-1] + (Clue(conditions),))
        ways = row_ways(frame(pinned), 4, last.above, None, False, False, last.before)
        assert {way[0] for way in ways} == {grid[-1]}


@pytest.mark.parametrize(("seed", "r"), [(1, 4), (3, 2)])
def test_a_row_without_a_clue_is_filled_between_its_neighbours_and_no_grid_is_lost(monkeypatch, seed, r):
    """The search passes over a row without a clue and fills it once both its neighbours are: the
    same grids come out as when it grows the block one row at a time, each keeping the rules."""
    new = made(seed)
    open_row = replace(new.puzzle, clues=new.puzzle.clues[:r] + (Clue(()),) + new.puzzle.clues[r + 1:])
    passed_over = {grid for grid, _ in grids(open_row)}
    monkeypatch.setattr(search, "beside", lambda clues, filled, todo: next(
        r for r in todo if any(abs(r - d) == 1 for d, row in enumerate(filled) if row is not None)))
    one_by_one = {grid for grid, _ in grids(open_row)}
    assert passed_over == one_by_one and new.solution in passed_over and len(passed_over) > 1
    assert all(solution_problem(open_row, grid) is None for grid in passed_over)


def test_the_search_from_either_end_finds_the_same_grids():
    """A check that runs out of steps from one end is tried again from the other: both ends (and
    the default, one of them) list the same grids."""
    new = made(3)
    open_row = replace(new.puzzle, clues=new.puzzle.clues[:2] + (Clue(()),) + new.puzzle.clues[3:])
    found = {start: {grid for grid, _ in grids(open_row, None, start)} for start in (None, "top", "bottom")}
    assert found[None] == found["top"] == found["bottom"] and len(found[None]) > 1
    assert search.first_end(open_row) in ("top", "bottom")


def test_a_second_grid_again_below_the_rows_planted_again_sends_the_repairs_a_row_higher(monkeypatch):
    """When a second grid keeps differing at or below the first row planted again, the freedom lies
    higher: each repair starts a row above the last, and one that cannot be filled a row higher."""
    made = next(p for p in (planting(5, 5, random.Random(7)) for _ in range(20)) if p is not None)
    grid = made.grid()
    differs_last = grid[:-1] + (tuple(None if v is not None else 1 for v in grid[-1]),)
    starts: list[int] = []

    def again(planted, r, rng, stop):
        starts.append(r)
        return None if r == 2 else planted  # row 2 cannot be planted again: the repair goes on from row 1

    monkeypatch.setattr(generate_module, "other_grid", lambda puzzle, planted, steps, near=None: differs_last)
    monkeypatch.setattr(generate_module, "replanted", again)
    assert generate_module._repaired(made, random.Random(1), lambda: None) is None
    assert starts == [4, 3, 2, 1, 0]


def test_a_thinning_check_past_its_steps_is_made_again_at_once_with_more_steps(monkeypatch):
    """Again at once, on the puzzle as it stands (more conditions than at the end: a narrower
    search), without the band searches that just found nothing; and the grid is dropped as soon
    as one such check stays undecided, before the other checks are spent on it."""
    new = made(1)
    order = [(r, c) for r, clue in enumerate(new.puzzle.clues) for c in clue.conditions]
    first = random.Random(5)
    first.shuffle(order)
    calls: list[tuple[int, int, bool, int]] = []  # (row, steps, bands, conditions left)

    def other(puzzle, planted, steps, near=None, bands=True):
        calls.append((near, steps, bands, sum(len(clue.conditions) for clue in puzzle.clues)))
        if len(calls) == 1:
            raise _Undecided
        return None  # unique: every condition goes

    monkeypatch.setattr(generate_module, "other_grid", other)
    thinned, witnesses = generate_module._thin(new.puzzle, new.solution, random.Random(5), lambda: None,
                                               lambda puzzle: True)
    conditions = len(order)
    assert calls[:3] == [(order[0][0], generate_module.CHECK_STEPS, True, conditions - 1),
                         (order[0][0], generate_module.RETRY_STEPS, False, conditions - 1),
                         (order[1][0], generate_module.CHECK_STEPS, True, conditions - 2)]
    assert witnesses == {} and all(not clue.conditions for clue in thinned.clues)

    def undecided(puzzle, planted, steps, near=None, bands=True):
        calls.append((near, steps, bands, sum(len(clue.conditions) for clue in puzzle.clues)))
        raise _Undecided

    calls.clear()
    monkeypatch.setattr(generate_module, "other_grid", undecided)
    with pytest.raises(_Undecided):
        generate_module._thin(new.puzzle, new.solution, random.Random(5), lambda: None, lambda puzzle: True)
    assert calls == [(order[0][0], generate_module.CHECK_STEPS, True, conditions - 1),
                     (order[0][0], generate_module.RETRY_STEPS, False, conditions - 1)]  # and no other check
