"""A census on a Dask distributed cluster (``--cluster ADDRESS``), for any counting kind (packings, nets): each
unit of work is one task on the scheduler, and the units a task hands back (a part of a packing count that runs
long splits itself: solver.packing.parts.count_unit) are queued on the scheduler at once as new tasks. A part is
finished when its last unit ends (foldkit.census.UnitBook). The workers need foldkit installed.

Dask is an optional extra (``pip install foldkit[cluster]``), imported only here, only for a cluster.
A task the scheduler has started cannot be cancelled, so a task that can stop watches a Dask Event
(stopped_by): set when the count ends early (Ctrl-C, an error, a limit), it stops the search on every worker at
once. A worker that dies has its units run again elsewhere by the scheduler (Dask's allowed-failures). Before
Dask speaks to the address, a plain socket checks that something there answers as a Dask server does
(a short length-prefixed handshake), so that garbage is refused in one line instead of being read as a
frame length (Dask would try to allocate whatever 8 bytes of it say).
"""

from __future__ import annotations

import socket
import struct
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from foldkit.census import UnitBook
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError

CONNECT_SECONDS = 10  # to reach the scheduler before saying it cannot be reached
WATCH_SECONDS = 0.5  # how often a task looks whether the count was stopped
HEARTBEAT_SECONDS = 2  # how often the count looks whether the scheduler is still there
LOST_SECONDS = 20  # a scheduler away that long is gone
MAX_HANDSHAKE_BYTES = 1 << 20  # a Dask handshake is a few hundred bytes

# A unit's work on a worker: (the unit, the name of the count's stop Event) -> (what it found, the units it handed
# back). It must be picklable: a module's function, or a functools.partial of one.
Work = Callable[[Any, str], tuple[Any, tuple[Any, ...]]]


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


def threads(client) -> int:
    """The threads of the cluster's workers (at least 1)."""
    return max(1, sum(client.nthreads().values()))


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


class AllAtOnce:
    """Units handed out to the scheduler as soon as they are made (it orders them by priority)."""

    def __init__(self) -> None:
        self.units: deque = deque()

    def __len__(self) -> int:
        return len(self.units)

    def add(self, units: Iterable[Any]) -> None:
        self.units.extend(units)

    def take(self, out: int) -> Any | None:
        return self.units.popleft() if self.units else None

    def ended(self, found: Any) -> None:
        pass


def finished_parts(client, work: Work, units: list, part_of: Callable[[Any], int], book: UnitBook,
                   priority: Callable[[Any], int] = lambda unit: 0, dispatch: Any = None) -> Iterator[tuple[int, Any]]:
    """(part, what all its units found, merged by the book) of each part of the units as its last unit ends,
    the units handed back queued at once as new tasks (those of higher priority first), or kept by `dispatch`
    (as AllAtOnce: add, take(units out) -> a unit to hand out or None, ended(what a unit found)) until it hands
    them out. Leaving early sets the stop event and drops the rest; a scheduler lost midway, or a unit that
    failed, is a one-line error within LOST_SECONDS or so."""
    from distributed import wait  # see connect

    stop = f"foldkit-stop-{uuid.uuid4().hex}"
    futures: dict = {}
    dispatch = AllAtOnce() if dispatch is None else dispatch

    def add(made: Iterable[Any]) -> None:
        for unit in made:
            book.started(part_of(unit))  # out, for the book, from when it is made
            dispatch.add((unit,))

    add(units)
    finished, heard = False, time.monotonic()
    try:
        while futures or dispatch:
            while (unit := dispatch.take(len(futures))) is not None:
                futures[client.submit(work, unit, stop, pure=False, priority=priority(unit))] = part_of(unit)
            heard = _still_there(client, heard)
            try:
                done = wait(list(futures), timeout=HEARTBEAT_SECONDS, return_when="FIRST_COMPLETED").done
            except TimeoutError:
                continue
            ended = []
            for future in done:
                k = futures.pop(future)
                found, handed = _result(client, future)
                dispatch.ended(found)
                add(handed)
                if (whole := book.ended(k, found)) is not None:
                    ended.append((k, whole))
            yield from ended
        finished = True
    finally:
        if not finished:
            _stop(client, stop, list(futures))


def _result(client, future) -> tuple[Any, tuple[Any, ...]]:
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


@contextmanager
def stopped_by(stop: str, on_stop: Callable[[], None]) -> Iterator[None]:
    """While it runs, a watching thread calls on_stop (which tells a search to stop) once the Dask Event `stop`
    is set."""
    from distributed import Event, get_client  # on a worker, Dask is there

    done = threading.Event()
    stopped = Event(stop, client=get_client())  # the worker's client, which the watching thread needs

    def watch() -> None:
        while not done.is_set():
            if stopped.wait(WATCH_SECONDS):
                on_stop()
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
