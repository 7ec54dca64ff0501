"""Parts that split themselves: a unit of work that makes its budget of placements hands the rest of its tree
back as units for other workers. Whatever the budget, the units cover the tree exactly once: the counts, the
classes and the packings found are the whole count's, and no unit makes more placements than its budget."""

from __future__ import annotations

from array import array

import pytest

from foldkit.kinds.packing import parallel
from foldkit.kinds.packing.parallel import counter
from solver.packing import census, parse_packing, solve
from solver.packing.engine import Task, compiled, search
from solver.packing.parts import (
    FANNED_NODES,
    FIRST_NODES,
    HAND_OFF,
    UNIT_NODES,
    Unit,
    budgets,
    count_part,
    count_unit,
    cut,
    merge,
    plan_of,
)
from solver.packing.records import UnitSearch, record_tasks, search_records, task_records
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


def every_unit_from(plan, units: list[Unit], parts: int, budget: int, drop: int = -1) -> list:
    """The tallies of the units and of all they hand off, run one after another; the `drop`-th unit handed off
    (counted from 0) is left out."""
    queue, tallies, handed_off = list(units), [], 0
    while queue:
        tally, handed = count_unit(plan, queue.pop(0), parts, budget)
        tallies.append(tally)
        for unit in handed:
            if handed_off != drop:
                queue.append(unit)
            handed_off += 1
    return tallies


@pytest.mark.parametrize("name", ["mixed-2x3x4", "scott-pentominoes"])
def test_units_fanned_out_from_small_first_budgets_add_up_to_the_whole_count(name):
    """Two parts for sixteen workers: each part's first unit makes a few placements and hands the rest off, and
    the units grow GROWTH times at each hand-off (up to the budget): the count is the whole one, and the work
    did fan out (more units than parts, some of them hand-offs of hand-offs)."""
    puzzle = example(name)
    whole = census(puzzle)
    plan = plan_of(puzzle)
    assert budgets(2, 16) == (FIRST_NODES, FANNED_NODES) and budgets(128, 16) == (UNIT_NODES, UNIT_NODES)
    small = [Unit(k, None, 20) for k in range(2)]  # these trees are small: 20 placements to start
    tallies = every_unit_from(plan, small, 2, 2_000)
    merged = census_of(plan, merge(tallies))
    assert (merged.packings, merged.classes, merged.representatives) == \
        (whole.packings, whole.classes, whole.representatives)
    assert len(tallies) > 2 * HAND_OFF


def test_a_dropped_hand_off_changes_the_count():
    """The check above can fail: leaving out any one unit handed off loses packings."""
    puzzle = example("scott-pentominoes")
    plan = plan_of(puzzle)
    small = [Unit(k, None, 20) for k in range(2)]
    whole = merge(every_unit_from(plan, small, 2, 2_000)).packings
    assert whole == 520
    dropped = [merge(every_unit_from(plan, small, 2, 2_000, drop)).packings for drop in (0, 3, 7)]
    assert all(packings < whole for packings in dropped), dropped


@pytest.mark.parametrize("name", ["soma", "mixed-2x3x4", "scott-pentominoes"])
def test_the_compiled_cut_covers_the_tree_once(name):
    """The starting points cut by the front search (each replaced by what a search stopped after one placement
    hands off) hold every packing once: their searches find what the uncut search finds."""
    plan = plan_of(example(name))
    tasks, made = cut(plan.table, list(plan.starts), 40)
    assert len(tasks) >= 40 and made > 0 and plan.cut == "front"
    found = sorted(tuple(sorted(row)) for task in tasks for row in search(plan.table, task, engine="front").rows)
    alone = sorted(tuple(sorted(row)) for task in plan.starts for row in search(plan.table, task, engine="front").rows)
    assert found == alone


def test_parts_cut_otherwise_are_parts_of_another_count(monkeypatch):
    """Where the front search is not built, the parts are cut by tasks.split in Python: other parts, so another
    fingerprint (parts of the two never merge)."""
    from solver.packing import parts

    puzzle = example("soma")
    front = parts.Plan(plan_of(puzzle).table)
    assert front.cut == "front" and front.fingerprint  # made now, before the front search is hidden
    monkeypatch.setattr(parts, "hands_off", lambda table, engine="auto": False)
    choice = parts.Plan(front.table)
    assert (front.cut, choice.cut) == ("front", "choice") and front.fingerprint != choice.fingerprint
    assert merge(count_part(choice, k, 3) for k in range(3)).packings == census(puzzle).packings
    counted = [count_unit(choice, Unit(k, None, 5), 3) for k in range(3)]  # no hand-off: each part whole
    assert all(handed == () for _, handed in counted)
    merged = census_of(choice, merge(tally for tally, _ in counted))
    assert (merged.packings, merged.classes) == (census(puzzle).packings, census(puzzle).classes)


def test_units_keep_bounded_class_forms_and_still_count_every_class(monkeypatch):
    """A census of millions of classes (the one-sided 9x10) cannot keep every class's form: a unit keeps the
    first KEEP packings it finds, and a merged tally the MOST_FORMS smallest forms; the counts stay exact, from
    the stabilisers, and the tally says it no longer holds every class."""
    from solver.packing import parts

    monkeypatch.setattr(parts, "KEEP", 7)
    monkeypatch.setattr(parts, "MOST_FORMS", 11)
    puzzle = example("scott-pentominoes")
    whole = census(puzzle)
    plan = plan_of(puzzle)
    units = every_unit(plan, 2, count_part(plan, 0, 1).nodes // 20)
    assert all(tally.kept <= 7 and len(tally.forms) <= tally.kept <= tally.found for _, tally in units)
    assert sum(tally.found for _, tally in units) > 7 * 2  # some unit found more than it kept
    merged = merge(tally for _, tally in units)
    assert len(merged.forms) == 11 and merged.kept == 11 < merged.found and not merged.complete
    counted = census_of(plan, merged)
    assert (counted.packings, counted.classes) == (whole.packings, whole.classes)
    assert len(counted.representatives) == 11


def test_the_book_of_units_in_flight_holds_one_finding_a_part_however_many_units_end():
    """A part of thousands of units (the one-sided 9x10) must not keep every unit's tally until its last ends,
    nor merge each into the part's (as costly as a worker): the book merges them a batch at a time, and the
    part's finding is the merge of them all."""
    from foldkit.census import UnitBook

    merges: list[int] = []

    def summed(found: list[int]) -> int:
        merges.append(len(found))
        return sum(found)

    book = UnitBook([0, 1], summed)
    for _ in range(1000):
        book.started(0)
    book.started(1)
    ended = [book.ended(0, 1) for _ in range(999)]
    assert ended == [None] * 999 and len(book.found[0]) <= UnitBook.BATCH  # a batch held at most, not 999
    assert book.ended(1, 5) == 5
    assert book.ended(0, 1) == 1000 and book.found == {}
    assert max(merges) <= UnitBook.BATCH and len(merges) <= 1000 // (UnitBook.BATCH - 1) + 1  # once a batch


def whole_rows(found: UnitSearch, width: int) -> list[tuple[int, ...]]:
    ids = array("i", found.rows)
    return [tuple(ids[i:i + width]) for i in range(0, len(ids), width)]


@pytest.mark.parametrize("name", ["soma", "l-tricubes", "mixed-2x3x4"])
def test_one_call_searches_many_tasks_as_a_call_for_each_would(name):
    """search_records (a unit's tasks in one call of the front search) counts, weights, keeps and sums the
    stabilisers as a search of each task alone does, a task that is a packing already among them (pockets: soma;
    every cell tallied: l-tricubes); and with a budget, what it found and the records it dealt out find every
    packing once."""
    plan = plan_of(example(name))
    width = sum(plan.table.counts)
    packing = search(plan.table, limit=1).rows[0]
    tasks = [*plan.split(3)[0], Task(packing, (0,) * len(plan.table.counts), 2)]
    alone = [search(plan.table, task, engine="front", counting=plan.counting(keep=-1)) for task in tasks]
    together = search_records(plan.table, task_records(tasks), 0, plan.counting())
    assert together.finished and together.rest == (b"",)
    assert (together.packings, together.stabilisers, together.found) == \
        (sum(a.packings for a in alone), sum(a.stabilisers for a in alone), sum(len(a.rows) for a in alone))
    assert whole_rows(together, width) == [row for a in alone for row in a.rows]
    kept = search_records(plan.table, task_records(tasks), 0, plan.counting(), keep=5)
    assert whole_rows(kept, width) == whole_rows(together, width)[:5] and kept.found == together.found
    budget = together.nodes // 7
    first = search_records(plan.table, task_records(tasks), budget, plan.counting(), ways=3)
    assert not first.finished and first.nodes == budget and len(first.rest) == 3 and all(first.rest)
    rest = [search_records(plan.table, records, 0, plan.counting()) for records in first.rest]
    assert first.packings + sum(r.packings for r in rest) == together.packings
    assert sorted(map(sorted, whole_rows(first, width) + [row for r in rest for row in whole_rows(r, width)])) == \
        sorted(map(sorted, whole_rows(together, width)))


def test_a_unit_is_one_call_of_the_compiled_search(monkeypatch):
    """However many tasks a unit holds, count_unit calls the front search once (its set-up and Python's part of
    a call paid once a unit: Bedlam's 1,894 units made 15,909 calls of a search each, a median of 83 placements)."""
    from solver.packing import _front

    plan = plan_of(example("scott-pentominoes"))
    plan.split(2)  # the cut's searches: once a count, not a unit's
    calls = {"search": 0, "search_tasks": 0}

    def counted(name):
        real = getattr(_front, name)

        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    for name in calls:
        monkeypatch.setattr(_front, name, counted(name))
    queue, units = [Unit(k, None, 200) for k in range(2)], []
    while queue:
        unit = queue.pop()
        units.append(unit)
        queue.extend(count_unit(plan, unit, 2, 2_000)[1])
    assert calls == {"search": 0, "search_tasks": len(units)}
    assert max(len(record_tasks(plan.table, unit.tasks)) for unit in units if unit.tasks) > 1  # many tasks a unit


def test_the_front_search_refuses_tasks_that_do_not_fit_the_table():
    from solver.packing import _front

    table = plan_of(example("soma")).table
    first, other = table.cell_placements[0][0], next(p for p in table.cell_placements[0]
                                                     if table.placement_piece[p] != table.placement_piece[0])
    same = next(p for p in range(len(table.placement_piece)) if table.placement_piece[p] == table.placement_piece[first]
                and not set(table.placement_cells[p]) & set(table.placement_cells[first]))
    for records in ([0, 1, first], [1, 1, len(table.placement_piece)], [1, 2, first, other], [1, 2, first, same],
                    [1, 3, first], [1, -1], [1]):
        with pytest.raises(ValueError, match="tasks"):
            _front.search_tasks(table.front, array("i", records).tobytes())
    with pytest.raises(ValueError, match="ways"):
        _front.search_tasks(table.front, b"", ways=0)


def test_a_group_checked_once_still_refuses_another_out_of_range():
    """The front search checks a group once (the same bytes object given again is not checked again): another
    group, or the same one for a table of fewer placements, is checked and refused."""
    from solver.packing import _front

    big, small = plan_of(example("soma")), plan_of(example("l-tricubes"))
    records = task_records([Task((), big.table.counts)])
    assert _front.search_tasks(big.table.front, records, group=big.group_bytes)[1] > 0
    assert _front.search_tasks(big.table.front, records, group=big.group_bytes)[1] > 0  # checked already
    bad = array("i", big.group_bytes)
    bad[-1] = len(big.table.placement_piece)
    with pytest.raises(ValueError, match="group"):
        _front.search_tasks(big.table.front, records, group=bad.tobytes())
    assert len(small.table.placement_piece) < len(big.table.placement_piece)
    many, few = len(big.table.placement_piece), len(small.table.placement_piece)
    both = array("i", [k % many for k in range(many * few)]).tobytes()  # whole rows for either table
    _front.search_tasks(big.table.front, records, group=both)  # in range for the big table: checked, remembered
    with pytest.raises(ValueError, match="group"):
        _front.search_tasks(small.table.front, task_records([Task((), small.table.counts)]), group=both)
