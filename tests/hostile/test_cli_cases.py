"""The command-line cases of issue 8: option values out of range or not finite, suffixes and
options that mean nothing together, special files, and outputs that stay inside outputs/."""

from __future__ import annotations

import os

import pytest

from tests.conftest import cpu_used, run_foldkit
from tests.hostile.running import SAMPLE, one_error_line, run_process


@pytest.mark.parametrize(
    "argv, words",
    [
        (["animate", SAMPLE, "--seconds", "nan"], "--seconds: must be between"),
        (["animate", SAMPLE, "--seconds", "inf"], "--seconds: must be between"),
        (["animate", SAMPLE, "--seconds", "1e12"], "--seconds: must be between"),
        (["animate", SAMPLE, "--fps", "1000000000"], "--fps: must be between"),
        (["animate", SAMPLE, "--fps", "100000", "--size", "16x16"], "--fps: must be between"),
        (["animate", SAMPLE, "--size", "4096x4096"], "--size: width and height must be between"),
        (["animate", SAMPLE, "--fps", "60", "--seconds", "120"], "frames"),
        (["template", SAMPLE, "--cell-mm", "nan"], "--cell-mm"),
        (["template", SAMPLE, "--cell-mm", "inf"], "--cell-mm"),
        (["template", SAMPLE, "--cell-mm", "1000"], "--cell-mm"),
        (["build", SAMPLE, "--wall-mm", "nan"], "--wall-mm: must be between"),
        (["solve", SAMPLE, "--limit", "-1"], "--limit: must be between"),
        (["solve", SAMPLE, "--limit", "99999999999999999999"], "--limit: must be between"),
        (["solve", SAMPLE, "--limit", "1.5"], "--limit: expected a whole number"),
        (["template", SAMPLE, "-o", "t.docx"], "cannot write a .docx file"),
        (["template", "--folding", "2"], "--folding is an option of Net, not of Shut the Box"),
        (["build", "--folding", "2"], "--folding is an option of Net, not of Shut the Box"),
        (["template", SAMPLE, "--net", SAMPLE], "not both"),
        (["animate", SAMPLE, "--net", SAMPLE], "not both"),
    ],
)
def test_bad_options_are_one_line_exit_2(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_foldkit(capsys, *argv)
    assert code == 2 and out == ""
    assert words in one_error_line(err)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_bad_options_in_a_whole_process(tmp_path):
    done = run_process("animate", SAMPLE, "--seconds", "nan", cwd=tmp_path)
    assert done.returncode == 2 and "--seconds" in one_error_line(done.stderr)


def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    start = cpu_used()
    done = run_process("solve", fifo, timeout=20)
    assert cpu_used() - start < 15
    assert done.returncode == 2 and "not a regular file" in one_error_line(done.stderr, fifo, "")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_at_once(device):
    if not os.path.exists(device):
        pytest.fail(f"{device} is missing")
    start = cpu_used()
    done = run_process("solve", device, timeout=20)
    assert cpu_used() - start < 15
    assert done.returncode == 2 and "not a regular file" in one_error_line(done.stderr, device, "")


def test_a_name_of_dots_stays_inside_outputs(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("...txt", "..txt", ".txt"):
        (tmp_path / name).write_text(SAMPLE.read_text())
        code, out, err = run_foldkit(capsys, "build", name, "--only", "solution.txt")
        assert code == 0 and err == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["...txt", "..txt", ".txt", "outputs"])
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["...txt", "..txt", ".txt", "outputs/puzzle/.foldkit-build.json", "outputs/puzzle/solution.txt"]


def test_a_symlinked_output_folder_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "outputs").mkdir()
    (tmp_path / "outputs" / "nov2025-sample").symlink_to(tmp_path / "elsewhere")
    code, _, err = run_foldkit(capsys, "build", SAMPLE, "--only", "solution.txt")
    assert code == 2 and "symbolic link" in one_error_line(err)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_directory_where_solution_json_goes_is_kept_and_named(capsys, tmp_path, monkeypatch):
    """A folder of the user's in the way of an artifact is never deleted: the build says so."""
    monkeypatch.chdir(tmp_path)
    blocker = tmp_path / "outputs" / "nov2025-sample" / "solution.json"
    (blocker / "inside").mkdir(parents=True)
    code, out, err = run_foldkit(capsys, "build", SAMPLE, "--only", "solution.json")
    assert code == 2 and "solution.json: cannot write the file (it is a folder)" in one_error_line(err)
    assert (blocker / "inside").is_dir()
