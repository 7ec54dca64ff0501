"""Which unit of a count a free worker takes next, and the budget it runs with, decided by whoever hands the units
out (a --jobs pool's parent, a Dask client, bench/packing_units.py's simulated pool) as it hands each out.

The units not handed out yet wait there, not in the pool or on the scheduler, so a unit's budget is cut from what
is waiting when it starts, as a work-stealing scheduler splits work when a worker runs out: a unit makes at most
SHARE times the work waiting for each worker (the units waiting, times the placements the units ended so far made
on average, over the workers). While many units wait, that is more than its own budget, which it keeps (few
units: each costs a pool or a scheduler something); as the count runs out of work, the units started get smaller
and hand what they did not reach to the workers going idle, so the end of the count is made of small units
shared by every worker. A unit cut so hands off units of GROWTH times its own budget, not of the cut one (units
cut early, while the work fans out, would otherwise grow again from the bottom: 2.3 times Bedlam's units).
Measured in bench/results/parts.md.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import replace

from solver.packing.parts import Tally, Unit

SHARE = 2  # times the work waiting for each worker that a unit may make (1 made Bedlam 1.3 times the units for 0.2x)
SMALLEST = 500  # placements: the least a unit is cut to (~0.1 ms of Bedlam; a unit's own cost is ~800 of them)
ORDERS = ("made", "part")  # a pool's: units in the order made; a cluster's: the lowest part first, depth first


def started_budget(budget: int, waiting: int, workers: int, mean: float, smallest: int = SMALLEST) -> int:
    """The budget of a unit starting while `waiting` other units wait for `workers` workers, the units ended so far
    having made `mean` placements each (0: none has ended): its own, or SHARE times the work waiting for each
    worker if that is less, but not under `smallest`."""
    if mean <= 0:  # nothing to go by yet: the first units' budgets are small already (parts.FIRST_NODES)
        return budget
    return min(budget, max(smallest, int(SHARE * waiting * mean / workers)))


class Dispatch:
    """The units of a count waiting for `workers` workers, handed out with their budgets (see started_budget), none
    cut under `smallest` placements, at most `look_ahead` more than the workers at a time (a unit queued in the pool
    for each worker, so none waits for the round trip to its dispatch). In `order` "made", units go out in the order
    made (a --jobs pool); in "part", the lowest part's first, the last made first within it (a cluster's: parts end
    one after another, each then kept in the checkpoint, and the units waiting stay few)."""

    def __init__(self, workers: int, order: str = "made", look_ahead: int = 0, smallest: int = SMALLEST):
        assert order in ORDERS
        self.workers, self.by_part, self.look_ahead = max(workers, 1), order == "part", look_ahead
        self.smallest = smallest
        self.waiting: list[tuple[int, int, Unit]] = []  # (part or 0, order made or its negation, unit): a heap
        self.made = self.ended_units = self.placements = 0

    def __len__(self) -> int:
        return len(self.waiting)

    def add(self, units: Iterable[Unit]) -> None:
        """Units made (a count's first, or handed off) to wait for a worker."""
        for unit in units:
            rank = (unit.part, -self.made) if self.by_part else (0, self.made)
            heapq.heappush(self.waiting, (*rank, unit))
            self.made += 1

    def ended(self, tally: Tally) -> None:
        """A unit handed out ended with that tally."""
        self.ended_units += 1
        self.placements += tally.nodes

    def take(self, out: int) -> Unit | None:
        """The next unit to hand out, its budget given (Unit.given), when `out` units are out (handed out, not
        ended); None when none waits or enough are out."""
        if not self.waiting or out >= self.workers + self.look_ahead:
            return None
        unit = heapq.heappop(self.waiting)[2]
        others = len(self.waiting) + max(0, out - self.workers)  # those queued in the pool wait too
        mean = self.placements / self.ended_units if self.ended_units else 0.0
        given = started_budget(unit.budget, others, self.workers, mean, self.smallest)
        return replace(unit, given=given) if given < unit.budget else unit
