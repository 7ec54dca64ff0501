"""Counting every packing on every core, or on a Dask cluster: the parts of ``solver.packing.parts`` run
in processes (or on a cluster's workers), their tallies merged as they come in, with a progress line;
Ctrl-C stops every process at once.

The pool forks (where the system can), so the workers inherit the plan the solve already built
(``parts.plan_of`` is cached per process) and start at once; a worker ignores SIGINT (the terminal
sends it to the whole process group), and the parent, interrupted, terminates them all.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from solver.packing.model import PackingPuzzle
from solver.packing.parts import PARTS_PER_WORKER, Plan, Tally, count_part, count_part_of, merge, plan_of
from solver.packing.solve import Counter

PR_SET_PDEATHSIG = 1  # prctl's option (linux/prctl.h)
Report = Callable[[int, int, int], None]  # (parts done, parts, packings so far)


WORKERS_PER_CORE = 2  # more processes than this add no speed, only memory (each holds the plan)


def cores() -> int:
    """How many cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def worker_count(asked: int | None) -> int:
    """The processes a count runs in: as asked (default one a core), at most WORKERS_PER_CORE a core."""
    return min(asked or cores(), WORKERS_PER_CORE * cores())


def counter(puzzle: PackingPuzzle, seed: int | None, jobs: int, cluster: str | None = None,
            report: Report | None = None, parts: int | None = None) -> Counter:
    """A Counter that runs the parts of a count in this process (jobs 1), in `jobs` processes, or on the
    Dask scheduler at `cluster`, merging their tallies and reporting each part done."""
    def count(plan: Plan, limit: int) -> Tally:
        if cluster is not None:
            from foldkit.kinds.packing.cluster import on_cluster  # Dask loads only for a cluster

            n, remote = on_cluster(cluster, puzzle, seed, parts, limit)
            return gathered(remote, n, report, limit)
        n = parts or PARTS_PER_WORKER * max(jobs, 1)
        plan.split(n)  # made before the pool forks, so that every worker has it
        if jobs <= 1:
            tallies: Iterable[Tally] = (count_part(plan, k, n, limit) for k in range(n))
        else:
            tallies = in_processes(puzzle, seed, n, limit, jobs)
        return gathered(tallies, n, report, limit)
    return count


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
        close = getattr(tallies, "close", None)  # a pool's or a cluster's: stop the work still running
        if close is not None:
            close()
    return merge(done)


def in_processes(puzzle: PackingPuzzle, seed: int | None, parts: int, limit: int, jobs: int) -> Iterator[Tally]:
    """The tallies of the parts, searched by a pool of `jobs` processes, as they finish. Leaving early (a
    limit reached, Ctrl-C, an error) terminates every worker at once."""
    import multiprocessing  # here, not at the top: it costs `foldkit solve` ~13 ms of start-up when not counting

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    plan_of(puzzle, seed)  # in the parent's cache before the fork (forked workers find it there)
    pool = context.Pool(min(jobs, parts), initializer=_worker_signals, initargs=(os.getpid(),))
    try:
        yield from pool.imap_unordered(_count, [(puzzle, seed, k, parts, limit) for k in range(parts)])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _worker_signals(parent: int) -> None:
    """A worker leaves Ctrl-C to its parent, dies at once when the parent terminates it, and ends quietly
    when the parent is gone (killed with SIGKILL): at once where the system tells it (Linux), else when
    it writes its result into the pipe no one reads (SIGPIPE, not a BrokenPipeError traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != parent:  # the parent (its pid given before the fork) died before the line above
        os._exit(1)


def _die_with_parent() -> None:
    """Ask Linux to send this process SIGKILL when its parent ends (prctl PR_SET_PDEATHSIG); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # no prctl: the SIGPIPE on writing the result still ends the worker quietly


def _count(args: tuple[PackingPuzzle, int | None, int, int, int]) -> Tally:
    return count_part_of(*args)


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

