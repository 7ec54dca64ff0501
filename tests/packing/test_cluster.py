"""Counting on a Dask cluster (--cluster): a local cluster of two worker processes counts what one
process counts; a count stopped early frees the workers at once; what cannot work is one line, exit 2."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from foldkit import cluster
from foldkit.kinds.packing import cluster as cluster_module
from tests.conftest import EXAMPLES, ROOT, run_foldkit

distributed = pytest.importorskip("distributed")  # the test extra installs it; CI has it

SCOTT = str(EXAMPLES / "scott-pentominoes.txt")
DOMINOES = "packing 4 4 4\npiece D x32: 0 0 0, 1 0 0\n"  # billions of packings: hours, unless stopped


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_a_local_cluster_counts_what_one_process_counts(capsys, scheduler, flag):
    code, alone, _ = run_foldkit(capsys, "solve", SCOTT, "--all", "--jobs", "1", *flag)
    assert code == 0
    code, clustered, err = run_foldkit(capsys, "solve", SCOTT, "--all", "--cluster", scheduler, *flag)
    assert (code, err) == (0, "")
    assert clustered == alone
    assert ("520" in alone and "65" in alone)


def test_parts_split_on_the_cluster_add_up_to_the_whole_count(scheduler):
    """With units of 50 placements, soma's parts hand most of their trees back and the client queues them on
    the scheduler: a hand-off dropped or counted twice would change the total."""
    from solver.packing import parse_packing
    from solver.packing.parts import Unit, count_part, count_unit, merge, plan_of

    puzzle = parse_packing((EXAMPLES / "soma.txt").read_text(), "soma.txt")
    plan = plan_of(puzzle, None)
    whole = merge(count_part(plan, k, 4) for k in range(4))
    assert all(count_unit(plan, Unit(k), 4, 50)[1] for k in range(4))  # every part hands work back
    with distributed.Client(scheduler) as client:
        finished = dict(cluster_module.on_cluster(client, puzzle, None, 4, [0, 1, 2, 3], 0, budget=50))
    assert sorted(finished) == [0, 1, 2, 3]
    split = merge(finished.values())
    assert (split.packings, split.stabilisers, split.forms) == (whole.packings, whole.stabilisers, whole.forms)
    assert split.packings == 11520


def test_ctrl_c_stops_the_count_on_every_worker(scheduler, tmp_path):
    """Interrupted, the count ends with 130 at once, and the parts running on the workers (hours of work
    each) stop too: a task the scheduler has started cannot be cancelled, and without the stop event
    each worker's only thread would stay busy, so the small tasks below would never run."""
    dominoes = tmp_path / "dominoes.txt"
    dominoes.write_text(DOMINOES)
    child = subprocess.Popen([sys.executable, "-m", "foldkit", "solve", str(dominoes), "--all", "--cluster",
                              scheduler], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with distributed.Client(scheduler) as client:
        try:
            deadline = time.monotonic() + 60
            while not any(client.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert any(client.processing().values()), "the count did not start on the workers"
            time.sleep(1)
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=60)  # a hang detector: the exit comes at once
        finally:
            child.kill()
        assert child.returncode == 130 and err.strip().endswith("interrupted"), err
        quick = [client.submit(sum, [k, 1], pure=False) for k in range(4)]
        distributed.wait(quick, timeout=60)  # a TimeoutError if the workers are still busy (for hours)
        assert client.gather(quick) == [1, 2, 3, 4]


def test_an_unreachable_scheduler_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    for address in ("tcp://127.0.0.1:1", "nonsense::"):
        code, out, err = run_foldkit(capsys, "solve", SCOTT, "--all", "--cluster", address)
        assert code == 2 and out == "" and len(err.splitlines()) == 1
        assert err.startswith(f"foldkit: error: --cluster {address}: cannot reach a Dask scheduler there (")


def test_without_dask_the_cluster_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    code, out, err = run_foldkit(capsys, "solve", SCOTT, "--all", "--cluster", "tcp://127.0.0.1:8786")
    assert (code, out) == (2, "")
    assert err == "foldkit: error: --cluster needs Dask: pip install 'foldkit[cluster]'\n"
