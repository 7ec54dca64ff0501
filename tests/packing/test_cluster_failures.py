"""A Dask cluster that fails: a worker killed midway has its parts run again (the count unchanged); a
scheduler address with nothing there, a server answering garbage, one that closes at once or never
says a word is one line and a non-zero exit, never a hang, a traceback or a huge allocation."""

from __future__ import annotations

import socket
import struct
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import EXAMPLES, ROOT
from tests.dask_cluster import counted_with_a_worker_killed

distributed = pytest.importorskip("distributed")

SCOTT = str(EXAMPLES / "scott-pentominoes.txt")
Y_CUBE = str(EXAMPLES / "y-pentacube.txt")
HANG = 120  # seconds: a hang detector only


class FakeScheduler:
    """A TCP server on a free port that answers every connection with `answer` (None: closes at once),
    then keeps it open without a word until the test ends."""

    def __init__(self, answer: bytes | None):
        self.answer, self.held = answer, []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.server.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            if self.answer is None:
                connection.close()
                continue
            try:
                connection.sendall(self.answer)
            except OSError:
                pass
            self.held.append(connection)

    def close(self) -> None:
        self.server.close()
        for connection in self.held:
            connection.close()


def solve_on(address: str, *extra: str) -> tuple[int, str, str, float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "foldkit", "solve", SCOTT, "--all", "--cluster", address, *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=HANG)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


@pytest.mark.parametrize(("answer", "needle"), [
    (b"\xff" * 64, "does not speak Dask"),  # Dask would read 2^64 - 1 as the length of a frame
    (b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4, "does not speak Dask"),
    # A plausible length, then bytes that are no message (fixed: every xdist worker collects the same test ids).
    (struct.pack("<Q", 64) + bytes(range(7, 7 + 64 * 3, 3)), "cannot reach a Dask scheduler there"),
    (None, "closed the connection without a word"),
    (b"", "cannot reach a Dask scheduler there"),  # says nothing: the probe's timeout
], ids=["frame-of-2^64", "http", "plausible-length", "closed", "silent"])
def test_a_scheduler_that_is_not_one_is_a_line(answer, needle):
    fake = FakeScheduler(answer)
    try:
        code, out, err, _ = solve_on(fake.address)
    finally:
        fake.close()
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(f"foldkit: error: --cluster {fake.address}: ") and needle in err, err


def test_an_address_with_nothing_listening_is_a_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]  # bound, never listening: nothing answers there
        code, out, err, _ = solve_on(f"127.0.0.1:{port}")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "cannot reach a Dask scheduler" in err


@pytest.mark.slow  # about 5 CPU-s: a local Dask cluster, a worker killed
def test_a_killed_worker_has_its_parts_run_again():
    """Two worker processes under nannies; one worker killed with -9 once the count runs on it: the nanny
    starts another, the scheduler runs the lost parts again, the count is the one-process count."""
    code, out, err = counted_with_a_worker_killed(["solve", Y_CUBE, "--all"], ROOT, HANG)
    assert code == 0, err
    assert "every packing: 60,672; classes under the box's 48 symmetries: 1,264" in out
