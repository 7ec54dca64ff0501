"""A nets count on a Dask cluster (--cluster, through the packing count's machinery, foldkit.cluster): two worker
processes count what one process counts, a checkpoint left half done is finished there, a worker killed midway
has its parts run again, and an address with no scheduler, or garbage, is one line and exit 2."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading

import pytest

from foldkit.exchange import write_artifact
from solver.nets.search import compiled
from tests.conftest import ROOT, run_foldkit
from tests.dask_cluster import counted_with_a_worker_killed

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.skipif(not compiled(), reason="a count in parts needs the compiled search")

PAIR = ["1x1x5", "1x2x3"]  # the smallest area (22) two boxes share: 2,263 common nets, about 1 CPU-s
COUNTED = "1x1x5 and 1x2x3: 2,263 common nets"
HANG = 120  # seconds: a hang detector only


def test_a_local_cluster_counts_the_common_nets_one_process_counts(capsys, scheduler):
    code, out, err = run_foldkit(capsys, "nets", *PAIR, "--count", "--cluster", scheduler)
    assert (code, err) == (0, "") and out.strip() == COUNTED


def test_a_checkpoint_half_done_is_finished_on_the_cluster(capsys, scheduler, tmp_path):
    """Every other part dropped from a finished checkpoint: the cluster counts those again, and the checkpoint
    holds every part at the end."""
    path = tmp_path / "count.json"
    _, out, _ = run_foldkit(capsys, "nets", *PAIR, "--count", "--cluster", scheduler, "--checkpoint", path)
    assert out.strip() == COUNTED
    whole = json.loads(path.read_text())
    assert len(whole["done"]) == whole["parts"] >= 64
    half = {**whole, "done": whole["done"][::2]}
    write_artifact(path, json.dumps(half).encode())  # as foldkit wrote it: a user's file is never overwritten
    code, out, err = run_foldkit(capsys, "nets", *PAIR, "--count", "--cluster", scheduler, "--resume", str(path))
    assert (code, err, out.strip()) == (0, "", COUNTED)
    assert len(json.loads(path.read_text())["done"]) == whole["parts"]


@pytest.mark.parametrize("argv", [["--cluster", "127.0.0.1:1"], ["--part", "1/2", "--cluster", "127.0.0.1:1"]])
def test_cluster_goes_with_a_whole_count(capsys, argv):
    code, _, err = run_foldkit(capsys, "nets", *PAIR, *argv)
    assert code == 2 and len(err.splitlines()) == 1 and "--count" in err or "whole count" in err, err


def _closed_port() -> int:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        return taken.getsockname()[1]  # bound and released: nothing listens there


def _garbage_server() -> str:
    """A server on a free port that answers every connection with bytes no Dask server sends."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            connection.sendall(b"\xff" * 64)

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.parametrize(("address", "needle"), [(lambda: f"127.0.0.1:{_closed_port()}", "cannot reach a Dask"),
                                                 (_garbage_server, "does not speak Dask")],
                         ids=["nothing-there", "garbage"])
def test_a_bad_address_is_one_line_and_exit_2(address, needle):
    where = address()
    done = subprocess.run([sys.executable, "-m", "foldkit", "nets", *PAIR, "--count", "--cluster", where], cwd=ROOT,
                          capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"foldkit: error: --cluster {where}: ") and needle in done.stderr


@pytest.mark.slow  # a local cluster of its own, a worker killed: some 5 CPU-s in all
def test_a_killed_worker_has_its_nets_parts_run_again():
    code, out, err = counted_with_a_worker_killed(["nets", *PAIR, "--count"], ROOT, HANG)
    assert code == 0 and out.strip() == COUNTED, err
