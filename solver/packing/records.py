"""A unit of a count's work as flat records, searched in one call of the front search (_front.search_tasks):
each task an int32 record [weight, length, the placements made], so a unit of many tasks costs one call and a
small pickle, and the work a stopped search left comes back in the same form."""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable
from dataclasses import dataclass

from solver.packing.engine import Counting, Task, extended
from solver.packing.front import front_module
from solver.packing.table import Table


@dataclass(frozen=True)
class UnitSearch:
    """What a front search of many tasks (records: see task_records) found, one call for them all."""

    rows: bytes  # int32: the first `keep` packings found, each whole (its task's placements, then the search's)
    packings: int  # packings counted, each weighted by its task's weight
    nodes: int
    finished: bool  # every task searched to its end
    stabilisers: int  # sum over the packings counted of their stabiliser sizes, weighted
    found: int  # packings found (unweighted); rows holds the first `keep` of them
    rest: tuple[bytes, ...]  # the work left when the budget stopped it, as records dealt out to so many ways


def search_records(table: Table, records: bytes, max_nodes: int, counting: Counting, keep: int = -1,
                   ways: int = 1) -> UnitSearch:
    """The tasks (records) searched one after another by the front search in one call, until max_nodes
    placements were made (0: no budget): its set-up and the arguments made once, not once a task (Bedlam's units
    made 15,909 calls of a median 83 placements, 27 us of Python each). The stabilisers are of counting's group."""
    module = front_module(len(table.cell_cubes))
    assert module is not None  # hands_off(table) said so
    found = module.search_tasks(table.front, records, max_nodes=max_nodes, limit=counting.limit, keep=keep,
                                group=counting.group_bytes, control=counting.control, ways=ways,
                                check_signals=threading.current_thread() is threading.main_thread())
    return UnitSearch(*found)


def task_records(tasks: Iterable[Task]) -> bytes:
    """Tasks as search_records takes them: int32 records [weight, length, the placements made], one after the
    other (the copies left are the puzzle's less those placed, as in every task of a count)."""
    flat = array("i")
    for task in tasks:
        flat.append(task.weight)
        flat.append(len(task.chosen))
        flat.extend(task.chosen)
    return flat.tobytes()


def record_tasks(table: Table, records: bytes) -> list[Task]:
    """The tasks of records (task_records' inverse)."""
    flat, tasks, at = array("i", records), [], 0
    while at < len(flat):
        weight, length = flat[at], flat[at + 1]
        tasks.append(extended(table, Task((), table.counts, weight), tuple(flat[at + 2:at + 2 + length])))
        at += 2 + length
    return tasks
