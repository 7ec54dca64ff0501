"""Units cut as they start (solver.packing.dispatch): whoever hands units out gives a unit started while little work
waits a smaller budget, so the end of a count is made of small units every worker shares; the counts stay exact,
and a simulated pool (the real search run with the budgets its queue decides, placements as its clock) gets a
speed-up that fixed budgets miss."""

from __future__ import annotations

import pytest

from bench.packing_units import FixedBudgets, simulated
from foldkit.kinds.packing import parallel
from foldkit.kinds.packing.parallel import counter
from solver.packing import census, parse_packing, solve
from solver.packing.dispatch import SMALLEST, Dispatch, started_budget
from solver.packing.engine import compiled
from solver.packing.parts import GROWTH, Tally, Unit, count_part, count_unit, merge, plan_of
from solver.packing.solve import census_of
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.skipif(not compiled(), reason="the hand-off is the compiled front search's")


def example(name: str):
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt", name)


def ended(placements: int) -> Tally:
    return Tally(0, 0, placements, frozenset(), 0, 0)


def test_a_unit_started_with_nothing_waiting_for_many_workers_gets_a_small_budget():
    dispatch = Dispatch(64)
    dispatch.add([Unit(0, b"a", 60_000), Unit(0, b"b", 60_000)])
    dispatch.ended(ended(30_000))
    first = dispatch.take(out=10)
    assert first is not None and first.budget == 60_000
    assert first.given == 2 * 30_000 // 64  # one unit waits behind it, of 30,000 placements, for 64 workers
    alone = dispatch.take(out=11)
    assert alone is not None and alone.given == SMALLEST  # nothing waits: the least


def test_a_unit_started_while_the_queue_is_full_keeps_its_budget():
    dispatch = Dispatch(4)
    dispatch.add(Unit(0, bytes([k]), 60_000) for k in range(50))
    dispatch.ended(ended(30_000))
    unit = dispatch.take(out=3)
    assert unit is not None and unit.given == 0 and unit.budget == 60_000


def test_nothing_is_cut_before_a_unit_has_ended_and_no_more_than_the_look_ahead_goes_out():
    dispatch = Dispatch(2, look_ahead=1)
    dispatch.add(Unit(k, None, 2_000) for k in range(5))
    taken = [dispatch.take(out) for out in range(4)]
    assert [unit.given for unit in taken[:3] if unit] == [0, 0, 0] and taken[3] is None


@pytest.mark.parametrize("waiting", [0, 1, 5, 50, 10_000])
def test_a_started_budget_is_never_above_its_own_nor_under_the_least(waiting):
    for budget in (100, 2_000, 60_000):
        given = started_budget(budget, waiting, 16, 8_000.0)
        assert min(budget, SMALLEST) <= given <= budget
        assert given <= started_budget(budget, waiting + 1, 16, 8_000.0)  # more waiting, never less


def test_the_cluster_order_takes_the_lowest_part_first_the_last_made_first():
    dispatch = Dispatch(1, "part", look_ahead=10)
    dispatch.add([Unit(1, b"a"), Unit(0, b"b"), Unit(0, b"c"), Unit(1, b"d")])
    assert [unit.tasks for unit in iter(lambda: dispatch.take(0), None)] == [b"c", b"b", b"d", b"a"]


@pytest.mark.parametrize("name", ["mixed-2x3x4", "scott-pentominoes"])
def test_units_cut_as_they_start_add_up_to_the_whole_count(name):
    """One worker of 64 takes every unit in turn, so the queue is short and most units are cut: the count is the
    whole one, and a cut unit hands off units of GROWTH times its own budget, not the cut one."""
    puzzle = example(name)
    whole = census(puzzle)
    plan = plan_of(puzzle)
    dispatch, tallies, cut = Dispatch(64), [], []
    dispatch.add(Unit(k, None, 200) for k in range(2))
    while (unit := dispatch.take(0)) is not None:
        tally, handed = count_unit(plan, unit, 2, 5_000)
        dispatch.ended(tally)
        dispatch.add(handed)
        tallies.append(tally)
        if unit.given and handed:
            cut.append((unit, handed))
    merged = census_of(plan, merge(tallies))
    assert (merged.packings, merged.classes, merged.representatives) == \
        (whole.packings, whole.classes, whole.representatives)
    assert cut and all(tally.nodes <= SMALLEST for tally in tallies[-3:])  # the end: small units
    assert all(child.budget == min(unit.budget * GROWTH, 5_000) for unit, handed in cut for child in handed)


def test_the_simulated_pool_of_cut_units_reaches_a_speed_up_fixed_budgets_miss():
    """Scott's pentominoes (82,000 placements) in 2 parts on 64 workers, units of 50 placements first, at most
    2,000, a unit's own cost left out: fixed budgets leave the end to a few large units (about 10x); cut as they
    start, the units share it (about 23x). Bounded by placements, the simulation's clock, not time."""
    plan = plan_of(example("scott-pentominoes"))
    whole = count_part(plan, 0, 1).nodes

    def speed_up(dispatch: Dispatch) -> float:
        units = simulated(plan, dispatch, 0, 2, (50, 2_000))
        assert sum(ran.nodes for ran in units) <= whole
        return whole / max(ran.end for ran in units)

    fixed, cut = speed_up(FixedBudgets(64, look_ahead=64)), speed_up(Dispatch(64, look_ahead=64))
    assert fixed < 16 <= cut


def test_a_pool_cuts_units_and_counts_the_same(monkeypatch):
    """The --jobs pool's parent hands the units out through a Dispatch: some are cut, the count is exact."""
    given: list[int] = []

    class Recording(Dispatch):
        def take(self, out: int) -> Unit | None:
            unit = super().take(out)
            if unit is not None:
                given.append(unit.given)
            return unit

    monkeypatch.setattr(parallel, "UNIT_NODES", 3000)
    monkeypatch.setattr(parallel, "Dispatch", Recording)
    puzzle = example("scott-pentominoes")
    report = solve(puzzle, every=True, counter=counter(puzzle, None, 2, parts=5))
    assert (report.packings, report.classes, len(report.representatives)) == (520, 65, 65)
    assert len(given) > 5 and any(given)
