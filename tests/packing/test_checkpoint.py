"""A census that survives: a count killed with -9 at any moment and resumed from its checkpoint counts
what one uninterrupted run counts; a --jobs worker killed takes only its parts with it; a checkpoint
is never written over a user's file, and one that is not this count's is refused in one line."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from foldkit import census
from tests.conftest import EXAMPLES, ROOT
from tests.packing.test_interrupt import children

Y_CUBE = str(EXAMPLES / "y-pentacube.txt")  # 60,672 packings, 1,264 classes; about 1.7 CPU-s
Y_COUNTS = "every packing: 60,672; classes under the box's 48 symmetries: 1,264"
HANG = 300  # seconds: only a hang detector, never a speed claim


def foldkit(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "foldkit", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def finished(child: subprocess.Popen) -> tuple[int, str, str]:
    try:
        out, err = child.communicate(timeout=HANG)
    finally:
        _kill_group(child)
    return child.returncode, out, err


def _kill_group(child: subprocess.Popen) -> None:
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def done_parts(path: Path) -> int:
    return len(json.loads(path.read_text())["done"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_killed_at_random_moments_and_resumed_the_count_is_unchanged(tmp_path, seed):
    """kill -9 of the whole run (the parent and its workers) at a random moment once the count has started,
    up to three times, then resumed to the end: the same counts, and the checkpoint never shrank."""
    moments = random.Random(seed)
    checkpoint = tmp_path / "count.checkpoint"
    argv = ["solve", Y_CUBE, "--all", "--jobs", "2"]
    child = foldkit(*argv, "--checkpoint", str(checkpoint))
    kept = []
    for _ in range(3):
        deadline = time.monotonic() + HANG
        while not checkpoint.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)  # the count has started once its checkpoint is there
        time.sleep(moments.uniform(0.0, 1.5))
        if child.poll() is not None:
            break
        _kill_group(child)
        child.wait()
        kept.append(done_parts(checkpoint))
        child = foldkit(*argv, "--resume", str(checkpoint))
    code, out, err = finished(child)
    assert code == 0 and Y_COUNTS in out, err
    assert "Traceback" not in err
    assert kept == sorted(kept), kept
    assert done_parts(checkpoint) == json.loads(checkpoint.read_text())["parts"]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
def test_a_killed_worker_loses_only_its_parts(tmp_path):
    child = foldkit("solve", Y_CUBE, "--all", "--jobs", "2", "--checkpoint", str(tmp_path / "c.json"))
    deadline = time.monotonic() + HANG
    while len(workers := sorted(children(child.pid))) < 2 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    assert len(workers) >= 2, "the count did not start its worker processes"
    os.kill(workers[0], signal.SIGKILL)
    code, out, err = finished(child)
    assert code == 0 and Y_COUNTS in out, err
    assert "Traceback" not in err and "BrokenPipe" not in err


def run(capsys, *argv: str) -> tuple[int, str, str]:
    from foldkit.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_checkpoint_never_replaces_a_users_file(capsys, tmp_path):
    mine = tmp_path / "notes.json"
    mine.write_text("my notes")
    code, out, err = run(capsys, "solve", str(EXAMPLES / "soma.txt"), "--all", "--checkpoint", str(mine))
    assert (code, out) == (2, "") and "already there" in err and len(err.splitlines()) == 1
    assert mine.read_text() == "my notes"


def test_a_finished_checkpoint_resumes_to_the_same_report_without_counting(capsys, tmp_path):
    path = tmp_path / "c.json"
    soma = str(EXAMPLES / "soma.txt")
    code, whole, _ = run(capsys, "solve", soma, "--all", "--jobs", "1", "--checkpoint", str(path))
    assert code == 0 and done_parts(path) == json.loads(path.read_text())["parts"]
    code, again, _ = run(capsys, "solve", soma, "--all", "--jobs", "1", "--resume", str(path))
    assert code == 0 and again == whole


@pytest.mark.parametrize(("make", "needle"), [
    (lambda c: c.write_text("{}"), "not a foldkit checkpoint"),
    (lambda c: c.write_text("[" * 50_000), "nested 50,000 deep"),
    (lambda c: _edit(c, lambda d: d.update(count="0" * 32)), "the checkpoint of another count"),
    (lambda c: _edit(c, lambda d: d["done"][0]["totals"].update(packings=1)), "its digest does not match"),
    (lambda c: _edit(c, lambda d: d["done"].append(d["done"][0])), "does not belong in this checkpoint"),
])
def test_a_checkpoint_that_is_not_this_counts_is_refused(capsys, tmp_path, make, needle):
    path = tmp_path / "c.json"
    soma = str(EXAMPLES / "soma.txt")
    assert run(capsys, "solve", soma, "--all", "--jobs", "1", "--checkpoint", str(path))[0] == 0
    make(path)
    code, out, err = run(capsys, "solve", soma, "--all", "--jobs", "1", "--resume", str(path))
    assert (code, out) == (2, "") and needle in err and len(err.splitlines()) == 1, err


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_another_puzzles_checkpoint_is_refused(capsys, tmp_path):
    path = tmp_path / "c.json"
    assert run(capsys, "solve", str(EXAMPLES / "soma.txt"), "--all", "--checkpoint", str(path))[0] == 0
    code, out, err = run(capsys, "solve", str(EXAMPLES / "l-tricubes.txt"), "--all", "--resume", str(path))
    assert (code, out) == (2, "") and "the checkpoint of another count" in err


def test_a_checkpoint_and_a_limit_do_not_go_together(capsys, tmp_path):
    code, _, err = run(capsys, "solve", str(EXAMPLES / "soma.txt"), "--all", "--limit", "5", "--checkpoint",
                       str(tmp_path / "c.json"))
    assert code == 2 and "--limit" in err and not (tmp_path / "c.json").exists()


def test_the_checkpoint_is_written_atomically_as_parts_finish(tmp_path, monkeypatch):
    """Each write replaces the whole file (no temporary file left), and holds every part added so far."""
    point = census.new_checkpoint(str(tmp_path / "c.json"), "x" * 32, 3, "test/1")
    monkeypatch.setattr(census, "CHECKPOINT_SECONDS", 0.0)
    for k in (2, 1):
        point.add(census.sealed({"schema": "test/1", "count": "x" * 32, "part": k, "parts": 3, "totals": {"n": k},
                                 "classes": []}))
        assert done_parts(tmp_path / "c.json") == 3 - k
    assert [p.name for p in tmp_path.iterdir() if p.name != ".foldkit-build.json"] == ["c.json"]
    back = census.resumed(str(tmp_path / "c.json"), "x" * 32, "test/1")
    assert back.left() == [2] and census.totals(back.done.values()) == {"n": 3}
