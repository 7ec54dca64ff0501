"""Symmetries of a packing puzzle acting on placements: the anchor that cuts the search, and classes of packings.

A symmetry of the box that maps the piece set onto itself maps packings to packings. The search
fixes the placement covering one anchor cell (or the placement of one piece) to one representative
of each orbit under the symmetries that keep the anchor in place; every packing is the image of a
packing found so.
Classes are then the distinct canonical forms (the smallest image) of the packings found, and
the total is the sum of their orbit sizes.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from solver.packing.engine import Task, core_module
from solver.packing.geometry import box_map, box_symmetries
from solver.packing.table import Permutation, PlacementId, Row, Table, live_placements, occupied_cells

if TYPE_CHECKING:
    import numpy as np



Key = tuple[tuple[int, ...], tuple[int, ...]]  # a symmetry as (cell -> its image, piece -> the piece it becomes)


def placement_permutations(table: Table, cells: list[tuple[int, ...]]) -> list[Permutation]:
    """For each symmetry of the puzzle (given with its cell permutation), where it sends each placement
    (the identity first).

    A symmetry is known by where it sends the cells and how it renames the pieces, and a placement's image
    by both. Mapping every placement's cells by every symmetry took most of the Y cube's set-up (48 x 960
    placements); the symmetries form a group that two or three of them generate, so only those are mapped
    cell by cell and the others are products of them, each a C-speed map over the placements."""
    puzzle = table.puzzle
    index = {piece.name: kind for kind, piece in enumerate(puzzle.pieces)}
    identity: Key = (tuple(range(len(table.cell_cubes))), tuple(range(len(puzzle.pieces))))
    found: dict[Key, Permutation] = {identity: tuple(range(len(table.placement_piece)))}
    generators: list[tuple[Key, Permutation]] = []
    out = []
    for (_, renaming), moved in zip(box_symmetries(puzzle), cells, strict=True):
        key = (moved, tuple(index[renaming[piece.name]] for piece in puzzle.pieces))
        if key not in found:
            generators.append((key, _mapped(table, key)))
            _close(found, generators)
        out.append(found[key])
    return out


def _compose(first: tuple[int, ...], then: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation `first` followed by `then`."""
    return tuple(map(then.__getitem__, first))


def _close(found: dict[Key, Permutation], generators: list[tuple[Key, Permutation]]) -> None:
    """Add to `found` every product of its elements and the generators, until no new one appears."""
    frontier = list(found.items())
    while frontier:
        grown = []
        for (moved, kinds), image in frontier:
            for (step_moved, step_kinds), step_image in generators:
                key = (_compose(moved, step_moved), _compose(kinds, step_kinds))
                if key not in found:
                    found[key] = _compose(image, step_image)
                    grown.append((key, found[key]))
        frontier = grown


def _mapped(table: Table, key: Key) -> Permutation:
    """Where the symmetry sends each placement, found by mapping its cells."""
    moved, kinds = key
    by_mask = {(kind, mask): p for p, (kind, mask) in enumerate(zip(table.placement_piece, table.placement_masks,
                                                                    strict=True))}
    bits = [1 << cell for cell in moved]  # cell -> its image, as a bit
    image = []
    for kind, covered in zip(table.placement_piece, table.placement_cells, strict=True):
        p = by_mask.get((kinds[kind], sum(map(bits.__getitem__, covered))))
        if p is None:
            name = table.puzzle.pieces[kind].name
            raise RuntimeError(f"a symmetry of the box maps a placement of {name} outside the table")
        image.append(p)
    return tuple(image)


def cell_permutations(table: Table) -> list[tuple[int, ...]]:
    """For each symmetry of the puzzle, where it sends each cell."""
    number = {cube: i for i, cube in enumerate(table.cell_cubes)}
    return [tuple(number[box_map(transform, table.puzzle.box, cube)] for cube in table.cell_cubes)
            for transform, _ in box_symmetries(table.puzzle)]


def symmetry_group(table: Table) -> tuple[list[tuple[int, ...]], list[Permutation]]:
    """(cell permutations, placement permutations) of the puzzle's distinct symmetries, the identity first.

    Transforms that act alike on the target count once: on a board one level high, a turn in the plane
    and a reflection that also flips z move every cell the same way."""
    cells = cell_permutations(table)
    group = placement_permutations(table, cells)
    seen: set[tuple[tuple[int, ...], Permutation]] = set()
    distinct = []
    for moved, image in zip(cells, group, strict=True):
        if (moved, image) not in seen:
            seen.add((moved, image))
            distinct.append((moved, image))
    return [moved for moved, _ in distinct], [image for _, image in distinct]


@dataclass(frozen=True)
class Anchor:
    """Where the search fixes a placement to one representative per orbit: the live placements covering
    a cell (under the symmetries that keep the cell in place), or those of a piece with one copy left
    (under symmetries that map that piece to itself)."""

    what: str  # "cell 62" or "piece X"
    representatives: tuple[PlacementId, ...]
    choices: int  # how many placements there are to choose from without the symmetries
    keep: tuple[int, ...]  # the symmetries (indices) that keep the anchor in place


def orbit_representatives(ids: list[PlacementId], group: list[Permutation]) -> list[PlacementId]:
    """The smallest id of each orbit of the ids under the group (the ids must be closed under it)."""
    if len(group) <= 1:  # the identity alone: every id is its own orbit
        return sorted(ids)
    seen: set[PlacementId] = set()
    out = []
    for p in sorted(ids):
        if p not in seen:
            seen.update(g[p] for g in group)
            out.append(p)
    return out


def _candidates(table: Table, task: Task, members: list[int], group: list[Permutation],
                cells: list[tuple[int, ...]]):
    """(name, live placements to choose from, the member symmetries that keep that choice in place)."""
    occupied = occupied_cells(table, task.chosen)
    live = live_placements(table, occupied, task.counts)
    alive = set(live)
    seen: set[int] = set()
    for cell in range(len(table.cell_cubes)):
        if cell not in seen and not occupied >> cell & 1:
            seen.update(cells[m][cell] for m in members)
            yield f"cell {cell}", [p for p in table.cell_placements[cell] if p in alive], [m for m in members
                                                                                        if cells[m][cell] == cell]
    by_piece: dict[int, list[PlacementId]] = {kind: [] for kind, left in enumerate(task.counts) if left == 1}
    for p in live:
        if table.placement_piece[p] in by_piece:
            by_piece[table.placement_piece[p]].append(p)
    for kind, ids in by_piece.items():
        if not ids or all(table.placement_piece[group[m][ids[0]]] == kind for m in members):
            yield f"piece {table.puzzle.pieces[kind].name}", ids, members


def choose_anchor(table: Table, task: Task, members: list[int], group: list[Permutation],
                  cells: list[tuple[int, ...]]) -> Anchor | None:
    """The anchor that leaves the smallest share of the choices, of those the fewest representatives (the
    first such; one with no choices at all first), or None when none gains anything. Fewest: each starting
    point repeats the search's first levels, and a piece of few placements cuts the tree at once (Bedlam's
    pieces all leave 1/24 of theirs; its cross's 2 starting points search 38.8 M placements, where the 18 of
    the first piece searched 58.7 M; the 6x10 pentominoes 0.93 M against 1.87 M)."""
    best: Anchor | None = None
    for what, ids, keep in _candidates(table, task, members, group, cells):
        reps = orbit_representatives(ids, [group[m] for m in keep])
        anchor = Anchor(what, tuple(reps), len(ids), tuple(keep))
        if not ids:
            return anchor
        if best is None or _better(anchor, best):
            best = anchor
    if best is None or len(best.representatives) == best.choices:
        return None
    return best


def _better(anchor: Anchor, than: Anchor) -> bool:
    """Whether the anchor leaves a smaller share of its choices, or as small a share and fewer representatives."""
    mine, theirs = len(anchor.representatives) * than.choices, len(than.representatives) * anchor.choices
    return mine < theirs or (mine == theirs and len(anchor.representatives) < len(than.representatives))


def anchored_tasks(table: Table, group: list[Permutation], cells: list[tuple[int, ...]],
                   task: Task | None = None, members: list[int] | None = None) -> list[Task]:
    """The search's starting points: the task extended by each representative of the best anchor, and
    so on while symmetries keep every placement made in place. Every class of packings extending the
    task (under the member symmetries) has a packing that extends one of the starting points.

    Each starting point's weight is multiplied by the size of its representative's orbit: the symmetries
    keeping the anchor in place carry the packings extending the representative one to one onto those
    extending each placement of its orbit, so the packings extending the task number the sum over the
    starting points of weight times the packings extending it."""
    task = Task((), table.counts) if task is None else task
    members = list(range(len(group))) if members is None else members
    if len(members) <= 1:
        return [task]
    anchor = choose_anchor(table, task, members, group, cells)
    if anchor is None:
        return [task]
    out = []
    for p in anchor.representatives:
        counts = list(task.counts)
        counts[table.placement_piece[p]] -= 1
        orbit = len({group[m][p] for m in anchor.keep})
        child = Task(task.chosen + (p,), tuple(counts), task.weight * orbit)
        out.extend(anchored_tasks(table, group, cells, child, [m for m in anchor.keep if group[m][p] == p]))
    return out


def _lexicographic_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, whether a's row comes before b's in lexicographic order; shapes (n, k) -> (n,)."""
    import numpy as np  # see canonical_forms

    differ = a != b
    first = differ.argmax(axis=1)
    rows = np.arange(len(a))
    return differ.any(axis=1) & (a[rows, first] < b[rows, first])


def canonical_forms(rows: list[Row], group: list[Permutation]) -> np.ndarray:
    """Each packing's canonical form: the smallest sorted id list among its images; shape (n, pieces)."""
    import numpy as np  # here, not at the top: numpy's import is most of the time of a first packing

    if not rows:
        return np.zeros((0, 0), dtype=np.int32)
    packed = np.array(rows, dtype=np.int32)
    best = np.sort(packed, axis=1)
    for permutation in group[1:]:
        image = np.sort(np.asarray(permutation, dtype=np.int32)[packed], axis=1)
        less = _lexicographic_less(image, best)
        best[less] = image[less]
    return best


FEW_IMAGES = 20_000  # rows times symmetries up to which plain Python names the classes sooner than numpy's
                    # import (about 0.15 s) would even end: the 6x10 pentominoes' 2,339 rows make 9,356 images


def classes(rows: list[Row], group: list[Permutation], group_bytes: bytes | None = None) -> list[Row]:
    """One canonical packing per class among the rows (the smallest sorted id list among its images, as
    canonical_forms), in ascending order: by the compiled core when it is built (the Y cube's 1,264 rows
    under 48 symmetries take a millisecond there, against numpy's import of 0.15 s), else in plain Python
    when there are few images, else by numpy. group_bytes: the group as int32 bytes, when made already."""
    core = core_module()
    if core is not None and rows and rows[0] and group:
        return _compiled_classes(core, rows, group, group_bytes)
    if len(rows) * len(group) <= FEW_IMAGES:
        return sorted({min(tuple(sorted(image[p] for p in row)) for image in group) for row in rows})
    import numpy as np  # see canonical_forms

    forms = canonical_forms(rows, group)
    if len(forms) == 0:
        return []
    unique = np.unique(forms, axis=0)
    return [tuple(int(p) for p in form) for form in unique]


def _compiled_classes(core: ModuleType, rows: list[Row], group: list[Permutation],
                      group_bytes: bytes | None) -> list[Row]:
    """classes, with the canonical forms made by the compiled core (rows of one width, that width > 0)."""
    width = len(rows[0])
    flat = array("i", [p for row in rows for p in row])
    if len(flat) != width * len(rows):
        raise ValueError("the packings to sort into classes place different numbers of pieces")
    return flat_classes(flat.tobytes(), width, group, group_bytes)


def flat_classes(flat: bytes, width: int, group: Sequence[Permutation], group_bytes: bytes | None = None) -> list[Row]:
    """classes of the packings in int32 bytes, `width` placement ids each, without making a tuple of each."""
    core = core_module()
    if core is None or not flat or not width or not group:
        ids = array("i", flat)
        return classes([tuple(ids[i:i + width]) for i in range(0, len(ids), width)], list(group), group_bytes)
    if group_bytes is None:
        group_bytes = array("i", [image for permutation in group for image in permutation]).tobytes()
    forms = array("i", core.forms(flat, width, group_bytes, len(group[0])))
    return sorted({tuple(forms[i:i + width]) for i in range(0, len(forms), width)})
