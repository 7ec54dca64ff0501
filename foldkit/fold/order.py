"""A fold order that closes: the hinges' stages chosen so that no panel passes through another.

The panel tree's own staging (leaves first, hinges of equal height together) is kept when the
collision check passes it. Otherwise the hinges fold one at a time, and the order is searched
depth first over the set of hinges already folded: when hinges one at a time fold, what a stage
sweeps through depends only on which hinges are folded and which one turns, whatever order
folded them. So a stage is checked once, a set of folded hinges from which no hinge folds cleanly
is given up once, and the search is bounded by the count of stage checks it makes (shared by
every preference). Hinges are tried as a person folds a box: a wall up before the flaps on it,
each wall's branch finished before the next; siblings first from the last panel in reading order
back, then from the first, then every wall before any flap (breadth first), each preference
searched in turn. Leaves first swings big folded flaps through what is already up; on the
examples it did worst (bench/fold_order.py tells, for each example, what closes and its cost).
The order found is proved stage by stage by the same continuous check, and its closed pose is
looked at last.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from foldkit.fold.collision import FoldCheck, Followed, check_fold, check_stage, follow
from foldkit.fold.panels import PanelTree, one_at_a_time

STAGE_CHECKS = 120  # stages checked looking for an order before the fold is reported as colliding

Order = tuple[int, ...]  # child panels, one per hinge, in the order they fold


@dataclass(frozen=True)
class ClosingFold:
    """The tree to animate, and what the collision check said of it."""

    tree: PanelTree
    check: FoldCheck  # of the tree's own staging when no order was found
    reordered: bool  # True when the tree's own staging collided and an order was searched for
    stage_checks: int  # stages checked by the search (0 when the tree's own staging closed)


def closing_fold(tree: PanelTree, budget: int = STAGE_CHECKS) -> ClosingFold:
    """The tree staged so that its fold closes, if an order is found within the budget of stage
    checks; else the tree as it was, with its collision."""
    followed = follow(tree)
    first = check_fold(tree, followed=followed)
    if first.closes or not tree.hinges:
        return ClosingFold(tree, first, False, 0)
    search = _Search(tree, followed)
    preferences = _preferences(tree)
    for n, preference in enumerate(preferences):
        # Each preference may spend an equal part of what the ones before it left.
        search.limit = search.stage_checks + (budget - search.stage_checks) // (len(preferences) - n)
        order = search.fold_from((), preference)
        if order is not None:
            staged = one_at_a_time(tree, order)
            closed = check_fold(staged, followed=followed, proved=len(order))  # its stages were proved on the way
            looks = sum(search.turns[frozenset(order[:k]), child].looks for k, child in enumerate(order))
            return ClosingFold(staged, replace(closed, looks=closed.looks + looks), True, search.stage_checks)
    return ClosingFold(tree, first, True, search.stage_checks)


@dataclass
class _Search:
    """Depth-first search for an order, one stage check per hinge tried; what a stage check found
    and the folded sets found stuck are kept for every later search."""

    tree: PanelTree
    followed: Followed
    limit: int = 0  # stage checks the search may have made when it gives up
    stage_checks: int = 0
    turns: dict[tuple[frozenset[int], int], FoldCheck] = field(default_factory=dict)  # (folded, child): its check
    stuck: set[frozenset[int]] = field(default_factory=set)  # folded sets no order goes on from

    def fold_from(self, order: Order, preference: Order) -> Order | None:
        """An order that closes starting with the given one, hinges tried in order of preference; or None."""
        if len(order) == len(self.tree.hinges):
            return order
        folded = frozenset(order)
        if folded in self.stuck:
            return None
        for child in preference:
            if child in folded:
                continue
            check = self._turn(order, child)
            if check is None:
                return None
            if check.closes:
                found = self.fold_from(order + (child,), preference)
                if found is not None:
                    return found
        if self.stage_checks < self.limit:  # every hinge was followed to the end
            self.stuck.add(folded)
        return None

    def _turn(self, order: Order, child: int) -> FoldCheck | None:
        """The check of the stage where child's hinge turns after the hinges of order (None when
        it is not known and the search is out of checks)."""
        key = (frozenset(order), child)
        if key not in self.turns:
            if self.stage_checks >= self.limit:
                return None
            rest = [h.child for h in self.tree.hinges if h.child != child and h.child not in order]
            self.stage_checks += 1
            self.turns[key] = check_stage(one_at_a_time(self.tree, (*order, child, *rest)), len(order), self.followed)
        return self.turns[key]


def _preferences(tree: PanelTree) -> tuple[Order, ...]:
    """The orders hinges are tried in, each searched in turn: branch by branch, siblings from the
    last panel in reading order back, then from the first; then every parent's hinges before any
    child's (breadth first)."""
    return (_branch_by_branch(tree, reverse=True), _branch_by_branch(tree, reverse=False),
            tuple(h.child for h in tree.hinges))


def _branch_by_branch(tree: PanelTree, reverse: bool) -> Order:
    """Every child panel after its parent, each branch finished before its next sibling."""
    out: list[int] = []
    todo = [tree.root]
    while todo:
        panel = todo.pop()
        out += [panel] if panel != tree.root else []
        todo += sorted(tree.children(panel), reverse=not reverse)  # the last pushed is folded first
    return tuple(out)


def fold_notes(closing: ClosingFold) -> tuple[str, ...]:
    """What a person is told of the check, when the fold is not the usual one (cells counted from 1)."""
    check = closing.check
    if check.collision is None:
        if not closing.reordered:
            return ()
        return (f"the panels fold one hinge at a time, in an order found to close with no panel passing through "
                f"another (every moment checked, {check.pairs:,} pairs of cells); folded by subtree heights they "
                f"would meet",)
    (r1, c1), (r2, c2) = check.collision.first, check.collision.second
    return (f"the fold shown passes the cells at row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1} "
            f"through each other at {check.collision.t:.0%} of the fold; no order that closes was found "
            f"in {closing.stage_checks} checks of one hinge's turn",)
