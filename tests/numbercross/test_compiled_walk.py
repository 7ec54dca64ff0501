"""The compiled Number Cross row walk (``_walk.c``) held to the Python one it stands in for
(``rows.RowFill``, ``sketch.sketches``, ``shuffled._ShuffledFill``): every walk that searches and
plantings make is run both ways, and must find the same ways in the same order, leave the same
steps, end the same way (every way, Enough, OverBudget) and draw the same random numbers. The
generator's bounds count steps, so that is what keeps its puzzles the same bytes with or without
a C compiler."""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from solver.numbercross import search
from solver.numbercross.generate import plant
from solver.numbercross.generate.generator import generate
from solver.numbercross.rules.clues import Clue, Condition, remembering
from solver.numbercross.rules.parse import parse_number_cross, picture
from solver.numbercross.solve import solve
from solver.numbercross.walk import compiled, rows, sketch

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMPILED = compiled.ENGINE


def test_the_compiled_walk_is_built():
    assert COMPILED is not None, "pip install -e . builds solver/numbercross/_walk.c (it needs a C compiler)"


def _ends(call):
    """(what call returned, the exception class it ended with or None)."""
    try:
        return call(), None
    except (rows.Enough, rows.OverBudget, sketch.TooManySketches) as end:
        return None, type(end)


@contextmanager
def both_ways(monkeypatch):
    """Every row walk, sketch listing and random row made while inside runs in Python and compiled;
    yields the count of each compared."""
    compared = {"walks": 0, "sketches": 0, "random rows": 0}
    walk, sketches, random_way = rows._walk, search._sketches, plant.random_way

    def python_then_compiled(run):
        monkeypatch.setattr(compiled, "ENGINE", None)
        first = run()
        monkeypatch.setattr(compiled, "ENGINE", COMPILED)
        return first, run()

    def walk_both(view, r, known, open_sides, digits, budget, filters, out, most, shared=None):
        def run():
            found, steps = dict(out), list(shared) if shared is not None else None
            result = _ends(lambda: walk(view, r, known, open_sides, digits, budget, filters, found, most, steps))
            return list(found), steps, result[1]
        python, compiled = python_then_compiled(run)
        assert compiled == python
        compared["walks"] += 1
        out.update(dict.fromkeys(compiled[0]))
        if shared is not None:
            shared[0] = compiled[1][0]
        if compiled[2] is not None:
            raise compiled[2]

    def sketches_both(*args):
        python, compiled = python_then_compiled(lambda: _ends(lambda: sketches(*args)))
        assert compiled == python
        compared["sketches"] += 1
        if compiled[1] is not None:
            raise compiled[1]
        return compiled[0]

    def random_way_both(view, r, above, digits, rng, budget):
        state = rng.getstate()

        def run():
            rng.setstate(state)
            return random_way(view, r, above, digits, rng, budget), rng.getstate()
        python, compiled = python_then_compiled(run)
        assert compiled == python
        compared["random rows"] += 1
        return compiled[0]

    monkeypatch.setattr(rows, "_walk", walk_both)
    monkeypatch.setattr(search, "_sketches", sketches_both)
    monkeypatch.setattr(plant, "random_way", random_way_both)
    yield compared


# (7x7 takes about 4 CPU-s: in the slow set.)
@pytest.mark.parametrize("size, seed", [(5, 1), (5, 2), (6, 4), pytest.param(7, 3, marks=pytest.mark.slow)])
def test_generating_walks_the_same_rows_both_ways(monkeypatch, size, seed):
    with both_ways(monkeypatch) as compared:
        generate(size, size, random.Random(seed))
    assert all(compared.values()), compared  # each kind of walk was met


@pytest.mark.slow  # about 3.5 CPU-s: the C and the Python walk side by side
def test_solving_number_cross_5_walks_the_same_rows_both_ways(monkeypatch):
    puzzle = parse_number_cross((EXAMPLES / "number-cross-5.txt").read_text())
    with both_ways(monkeypatch) as compared:
        report = solve(puzzle)
    assert compared["walks"] > 100 and compared["sketches"] > 10
    assert len(report.solutions) == 1


def test_every_budget_ends_a_walk_at_the_same_step_both_ways(monkeypatch):
    """A row listed with each budget from 1 step up to past the whole listing: OverBudget at the
    same budgets, and the same ways and steps left once it fits."""
    puzzle = parse_number_cross((EXAMPLES / "number-cross-example.txt").read_text())
    view = search.frame(puzzle)
    digits = (0,) * len(view.neighbours)
    budget, fitted = 1, 0
    while fitted < 3:
        results = []
        for walk in (None, COMPILED):
            monkeypatch.setattr(compiled, "ENGINE", walk)
            results.append(_listed(view, digits, budget))
        assert results[1] == results[0], budget
        fitted += results[0][2] is None
        budget = budget + 1 if budget < 200 else budget * 2
    assert results[0][0], "the row has ways"


def _listed(view, digits, budget: int) -> tuple[list, list[int], type | None]:
    """Row 0's ways with the row below open, listed with this budget: (ways, [steps left], end)."""
    steps, found = [budget], {}
    ended = _ends(lambda: rows._walk(view, 0, (None, None), (False, True), digits, None, (None, None), found,
                                     rows.UNLIMITED, steps))[1]
    return list(found), steps, ended


def test_a_walk_stops_at_the_most_ways_asked_for_both_ways(monkeypatch):
    puzzle = parse_number_cross((EXAMPLES / "number-cross-example.txt").read_text())
    view = search.frame(puzzle)
    digits = (0,) * len(view.neighbours)
    for most in (1, 2, 5, 17):
        results = []
        for walk in (None, COMPILED):
            monkeypatch.setattr(compiled, "ENGINE", walk)
            results.append(rows.first_ways(view, 0, None, None, False, True, digits, most, (None, None)))
        assert results[1] == results[0] and list(results[1][0]) == list(results[0][0])
        assert len(results[0][0]) == most and results[0][1] is False


def test_a_generated_puzzle_is_the_same_bytes_without_the_compiled_walk(monkeypatch):
    made = generate(6, 6, random.Random(8))
    monkeypatch.setattr(compiled, "ENGINE", None)
    again = generate(6, 6, random.Random(8))
    assert picture(again.puzzle) == picture(made.puzzle) and again.solution == made.solution


def test_a_remembering_tester_answers_as_its_test_and_asks_it_once_per_prefix():
    asked = []
    clue = Clue((Condition("product", 24),))

    def test(prefix, k, length):
        asked.append((prefix, length))
        return clue.can_start(prefix, k, length)

    tester = remembering(test)
    for _ in range(2):
        for prefix, k in ((3, 1), (38, 2), (381, 3), (46, 2), (9, 1)):
            assert tester(prefix, k, 3) == clue.can_start(prefix, k, 3)
    assert sorted(asked) == sorted({(3, 3), (38, 3), (381, 3), (46, 3), (9, 3)})
    huge = 10**30 + 1  # too large to remember: still answered
    assert tester(huge, 31, 31) == test(huge, 31, 31)


def test_a_clue_shares_its_tester_and_a_held_row_remembers_too():
    assert Clue((Condition("square"),)).tester() is Clue((Condition("square"),)).tester()
    assert Clue((Condition("square"),)).tester() is not Clue((Condition("cube"),)).tester()


def test_a_bad_argument_to_the_compiled_walk_is_an_error_not_a_crash():
    puzzle = parse_number_cross((EXAMPLES / "number-cross-example.txt").read_text())
    view = search.frame(puzzle)
    setting = rows.RowSetting(view, 0, (None, None), (False, True), (None, None))
    args = (setting.cols, setting.region, setting.lit, view.neighbours, setting.across_region, setting.can_cross,
            setting.known_in, setting.known, setting.open, (None, None), setting.can_start, tuple(setting.own_regions))
    digits = (0,) * len(view.neighbours)
    placements = list(view.layouts[0])
    with pytest.raises(ValueError):
        COMPILED.fill(*args, placements, digits[:-1], [100], 5, {})  # a digit short
    with pytest.raises(ValueError):
        COMPILED.fill(*args, placements, (40,) + digits[1:], [100], 5, {})  # no such digit
    with pytest.raises(ValueError):
        COMPILED.fill(*replace_at(args, 1, (99,) * puzzle.cols), placements, digits, [100], 5, {})  # no region 99
    with pytest.raises(ValueError):
        COMPILED.fill(*replace_at(args, 0, 40), placements, digits, [100], 5, {})  # too many columns
    with pytest.raises(TypeError):
        COMPILED.fill(*args, placements, digits, [100], 5)
    assert COMPILED.sketches(puzzle.cols, placements, view.region[0], view.lit[0], (True,) * puzzle.cols,
                             view.neighbours, view.testers[0], digits, 1, 10) is None  # one step: over budget


def replace_at(args: tuple, i: int, value) -> tuple:
    return args[:i] + (value,) + args[i + 1:]


def test_the_filters_words_are_the_masks_little_endian():
    wide = sketch.Filter((1 << 70) - 1, ((1 << 69,) * 10,), ((1,) * 10,), ())
    narrow = replace(wide, everything=7, tile=((5,) * 10,), cell=((2,) * 10,))
    for f, size in ((wide, 16), (narrow, 8)):
        masks = [f.everything, *f.tile[0], *f.cell[0]]
        assert [int.from_bytes(f.words[i * size:(i + 1) * size], "little") for i in range(21)] == masks
