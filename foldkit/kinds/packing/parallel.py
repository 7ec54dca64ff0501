"""Counting every packing on every core, or on a Dask cluster: the parts of ``solver.packing.parts`` run
in processes (or on a cluster's workers), their tallies merged as they come in, with a progress line;
Ctrl-C stops every process at once. Each part finished goes into a census checkpoint (``foldkit.census``),
written to a file with --checkpoint, read back with --resume.

The pool forks (where the system can), so the workers inherit the plan the solve already built
(``parts.plan_of`` is cached per process) and start at once; a worker ignores SIGINT (the terminal
sends it to the whole process group) and dies with its parent (Linux), and the parent, interrupted,
terminates them all. A part that runs long splits itself: its units hand the rest of its tree back to
the queue (``parts.count_unit``), and the part is done when its last unit is. A worker killed (kill -9,
the OOM killer) loses only the parts not done yet (every unit of theirs): they run again in a new pool.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from foldkit import census
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.kinds.packing.part_records import PART_SCHEMA, check_part, count_of, part_record, tally_of
from solver.packing.dispatch import Dispatch
from solver.packing.model import PackingPuzzle
from solver.packing.parts import (
    PARTS_PER_WORKER,
    UNIT_NODES,
    Finished,
    Plan,
    Tally,
    Unit,
    budgets,
    count_part,
    count_unit_of,
    merge,
    plan_of,
)
from solver.packing.solve import Counter

PR_SET_PDEATHSIG = 1  # prctl's option (linux/prctl.h)
Report = Callable[[int, int, int], None]  # (parts done, parts, packings so far)
Keeping = tuple[str | None, str | None]  # (--checkpoint FILE, --resume FILE)
RETRIES = 3  # times a pool whose worker died is made again before the count gives up


WORKERS_PER_CORE = 2  # more processes add no speed, only memory (--jobs 1024 on 2 cores: past 1.5 GB)


def cores() -> int:
    """How many cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def worker_count(asked: int | None) -> int:
    """The processes a count runs in: as asked (default one a core), at most WORKERS_PER_CORE a core."""
    return min(asked or cores(), WORKERS_PER_CORE * cores())


def counter(puzzle: PackingPuzzle, seed: int | None, jobs: int, cluster: str | None = None,
            report: Report | None = None, parts: int | None = None, keeping: Keeping = (None, None)) -> Counter:
    """A Counter that runs the parts of a count in this process (jobs 1), in `jobs` processes, or on the
    Dask scheduler at `cluster`, merging their tallies, keeping each finished part in the checkpoint and
    reporting it done."""
    def count(plan: Plan, limit: int) -> Tally:
        client = None
        if cluster is not None:
            from foldkit import cluster as dask  # Dask loads only for a cluster
            from foldkit.kinds.packing.cluster import on_cluster

            client = dask.connect(cluster)
        try:
            book = _checkpoint(plan, puzzle, seed, keeping, parts or _parts_for(jobs, client), limit)
            n = book.parts
            plan.split(n)  # made before the pool forks, so that every worker has it

            def run(left: list[int]) -> Iterator[census.Record]:
                if client is not None:
                    finished = on_cluster(client, puzzle, seed, n, left, limit)
                elif jobs <= 1:
                    finished = ((k, count_part(plan, k, n, limit)) for k in left)
                else:
                    finished = in_processes(puzzle, seed, n, left, limit, jobs)
                try:
                    for k, tally in finished:
                        yield part_record(plan, puzzle, seed, k, n, tally)
                finally:
                    finished.close()  # a pool's or a cluster's: stop the work still running

            tallies = (tally_of(record) for record in census.run_parts(book, run))
            return gathered(tallies, n, report, limit)
        finally:
            if client is not None:
                client.close()
    return count


def _parts_for(jobs: int, client) -> int:
    """PARTS_PER_WORKER parts for each process (as many as are worth starting), or each thread of the
    cluster's workers."""
    if client is None:
        return PARTS_PER_WORKER * max(min(jobs, WORKERS_PER_CORE * cores()), 1)
    from foldkit.cluster import threads

    return PARTS_PER_WORKER * threads(client)


def _checkpoint(plan: Plan, puzzle: PackingPuzzle, seed: int | None, keeping: Keeping, parts: int,
                limit: int) -> census.Checkpoint:
    """The checkpoint of this count: resumed from a file, new (written to a file or not)."""
    path, resume = keeping
    if limit and (path or resume):
        raise FoldkitError("--limit stops a count that a checkpoint could not resume: give one of them",
                           EXIT_BAD_INPUT)
    count = count_of(plan, puzzle, seed)
    if resume is not None:
        return census.resumed(resume, count, PART_SCHEMA, check_part)
    return census.new_checkpoint(path, count, parts, PART_SCHEMA)


def gathered(tallies: Iterable[Tally], parts: int, report: Report | None, limit: int = 0) -> Tally:
    """The merged tally of the parts as they come in; the limit on packings (0: none) stops it, and the
    counts are then lower bounds (limited)."""
    done: list[Tally] = []
    packings = 0
    if report is not None:
        report(0, parts, 0)
    try:
        for tally in tallies:
            done.append(tally)
            packings += tally.packings
            if report is not None:
                report(len(done), parts, packings)
            if tally.limited or (limit and packings >= limit and len(done) < parts):
                return replace(merge(done), limited=True)
    finally:
        close = getattr(tallies, "close", None)  # a generator's: stops the parts still running
        if close is not None:
            close()
    return merge(done)


def in_processes(puzzle: PackingPuzzle, seed: int | None, parts: int, left: list[int], limit: int,
                 jobs: int) -> Finished:
    """The tallies of the parts left, searched by a pool of `jobs` processes, as they finish; a long part splits
    itself among the workers (see _units_finished). A worker that dies takes only its parts with it: they run
    again (every unit of theirs) in a new pool (RETRIES times at most). Leaving early
    (a limit reached, Ctrl-C, an error) terminates every worker at once."""
    from concurrent.futures.process import BrokenProcessPool  # see _pool

    todo = list(left)
    for _ in range(RETRIES + 1):
        workers = min(jobs, max(len(todo), 1), WORKERS_PER_CORE * cores())
        pool = _pool(puzzle, seed, workers)
        try:
            yield from _units_finished(pool, puzzle, seed, parts, todo, limit, workers)
            return
        except BrokenProcessPool:
            continue  # a worker died: the parts still in todo run again
        finally:
            _terminate(pool)
    raise FoldkitError(f"the count's worker processes died {RETRIES + 1} times (killed, or out of memory?)",
                       EXIT_BAD_INPUT)


def _units_finished(pool, puzzle: PackingPuzzle, seed: int | None, parts: int, todo: list[int],
                    limit: int, workers: int) -> Finished:
    """(part, tally) of each part in todo as its last unit finishes, each taken off todo. A unit that makes its
    budget of placements hands the rest of its tree back as new units (count_unit), which wait here until a worker
    is free: each is handed out with a budget cut from what waits then (solver.packing.dispatch), so no part, and
    no unit started as the count runs out of work, holds up the end of the count, however its tree is shaped."""
    from concurrent.futures import FIRST_COMPLETED, wait

    first, most = budgets(parts, workers, UNIT_NODES)
    dispatch = Dispatch(workers, look_ahead=workers)  # a unit queued in the pool for each worker
    book = census.UnitBook(todo, merge)

    def add(units: Iterable[Unit]) -> None:
        for unit in units:
            book.started(unit.part)  # out, for the book, from when it is made
            dispatch.add((unit,))

    add(Unit(k, None, first) for k in todo)
    waiting: dict = {}
    while dispatch or waiting:
        while (unit := dispatch.take(len(waiting))) is not None:
            waiting[pool.submit(count_unit_of, puzzle, seed, unit, parts, most, limit)] = unit.part
        done, _ = wait(waiting, return_when=FIRST_COMPLETED)
        finished = []
        for future in done:
            k = waiting.pop(future)
            tally, handed = future.result()  # raises BrokenProcessPool when a worker died
            dispatch.ended(tally)
            add(handed)
            if (whole := book.ended(k, tally)) is not None:
                finished.append((k, whole))
        for k, whole in finished:
            todo.remove(k)
            yield k, whole


def _pool(puzzle: PackingPuzzle, seed: int | None, workers: int):
    """A pool of forked processes (here, not at the top: multiprocessing costs `foldkit solve` ~13 ms of
    start-up when not counting)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    plan_of(puzzle, seed)  # in the parent's cache before the fork (forked workers find it there)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_signals, initargs=(os.getpid(),))


def _terminate(pool) -> None:
    """Every worker of the pool ended at once, the parts queued dropped (not waiting for the pool's own
    thread: a Ctrl-C may have come in the middle of its work)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=5)
    pool.shutdown(wait=False, cancel_futures=True)


def _worker_signals(parent: int) -> None:
    """A worker leaves Ctrl-C to its parent, dies at once when the parent terminates it, and dies with its
    parent (killed with -9, the parent cannot say so: Linux's parent-death signal does)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """Ask Linux to send this process SIGKILL when its parent ends (prctl PR_SET_PDEATHSIG); elsewhere a
    write into the pipe no one reads ends it (SIGPIPE, not a BrokenPipeError traceback)."""
    import ctypes

    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before prctl: nothing left to count for
        os._exit(1)


class ProgressLine:
    """A Report drawn on a progress bar: parts done, packings so far, and the time left estimated from the
    parts done (parts differ in size, so the estimate firms up as they come in)."""

    def __init__(self, bar: Callable[[float, str], None]):
        self.bar, self.started = bar, time.monotonic()

    def __call__(self, done: int, parts: int, packings: int) -> None:
        elapsed = time.monotonic() - self.started
        if done == parts:
            when = f"in {_duration(elapsed)}"
        else:
            when = f"about {_duration(elapsed * (parts - done) / done)} left" if done else "started"
        self.bar(done / parts, f"{done}/{parts} parts, {packings:,} packings, {when}")


def _duration(seconds: float) -> str:
    """'42 s', '3 min', '2.5 h'."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"

