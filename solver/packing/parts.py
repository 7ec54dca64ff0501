"""A count of every packing cut into parts that can run anywhere (threads, processes, other machines),
and the merge of what the parts found.

The search's starting points (the symmetry anchors' tasks) are cut (``cut``: by the compiled front search, the
shallowest first, each replaced by what a search of it stopped after one placement leaves) until there are at
least TASKS_PER_PART of them for each part; part k of n takes every n-th of them, so the big early subtrees
spread over the parts. The cut depends only on the table and n, so every process that builds the same table
(same puzzle, same seed) cuts the tree the same way; it takes Bedlam 0.3 ms for 16 parts (tasks.split's Python,
used where the front search is not, took 60 ms: a serial start that alone held 64 workers under 43 x). What a
part finds is a Tally whose fields add up: the packings, the sum of their stabiliser sizes (the classes are that
sum divided by the symmetries, exact however the tree is cut), and the classes met, as canonical forms, so the
merge can name one representative of each.

A part need not run in one piece: count_unit searches some of a part's tasks until its budget of placements was
made, then hands the rest of the tree back (the compiled front search says, level by level, which candidates it
had not tried) as new units for other workers, each with GROWTH times that budget, up to a most (see budgets):
UNIT_NODES when there are parts enough for every worker; when there are not, a part's first unit has a small
budget (FIRST_NODES), so the work fans out to every worker within a few milliseconds, the units grow as the count
goes on, up to FANNED_NODES; whoever hands the units out cuts a unit's budget as it starts when little work waits
(solver.packing.dispatch), so the count ends in small units. The part's tally is the sum of its units'; its record
is the same whoever counted the units.
"""

from __future__ import annotations

import hashlib
import heapq
from array import array
from collections import deque
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from solver.packing.engine import Counting, Task, hands_off, search
from solver.packing.model import PackingPuzzle
from solver.packing.records import record_tasks, search_records, task_records
from solver.packing.symmetry import anchored_tasks, classes, flat_classes, symmetry_group
from solver.packing.table import Permutation, Row, Table, build_table
from solver.packing.tasks import search_tasks, split

PARTS_PER_WORKER = 8  # parts for each process (or cluster thread): a slow part leaves the others something to do
TASKS_PER_PART = 8  # starting points per part, so that a few big subtrees do not decide the time
KEEP = 10_000  # packings a part keeps to name classes by (each class is met once or a few times)
# The most class forms a tally keeps, however many units and parts it merges: the one-sided 9x10's 10.4 million
# classes kept whole made part records of 50 MB and a client of 7 GB; Bedlam's 19,186 stay whole.
MOST_FORMS = 100_000
UNIT_NODES = 250_000  # the most placements a unit of work makes before it hands what is left to others (~45 ms of
                      # Bedlam), when the parts alone keep every worker busy
FANNED_NODES = 60_000  # the most when the work fans out to more workers than parts (~11 ms: 250,000 left a unit of
                       # 0.65 % of Bedlam's count, which 64 workers waited for at the end)
FIRST_NODES = 2_000  # a part's first unit's budget (~0.4 ms) when the work fans out (see budgets)
GROWTH = 4  # each unit handed off has that many times the budget of the unit that handed it off, up to the most
HAND_OFF = 4  # units the work left is cut into: the big subtrees near the top go to different workers (8 made Bedlam
              # 3.5 times the units, each search's set-up repeated for little work)


@dataclass(frozen=True, eq=False)
class Plan:
    """A puzzle's table with what every part of a count shares: the symmetries and the starting points."""

    table: Table
    splits: dict[int, tuple[tuple[Task, ...], int]] = field(default_factory=dict)  # parts -> split(parts)

    @cached_property
    def symmetries(self) -> tuple[list[tuple[int, ...]], list[Permutation]]:
        """(cell permutations, placement permutations) of the puzzle's distinct symmetries, made once: mapping
        every placement by every symmetry is a sizeable share of a quick count (0.12 s of the Y cube's)."""
        return symmetry_group(self.table)

    @cached_property
    def group(self) -> tuple[Permutation, ...]:
        """The puzzle's distinct symmetries acting on placements, the identity first."""
        return tuple(self.symmetries[1])

    @cached_property
    def starts(self) -> tuple[Task, ...]:
        """The search's starting points after the symmetry anchors."""
        cells, group = self.symmetries
        return tuple(anchored_tasks(self.table, group, cells))

    def split(self, parts: int) -> tuple[tuple[Task, ...], int]:
        """(the starting points split for that many parts, the placements the split made), made once."""
        if parts not in self.splits:
            cutting = cut if self.cut == "front" else split
            tasks, made = cutting(self.table, list(self.starts), TASKS_PER_PART * parts)
            self.splits[parts] = (tuple(tasks), made)
        return self.splits[parts]

    @cached_property
    def cut(self) -> str:
        """How the starting points are cut into parts: "front" by the compiled search (see cut), else "choice"
        (tasks.split, in Python: Bedlam's 16 parts took 0.06 CPU-s so, 0.2 ms by the front search). Parts
        cut otherwise are other parts: a count's digest names its cut."""
        return "front" if hands_off(self.table, "front") else "choice"

    @cached_property
    def width(self) -> int:
        """The placements of every packing: one per copy of each piece."""
        return sum(self.table.counts)

    def part_tasks(self, part: int, parts: int) -> tuple[Task, ...]:
        """The starting points of part `part` (0-based) of `parts`."""
        return self.split(parts)[0][part::parts]

    @cached_property
    def group_bytes(self) -> bytes:
        """The group as the compiled searches take it, made once: a unit's search would take longer making it
        (the Y cube's 48 x 960 images) than searching."""
        return Counting(group=self.group).group_bytes

    def counting(self, limit: int = 0, keep: int = KEEP, control: array | None = None) -> Counting:
        """A new Counting of this plan's group, keeping `keep` packings (-1: all), up to `limit` packings (0: all),
        with that control (None: its own)."""
        counting = Counting(limit, keep, self.group) if control is None else Counting(limit, keep, self.group, control)
        counting.__dict__["group_bytes"] = self.group_bytes  # what its cached_property would make again
        return counting

    @cached_property
    def fingerprint(self) -> str:
        """A digest of the table and of the cut: parts to merge must come from tables numbered alike, cut alike."""
        return hashlib.sha256(b"".join(self.table.buffers) + self.cut.encode()).hexdigest()[:16]


def cut(table: Table, tasks: list[Task], wanted: int) -> tuple[list[Task], int]:
    """(the tasks cut until there are at least `wanted`, the placements made so): the first task (the shallowest,
    the largest subtree) replaced, again and again, by the work a front search of it stopped after its first
    placement hands off (that placement's children and its siblings not tried), as tasks.split does level by
    level, but by the compiled search: microseconds a task where Python's choice takes milliseconds."""
    queue, made = deque(tasks), 0
    whole: list[Task] = []
    while queue and len(queue) + len(whole) < wanted:
        task = queue.popleft()
        if sum(task.counts) < 2:  # one placement could make a packing: left as it is, for a part to find
            whole.append(task)
            continue
        pieces: list[Task] = []
        found = search(table, task, max_nodes=1, engine="front", rest=pieces)
        assert found.packings == 0  # two copies or more were left: one placement fills nothing
        queue.extend(pieces)
        made += found.nodes
    return whole + list(queue), made


@lru_cache(maxsize=2)
def plan_of(puzzle: PackingPuzzle, seed: int | None = None) -> Plan:
    """The plan of a puzzle (its table built with that seed), built once per process."""
    return Plan(build_table(puzzle, seed))


@dataclass(frozen=True)
class Tally:
    """What some parts of a count found; every field adds up over parts (see merge)."""

    packings: int  # packings counted, each standing for its starting point's weight
    stabilisers: int  # sum over them of how many symmetries map each onto itself
    nodes: int  # placements the searches made
    forms: frozenset[Row]  # the canonical form of every class met among the packings kept
    found: int  # packings the searches found (unweighted)
    kept: int  # of them, those kept to make forms of (all, unless a part found more than KEEP)
    limited: bool = False  # a limit on packings stopped some part: the counts are lower bounds

    @property
    def complete(self) -> bool:
        """Every packing found was kept, so forms holds every class."""
        return self.kept == self.found


Finished = Generator[tuple[int, "Tally"], None, None]  # (part, 0-based; its tally) as parts finish


def count_part(plan: Plan, part: int, parts: int, limit: int = 0, engine: str = "auto", workers: int | None = 1,
               keep: int = KEEP, control: array | None = None) -> Tally:
    """Every packing of part `part` (0-based) of `parts`, up to limit (0: all), searched by that many threads
    (None: one a core), keeping `keep` packings to name classes by. Setting control[engine.STOP] to
    engine.INTERRUPTED (from another thread) stops it."""
    tasks, made = plan.split(parts)
    counting = Counting(limit, keep, plan.group) if control is None else Counting(limit, keep, plan.group, control)
    found = search_tasks(plan.table, list(tasks[part::parts]), engine, workers, counting)
    split_nodes = made if part == 0 else 0  # the split's placements belong to the whole count, once
    return Tally(found.packings, found.stabilisers, split_nodes + found.nodes,
                 frozenset(classes(found.rows, list(plan.group))), counting.offered, len(found.rows),
                 found.limited)


@dataclass(frozen=True)
class Unit:
    """Work for one worker: some of part `part`'s tree, as tasks (records.task_records' int32 records; None: the
    part's starting points), and the placements it may make before it hands what is left to others."""

    part: int  # 0-based
    tasks: bytes | None = None
    budget: int = FIRST_NODES  # grown GROWTH times at each hand-off; its hand-offs grow from it
    given: int = 0  # the budget it runs with, if a dispatch cut it as it started (solver.packing.dispatch; 0: budget)


Counted = tuple[Tally, tuple[Unit, ...]]  # what a unit found, and the units it handed off


def budgets(parts: int, workers: int, most: int = UNIT_NODES) -> tuple[int, int]:
    """(the budget of each part's first unit, the most placements any unit makes) for a count in so many parts on so
    many workers. When there are PARTS_PER_WORKER parts for each worker, the parts alone keep every worker busy:
    units of `most` (a pool or a scheduler has a cost per unit). With fewer, the work fans out: a part's first
    unit makes FIRST_NODES placements, so every worker has work within a few of those budgets, each hand-off grows
    GROWTH times, and no unit makes more than FANNED_NODES (the last units hold up fewer workers)."""
    if parts >= PARTS_PER_WORKER * workers:
        return most, most
    cap = min(most, FANNED_NODES)
    return min(FIRST_NODES, cap), cap


def count_unit(plan: Plan, unit: Unit, parts: int, budget: int = UNIT_NODES, limit: int = 0,
               control: array | None = None) -> Counted:
    """The tally of a unit's tasks searched one after another until its budget of placements (at most `budget`;
    0: no budget) was made, and the work left then, cut into at most HAND_OFF units of GROWTH times its budget:
    a long part splits itself so, at once at its start and less often as it goes on, and the units handed off
    cover exactly the packings it did not reach. The tasks are searched in one call of the front search
    (records.search_records), which names the work left and sums the stabilisers. Setting control[engine.STOP] to
    engine.INTERRUPTED (from another thread) stops it."""
    made = plan.split(parts)[1] if unit.part == 0 and unit.tasks is None else 0  # the split's placements: once
    records = task_records(plan.part_tasks(unit.part, parts)) if unit.tasks is None else unit.tasks
    counting = plan.counting(limit, -1, control)
    if plan.cut != "front":  # another engine's stop leaves no word of what is left: no budget
        return _count_whole(plan, record_tasks(plan.table, records), counting, made), ()
    most, budget = budget, min(unit.given or unit.budget, budget) if budget else 0
    found = search_records(plan.table, records, max(budget - made, 1) if budget else 0, counting, KEEP, HAND_OFF)
    forms = flat_classes(found.rows, plan.width, plan.group, plan.group_bytes)
    tally = Tally(found.packings, found.stabilisers, made + found.nodes, frozenset(forms), found.found,
                  len(found.rows) // (4 * plan.width), counting.limited)
    handed = min(unit.budget * GROWTH, most)  # from its own budget: a cut one does not start the growth again
    return tally, tuple(Unit(unit.part, rest, handed) for rest in found.rest if rest)


def _count_whole(plan: Plan, tasks: list[Task], counting: Counting, made: int) -> Tally:
    """The tally of the tasks searched to their end (or to the count's limit), one after another."""
    found = search_tasks(plan.table, tasks, "auto", 1, counting)
    rows = found.rows[:KEEP]
    return Tally(found.packings, found.stabilisers, made + found.nodes,
                 frozenset(classes(rows, list(plan.group), plan.group_bytes)), len(found.rows), len(rows),
                 found.limited)


def count_unit_of(puzzle: PackingPuzzle, seed: int | None, unit: Unit, parts: int, budget: int = UNIT_NODES,
                  limit: int = 0) -> Counted:
    """count_unit for a process that has only the puzzle (a pool's worker)."""
    return count_unit(plan_of(puzzle, seed), unit, parts, budget, limit)


def merge(tallies: Iterable[Tally]) -> Tally:
    """The tally of all those parts together, keeping the MOST_FORMS smallest class forms."""
    every = list(tallies)
    forms, kept = frozenset().union(*(t.forms for t in every)), sum(t.kept for t in every)
    if len(forms) > MOST_FORMS:  # the largest few dropped: sorting all 100,000 took 4 times as long
        forms, kept = forms - frozenset(heapq.nlargest(len(forms) - MOST_FORMS, forms)), MOST_FORMS
    return Tally(sum(t.packings for t in every), sum(t.stabilisers for t in every), sum(t.nodes for t in every),
                 forms, sum(t.found for t in every), kept, any(t.limited for t in every))
