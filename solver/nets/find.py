"""The nets of a box, or the common nets of several: every polyomino, up to the plane's 8
symmetries, that folds onto each box along grid lines covering its surface exactly once.

``find_nets`` runs the plan (``solver.nets.plan``) run by run, in the compiled search when it is
built and in ``solver.nets.search`` otherwise; both meet each net exactly once, so a count needs
no net kept. A whole search in the compiled engine shares its runs, each cut in parts (the parts of a
run share its nets out), among processes, one per core.

Convention: two nets are the same when one is the other turned or turned over in the plane (a
polyomino up to its 8 symmetries), whatever foldings it has; a net folds along grid lines, covering
every square of the box's surface exactly once, and keeps every grid adjacency of the polyomino as
an adjacency on the box: two cells side by side in the net are never cut apart by the folding (no
"invisible cut"), so a net is a polyomino, not a set of squares glued along some edges only.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import re
import signal
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import numpy as np

from solver.box import Box, surface_area
from solver.grid import Cell, Layout
from solver.nets.plan import Plan, make_plan
from solver.nets.search import compiled, compiled_run, run_nets
from solver.polyomino import canonical
from solver.text import InputError, listed

Engine = Literal["auto", "c", "python"]
MAX_COMPILED_BOXES, MAX_COMPILED_AREA = 3, 64  # what the compiled search takes
# The pure-Python search's common nets end in minutes up to this area (1x1x5 and 1x2x3, the first two boxes
# of one area); past it, and past the compiled search's MAX_COMPILED_AREA, a common-net search never ends.
MAX_PYTHON_COMMON_AREA = 22
EVERY_FIND_LIMIT = 10_000  # up to this limit, the first nets met are kept (see _first_nets)
FIRST_FINDS = 16  # finds asked per net wanted, at first
PARALLEL_AREA = 26  # from this area on, a whole search runs on every core (smaller ones take under 2 s)
PARTS_PER_JOB = 32  # tasks per process, so that the uneven parts even out (area 38: 76 tasks on 2 cores)
_BOX = re.compile(r"([1-9][0-9]{0,3})[xX]([1-9][0-9]{0,3})[xX]([1-9][0-9]{0,3})")


@dataclass(frozen=True)
class NetsResult:
    """The common nets of boxes, as asked: each net a normalised polyomino (its canonical image,
    ``solver.polyomino.canonical``), in the order of those tuples; ``count`` the nets found (all
    of them when ``complete``, else the search stopped at a limit); ``nets`` is empty when only
    counted."""

    boxes: tuple[Box, ...]
    nets: tuple[Layout, ...]
    count: int
    complete: bool


def parse_box(text: str) -> Box:
    """A box written AxBxC (each side 1 to 9999), sides in ascending order."""
    found = _BOX.fullmatch(text.strip())
    if not found:
        raise InputError(f"a box is written AxBxC with whole sides from 1 to 9999, like 1x2x3, not {text!r}")
    a, b, c = sorted(int(x) for x in found.groups())
    return a, b, c


def as_box(sides: Iterable[int]) -> Box:
    """Three sides as a box, ascending."""
    a, b, c = sorted(sides)
    return a, b, c


def find_nets(boxes: Iterable[Box], limit: int | None = None, keep: bool = True, engine: Engine = "auto",
              jobs: int | None = None) -> NetsResult:
    """The common nets of the boxes (each (a, b, c), any order), at most limit of them; with
    keep False only counted. Boxes of different surface areas have none. A whole search in the
    compiled engine runs in `jobs` processes (default: one per core from area PARALLEL_AREA on)."""
    asked: tuple[Box, ...] = tuple(dict.fromkeys(as_box(box) for box in boxes))
    if not asked:
        raise ValueError("find_nets needs at least one box")
    if limit is not None and limit < 1:
        raise ValueError("the limit must be at least 1")
    if len({surface_area(box) for box in asked}) > 1:
        return NetsResult(asked, (), 0, True)
    check_searchable(asked, engine, limit is not None)
    # One net past the limit tells a search stopped early from one that found exactly limit.
    if jobs is None:
        jobs = cores() if surface_area(asked[0]) >= PARALLEL_AREA else 1
    found, count, complete = _search_plan(asked, limit + 1 if limit else 0, keep, _use_compiled(asked, engine), jobs)
    if limit and count > limit:
        found, count = found[:limit], limit
    nets = tuple(sorted(found)) if keep else ()
    return NetsResult(asked, tuple(frozenset(net) for net in nets), count, complete)


def count_nets(boxes: Iterable[Box], engine: Engine = "auto", jobs: int | None = None) -> int:
    """How many common nets the boxes have."""
    return find_nets(boxes, keep=False, engine=engine, jobs=jobs).count


def cores() -> int:
    """How many cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def common_area_limit(boxes: int, engine: Engine = "auto") -> int:
    """The largest surface area whose common nets of that many boxes the engine's search can finish."""
    compiled_takes = engine != "python" and compiled() and boxes <= MAX_COMPILED_BOXES
    return MAX_COMPILED_AREA if compiled_takes else MAX_PYTHON_COMMON_AREA


def check_searchable(boxes: tuple[Box, ...], engine: Engine = "auto", limited: bool = False) -> None:
    """Refuse, in one line (InputError), a search of boxes (of one area) past what the engine can finish: common
    nets past its area, or every net of one box past the compiled search's (with a limit, the first nets of
    one box come at once at any area)."""
    area, limit = surface_area(boxes[0]), common_area_limit(len(boxes), engine)
    names = listed(['x'.join(map(str, box)) for box in boxes])
    if len(boxes) > 1 and area > limit:
        which = "compiled" if limit == MAX_COMPILED_AREA else "pure-Python (the compiled one is not built)"
        raise InputError(f"the {which} search takes common nets of boxes of surface area up to {limit}, and "
                         f"{names} have {area}: a search past it would never end", "nets")
    if len(boxes) == 1 and not limited and area > MAX_COMPILED_AREA:
        raise InputError(f"the search counts every net of a box of surface area up to {MAX_COMPILED_AREA}, and "
                         f"{names} has {area}: a count past it would never end (give --limit N for the first "
                         "nets)", "nets")


def _use_compiled(boxes: tuple[Box, ...], engine: Engine) -> bool:
    fits = len(boxes) <= MAX_COMPILED_BOXES and surface_area(boxes[0]) <= MAX_COMPILED_AREA
    if engine == "c" and not (compiled() and fits):
        raise RuntimeError("the compiled nets search (solver.nets._search) is not built or does not take these boxes")
    return engine != "python" and compiled() and fits


def _search_plan(boxes: tuple[Box, ...], limit: int, keep: bool, use_compiled: bool, jobs: int = 1
                 ) -> tuple[list[tuple[Cell, ...]], int, bool]:
    """(the canonical images of the nets found, how many, True unless stopped at limit)."""
    plan = make_plan(boxes)
    if use_compiled and 0 < limit <= EVERY_FIND_LIMIT:
        return _first_nets(plan, limit)
    if use_compiled and not limit and jobs > 1:
        return _in_processes(plan, keep, jobs)
    found: list[tuple[Cell, ...]] = []
    count, known = 0, set[tuple[Cell, ...]]()
    for roots in plan.runs:
        left = limit - count if limit else 0
        if use_compiled:
            cells, n, finished = compiled_run(plan, roots, left, keep)
            found += [_image(net) for net in cells]
        else:
            n, finished = _python_run(plan, roots, left, keep, found, known)
        count += n
        if not finished:
            return found, count, False
    return found, count, True


Task = tuple[tuple[int, ...], int, int]  # a run's first states, part, parts


def tasks(plan: Plan, jobs: int) -> list[Task]:
    """The plan's runs, each cut in as many parts as give every process PARTS_PER_JOB tasks."""
    parts = -(-PARTS_PER_JOB * jobs // len(plan.runs))
    return [(roots, part, parts) for roots in plan.runs for part in range(parts)]


def run_task(plan: Plan, keep: bool, task: Task) -> tuple[list[tuple[Cell, ...]], int]:
    """(the canonical images of the nets of one part of a run, if kept; how many)."""
    roots, part, parts = task
    cells, count, _ = compiled_run(plan, roots, 0, keep, part=part, parts=parts)
    return [_image(net) for net in cells], count


def _in_processes(plan: Plan, keep: bool, jobs: int) -> tuple[list[tuple[Cell, ...]], int, bool]:
    """Every task of the plan in `jobs` processes. The pool forks where it can (the workers start at
    once); a worker ignores SIGINT, which the terminal sends the whole group, and the pool is
    terminated (SIGTERM) when this process is interrupted."""
    with worker_pool(jobs) as pool:
        done = pool.starmap(run_task, [(plan, keep, task) for task in tasks(plan, jobs)], chunksize=1)
    return [image for images, _ in done for image in images], sum(count for _, count in done), True


def worker_pool(jobs: int) -> multiprocessing.pool.Pool:
    """A pool of `jobs` processes, forked where the system can (they start at once, with the plan)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(jobs, initializer=_worker_signals)


def _worker_signals() -> None:
    """A worker ignores Ctrl-C (its parent stops it) and dies at once, quietly, on SIGTERM, whatever
    handlers it inherited from its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _first_nets(plan: Plan, limit: int) -> tuple[list[tuple[Cell, ...]], int, bool]:
    """The first limit nets the compiled search meets, repeats dropped here: the one find it
    keeps of each net otherwise may come late (its first few nets of 1x2x3 take a quarter of the
    whole search). A run stopped before it has enough nets runs again with twice the finds."""
    found: dict[tuple[Cell, ...], None] = {}
    for roots in plan.runs:
        finds, finished = FIRST_FINDS * limit, False
        while len(found) < limit and not finished:
            cells, _, finished = compiled_run(plan, roots, finds, True, every_find=True)
            found.update((_image(net), None) for net in cells)
            finds *= 2
        if len(found) >= limit:
            return list(found)[:limit], limit, False
    return list(found), len(found), True


def _image(net: np.ndarray) -> tuple[Cell, ...]:
    """The canonical image of a net the compiled search returns, shape (A, 2)."""
    return canonical(frozenset(map(tuple, net.tolist())))


def _python_run(plan: Plan, roots: tuple[int, ...], limit: int, keep: bool, found: list, known: set
                ) -> tuple[int, bool]:
    """One run in pure Python: appends to found the canonical image of each net not in known."""
    count = 0
    for net in run_nets(plan, roots):
        image = canonical(frozenset(net))
        if image in known:
            continue
        known.add(image)
        count += 1
        if keep:
            found.append(image)
        if limit and count >= limit:
            return count, False
    return count, True

