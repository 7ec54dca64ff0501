"""Counting on a Dask distributed cluster (``--cluster ADDRESS``): each part of the count is one task on
the scheduler; the workers need foldkit installed, and build the puzzle's table once each.

Dask is an optional extra (``pip install foldkit[cluster]``), imported only here, only for a cluster.
A task the scheduler has started cannot be cancelled, so every task watches a Dask Event: set when
the count ends early (Ctrl-C, an error, a limit), it stops the search on every worker at once.
"""

from __future__ import annotations

import threading
import uuid
from array import array
from collections.abc import Iterator

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from solver.packing.engine import INTERRUPTED
from solver.packing.model import PackingPuzzle
from solver.packing.parts import PARTS_PER_WORKER, Tally, count_part, plan_of

CONNECT_SECONDS = 10  # to reach the scheduler before saying it cannot be reached
WATCH_SECONDS = 0.5  # how often a task looks whether the count was stopped


def on_cluster(address: str, puzzle: PackingPuzzle, seed: int | None, parts: int | None,
               limit: int) -> tuple[int, Iterator[Tally]]:
    """(how many parts: as given, else PARTS_PER_WORKER for each thread of the cluster's workers; their
    tallies, counted by the workers, as they finish)."""
    try:
        from distributed import Client, Event  # optional and heavy: only for a cluster
    except ImportError:
        raise FoldkitError("--cluster needs Dask: pip install 'foldkit[cluster]'", EXIT_BAD_INPUT) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        why = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise FoldkitError(f"--cluster {address}: cannot reach a Dask scheduler there ({why})",
                           EXIT_BAD_INPUT) from None
    n = parts or PARTS_PER_WORKER * max(1, sum(client.nthreads().values()))
    stop = f"foldkit-stop-{uuid.uuid4().hex}"
    futures = [client.submit(count_on_worker, puzzle, seed, k, n, limit, stop, pure=False) for k in range(n)]
    return n, _results(client, futures, Event(stop, client=client))


def _results(client, futures: list, stop) -> Iterator[Tally]:
    """The futures' results as they finish; leaving early sets the stop event and drops the rest."""
    from distributed import as_completed  # see on_cluster

    finished = False
    try:
        for future in as_completed(futures):
            yield future.result()
        finished = True
    finally:
        if not finished:
            stop.set()
            client.cancel(futures)
        client.close()


def count_on_worker(puzzle: PackingPuzzle, seed: int | None, part: int, parts: int, limit: int, stop: str) -> Tally:
    """One part, counted on a Dask worker, until it ends or the count's stop event is set."""
    from distributed import Event, get_client  # on a worker, Dask is there

    control = array("q", [0, 0, 0])
    done = threading.Event()
    stopped = Event(stop, client=get_client())  # the worker's client, which the watching thread needs

    def watch() -> None:
        while not done.is_set():
            if stopped.wait(WATCH_SECONDS):
                control[0] = INTERRUPTED
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        return count_part(plan_of(puzzle, seed), part, parts, limit, control=control)
    finally:
        done.set()
