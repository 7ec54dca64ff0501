"""`foldkit build`: every artifact made, then the folder written as a unit."""

from __future__ import annotations

import json

import pytest

from foldkit.build import RECORD, build
from foldkit.cli import main
from foldkit.errors import EXIT_PARTIAL
from foldkit.kinds.net import KIND as NET
from foldkit.kinds.net import TWO_WAY_ARTIFACTS
from foldkit.kinds.net.report import net_folding
from foldkit.kinds.shutbox import KIND as SHUTBOX

EXPECTED = {"solution.txt", "solution.json", "box.stl", "net.stl", "fold.glb", "fold.gif",
            "template.pdf", "template.svg", "template.dxf", "fold-steps.pdf", "fold.fold", "box.3mf", "index.html"}
SHEETS = {"puzzle.pdf", "puzzle.svg", "hints.pdf"}  # the sheet to solve by hand, the solving diary; not a net


def test_build_writes_every_artifact_for_the_sample(tmp_path, examples, capsys):
    folder = tmp_path / "sample"
    code = main(["build", str(examples / "nov2025-sample.txt"), "-o", str(folder), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert set(SHUTBOX.artifacts) == EXPECTED | SHEETS and set(NET.artifacts) == EXPECTED | set(TWO_WAY_ARTIFACTS)
    assert {p.name for p in folder.iterdir()} == EXPECTED | SHEETS | {RECORD}
    assert all((folder / name).stat().st_size > 0 for name in EXPECTED | SHEETS)
    assert out.count("wrote ") == len(EXPECTED | SHEETS)
    assert (folder / "puzzle.pdf").read_bytes().startswith(b"%PDF")
    assert out.splitlines()[0] == "nov2025-sample: answer 118800, box 1 × 2 × 4, unique"
    assert json.loads((folder / "solution.json").read_text())["answer"] == 118800
    assert (folder / "fold.gif").read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    assert (folder / "template.pdf").read_bytes()[:5] == b"%PDF-"
    assert (folder / "fold.glb").read_bytes()[:4] == b"glTF"


def test_build_of_a_net(tmp_path):
    net = tmp_path / "cross.txt"
    net.write_text(".#..\n####\n.#..\n")
    written = build(NET.artifacts, net_folding(net), tmp_path / "out", NET.build_options(),
                    only=["solution.json", "box.stl"]).written
    assert [w.path.name for w in written] == ["solution.json", "box.stl"]
    assert json.loads(written[0].path.read_text())["box"] == [1, 1, 1]


def test_a_failing_artifact_leaves_the_old_folder_as_it_was(tmp_path, examples):
    def broken(subject, options):
        raise RuntimeError("boom")

    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "old.txt").write_text("old")
    makers = {**NET.artifacts, "box.stl": broken}
    with pytest.raises(RuntimeError):
        build(makers, net_folding(examples / "two-boxes.txt"), folder, NET.build_options(),
              only=["solution.txt", "box.stl"])
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no temporary folder left beside it
    assert [p.name for p in folder.iterdir() if p.name != RECORD] == ["old.txt"]


def test_a_rebuild_keeps_what_it_did_not_make_and_takes_out_stale_artifacts(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "thesis.txt").write_text("the user's own file")
    assert main(["build", str(examples / "block-party-example.txt"), "-o", str(folder)]) == 0
    assert "solution.pdf" in [p.name for p in folder.iterdir()]
    capsys.readouterr()
    # Another puzzle, one artifact: the block party's artifacts are stale, the user's file is not.
    assert main(["build", "--net", str(examples / "two-boxes.txt"), "--only", "solution.txt", "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in folder.iterdir() if p.name != RECORD) == ["solution.txt", "thesis.txt"]
    assert (folder / "thesis.txt").read_text() == "the user's own file"
    assert f"took out {folder / 'solution.pdf'}: it was made from another puzzle" in out
    # The same puzzle, one artifact: the others stay.
    assert main(["build", "--net", str(examples / "two-boxes.txt"), "--only", "template.pdf", "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir() if p.name != RECORD) == ["solution.txt", "template.pdf",
                                                                           "thesis.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_folder_with_a_subfolder_is_written_in_place_and_keeps_it(tmp_path, examples):
    folder = tmp_path / "docs"
    (folder / "drafts").mkdir(parents=True)
    (folder / "drafts" / "a.txt").write_text("draft")
    assert main(["build", str(examples / "block-party-example.txt"), "--only", "solution.txt", "-o",
                 str(folder)]) == 0
    assert (folder / "drafts" / "a.txt").read_text() == "draft" and (folder / "solution.txt").is_file()


def test_an_artifact_that_cannot_be_made_is_named_and_the_others_are_made(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    code = main(["build", str(examples / "nov2025-sample.txt"), "-o", str(folder), "--wall-mm", "6", "--quiet",
                 "--skip", "fold.gif,box.3mf"])
    err = capsys.readouterr().err
    assert code == EXIT_PARTIAL and err.startswith("foldkit: error: box.stl not made: ") and "--wall-mm 6" in err
    assert err.count("\n") == 1
    names = sorted(p.name for p in folder.iterdir() if p.name != RECORD)
    assert "box.stl" not in names and "net.stl" in names and "template.pdf" in names


def test_when_no_artifact_can_be_made_nothing_is_written(tmp_path, examples, capsys):
    folder = tmp_path / "out"
    code = main(["build", str(examples / "nov2025-sample.txt"), "-o", str(folder), "--wall-mm", "6", "--only",
                 "box.stl"])
    err = capsys.readouterr().err
    assert code == 2 and "--wall-mm 6" in err and err.count("\n") == 1
    assert not folder.exists()


def test_a_nets_solution_text_shows_where_each_cell_lands(examples):
    text = NET.artifacts["solution.txt"](net_folding(examples / "two-boxes.txt", 2), NET.build_options()).decode()
    assert "Box 1 × 2 × 3 (22 cells)" in text
    letters = "".join(line for line in text.splitlines()[4:]).replace(" ", "").replace(".", "")
    assert sorted(letters.count(f) for f in "ABCDEF") == [2, 2, 3, 3, 6, 6]


def test_build_of_a_net_says_which_folding_it_made(tmp_path, examples, capsys):
    code = main(["build", "--net", str(examples / "two-boxes.txt"), "-o", str(tmp_path / "n"), "--only",
                 "solution.txt", "--quiet"])
    assert code == 0
    assert capsys.readouterr().out.splitlines()[0] == "two-boxes: folding 1 of 2; 1 other folding: --folding 1..2"


def test_an_unwritable_output_is_one_line_with_exit_code_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code = main(["template", "-o", str(blocker / "t.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"foldkit: error: {blocker / 't.pdf'}: cannot write the file")
    assert err.count("\n") == 1


def _build_process(folder, *extra):
    import subprocess
    import sys

    from tests.conftest import ROOT

    command = [sys.executable, "-m", "foldkit", "build", "--net", str(ROOT / "examples" / "two-boxes.txt"),
               "-o", str(folder), "--only", "solution.txt,template.pdf,box.stl", "--quiet", *extra]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_builds_at_once_end_with_one_whole_folder(tmp_path):
    folder = tmp_path / "out"
    first, second = _build_process(folder), _build_process(folder)
    assert first.wait(timeout=120) == 0 and second.wait(timeout=120) == 0
    assert sorted(p.name for p in folder.iterdir() if p.name != RECORD) == ["box.stl", "solution.txt", "template.pdf"]
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no temporary folder left beside it


# Three moments in the quick set, the rest in the slow one (about 2 CPU-s each: a build started).
@pytest.mark.parametrize("delay", [0.3, 1.1, 2.0] + [pytest.param(delay, marks=pytest.mark.slow)
                                                  for delay in (0.6, 0.9, 1.0, 1.2, 1.3, 1.5)])
def test_ctrl_c_at_any_moment_exits_130_and_leaves_a_whole_folder(tmp_path, delay):
    """Ctrl-C after `delay` CPU seconds of the build."""
    import signal

    from tests.conftest import wait_for_cpu

    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "old.txt").write_text("the folder before")
    process = _build_process(folder)
    wait_for_cpu(process, delay, may_end=True)  # the build's own moment, however loaded the machine is
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    if process.returncode == 0:  # it finished before the signal came
        assert "interrupted" not in err
    else:
        assert process.returncode == 130 and err.strip().endswith("foldkit: interrupted"), err
        assert "Traceback" not in err
    names = sorted(p.name for p in folder.iterdir() if p.name != RECORD)
    assert names in (["old.txt"], ["box.stl", "old.txt", "solution.txt", "template.pdf"])
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
