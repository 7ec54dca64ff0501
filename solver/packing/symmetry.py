"""Symmetries of a packing puzzle acting on placements: the anchor that cuts the search, and classes of packings.

A symmetry of the box that maps the piece set onto itself maps packings to packings. The search
fixes the placement covering one anchor cell to one representative of each orbit under the
symmetries that keep the anchor in place; every packing is the image of a packing found so.
Classes are then the distinct canonical forms (the smallest image) of the packings found, and
the total is the sum of their orbit sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solver.packing.engine import PlacementId, Row, Table, Task
from solver.packing.geometry import box_map, box_symmetries

Permutation = tuple[PlacementId, ...]  # placement id -> the id of its image


def placement_permutations(table: Table) -> list[Permutation]:
    """For each symmetry of the puzzle, where it sends each placement (the identity first)."""
    puzzle = table.puzzle
    index = {piece.name: kind for kind, piece in enumerate(puzzle.pieces)}
    out = []
    for transform, renaming in box_symmetries(puzzle):
        kinds = [index[renaming[piece.name]] for piece in puzzle.pieces]
        image = []
        for kind, shape in zip(table.types, table.shapes, strict=True):
            moved = frozenset(box_map(transform, puzzle.box, cube) for cube in shape)
            key = (kinds[kind], moved)
            if key not in table.ids:
                name = puzzle.pieces[kind].name
                raise RuntimeError(f"a symmetry of the box maps a placement of {name} outside the table")
            image.append(table.ids[key])
        out.append(tuple(image))
    return out


def cell_permutations(table: Table) -> list[tuple[int, ...]]:
    """For each symmetry of the puzzle, where it sends each cell."""
    number = {cube: i for i, cube in enumerate(table.order)}
    return [tuple(number[box_map(transform, table.puzzle.box, cube)] for cube in table.order)
            for transform, _ in box_symmetries(table.puzzle)]


@dataclass(frozen=True)
class Anchor:
    """A cell whose covering placement the search fixes to one representative per orbit."""

    cell: int
    representatives: tuple[PlacementId, ...]
    covering: int  # how many placements cover the cell


def orbit_representatives(ids: list[PlacementId], group: list[Permutation]) -> list[PlacementId]:
    """The smallest id of each orbit of the ids under the group (the ids must be closed under it)."""
    seen: set[PlacementId] = set()
    out = []
    for p in sorted(ids):
        if p not in seen:
            seen.update(g[p] for g in group)
            out.append(p)
    return out


def choose_anchor(table: Table, group: list[Permutation], cells: list[tuple[int, ...]]) -> Anchor | None:
    """The cell where fixing the covering placement cuts the most work (fewest representatives per
    covering placement), or None when no cell gains anything."""
    best: Anchor | None = None
    seen: set[int] = set()
    for cell in range(len(table.order)):
        if cell in seen:
            continue
        seen.update(c[cell] for c in cells)
        keep = [g for g, c in zip(group, cells, strict=True) if c[cell] == cell]
        covering = list(table.cover[cell])
        if not covering:
            continue
        reps = orbit_representatives(covering, keep)
        anchor = Anchor(cell, tuple(reps), len(covering))
        if best is None or len(reps) * best.covering < len(best.representatives) * len(covering):
            best = anchor
    if best is None or len(best.representatives) == best.covering:
        return None
    return best


def anchored_tasks(table: Table, anchor: Anchor | None) -> list[Task]:
    """The search's starting points: one per representative placement at the anchor (or the whole search)."""
    if anchor is None:
        return [Task((), table.counts)]
    tasks = []
    for p in anchor.representatives:
        counts = list(table.counts)
        counts[table.types[p]] -= 1
        if counts[table.types[p]] >= 0:
            tasks.append(Task((p,), tuple(counts)))
    return tasks


def _lexicographic_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, whether a's row comes before b's in lexicographic order; shapes (n, k) -> (n,)."""
    differ = a != b
    first = differ.argmax(axis=1)
    rows = np.arange(len(a))
    return differ.any(axis=1) & (a[rows, first] < b[rows, first])


def canonical_forms(rows: list[Row], group: list[Permutation]) -> np.ndarray:
    """Each packing's canonical form: the smallest sorted id list among its images; shape (n, pieces)."""
    if not rows:
        return np.zeros((0, 0), dtype=np.int32)
    packed = np.array(rows, dtype=np.int32)
    best = np.sort(packed, axis=1)
    for permutation in group[1:]:
        image = np.sort(np.asarray(permutation, dtype=np.int32)[packed], axis=1)
        less = _lexicographic_less(image, best)
        best[less] = image[less]
    return best


def orbit_size(row: Row, group: list[Permutation]) -> int:
    """How many distinct packings the symmetries make of one packing."""
    return len({tuple(sorted(g[p] for p in row)) for g in group})


def classes(rows: list[Row], group: list[Permutation]) -> list[Row]:
    """One canonical packing per class among the rows, in ascending order."""
    forms = canonical_forms(rows, group)
    if len(forms) == 0:
        return []
    unique = np.unique(forms, axis=0)
    return [tuple(int(p) for p in form) for form in unique]
