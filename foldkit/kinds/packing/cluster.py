"""A packing count on a Dask cluster (``--cluster ADDRESS``), through the census's cluster machinery
(foldkit.cluster): each unit of a part is a task, a unit that spends its budget hands the rest of its tree back
(solver.packing.parts.count_unit) as new tasks, and each task stops at once when the count is stopped. The
workers build the puzzle's table once each. Units of the lower parts go first, so that parts finish one after
another (each then kept in the checkpoint) rather than all at the end.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial

from foldkit import cluster
from foldkit.census import UnitBook
from solver.packing.dispatch import Dispatch
from solver.packing.engine import INTERRUPTED, STOP, new_control
from solver.packing.model import PackingPuzzle
from solver.packing.parts import FANNED_NODES, UNIT_NODES, Counted, Finished, Unit, budgets, count_unit, merge, plan_of

# A unit's placements before it hands the rest back, on a cluster: each Dask task costs the client and the
# scheduler about 15 ms of CPU, so the pool's 250,000 (40 ms of the one-sided 9x10) spent 40 % of the workers'
# CPU there and grew the client by 200 MB a minute; 32 times as many make a unit about a second.
CLUSTER_UNIT_NODES = 32 * UNIT_NODES
# The least a unit is cut to as the count runs out of work (solver.packing.dispatch): about a task's cost.
CLUSTER_SMALLEST = FANNED_NODES


def on_cluster(client, puzzle: PackingPuzzle, seed: int | None, parts: int, left: list[int], limit: int,
               budget: int = CLUSTER_UNIT_NODES) -> Finished:
    """(part, tally) of each part left, counted by the workers, as its last unit finishes: a unit that makes its
    budget of placements (see parts.budgets; at most `budget`) hands the rest of its tree back, which the client keeps
    until a thread is free (a task queued on the scheduler for each), each unit's budget then cut to the work
    waiting (solver.packing.dispatch)."""
    threads = cluster.threads(client)
    first, most = budgets(parts, threads, budget)
    work = partial(count_unit_on_worker, puzzle, seed, parts, most, limit)
    units = [Unit(k, None, first) for k in left]
    dispatch = Dispatch(threads, "part", look_ahead=threads, smallest=CLUSTER_SMALLEST)
    yield from cluster.finished_parts(client, work, units, _part_of, UnitBook(left, merge),
                                      priority=_depth_first_in_part_order(), dispatch=dispatch)


def _part_of(unit: Unit) -> int:
    return unit.part


def _depth_first_in_part_order() -> Callable[[Unit], int]:
    """A unit's Dask priority (higher runs first), asked once as each is queued: earlier parts first, so that parts
    end and are checkpointed one after another rather than all at the end; within a part the unit handed off last
    first, so the part's tree is walked depth first and the units waiting stay few (in the order given, Dask's
    default, they grew breadth first: 6,531 queued for one part of the one-sided 9x10 after 12 minutes)."""
    queued = itertools.count()
    return lambda unit: -unit.part * (1 << 40) + next(queued)


def count_unit_on_worker(puzzle: PackingPuzzle, seed: int | None, parts: int, budget: int, limit: int, unit: Unit,
                         stop: str) -> Counted:
    """One unit of a part, counted on a Dask worker, until it ends, makes its budget of placements (handing the
    rest back) or the count's stop event is set."""
    control = new_control()
    with cluster.stopped_by(stop, partial(control.__setitem__, STOP, INTERRUPTED)):
        return count_unit(plan_of(puzzle, seed), unit, parts, budget, limit, control=control)
