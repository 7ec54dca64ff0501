"""The search of the front of empty cells (``_front.c``), for targets of up to FRONT_CELLS cells: what it
needs besides the table, and whether it is built.

It walks another tree than ``_core.c`` and the Python engine: the live placements are a bit set over
placements renumbered by their lowest cell in a scan order, and a node counts the live placements of
a few cells only (the lowest empty cell and the pockets, the empty cells with the fewest empty
neighbours, when every piece has one copy; every empty cell otherwise). It finds the same packings.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from types import ModuleType

from solver.packing.model import Cube

FRONT_CELLS = 128  # targets of at most this many cells are searched by _front.c in engine "auto"


def front_module(cells: int) -> ModuleType | None:
    """The compiled front search for a target of this many cells, or None when it is not built or the
    target is too big for it."""
    if not 0 < cells <= FRONT_CELLS:
        return None
    try:
        from solver.packing import _front
        return _front
    except ImportError:
        return None


def scan_order(cell_cubes: Sequence[Cube]) -> tuple[int, ...]:
    """cell -> its place in the scan: along the target's shortest axis first, the longest last, so the front
    of empty cells stays short (column by column on a 6x10 board); ties keep the reading order."""
    if not cell_cubes:
        return ()
    extent = [max(cube[axis] for cube in cell_cubes) - min(cube[axis] for cube in cell_cubes) for axis in range(3)]
    axes = sorted(range(3), key=lambda axis: (-extent[axis], -axis))  # the slowest first
    scan = sorted(range(len(cell_cubes)), key=lambda cell: [cell_cubes[cell][axis] for axis in axes])
    rank = [0] * len(scan)
    for place, cell in enumerate(scan):
        rank[cell] = place
    return tuple(rank)


def prepare_front(cell_cubes: Sequence[Cube], table: Mapping[str, int | bytes], neighbours: Mapping[str, bytes],
                  copies: Sequence[int]) -> object:
    """The table (table.Table.search_arguments: its pieces and their cells are used) prepared for the front search,
    with the cells' neighbours (table.Table.neighbour_arguments) and the puzzle's copies of each piece."""
    module = front_module(len(cell_cubes))
    if module is None:
        raise RuntimeError("the front search (solver.packing._front) is not built or takes no target this big")
    return module.prepare(ncells=len(cell_cubes), placement_piece=table["placement_piece"],
                          placement_cell_offsets=table["placement_cell_offsets"],
                          placement_cells=table["placement_cells"], **neighbours,
                          scan_order=array("i", scan_order(cell_cubes)).tobytes(), copies=array("i", copies).tobytes())
