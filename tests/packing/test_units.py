"""Parts that split themselves: a unit of work that makes its budget of placements hands the rest of its tree
back as units for other workers. Whatever the budget, the units cover the tree exactly once: the counts, the
classes and the packings found are the whole count's, and no unit makes more placements than its budget."""

from __future__ import annotations

import pytest

from foldkit.kinds.packing import parallel
from foldkit.kinds.packing.parallel import counter
from solver.packing import census, parse_packing, solve
from solver.packing.engine import Task, compiled, search
from solver.packing.parts import Unit, count_part, count_unit, merge, plan_of
from solver.packing.solve import census_of
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.skipif(not compiled(), reason="the hand-off is the compiled front search's")


def example(name: str):
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt", name)


def every_unit(plan, parts: int, budget: int) -> list[tuple[Unit, object]]:
    """(unit, its tally) of every unit of a count, the hand-offs run one after another."""
    queue, done = [Unit(k) for k in range(parts)], []
    while queue:
        unit = queue.pop()
        tally, handed = count_unit(plan, unit, parts, budget)
        done.append((unit, tally))
        queue.extend(handed)
    return done


@pytest.mark.parametrize("name", ["soma", "mixed-2x3x4", "scott-pentominoes"])
@pytest.mark.parametrize(("parts", "share"), [(1, 3), (1, 60), (3, 20), (4, 7)])
def test_units_of_any_budget_add_up_to_the_whole_count(name, parts, share):
    """Budgets from a third of the whole tree's placements to a sixtieth, and one placement (soma)."""
    puzzle = example(name)
    whole = census(puzzle)
    plan = plan_of(puzzle)
    budget = 1 if name == "soma" and share == 60 else count_part(plan, 0, 1).nodes // share
    units = every_unit(plan, parts, budget)
    merged = census_of(plan, merge(tally for _, tally in units))
    assert (merged.packings, merged.classes) == (whole.packings, whole.classes)
    assert merged.representatives == whole.representatives
    assert sum(tally.found for _, tally in units) == count_part(plan, 0, 1).found  # no packing found twice
    assert len(units) > parts  # the parts did split
    first = (Unit(0),)  # part 0's first unit also carries the split's placements (see count_unit)
    assert all(tally.nodes <= budget for unit, tally in units if (unit,) != first)


def test_a_stopped_search_hands_off_exactly_what_it_did_not_reach():
    """The prefixes a search stopped by max_nodes leaves are searched to the end: with what it found they make
    the whole search's packings, each once."""
    plan = plan_of(example("mixed-2x3x4"))
    whole = sorted(tuple(sorted(row)) for row in search(plan.table, engine="front").rows)
    rest: list[Task] = []
    first = search(plan.table, max_nodes=25, engine="front", rest=rest)
    assert not first.finished and rest
    rows = [tuple(sorted(row)) for row in first.rows]
    for task in rest:
        found = search(plan.table, task, engine="front")
        assert found.finished
        rows += [tuple(sorted(row)) for row in found.rows]
    assert sorted(rows) == whole


def test_a_finished_search_hands_nothing_off():
    plan = plan_of(example("soma"))
    rest: list[Task] = []
    assert search(plan.table, max_nodes=10**9, engine="front", rest=rest).finished and rest == []


@pytest.mark.parametrize("jobs", [2, 3])
def test_processes_share_the_units_and_count_the_same(monkeypatch, jobs):
    """In a pool, each unit's hand-off goes to the workers free; a part is reported once all its units end."""
    monkeypatch.setattr(parallel, "UNIT_NODES", 3000)  # scott's tree: some 106,000 placements
    puzzle = example("scott-pentominoes")
    seen = []
    report = solve(puzzle, every=True, counter=counter(puzzle, None, jobs, report=lambda *a: seen.append(a),
                                                       parts=5))
    assert (report.packings, report.classes, len(report.representatives)) == (520, 65, 65)
    assert [done for done, _, _ in seen] == list(range(6))


def test_a_checkpoint_of_split_parts_resumes_to_the_same_count(monkeypatch, tmp_path):
    monkeypatch.setattr(parallel, "UNIT_NODES", 3000)
    puzzle = example("scott-pentominoes")
    path = tmp_path / "count.json"
    first = solve(puzzle, every=True, counter=counter(puzzle, None, 2, parts=4, keeping=(str(path), None)))
    again = solve(puzzle, every=True, counter=counter(puzzle, None, 2, keeping=(None, str(path))))
    assert (first.packings, first.classes) == (again.packings, again.classes) == (520, 65)
