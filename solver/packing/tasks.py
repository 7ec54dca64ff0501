"""Sharing a count among threads: the starting points split until there are enough, each searched by the
compiled engine in a pool of threads (it releases the GIL), every search counting into one Counting."""

from __future__ import annotations

import os

from solver.packing.engine import Counting, Search, Task, choice, compiled, search
from solver.packing.table import Table, occupied_cells

TASKS_PER_THREAD = 32  # starting points split for each thread: Bedlam's 18 anchors hold one subtree of half the work


def split(table: Table, tasks: list[Task], wanted: int, max_depth: int = 3) -> tuple[list[Task], int]:
    """(the tasks, each replaced by its children (one per placement the search would try next) level by
    level until there are at least `wanted` or max_depth levels were split; the placements so made)."""
    made = 0
    for _ in range(max_depth):
        if len(tasks) >= wanted:
            break
        children = []
        for task in tasks:
            found = choice(table, occupied_cells(table, task.chosen), task.counts)
            if found is None:
                children.append(task)
                continue
            for p in found:
                counts = list(task.counts)
                counts[table.placement_piece[p]] -= 1
                children.append(Task(task.chosen + (p,), tuple(counts), task.weight))
            made += len(found)
        tasks = children
    return tasks, made


def search_tasks(table: Table, tasks: list[Task], engine: str = "auto", workers: int | None = None,
                 counting: Counting | None = None) -> Search:
    """Every packing that extends any of the tasks, counted (and kept, limited) as the counting says; the
    tasks are shared among threads when compiled. Ctrl-C stops every search at once: none waits for
    work still queued."""
    counting = Counting() if counting is None else counting
    workers = workers or os.cpu_count() or 1
    made = 0
    if engine == "python" or not compiled() or workers == 1:
        parts = []
        for task in tasks:
            parts.append(search(table, task, engine=engine, counting=counting))
            if counting.stopped:
                break
    else:
        tasks, made = split(table, tasks, TASKS_PER_THREAD * workers)
        parts = _in_threads(table, tasks, engine, workers, counting)
    return Search([row for part in parts for row in part.rows], sum(part.packings for part in parts),
                  made + sum(part.nodes for part in parts), all(part.finished for part in parts) and
                  len(parts) == len(tasks), sum(part.stabilisers for part in parts), counting.limited)


def _in_threads(table: Table, tasks: list[Task], engine: str, workers: int, counting: Counting) -> list[Search]:
    """The searches of the tasks, run by a pool of threads; on an interrupt (or any error) the searches
    running are told to stop and the queued ones are dropped before it is raised."""
    from concurrent.futures import ThreadPoolExecutor  # here: ~9 ms of start-up that a first packing never needs

    pool = ThreadPoolExecutor(workers)
    try:
        futures = [pool.submit(search, table, task, 0, 0, engine, counting) for task in tasks]
        return [future.result() for future in futures]
    except BaseException:
        counting.stop()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
