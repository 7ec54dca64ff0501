"""`foldkit build`: every artifact written, each whole or not at all."""

from __future__ import annotations

import json

import pytest

from foldkit import build as build_module
from foldkit.build import ARTIFACTS, BuildOptions, build
from foldkit.cli import main
from foldkit.fold.subject import subject_from_net, subject_from_puzzle

EXPECTED = {"solution.txt", "solution.json", "box.stl", "net.stl", "fold.glb", "fold.gif",
            "template.pdf", "template.svg"}


def test_build_writes_every_artifact_for_the_sample(tmp_path, examples, capsys):
    folder = tmp_path / "sample"
    code = main(["build", str(examples / "nov2025-sample.txt"), "-o", str(folder), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert set(ARTIFACTS) == EXPECTED
    assert {p.name for p in folder.iterdir()} == EXPECTED
    assert all((folder / name).stat().st_size > 0 for name in EXPECTED)
    assert out.count("wrote ") == len(EXPECTED)
    assert json.loads((folder / "solution.json").read_text())["answer"] == 118800
    assert (folder / "fold.gif").read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    assert (folder / "template.pdf").read_bytes()[:5] == b"%PDF-"
    assert (folder / "fold.glb").read_bytes()[:4] == b"glTF"


def test_build_of_a_net(tmp_path):
    net = tmp_path / "cross.txt"
    net.write_text(".#..\n####\n.#..\n")
    subject = subject_from_net(net)
    written = build(subject, tmp_path / "out", BuildOptions(), only=["solution.json", "box.stl"])
    assert [w.path.name for w in written] == ["solution.json", "box.stl"]
    assert json.loads(written[0].path.read_text())["box"] == [1, 1, 1]


def test_a_failing_artifact_leaves_no_partial_file(tmp_path, examples, monkeypatch):
    def broken(subject, options):
        raise RuntimeError("boom")

    monkeypatch.setitem(build_module.ARTIFACTS, "box.stl", broken)
    subject = subject_from_puzzle(examples / "nov2025-sample.txt")
    with pytest.raises(RuntimeError):
        build(subject, tmp_path, BuildOptions(), only=["solution.txt", "box.stl"])
    assert list(tmp_path.iterdir()) == []


def test_a_wall_too_thick_is_refused_before_anything_is_written(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    code = main(["build", str(examples / "nov2025-sample.txt"), "-o", str(folder), "--wall-mm", "6", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "--wall-mm 6" in err and err.count("\n") == 1
    assert not folder.exists()


def test_a_nets_solution_text_shows_where_each_cell_lands(examples):
    from foldkit.build import _solution_text

    subject = subject_from_net(examples / "two-boxes.txt", 2)
    text = _solution_text(subject, BuildOptions()).decode()
    assert "Box 1 x 2 x 3 (22 cells)" in text
    letters = "".join(line for line in text.splitlines()[4:]).replace(" ", "").replace(".", "")
    assert sorted(letters.count(f) for f in "ABCDEF") == [2, 2, 3, 3, 6, 6]


def test_an_unwritable_output_is_one_line_with_exit_code_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code = main(["template", "-o", str(blocker / "t.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"foldkit: error: {blocker / 't.pdf'}: cannot write the file")
    assert err.count("\n") == 1
