"""A fold order that closes: the hinges' stages chosen so that no panel passes through another.

The panel tree's own staging (leaves first, hinges of equal height together) is kept when the
collision check passes it. Otherwise the hinges fold one at a time, leaves first, and each
collision found is answered by changes of order that remove its cause: the hinge that swept
through the other cell folds before the hinge that brought that cell into its way, or before the
hinge of its own subtree that made it stick out. The order whose first collision comes latest is
tried next (each order at most once), within a budget of checks.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from foldkit.fold.collision import FoldCheck, check_fold, follow
from foldkit.fold.panels import PanelTree, one_at_a_time, path_to_root, subtree

ORDERS_TRIED = 8  # full checks spent looking for an order before the fold is reported as colliding

Order = tuple[int, ...]  # child panels, one per hinge, in the order they fold


@dataclass(frozen=True)
class ClosingFold:
    """The tree to animate, and what the collision check said of it."""

    tree: PanelTree
    check: FoldCheck
    orders_tried: int  # 1 when the tree's own staging closed


def closing_fold(tree: PanelTree, budget: int = ORDERS_TRIED) -> ClosingFold:
    """The tree staged so that its fold closes, if an order is found within the budget; else the
    tree as it was, with its collision."""
    followed = follow(tree)
    first = check_fold(tree, followed=followed)
    if first.closes or not tree.hinges:
        return ClosingFold(tree, first, 1)
    start = _leaves_first(tree)
    # (minus the stage its parent order first collided in, tie-break, order, its stages already
    # proved: those before the first hinge the repair moved): furthest along first.
    queue: list[tuple[int, int, Order, int]] = [(0, 0, start, 0)]
    seen = {start}
    tried = 1
    while queue and tried < budget:
        _, _, order, proved = heapq.heappop(queue)
        staged = one_at_a_time(tree, order)
        check = check_fold(staged, followed=followed, proved=proved)
        tried += 1
        if check.closes:
            return ClosingFold(staged, check, tried)
        assert check.stage is not None
        for repaired in _repairs(tree, order, check):
            if repaired not in seen:
                seen.add(repaired)
                unchanged = next(i for i, (a, b) in enumerate(zip(order, repaired, strict=True)) if a != b)
                heapq.heappush(queue, (-check.stage, len(seen), repaired, unchanged))
    return ClosingFold(tree, first, tried)


def _leaves_first(tree: PanelTree) -> Order:
    """The tree's own staging, one hinge at a time: lower subtrees first, then by panel."""
    return tuple(sorted((h.child for h in tree.hinges), key=lambda child: (tree.hinge_of(child).stage, child)))


def _repairs(tree: PanelTree, order: Order, check: FoldCheck) -> list[Order]:
    """Orders that remove the cause of a collision found while hinge order[stage] turned."""
    assert check.collision is not None and check.stage is not None
    stage = check.stage
    moving = order[stage]
    swept = subtree(tree, moving)
    panels = (tree.panel_of(check.collision.first), tree.panel_of(check.collision.second))
    mover, obstacle = panels if panels[0] in swept else panels[::-1]
    done = set(order[:stage])
    # The hinges that put the obstacle where it is, and those that folded the mover out of its panel.
    placing = [p for p in path_to_root(tree, obstacle) if p in done]
    sticking = [p for p in path_to_root(tree, mover) if p in done and p in swept and p != moving]
    return [_before(order, moving, max(hinges, key=order.index)) for hinges in (placing, sticking) if hinges]


def _before(order: Order, hinge: int, other: int) -> Order:
    """The order with hinge moved to just before other."""
    rest = [h for h in order if h != hinge]
    rest.insert(rest.index(other), hinge)
    return tuple(rest)


def fold_notes(closing: ClosingFold) -> tuple[str, ...]:
    """What a person is told of the check, when the fold is not the usual one (cells counted from 1)."""
    check = closing.check
    if check.collision is None:
        if closing.orders_tried == 1:
            return ()
        return (f"the panels fold one hinge at a time, in an order found to close with no panel passing through "
                f"another (every moment checked, {check.pairs:,} pairs of cells); folded by subtree heights they "
                f"would meet",)
    (r1, c1), (r2, c2) = check.collision.first, check.collision.second
    return (f"the fold shown passes the cells at row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1} "
            f"through each other at {check.collision.t:.0%} of the fold; no order that closes was found "
            f"in {closing.orders_tried} tries",)
