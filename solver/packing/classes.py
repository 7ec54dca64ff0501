"""One packing per class, found without walking the copies of each: the symmetry broken by a piece.

Pick a piece with one copy that every symmetry of the puzzle maps to itself. Its placements fall into
orbits under the symmetry group G; the search holds the piece to one representative r of each orbit O. A
symmetry g carries the packings with the piece at r one to one onto those with it at g(r), so the
packings number the sum over the representatives of |O| times those found with the piece at r (a task's
weight), and every class has a packing with the piece at some r. The symmetries that keep r in place are
broken further as the census breaks them (anchored_tasks), its weights multiplying. The classes are the
distinct canonical forms of the packings found (symmetry.classes), and a class whose packing P is mapped
onto itself by |Stab(P)| symmetries has |G| / |Stab(P)| packings: summed over the classes, the total
again, which the census asserts.

A puzzle with no such piece (every piece has copies, or a mirror image among the others) is counted from
the full census's starting points (symmetry.anchored_tasks), which give the same guarantee: every class
meets them and their weights make the total.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from solver.packing.engine import Counting, Task, stabiliser_size
from solver.packing.parts import Plan
from solver.packing.symmetry import FEW_IMAGES, anchored_tasks, classes
from solver.packing.table import Permutation, PlacementId, Row, Table
from solver.packing.tasks import search_tasks

Orbit = tuple[PlacementId, ...]  # the images of a placement under the group, its representative (the least) first


@dataclass(frozen=True)
class ClassCensus:
    """Every class of packings, one canonical packing each, with the total they stand for."""

    packings: int  # every packing: the sum over the classes of symmetries / stabiliser
    forms: tuple[Row, ...]  # each class's canonical form (sorted placement ids), ascending
    stabilisers: tuple[int, ...]  # each class's stabiliser order: how many symmetries map its packings to themselves
    symmetries: int  # |G|
    anchor: str  # what broke the symmetry: "piece X" or "the census's anchors"
    starts: int  # starting points searched
    nodes: int  # placements the search made
    found: int  # packings the search met (each standing for its starting point's orbit), at least one a class

    @property
    def histogram(self) -> dict[int, int]:
        """stabiliser order -> how many classes have it, ascending."""
        return dict(sorted(Counter(self.stabilisers).items()))


def fixed_pieces(table: Table, group: list[Permutation]) -> list[int]:
    """The pieces with one copy that every symmetry maps to itself (not to a mirror-image piece)."""
    first: dict[int, PlacementId] = {}
    for p, kind in enumerate(table.placement_piece):
        first.setdefault(kind, p)
    return [kind for kind, p in first.items() if table.counts[kind] == 1
            and all(table.placement_piece[image[p]] == kind for image in group)]


def placement_orbits(table: Table, kind: int, group: list[Permutation]) -> list[Orbit]:
    """The orbits of the piece's placements under the group, each led by its least id."""
    seen: set[PlacementId] = set()
    orbits = []
    for p, placed in enumerate(table.placement_piece):
        if placed == kind and p not in seen:
            orbit = {image[p] for image in group}
            seen.update(orbit)
            orbits.append((p, *sorted(orbit - {p})))
    return orbits


def anchor_piece(table: Table, group: list[Permutation]) -> tuple[int, list[Orbit]] | None:
    """The fixed piece with the fewest orbits (ties to the one with more placements), with its orbits; None
    when there is no fixed piece. Fewest orbits, not the largest share of placements cut: few starting
    points mean a piece with few places to go, which cuts the tree soonest (6x10: X's 8 orbits search
    929,628 nodes, P's 76 orbits 2,669,063, though both cut the placements to a quarter)."""
    best: tuple[int, list[Orbit]] | None = None
    for kind in fixed_pieces(table, group):
        orbits = placement_orbits(table, kind, group)
        if best is None or (len(orbits), -sum(map(len, orbits))) < (len(best[1]), -sum(map(len, best[1]))):
            best = (kind, orbits)
    return best


def class_starts(plan: Plan) -> tuple[str, list[Task]]:
    """(what breaks the symmetry, the starting points): the anchor piece at each orbit's representative r,
    weighted by the orbit's size, then the symmetries that keep r in place (if any) broken further by the
    census's anchors (symmetry.anchored_tasks, from r); or the census's anchored tasks alone when no piece
    is fixed. Holding Scott's X to one place per orbit meets 91 packings of the 65 classes; the anchors
    after it, 65."""
    (cells, group), table = plan.symmetries, plan.table
    found = anchor_piece(table, group) if len(group) > 1 else None
    if found is None:
        return "the census's anchors", list(plan.starts)
    kind, orbits = found
    counts = list(table.counts)
    counts[kind] -= 1
    starts = []
    for orbit in orbits:
        r = orbit[0]
        keep_r = [m for m, image in enumerate(group) if image[r] == r]
        starts += anchored_tasks(table, group, cells, Task((r,), tuple(counts), len(orbit)), keep_r)
    return f"piece {table.puzzle.pieces[kind].name}", starts


def stabiliser_orders(forms: list[Row], group: list[Permutation]) -> list[int]:
    """Each packing's stabiliser order: how many of the symmetries map it onto itself."""
    if len(forms) * len(group) <= FEW_IMAGES or not forms:
        return [stabiliser_size(form, group) for form in forms]
    import numpy as np  # here, not at the top: see symmetry.canonical_forms

    packed = np.sort(np.array(forms, dtype=np.int32), axis=1)
    orders = np.zeros(len(forms), dtype=np.int64)
    for permutation in group:
        image = np.sort(np.asarray(permutation, dtype=np.int32)[packed], axis=1)
        orders += (image == packed).all(axis=1)
    return [int(order) for order in orders]


def class_census(plan: Plan, engine: str = "auto", workers: int | None = None) -> ClassCensus:
    """Every class of the plan's packings, searched from class_starts, with the total checked against the
    classes' stabilisers (a RuntimeError when they disagree: a bug, never an answer)."""
    group = list(plan.group)
    anchor, starts = class_starts(plan)
    found = search_tasks(plan.table, starts, engine, workers, Counting(keep=-1))
    forms = classes(found.rows, group) if found.rows else []
    orders = stabiliser_orders(forms, group)
    made = sum(len(group) // order for order in orders)
    if made != found.packings or any(len(group) % order for order in orders):
        raise RuntimeError(f"the classes do not add up: their {len(forms)} orbits make {made} packings, "
                           f"the search counted {found.packings}")
    return ClassCensus(found.packings, tuple(forms), tuple(orders), len(group), anchor, len(starts), found.nodes,
                       len(found.rows))
