"""The search: exact cover with multiplicities, branching on the most constrained column.

The columns are the cells of the box, each to be covered exactly once, and the pieces, each to be
used exactly its count of times; the rows are the placements (a piece turned and moved inside the
box). At each node the search branches on the column with the fewest live rows (Knuth's Algorithm
X with the minimum-remaining-values rule): the lowest empty cell with the fewest live placements,
or a piece with one copy left when it has fewer still; a cell with none, or a piece with fewer live
placements than copies left, is a dead end. Counting every packing, ``symmetry`` first fixes
symmetry anchors (one placement per orbit at an anchor cell or piece), so each class of packings
is searched for from a few starting points only.

The cells are the target's cubes (the whole box, or a shape inside it), numbered in reading order
(level z, row y, column x). The engines (``ENGINES``, chosen by name, all behind one interface) run
the same search on the same ``table.Table``: compiled (``_core.c``, or ``_sparse.c`` for large targets),
compiled over the front of empty cells (``_front.c``, see ``front``), or in pure Python; the compiled
ones release the GIL, so ``tasks.search_tasks`` runs independent parts of the tree in threads.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from solver.packing.front import front_module
from solver.packing.regions import regions_fit
from solver.packing.table import Counts, Permutation, PlacementId, Row, Table, live_placements, occupied_cells

# A Counting's control, which the compiled searches share (solver/packing/search.h names them alike): its slots,
# and the values of control[STOP].
STOP, COUNTED, OFFERED, CONTROL_SIZE = 0, 1, 2, 3  # the stop flag; packings counted; rows offered for keeping
RUN, INTERRUPTED, LIMITED = 0, 1, 2  # run on; Ctrl-C (the caller sets it); the limit was reached
WIDE_CELLS = 256  # targets of more cells are searched by _sparse.c (see there), smaller ones by _core.c


def core_module(cells: int = 0):
    """The compiled search module for a target of this many cells, or None when it is not built."""
    try:
        if cells > WIDE_CELLS:
            from solver.packing import _sparse
            return _sparse
        from solver.packing import _core
        return _core
    except ImportError:
        return None


def compiled() -> bool:
    """Whether the compiled searches are available."""
    return core_module() is not None and core_module(WIDE_CELLS + 1) is not None


@dataclass(frozen=True)
class Search:
    """What a search found: the packings counted, the rows kept of them, the placements made, whether it
    went to the end, and the sum of the packings' stabiliser sizes under the group it was given."""

    rows: list[Row]  # the packings kept (rows of placement ids), up to the search's keep
    packings: int  # packings counted, each weighted by its task's weight
    nodes: int
    finished: bool  # not stopped by a limit or a node budget
    stabilisers: int = 0  # sum over the packings counted of how many symmetries map each onto itself
    limited: bool = False  # the limit on packings stopped it


@dataclass(frozen=True)
class Task:
    """A part of the search tree: the placements already made, the copies left, and how many packings each
    packing extending it stands for (its images under the symmetries the anchors used)."""

    chosen: Row
    counts: Counts
    weight: int = 1


def new_control() -> array:
    """A control array: running, nothing counted or offered yet."""
    return array("q", [RUN] + [0] * (CONTROL_SIZE - 1))


@dataclass(frozen=True)
class Counting:
    """How searches count, shared by the searches of one count that run at once in threads: the limit on packings
    counted (0: none), how many rows to keep (-1: all), the symmetries whose stabilisers are summed, and the control
    the compiled searches read and write (stop flag, packings counted, rows offered; see _core.c)."""

    limit: int = 0
    keep: int = -1
    group: tuple[Permutation, ...] = ()
    control: array = field(default_factory=new_control)

    @cached_property
    def group_bytes(self) -> bytes:
        return array("i", [image for permutation in self.group for image in permutation]).tobytes()

    def stop(self) -> None:
        """Ask every search of this count to stop (after Ctrl-C)."""
        self.control[STOP] = INTERRUPTED

    @property
    def stopped(self) -> bool:
        """Whether a search of this count was interrupted or reached the limit."""
        return self.control[STOP] != RUN

    @property
    def limited(self) -> bool:
        return self.control[STOP] == LIMITED

    @property
    def offered(self) -> int:
        """How many packings were offered for keeping, kept or not."""
        return self.control[OFFERED]

    def options(self, task: Task, max_nodes: int) -> dict[str, object]:
        """The compiled searches' optional arguments for a task of this count (see solver/packing/search.h)."""
        return dict(limit=self.limit, max_nodes=max_nodes, keep=self.keep, weight=task.weight, group=self.group_bytes,
                    chosen=array("i", task.chosen).tobytes(), control=self.control,
                    check_signals=threading.current_thread() is threading.main_thread())

    def found(self, weight: int) -> bool:
        """A packing found by the Python engine, counted as the compiled ones count: whether to keep its row."""
        self.control[OFFERED] += 1
        self.control[COUNTED] += weight
        if self.limit and self.control[COUNTED] >= self.limit:
            self.control[STOP] = LIMITED
        return self.keep < 0 or self.control[OFFERED] <= self.keep


def choice(table: Table, occupied: int, counts: Counts | list[int]) -> list[PlacementId] | None:
    """The placements to branch on, or None when the box is full (an empty list: a dead end).

    A placement is live if its cells are empty and copies of its piece are left. Dead end: an empty
    cell with no live placement, a piece with fewer live placements than copies left, or a region of empty
    cells whose volume no pieces left add up to. Otherwise the
    live placements covering the lowest empty cell with the fewest of them, unless a piece with one
    copy left has fewer still: then that piece's live placements."""
    live = live_placements(table, occupied, counts)
    cell_live = [0] * len(table.cell_cubes)
    type_live = [0] * len(counts)
    for p in live:
        type_live[table.placement_piece[p]] += 1
        for cell in table.placement_cells[p]:
            cell_live[cell] += 1
    empty = [cell for cell in range(len(table.cell_cubes)) if not occupied >> cell & 1]
    if not empty:
        return None
    if any(cell_live[cell] == 0 for cell in empty):
        return []
    if any(left and type_live[kind] < left for kind, left in enumerate(counts)):
        return []
    if not regions_fit(table.cell_neighbours, table.piece_sizes, occupied, counts):
        return []
    best = min(empty, key=lambda cell: cell_live[cell])
    pieces = [kind for kind, left in enumerate(counts) if left == 1 and type_live[kind] < cell_live[best]]
    if pieces:
        kind = min(pieces, key=lambda k: (type_live[k], k))
        return [p for p in live if table.placement_piece[p] == kind]
    alive = set(live)
    return [p for p in table.cell_placements[best] if p in alive]


def python_packings(table: Table, task: Task, tally: list[int] | None = None) -> Iterator[Row]:
    """Every packing that extends a task, in pure Python; tally[0] counts the placements made."""
    left = list(task.counts)
    chosen = list(task.chosen)
    tally = [0] if tally is None else tally

    def fill(occupied: int) -> Iterator[Row]:
        found = choice(table, occupied, left)
        if found is None:
            yield tuple(chosen)
            return
        for p in found:
            tally[0] += 1
            left[table.placement_piece[p]] -= 1
            chosen.append(p)
            yield from fill(occupied | table.placement_masks[p])
            chosen.pop()
            left[table.placement_piece[p]] += 1

    yield from fill(occupied_cells(table, task.chosen))


class Engine(Protocol):
    """A search engine: whether it takes a target of so many cells (and is built), and its search of a task."""

    def takes(self, cells: int) -> bool: ...

    def search(self, table: Table, task: Task, max_nodes: int, counting: Counting) -> Search: ...


class FrontEngine:
    """_front.c (see front): another tree than the others', the same packings; targets of up to FRONT_CELLS."""

    def takes(self, cells: int) -> bool:
        return front_module(cells) is not None

    def search(self, table: Table, task: Task, max_nodes: int, counting: Counting) -> Search:
        return self.search_leaving(table, task, max_nodes, counting, None)

    def search_leaving(self, table: Table, task: Task, max_nodes: int, counting: Counting,
                       rest: list[Task] | None) -> Search:
        """search, and given a list `rest`, when max_nodes stops it, the work it left added to rest as tasks."""
        module = front_module(len(table.cell_cubes))
        assert module is not None  # takes() said so
        left: list[bytes] | None = None if rest is None else []
        found = module.search(table.front, **_task_arguments(table, task), **counting.options(task, max_nodes),
                              rest=left)
        if rest is not None and left:
            rest.extend(_prefix_tasks(table, task, b"".join(left)))
        return _compiled_search(task, counting, found)


class CoreEngine:
    """_core.c, or _sparse.c for targets of more than WIDE_CELLS cells: the same tree as the Python engine."""

    def takes(self, cells: int) -> bool:
        return core_module(cells) is not None

    def search(self, table: Table, task: Task, max_nodes: int, counting: Counting) -> Search:
        cells = len(table.cell_cubes)
        near = {} if cells > WIDE_CELLS else table.neighbour_arguments  # _sparse.c checks no regions
        found = core_module(cells).search(**table.search_arguments, **_task_arguments(table, task),
                                          **counting.options(task, max_nodes), **near)
        return _compiled_search(task, counting, found)


class PythonEngine:
    """The search in pure Python (python_packings): every target, slowly."""

    def takes(self, cells: int) -> bool:
        return True

    def search(self, table: Table, task: Task, max_nodes: int, counting: Counting) -> Search:
        return _python_search(table, task, max_nodes, counting)


ENGINES: dict[str, Engine] = {"front": FrontEngine(), "c": CoreEngine(), "python": PythonEngine()}
AUTO = ("front", "c", "python")  # engine "auto": the first of these that takes the target, the fastest first


def pick_engine(name: str, cells: int) -> Engine:
    """The engine of this name ("auto": the fastest built that takes the target) for a target of so many cells."""
    if name == "auto":
        return next(ENGINES[auto] for auto in AUTO if ENGINES[auto].takes(cells))
    if name not in ENGINES:
        raise ValueError(f"unknown search engine {name!r}: one of auto, {', '.join(ENGINES)}")
    if not ENGINES[name].takes(cells):
        raise RuntimeError(f"the compiled search {name!r} is not built, or takes no target of {cells} cells")
    return ENGINES[name]


def search(table: Table, task: Task | None = None, limit: int = 0, max_nodes: int = 0, engine: str = "auto",
           counting: Counting | None = None, rest: list[Task] | None = None) -> Search:
    """Every packing that extends a task (up to limit; 0: all), by an engine of ENGINES, or "auto" (the fastest
    built that takes the target). With a counting, its limit replaces limit and its control is shared with the
    other searches. Given a list `rest`, a front search stopped by max_nodes adds to it the work it left, as
    tasks whose packings are exactly those it did not reach (see hands_off)."""
    task = Task((), table.counts) if task is None else task
    counting = Counting(limit) if counting is None else counting
    chosen = pick_engine(engine, len(table.cell_cubes))
    if rest is not None and isinstance(chosen, FrontEngine):
        return chosen.search_leaving(table, task, max_nodes, counting, rest)
    return chosen.search(table, task, max_nodes, counting)


def _task_arguments(table: Table, task: Task) -> dict[str, bytes]:
    """A task as the compiled searches take it: the copies left, and the cells the placements made fill."""
    filled = occupied_cells(table, task.chosen)
    return {"counts": array("i", task.counts).tobytes(),
            "occupied": bytes((filled >> cell) & 1 for cell in range(len(table.cell_cubes)))}


def _compiled_search(task: Task, counting: Counting, found: tuple[bytes, int, int, bool, int]) -> Search:
    """The Search of a compiled search's answer (rows as int32 bytes, packings, nodes, finished, stabilisers)."""
    data, packings, nodes, finished, stabilisers = found
    flat = array("i", data)
    width = sum(task.counts)  # a packing extending the task places every copy left
    rows = [task.chosen + tuple(flat[i:i + width]) for i in range(0, len(flat), width)] if width else \
        [task.chosen] * packings  # the task is a packing already
    return Search(rows, packings * task.weight, nodes, finished, stabilisers * task.weight, counting.limited)


def hands_off(table: Table, engine: str = "auto") -> bool:
    """Whether the search of this table by this engine, stopped by max_nodes, says what work it left (rest); not
    when that engine is not built or takes no target so large."""
    cells = len(table.cell_cubes)
    if engine != "auto" and not ENGINES[engine].takes(cells):
        return False
    return isinstance(pick_engine(engine, cells), FrontEngine)


def _prefix_tasks(table: Table, task: Task, flat_bytes: bytes) -> list[Task]:
    """The tasks of the prefixes a front search left (each its length, then its placement ids), after the task."""
    flat, tasks, at = array("i", flat_bytes), [], 0
    while at < len(flat):
        tasks.append(extended(table, task, tuple(flat[at + 1:at + 1 + flat[at]])))
        at += 1 + flat[at]
    return tasks


def extended(table: Table, task: Task, ids: Row) -> Task:
    """The task with the placements ids made after its own: their copies taken off, the same weight."""
    counts = list(task.counts)
    for p in ids:
        counts[table.placement_piece[p]] -= 1
    return Task(task.chosen + ids, tuple(counts), task.weight)


def stabiliser_size(row: Row, group: Sequence[Permutation]) -> int:
    """How many of the symmetries map the packing onto itself (1 without any: the identity)."""
    placed = set(row)
    return sum(all(image[p] in placed for p in row) for image in group) if group else 1


def _python_search(table: Table, task: Task, max_nodes: int, counting: Counting) -> Search:
    rows: list[Row] = []
    tally, found, stabilisers = [0], 0, 0
    for row in python_packings(table, task, tally):
        found += 1
        stabilisers += stabiliser_size(row, counting.group)
        if counting.found(task.weight):
            rows.append(row)
        if counting.stopped or (max_nodes and tally[0] >= max_nodes):
            return Search(rows, found * task.weight, tally[0], False, stabilisers * task.weight, counting.limited)
    return Search(rows, found * task.weight, tally[0], True, stabilisers * task.weight)
