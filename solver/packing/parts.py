"""A count of every packing cut into parts that can run anywhere (threads, processes, other machines),
and the merge of what the parts found.

The search's starting points (the symmetry anchors' tasks) are split level by level (``tasks.split``)
until there are at least TASKS_PER_PART of them for each part; part k of n takes every n-th of them,
so the big early subtrees spread over the parts. The split depends only on the table and n, so every
process that builds the same table (same puzzle, same seed) cuts the tree the same way. What a part
finds is a Tally whose fields add up: the packings, the sum of their stabiliser sizes (the classes
are that sum divided by the symmetries, exact however the tree is cut), and the classes met, as
canonical forms, so the merge can name one representative of each.

A part need not run in one piece: count_unit searches some of a part's tasks until UNIT_NODES placements
were made, then hands the rest of the tree back (the compiled front search says, level by level, which
candidates it had not tried) as new units for other workers, so one long part does not hold up the end of
a count. The part's tally is the sum of its units'; its record is the same whoever counted the units.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from solver.packing.engine import Counting, Task, hands_off, search, stabiliser_size
from solver.packing.model import PackingPuzzle
from solver.packing.symmetry import anchored_tasks, classes, symmetry_group
from solver.packing.table import Permutation, Row, Table, build_table
from solver.packing.tasks import search_tasks, split

PARTS_PER_WORKER = 8  # parts for each process (or cluster thread): a slow part leaves the others something to do
TASKS_PER_PART = 8  # starting points per part, so that a few big subtrees do not decide the time
KEEP = 10_000  # packings a part keeps to name classes by (each class is met once or a few times)
UNIT_NODES = 250_000  # placements a unit of work makes before it hands what is left to others (~60 ms of Bedlam)
HAND_OFF = 8  # units the work left is cut into: the big subtrees near the top go to different workers


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
            tasks, made = split(self.table, list(self.starts), TASKS_PER_PART * parts)
            self.splits[parts] = (tuple(tasks), made)
        return self.splits[parts]

    def part_tasks(self, part: int, parts: int) -> tuple[Task, ...]:
        """The starting points of part `part` (0-based) of `parts`."""
        return self.split(parts)[0][part::parts]

    @cached_property
    def group_bytes(self) -> bytes:
        """The group as the compiled searches take it, made once: a unit's search would take longer making it
        (the Y cube's 48 x 960 images) than searching."""
        return Counting(group=self.group).group_bytes

    def counting(self, limit: int = 0) -> Counting:
        """A new Counting of this plan's group, keeping KEEP packings, up to `limit` packings (0: all)."""
        counting = Counting(limit, KEEP, self.group)
        counting.__dict__["group_bytes"] = self.group_bytes  # what its cached_property would make again
        return counting

    @cached_property
    def fingerprint(self) -> str:
        """A digest of the table: parts to merge must come from tables numbered alike."""
        return hashlib.sha256(b"".join(self.table.buffers)).hexdigest()[:16]


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
    """Work for one worker: some of part `part`'s tree, as tasks (None: the part's starting points)."""

    part: int  # 0-based
    tasks: tuple[Task, ...] | None = None


Counted = tuple[Tally, tuple[Unit, ...]]  # what a unit found, and the units it handed off


class UnitBook:
    """The units of some parts in flight, wherever they run (a pool, a cluster): how many of each part are
    out, and what its ended units found. A part is finished when its last unit ends, the units it handed
    off included (each is `started` before the unit that handed it off has `ended`)."""

    def __init__(self, parts: list[int]):
        self.out = dict.fromkeys(parts, 0)
        self.found: dict[int, list[Tally]] = {k: [] for k in parts}

    def started(self, unit: Unit) -> None:
        self.out[unit.part] += 1

    def ended(self, part: int, tally: Tally) -> Tally | None:
        """The part's whole tally once this was its last unit out, else None."""
        self.found[part].append(tally)
        self.out[part] -= 1
        return None if self.out[part] else merge(self.found.pop(part))


def count_unit(plan: Plan, unit: Unit, parts: int, budget: int = UNIT_NODES, limit: int = 0,
               control: array | None = None) -> Counted:
    """The tally of a unit's tasks searched one after another until `budget` placements were made (0: no
    budget), and the work left then, cut into at most HAND_OFF units: a long part splits itself so, and the
    units handed off cover exactly the packings it did not reach. Setting control[engine.STOP] to
    engine.INTERRUPTED (from another thread) stops it."""
    tasks, made = plan.split(parts)
    todo = list(tasks[unit.part::parts] if unit.tasks is None else unit.tasks)
    budget = budget if hands_off(plan.table) else 0  # another engine's stop leaves no word of what is left
    # Every row kept and no group given: a compiled search checks each image of the group it is given (Bedlam:
    # 24 x 4,188, 80 us a search, a fifth of a unit's time), so the stabilisers are summed here from the rows.
    counting = Counting(limit) if control is None else Counting(limit, control=control)
    nodes = made if unit.part == 0 and unit.tasks is None else 0  # the split's placements: once, with part 0
    packings = stabilisers = 0
    rows: list[Row] = []
    left: list[Task] = []
    for at, task in enumerate(todo):
        if budget and nodes >= budget:
            left += todo[at:]
            break
        found = search(plan.table, task, max_nodes=budget - nodes if budget else 0, counting=counting, rest=left)
        packings, nodes = packings + found.packings, nodes + found.nodes
        stabilisers += task.weight * sum(stabiliser_size(row, plan.group) for row in found.rows)
        rows += found.rows
        if not found.finished:
            if counting.control[0]:  # a limit: the count stops here
                break
            left += todo[at + 1:]
            break
    tally = Tally(packings, stabilisers, nodes, frozenset(classes(rows, list(plan.group), plan.group_bytes)),
                  len(rows), len(rows), counting.limited)
    return tally, tuple(Unit(unit.part, tuple(left[k::HAND_OFF])) for k in range(min(HAND_OFF, len(left))))


def count_unit_of(puzzle: PackingPuzzle, seed: int | None, unit: Unit, parts: int, budget: int = UNIT_NODES,
                  limit: int = 0) -> Counted:
    """count_unit for a process that has only the puzzle (a pool's worker)."""
    return count_unit(plan_of(puzzle, seed), unit, parts, budget, limit)


def merge(tallies: Iterable[Tally]) -> Tally:
    """The tally of all those parts together."""
    every = list(tallies)
    return Tally(sum(t.packings for t in every), sum(t.stabilisers for t in every), sum(t.nodes for t in every),
                 frozenset().union(*(t.forms for t in every)), sum(t.found for t in every),
                 sum(t.kept for t in every), any(t.limited for t in every))
