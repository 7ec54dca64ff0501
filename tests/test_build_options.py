"""Build and solve options from the hands-on review: --skip, the GIF's size and rate, the net
build's JSON, plurals, and a net file given to solve."""

from __future__ import annotations

import json

import imageio.v3 as iio

from foldkit.build import RECORD
from foldkit.cli import main


def test_skip_leaves_artifacts_out_and_only_and_skip_combine(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    assert main(["build", str(examples / "nov2025-sample.txt"), "--skip",
                 "fold.gif,template.svg,fold.glb,template.dxf,fold.fold,box.3mf", "--quiet", "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir() if p.name != RECORD) == [
        "box.stl", "fold-steps.pdf", "hints.pdf", "index.html", "net.stl", "puzzle.pdf", "puzzle.svg", "solution.json",
        "solution.txt", "template.pdf"]
    assert main(["build", str(examples / "nov2025-sample.txt"), "--only", "box.stl", "--skip", "box.stl",
                 "-o", str(tmp_path / "none")]) == 2
    assert "leave nothing" in capsys.readouterr().err
    assert main(["build", "--skip", "fold.mp4", "-o", str(tmp_path / "none")]) == 2
    assert "no artifact called 'fold.mp4'" in capsys.readouterr().err


def test_gif_size_and_rate_in_build(tmp_path, examples):
    folder = tmp_path / "gif"
    assert main(["build", str(examples / "nov2025-sample.txt"), "--only", "fold.gif", "--gif-size", "160x120",
                 "--gif-fps", "4", "--quiet", "-o", str(folder)]) == 0
    frames = iio.imread(folder / "fold.gif")
    assert frames.shape[1:3] == (120, 160)
    seconds = 1.0 + 6.0 + 2.0 + 0.5  # flat, fold, orbit, end
    assert 20 < len(frames) <= seconds * 4 + 2  # held frames merge; at the default 20 fps there are ~170


def test_a_too_long_gif_is_refused_before_the_build(tmp_path, capsys):
    assert main(["build", "--only", "fold.gif", "--gif-size", "2048x2048", "--gif-fps", "60",
                 "-o", str(tmp_path / "x")]) == 2
    assert "lower --gif-size or --gif-fps, or --skip fold.gif" in capsys.readouterr().err


def test_the_net_build_json_has_a_schema_and_a_null_answer(tmp_path, examples, capsys):
    folder = tmp_path / "net"
    assert main(["build", "--net", str(examples / "two-boxes.txt"), "--folding", "2", "--only", "solution.json",
                 "-o", str(folder)]) == 0
    data = json.loads((folder / "solution.json").read_text())
    assert data["schema"] == "foldkit.net-folding/1"
    assert data["answer"] is None and data["folding"] == 2 and data["foldings"] == 2
    assert data["box"] == [1, 2, 3] and len(data["cells"]) == 22
    assert "folding 2 of 2; 1 other folding: --folding 1..2" in capsys.readouterr().out


def test_a_puzzle_with_no_solution_has_null_fields(capsys, examples):
    from tests.conftest import ROOT

    main(["solve", str(ROOT / "tests" / "data" / "no-box.txt"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["solutions"] == 0
    for key in ("answer", "box", "cells", "faces", "creases", "face_sums"):
        assert key in data and data[key] is None


def test_one_folding_is_singular(tmp_path, capsys):
    net = tmp_path / "cross.txt"
    net.write_text(".#..\n####\n.#..\n")
    assert main(["build", "--net", str(net), "--folding", "3", "-o", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "the net has 1 folding" in err and "1 foldings" not in err


def test_solve_on_a_net_file_lists_its_boxes_as_boxes_does(examples, capsys):
    assert main(["solve", str(examples / "two-boxes.txt")]) == 0
    solved = capsys.readouterr().out
    assert main(["boxes", str(examples / "two-boxes.txt")]) == 0
    assert solved == capsys.readouterr().out and "1 × 1 × 5: 1 folding" in solved


def test_build_passes_on_the_templates_advice(tmp_path, capsys):
    assert main(["build", "--only", "template.pdf", "--quiet", "-o", str(tmp_path / "a4")]) == 0
    err = capsys.readouterr().err
    assert "foldkit: note:" in err and "--paper a3" in err and "foldkit template --paper-cell-mm" in err
    assert main(["build", "--only", "template.pdf", "--paper", "a3", "--quiet", "-o", str(tmp_path / "a3")]) == 0
    assert capsys.readouterr().err == ""
