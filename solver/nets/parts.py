"""A whole nets search cut in parts, for a census run in pieces (``foldkit.census``): part k of n is the
k-th of n parts of every run of the plan (the compiled search numbers a run's nodes of a few cells in
the order met and keeps those whose number is k modulo n), so the parts share every net out, each to
one part, and their counts add up to the whole.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from functools import partial

from solver.nets.find import worker_pool
from solver.nets.plan import Plan
from solver.nets.search import PART_RULE, compiled, counted_part


def fingerprint(plan: Plan) -> str:
    """A digest of what decides the parts: the plan's tables and runs, and the search's part rule."""
    digest = hashlib.sha256(PART_RULE.encode())
    for table in (plan.steps, plan.orbits, plan.pinned_symmetry, plan.frame_turns):
        digest.update(table.tobytes())
    digest.update(repr((plan.boxes, plan.runs)).encode())
    return digest.hexdigest()[:32]


def count_part(plan: Plan, part: int, parts: int) -> tuple[int, int]:
    """(the nets, the search's nodes) of part `part` (0-based) of `parts`, in the compiled search."""
    if not compiled():
        raise RuntimeError("a nets census in parts needs the compiled search (solver.nets._search), not built here")
    nets = nodes = 0
    for roots in plan.runs:
        found, met = counted_part(plan, roots, part, parts)
        nets, nodes = nets + found, nodes + met
    return nets, nodes


def counted_parts(plan: Plan, parts: int, left: list[int], jobs: int) -> Iterator[tuple[int, int, int]]:
    """(part, nets, nodes) of each part left (0-based) as it finishes, in `jobs` processes (here with 1)."""
    if jobs <= 1:
        yield from ((k, *count_part(plan, k, parts)) for k in left)
        return
    with worker_pool(jobs) as pool:  # left early (Ctrl-C, an error): the pool is terminated
        yield from pool.imap_unordered(partial(_numbered_part, plan, parts), left)


def _numbered_part(plan: Plan, parts: int, part: int) -> tuple[int, int, int]:
    return (part, *count_part(plan, part, parts))
