"""A user's own files where foldkit writes (issue 34): never replaced without --force, never
deleted, not lost when saved while a build runs, and a failed write (a full disk) leaves every
file as it was, with no temporary file."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time

import pytest

import foldkit.exchange
from foldkit.exchange.record import RECORD
from tests.conftest import ROOT, run_foldkit
from tests.hostile.running import SAMPLE, one_error_line, run_process

NET = ROOT / "examples" / "two-boxes.txt"
PACKING = ROOT / "examples" / "l-tricubes.txt"
REFUSED = "not written by foldkit (or changed since), so left as it is; nothing was written (--force replaces it)"


def listing(folder) -> dict[str, bytes]:
    """Every file under folder (links as links), with its bytes (a link: where it points)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(folder))] = os.readlink(path).encode()
        elif path.is_file():
            found[str(path.relative_to(folder))] = path.read_bytes()
    return found


def refused(err: str, path) -> None:
    """stderr is the one line refusing to replace path."""
    assert one_error_line(err) == f"{path}: {REFUSED}"


# ---------------------------------------------------------------------------------------------
# 1. A file foldkit did not write is never replaced, unless --force


@pytest.mark.parametrize("name", ["index.html", "solution.txt", "puzzle.pdf"])
def test_a_build_never_replaces_a_users_file(capsys, tmp_path, name):
    folder = tmp_path / "mydocs"
    folder.mkdir()
    (folder / name).write_text("my own work")
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", f"solution.json,{name}")
    assert code == 2
    refused(err, folder / name)
    assert listing(folder) == {name: b"my own work"}  # nothing else written either: no record, no temporary


def test_force_replaces_the_users_file(capsys, tmp_path):
    folder = tmp_path / "mydocs"
    folder.mkdir()
    (folder / "solution.txt").write_text("my own work")
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt", "--force")[0] == 0
    assert (folder / "solution.txt").read_text().startswith("nov2025-sample")


def test_a_rebuild_replaces_foldkits_own_files_and_refuses_one_the_user_edited(capsys, tmp_path):
    folder = tmp_path / "a" / "b" / "docs"  # nested, made by the build
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt,solution.json")[0] == 0
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt,solution.json")[0] == 0
    with open(folder / "solution.json", "a") as edited:
        edited.write(" ")
    before = listing(folder)
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt,solution.json")
    assert code == 2
    refused(err, folder / "solution.json")
    assert listing(folder) == before


def test_a_read_only_file_counts_as_the_users(capsys, tmp_path):
    folder = tmp_path / "docs"
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")[0] == 0
    (folder / "solution.txt").chmod(0o444)
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")
    assert code == 2
    refused(err, folder / "solution.txt")


def test_a_link_pointing_out_of_the_folder_is_neither_replaced_nor_written_through(capsys, tmp_path):
    folder, outside = tmp_path / "docs", tmp_path / "thesis.txt"
    folder.mkdir()
    outside.write_text("the thesis")
    (folder / "solution.txt").symlink_to(outside)
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")
    assert code == 2
    refused(err, folder / "solution.txt")
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt", "--force")[0] == 0
    assert outside.read_text() == "the thesis"  # --force replaces the link itself, never what it points to
    assert not (folder / "solution.txt").is_symlink()


def test_a_folder_in_the_way_is_kept_even_with_force(capsys, tmp_path):
    folder = tmp_path / "docs"
    (folder / "solution.txt" / "inside").mkdir(parents=True)
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt", "--force")
    assert code == 2 and "solution.txt: cannot write the file (it is a folder)" in one_error_line(err)
    assert (folder / "solution.txt" / "inside").is_dir()


@pytest.mark.parametrize("output", ["afile", "afile/sub"])
def test_a_file_where_the_folder_goes_is_refused_before_any_work(capsys, tmp_path, monkeypatch, output):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    monkeypatch.setattr("foldkit.build.made", None)  # nothing may be made: the refusal comes first
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", output, "--only", "solution.txt")
    assert code == 2
    assert one_error_line(err) == f"{output}/solution.txt: cannot write the file (afile is a file, not a folder)"
    assert listing(tmp_path) == {"afile": b"mine"}


def test_nets_pick_never_replaces_a_users_net_txt(capsys, tmp_path):
    folder = tmp_path / "net"
    folder.mkdir()
    (folder / "net.txt").write_text("my net")
    code, _, err = run_foldkit(capsys, "nets", "1x1x1", "--pick", "1", "--only", "net.txt", "-o", folder)
    assert code == 2
    refused(err, folder / "net.txt")
    assert listing(folder) == {"net.txt": b"my net"}


def test_nets_pdf_never_replaces_a_users_file(capsys, tmp_path):
    sheet = tmp_path / "nets.pdf"
    sheet.write_text("my pdf")
    code, _, err = run_foldkit(capsys, "nets", "1x1x1", "--pdf", sheet)
    assert code == 2
    refused(err, sheet)
    assert sheet.read_text() == "my pdf"


def test_generate_packing_never_replaces_a_users_challenge(capsys, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "challenge-1.txt").write_text("my challenge")
    code, _, err = run_foldkit(capsys, "generate", "packing", "--from", PACKING, "--seed", "1", "-o", folder)
    assert code == 2
    refused(err, folder / "challenge-1.txt")
    assert listing(folder) == {"challenge-1.txt": b"my challenge"}


@pytest.mark.parametrize("argv, mine", [
    (["generate", "block-party", "--size", "6x7", "--seed", "9", "-o", "p.txt"], "p.solution.txt"),
    (["generate", "number-cross", "--seed", "1", "-o", "p.txt"], "p.pdf"),
    (["generate", "--size", "9x11", "--seed", "17", "-o", "p.txt"], "p.solution.txt"),
    (["template", SAMPLE, "-o", "t.pdf"], "t.pdf"),
    (["sheet", SAMPLE, "-o", "s.svg"], "s.svg"),
    (["animate", "--net", NET, "-o", "f.gif"], "f.gif"),
    (["animate", PACKING, "-o", "a.gif"], "a.gif"),
])
def test_every_command_that_writes_refuses_a_users_file(capsys, tmp_path, monkeypatch, argv, mine):
    monkeypatch.chdir(tmp_path)
    (tmp_path / mine).write_text("mine")
    code, _, err = run_foldkit(capsys, *argv)
    assert code == 2
    refused(err, mine)
    assert listing(tmp_path) == {mine: b"mine"}


def test_generating_again_over_its_own_files_replaces_them(capsys, tmp_path):
    path = tmp_path / "p.txt"
    for seed in ("9", "10"):
        assert run_foldkit(capsys, "generate", "block-party", "--size", "6x7", "--seed", seed, "-o", path)[0] == 0
    assert "seed: 10" in path.read_text()


# ---------------------------------------------------------------------------------------------
# 2. A file saved into the folder while a build writes there is kept


def test_a_file_saved_as_the_build_writes_is_kept(capsys, tmp_path, monkeypatch):
    """Each time the build holds the signals (it does so to write), the user saves a file: the
    folder swap of old lost every file saved after it had linked the old folder's files."""
    folder = tmp_path / "docs"
    folder.mkdir()
    saved = []
    hold = signal.pthread_sigmask

    def saving_then_holding(how, signals):
        if how == signal.SIG_BLOCK and folder.is_dir():
            saved.append(folder / f"saved-{len(saved)}.txt")
            saved[-1].write_text("saved meanwhile")
        return hold(how, signals)

    monkeypatch.setattr(signal, "pthread_sigmask", saving_then_holding)
    assert run_foldkit(capsys, "build", "--net", NET, "-o", folder, "--only", "solution.txt,box.stl")[0] == 0
    assert saved and all(path.read_text() == "saved meanwhile" for path in saved)


def test_files_saved_during_a_whole_build_are_all_kept(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    build = subprocess.Popen([sys.executable, "-m", "foldkit", "build", "--net", str(NET), "-o", str(folder),
                              "--only", "solution.txt,template.pdf,box.stl", "--quiet"], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    saved = []
    while build.poll() is None or len(saved) < 20:
        saved.append(folder / f"note-{len(saved)}.txt")
        saved[-1].write_text(str(len(saved)))
        time.sleep(0.002)
    assert build.wait() == 0, build.stderr.read() if build.stderr else ""
    assert [path for path in saved if not path.exists()] == []


# ---------------------------------------------------------------------------------------------
# 3. The record takes out only files that still hold what foldkit wrote


def test_a_record_naming_a_users_file_deletes_nothing(capsys, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "thesis.txt").write_text("my thesis")
    (folder / RECORD).write_text(json.dumps({"schema": "foldkit.build/1", "artifacts": {"thesis.txt": "0" * 16}}))
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")[0] == 0
    assert (folder / "thesis.txt").read_text() == "my thesis"


def test_a_stale_artifact_the_user_edited_is_kept(capsys, tmp_path):
    folder = tmp_path / "docs"
    assert run_foldkit(capsys, "build", "--net", NET, "-o", folder, "--only", "solution.txt,solution.json")[0] == 0
    with open(folder / "solution.txt", "a") as edited:
        edited.write("my notes\n")
    code, out, _ = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "box.stl")
    assert code == 0
    assert (folder / "solution.txt").read_text().endswith("my notes\n")  # edited: the user's now
    assert not (folder / "solution.json").exists()  # as foldkit wrote it, and from another puzzle
    assert f"took out {folder / 'solution.json'}" in out and "solution.txt" not in out


def _recorded(entries: dict) -> str:
    return json.dumps({"schema": "foldkit.files/2", "files": entries})


def _entry_of(data: bytes) -> dict:
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data), "puzzle": "f" * 16}


@pytest.mark.parametrize("forge", ["outside", "absolute", "link", "folder", "not json", "a list", "bad digest",
                                   "deep"])
def test_a_forged_or_malformed_record_deletes_nothing(capsys, tmp_path, forge):
    folder, outside = tmp_path / "docs", tmp_path / "thesis.txt"
    folder.mkdir()
    data = b"my thesis"
    outside.write_bytes(data)
    (folder / "inside.txt").write_bytes(data)
    records = {
        "outside": _recorded({"../thesis.txt": _entry_of(data)}),
        "absolute": _recorded({str(outside): _entry_of(data)}),
        "link": _recorded({"link.txt": _entry_of(data)}),
        "folder": _recorded({"sub": _entry_of(data)}),
        "not json": "{'files': ",
        "a list": json.dumps(["inside.txt"]),
        "bad digest": _recorded({"inside.txt": {**_entry_of(data), "sha256": "../" * 21 + "x"}}),
        "deep": "[" * 100_000 + "]" * 100_000,
    }
    (folder / "link.txt").symlink_to(outside)
    (folder / "sub").mkdir()
    (folder / RECORD).write_text(records[forge])
    before = listing(tmp_path)
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")[0] == 0
    after = listing(tmp_path)
    kept = [name for name in before if not name.endswith(RECORD)]
    assert {name: after.get(name) for name in kept} == {name: before[name] for name in kept}
    assert (folder / "sub").is_dir()


def test_a_record_that_is_a_link_is_not_read(capsys, tmp_path):
    """A record that points elsewhere (at a record of another folder) is trusted with nothing."""
    folder, other = tmp_path / "docs", tmp_path / "other"
    assert run_foldkit(capsys, "build", SAMPLE, "-o", other, "--only", "solution.txt")[0] == 0
    folder.mkdir()
    (folder / "solution.txt").write_bytes((other / "solution.txt").read_bytes())
    (folder / RECORD).symlink_to(other / RECORD)
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt")
    assert code == 2
    refused(err, folder / "solution.txt")


# ---------------------------------------------------------------------------------------------
# 4. A failed write (a full disk) leaves the old files as they were, with no temporary file


class FullDisk:
    """os.fdopen whose files take `room` writes, then fail with ENOSPC, as a disk that fills."""

    def __init__(self, room: int, failure: BaseException | None = None):
        self.room, self.failure = room, failure or OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.opened = os.fdopen

    def __call__(self, *arguments, **keywords):
        handle = self.opened(*arguments, **keywords)
        write, disk = handle.write, self

        def filling(data):
            if disk.room <= 0:
                raise disk.failure
            disk.room -= 1
            return write(data)

        handle.write = filling
        return handle


@pytest.mark.parametrize("kind", ["block-party", "number-cross"])
@pytest.mark.parametrize("room", [0, 1, 2])
def test_a_full_disk_keeps_the_old_pair(capsys, tmp_path, monkeypatch, kind, room):
    path = tmp_path / "p.txt"
    size = ["--size", "6x7"] if kind == "block-party" else []
    assert run_foldkit(capsys, "generate", kind, *size, "--seed", "9", "-o", path)[0] == 0
    before = listing(tmp_path)
    monkeypatch.setattr(foldkit.exchange.os, "fdopen", FullDisk(room))
    code, _, err = run_foldkit(capsys, "generate", kind, *size, "--seed", "10", "-o", path)
    assert code == 2 and "No space left on device" in one_error_line(err)
    assert listing(tmp_path) == before  # the old puzzle, solution, sheet and record; no temporary file


def test_ctrl_c_while_writing_leaves_the_old_files_and_no_temporary_file(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "docs"
    assert run_foldkit(capsys, "build", SAMPLE, "-o", folder, "--only", "solution.txt,solution.json")[0] == 0
    before = listing(folder)
    monkeypatch.setattr(foldkit.exchange.os, "fdopen", FullDisk(1, KeyboardInterrupt()))
    assert run_foldkit(capsys, "build", "--net", NET, "-o", folder, "--only", "solution.txt,solution.json")[0] == 130
    assert listing(folder) == before


def _file_size_limit(limit: int):
    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limited


def test_a_failing_write_in_a_whole_process_keeps_the_old_pair(tmp_path):
    """The sheet (a PDF) is past the file size limit, the text files are not: every write of
    the text files succeeds, and still none of them may replace the old ones."""
    path = tmp_path / "p.txt"
    assert run_process("generate", "block-party", "--size", "6x7", "--seed", "9", "-o", path).returncode == 0
    before = listing(tmp_path)
    done = subprocess.run([sys.executable, "-m", "foldkit", "generate", "block-party", "--size", "6x7", "--seed",
                           "10", "-o", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1"),
                          preexec_fn=_file_size_limit(1000))
    assert done.returncode == 2 and "File too large" in one_error_line(done.stderr)
    assert listing(tmp_path) == before


# ---------------------------------------------------------------------------------------------
# 12. An empty file name, and a build left with nothing to write


@pytest.mark.parametrize("argv", [["solve", ""], ["build", "--net", ""], ["build", "-o", ""],
                                  ["template", "-o", ""], ["generate", "block-party", "-o", ""]])
def test_an_empty_file_name_is_one_line(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_foldkit(capsys, *argv)
    assert code == 2 and "the file name is empty" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("puzzle", [SAMPLE, PACKING])
def test_skipping_every_file_is_one_line_and_writes_nothing(capsys, tmp_path, puzzle):
    code, out, _ = run_foldkit(capsys, "build", puzzle, "--list")
    assert code == 0
    code, _, err = run_foldkit(capsys, "build", puzzle, "-o", tmp_path / "out", "--skip", ",".join(out.split()))
    assert code == 2 and "leave nothing to build" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []


def test_threads_writing_into_one_folder_each_see_the_others_record(tmp_path):
    """Two writers at once: the second finds the first's files recorded, and replaces them."""
    from foldkit.exchange import write_files

    errors: list[BaseException] = []

    def writer(text: str) -> None:
        try:
            for _ in range(20):
                write_files(tmp_path, {"a.txt": text.encode(), "b.txt": text.encode()})
        except BaseException as error:  # noqa: BLE001 - handed to the test
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(text,)) for text in "xy"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [RECORD, "a.txt", "b.txt"]


KILLED_MID_RENAME = """
import os, sys
from foldkit.exchange import write_files
folder = sys.argv[1]
write_files(folder, {"a.txt": b"old a", "b.txt": b"old b"})
renames = []
real = os.replace
def replace(src, dst):
    renames.append(dst)
    real(src, dst)
    if len(renames) == int(sys.argv[2]):
        os._exit(9)  # as a SIGKILL would: no clean-up, no signal held
os.replace = replace
write_files(folder, {"a.txt": b"new a", "b.txt": b"new b"})
"""


@pytest.mark.parametrize("renames", [1, 2, 3])
def test_a_build_killed_between_its_renames_leaves_no_file_that_looks_like_the_users(tmp_path, renames):
    """SIGKILL cannot be held: killed after the interim record, or after one file of two is in place,
    the next write still knows every file as foldkit's (old or new content) and replaces it."""
    from foldkit.exchange import write_files

    folder = tmp_path / "out"
    child = subprocess.run([sys.executable, "-c", KILLED_MID_RENAME, str(folder), str(renames)], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert child.returncode == 9, child.stderr
    write_files(folder, {"a.txt": b"third a", "b.txt": b"third b"})  # no refusal: both are foldkit's
    assert (folder / "a.txt").read_bytes() == b"third a" and (folder / "b.txt").read_bytes() == b"third b"
