"""Counting on a Dask distributed cluster (``--cluster ADDRESS``): each part of the count is one task on
the scheduler, and a part that runs long splits itself (solver.packing.parts.count_unit): the work it
hands back is queued on the scheduler as new tasks at once. The workers need foldkit installed, and build
the puzzle's table once each.

Dask is an optional extra (``pip install foldkit[cluster]``), imported only here, only for a cluster.
A task the scheduler has started cannot be cancelled, so every task watches a Dask Event: set when
the count ends early (Ctrl-C, an error, a limit), it stops the search on every worker at once. A
worker that dies has its parts run again elsewhere by the scheduler (Dask's allowed-failures). Before
Dask speaks to the address, a plain socket checks that something there answers as a Dask server does
(a short length-prefixed handshake), so that garbage is refused in one line instead of being read as a
frame length (Dask would try to allocate whatever 8 bytes of it say).
"""

from __future__ import annotations

import itertools
import socket
import struct
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from solver.packing.engine import INTERRUPTED, STOP, new_control
from solver.packing.model import PackingPuzzle
from solver.packing.parts import UNIT_NODES, Counted, Finished, Unit, UnitBook, count_unit, plan_of

CONNECT_SECONDS = 10  # to reach the scheduler before saying it cannot be reached
WATCH_SECONDS = 0.5  # how often a task looks whether the count was stopped
HEARTBEAT_SECONDS = 2  # how often the count looks whether the scheduler is still there
LOST_SECONDS = 20  # a scheduler away that long is gone
MAX_HANDSHAKE_BYTES = 1 << 20  # a Dask handshake is a few hundred bytes
# A unit's placements before it hands the rest back, on a cluster: each Dask task costs the client and the
# scheduler about 15 ms of CPU, so the pool's 250,000 (40 ms of the one-sided 9x10) spent 40 % of the workers'
# CPU there and grew the client by 200 MB a minute; 32 times as many make a unit about a second.
CLUSTER_UNIT_NODES = 32 * UNIT_NODES


def connect(address: str):
    """A Dask Client of the scheduler at address; else a one-line error within CONNECT_SECONDS or so."""
    try:
        from distributed import Client  # optional and heavy: only for a cluster
    except ImportError:
        raise FoldkitError("--cluster needs Dask: pip install 'foldkit[cluster]'", EXIT_BAD_INPUT) from None
    _probe(address)
    try:
        return Client(address, timeout=CONNECT_SECONDS)
    except Exception as error:  # noqa: BLE001 -- whatever a broken scheduler makes Dask raise is one line
        raise _unreachable(address, error) from None


def _unreachable(address: str, error: BaseException | str) -> FoldkitError:
    why = error if isinstance(error, str) else (str(error).splitlines() or [""])[0] or type(error).__name__
    return FoldkitError(f"--cluster {address}: cannot reach a Dask scheduler there ({why[:200]})", EXIT_BAD_INPUT)


def _probe(address: str) -> None:
    """For a TCP address: something listens there and starts with a Dask-sized handshake."""
    host, port = _host_port(address)
    if host is None:
        return  # another transport (inproc, ucx...): Dask's own checks
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS) as probe:
            probe.settimeout(CONNECT_SECONDS)
            head = _read(probe, 8)
    except OSError as error:
        raise _unreachable(address, error.strerror or type(error).__name__) from None
    if len(head) < 8:
        raise _unreachable(address, "it closed the connection without a word")
    size = struct.unpack("<Q", head)[0]
    if not 0 < size <= MAX_HANDSHAKE_BYTES:
        raise _unreachable(address, "what answers there does not speak Dask")


def _host_port(address: str) -> tuple[str | None, int]:
    """(host, port) of 'tcp://HOST:PORT' or 'HOST:PORT'; (None, 0) for another transport; else an error."""
    text = address if "://" in address else f"tcp://{address}"
    parts = urlsplit(text)
    if parts.scheme not in ("tcp", "tls"):
        return None, 0
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or port is None:
        raise _unreachable(address, "not an address HOST:PORT or tcp://HOST:PORT")
    return parts.hostname, port


def _read(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        more = connection.recv(size - len(data))
        if not more:
            break
        data += more
    return data


def on_cluster(client, puzzle: PackingPuzzle, seed: int | None, parts: int, left: list[int], limit: int,
               budget: int = CLUSTER_UNIT_NODES) -> Finished:
    """(part, tally) of each part left, counted by the workers, as its last unit finishes: a unit that makes
    `budget` placements hands the rest of its tree back, and that is queued at once as new tasks. Leaving
    early sets the stop event and drops the rest; a scheduler lost midway is a one-line error within
    LOST_SECONDS or so."""
    from distributed import wait  # see connect

    stop = f"foldkit-stop-{uuid.uuid4().hex}"
    futures: dict = {}
    book = UnitBook(left)
    submitted = itertools.count()

    def submit(unit: Unit) -> None:
        futures[client.submit(count_unit_on_worker, puzzle, seed, unit, parts, budget, limit, stop, pure=False,
                              priority=_priority(unit, next(submitted)))] = unit.part
        book.started(unit)

    for k in left:
        submit(Unit(k))
    finished, heard = False, time.monotonic()
    try:
        while futures:
            heard = _still_there(client, heard)
            try:
                done = wait(list(futures), timeout=HEARTBEAT_SECONDS, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                continue
            for future in done:
                k = futures.pop(future)
                tally, handed = _result(client, future)
                for unit in handed:
                    submit(unit)
                if (whole := book.ended(k, tally)) is not None:
                    yield k, whole
        finished = True
    finally:
        if not finished:
            _stop(client, stop, list(futures))


def _priority(unit: Unit, serial: int) -> int:
    """A unit's Dask priority (higher runs first): earlier parts first, so that parts end and are checkpointed
    one after another rather than all at the end; within a part the unit handed off last first, so the
    part's tree is walked depth first and the units waiting stay few (in the order given, Dask's default,
    they grew breadth first: 6,531 queued for one part of the one-sided 9x10 after 12 minutes)."""
    return -unit.part * (1 << 40) + serial


def _result(client, future) -> Counted:
    try:
        return future.result(timeout=LOST_SECONDS)
    except Exception as error:  # noqa: BLE001 -- a part failed on the cluster, or the scheduler went away
        raise FoldkitError(f"--cluster {client.scheduler.address}: a part failed on the cluster "
                           f"({type(error).__name__}: {(str(error).splitlines() or [''])[0][:200]})",
                           EXIT_BAD_INPUT) from None


def _still_there(client, heard: float) -> float:
    """When the scheduler was last heard from (now, if it is there); a one-line error once it has been
    away for LOST_SECONDS."""
    now = time.monotonic()
    if client.status == "running":
        return now
    if client.status != "connecting" or now - heard > LOST_SECONDS:
        raise FoldkitError(f"--cluster {client.scheduler.address}: the scheduler went away ({client.status})",
                           EXIT_BAD_INPUT)
    return heard


def _stop(client, stop: str, futures: list) -> None:
    """Tell every running task to stop, and drop the queued ones (a scheduler gone: nothing to tell)."""
    from distributed import Event

    try:
        Event(stop, client=client).set()
        client.cancel(futures)
    except Exception:  # noqa: BLE001, S110 -- a scheduler gone has nothing left to stop
        pass


def count_unit_on_worker(puzzle: PackingPuzzle, seed: int | None, unit: Unit, parts: int, budget: int, limit: int,
                         stop: str) -> Counted:
    """One unit of a part, counted on a Dask worker, until it ends, makes `budget` placements (handing the rest
    back) or the count's stop event is set."""
    with stopped_by(stop) as control:
        return count_unit(plan_of(puzzle, seed), unit, parts, budget, limit, control=control)


@contextmanager
def stopped_by(stop: str) -> Iterator:
    """A search control whose stop flag a watching thread sets once the Dask Event `stop` is set."""
    from distributed import Event, get_client  # on a worker, Dask is there

    control = new_control()
    done = threading.Event()
    stopped = Event(stop, client=get_client())  # the worker's client, which the watching thread needs

    def watch() -> None:
        while not done.is_set():
            if stopped.wait(WATCH_SECONDS):
                control[STOP] = INTERRUPTED
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield control
    finally:
        done.set()
