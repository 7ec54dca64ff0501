"""A local Dask cluster for the tests of --cluster (packings, nets): two worker processes of one thread each, and
the killing of a worker while the count runs on it."""

from __future__ import annotations

import os
import signal
import time


def two_workers():
    """A LocalCluster of two worker processes (under nannies, which start another when one dies), as a context."""
    import distributed  # the test extra installs it; the tests that use this skip without it

    return distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None)


def scheduler_address():
    """The address of a local cluster while the generator runs (a module-scoped fixture's body)."""
    with two_workers() as local:
        yield local.scheduler_address


def kill_a_busy_worker(client, pids: dict, seconds: float) -> None:
    """Kill with -9 the first worker seen running a task (within `seconds`, else an AssertionError)."""
    deadline = time.monotonic() + seconds
    busy: list = []
    while not busy and time.monotonic() < deadline:  # one look: the units are short, gone by the next
        busy = [worker for worker, tasks in client.processing().items() if tasks]
        time.sleep(0 if busy else 0.01)
    assert busy, "the count did not start on the workers"
    os.kill(pids[busy[0]], signal.SIGKILL)


def counted_with_a_worker_killed(argv: list[str], root, seconds: float) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `python -m foldkit ARGV --cluster ADDRESS` on a cluster of its own, one of
    whose workers is killed with -9 once the count runs on it."""
    import subprocess
    import sys

    import distributed

    with two_workers() as local, distributed.Client(local) as client:
        pids = client.run(os.getpid)
        child = subprocess.Popen([sys.executable, "-m", "foldkit", *argv, "--cluster", local.scheduler_address],
                                 cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            kill_a_busy_worker(client, pids, seconds)
            out, err = child.communicate(timeout=seconds)
        finally:
            child.kill()
    return child.returncode, out, err
