"""The command line as a user runs it: output, JSON schema, exit codes, help and README."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from foldkit.arguments import command_names
from foldkit.cli import main
from foldkit.kinds import all_kinds
from tests.conftest import ROOT, run_foldkit

DATA = Path(__file__).parent / "data"
COMMANDS = ["solve", "boxes", "show", "animate", "build", "template", "generate", "sheet", "kinds", "nets", "merge",
            "check", "hint",
            "check-certificate"]


def test_solve_default_puzzle(capsys):
    code, out, _ = run_foldkit(capsys, "solve")
    assert code == 0
    assert "Layouts keeping the grid rules: 72" in out and "unique" in out
    assert "Box 2 × 6 × 7 (136 cells)" in out
    assert "= 16414860" in out


def test_solve_json_schema(capsys, examples):
    code, out, _ = run_foldkit(capsys, "solve", str(examples / "nov2025-sample.txt"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["answer"] == 118800 and data["box"] == [1, 2, 4]
    assert data["layouts"] == 2 and data["solutions"] == 1
    assert len(data["cells"]) == 28 and all(len(c) == 2 for c in data["cells"])
    assert [f["face"] for f in data["faces"]] == list("ABCDEF")
    assert sorted(f["sum"] for f in data["faces"]) == sorted([5, 6, 5, 11, 6, 12])
    assert sum(len(f["cells"]) for f in data["faces"]) == 28
    first = data["faces"][0]["cells"][0]
    assert set(first) == {"cell", "u", "v", "number"}
    assert {c["angle"] for c in data["creases"]} == {0, 90}


@pytest.mark.parametrize(
    "name, code, words",
    [("ambiguous", 3, "ambiguous: 2 solutions"), ("no-layout", 1, "No solution: no layout"),
     ("no-folding", 1, "no layout folds"), ("circles-fail", 1, "circle and square")],
)
def test_solve_exit_codes(capsys, name, code, words):
    got, out, _ = run_foldkit(capsys, "solve", str(DATA / f"{name}.txt"))
    assert got == code and words in out


def test_boxes(capsys, tmp_path):
    net = tmp_path / "cross.txt"
    net.write_text(".#..\n####\n.#..\n")
    code, out, _ = run_foldkit(capsys, "boxes", str(net))
    assert code == 0 and "1 × 1 × 1: 1 folding" in out
    code, out, _ = run_foldkit(capsys, "boxes", str(net), "--json")
    assert json.loads(out)["boxes"] == [{"box": [1, 1, 1], "foldings": 1}]
    net.write_text("######\n")
    code, out, _ = run_foldkit(capsys, "boxes", str(net))
    assert code == 1 and "folds into no box" in out


def test_bad_input_is_one_line_with_exit_code_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2 2\n. .\n. Z\n")
    result = subprocess.run([sys.executable, "-m", "foldkit", "solve", str(bad)], capture_output=True, text=True)
    assert result.returncode == 2
    expected = "unknown token 'Z' (expected '.', 1-9 with optional o/s, or arrows from URDL)"
    assert result.stderr.strip() == f"foldkit: error: {bad}:3:3: {expected}"
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_missing_file_and_disconnected_net(capsys, tmp_path):
    code, _, err = run_foldkit(capsys, "solve", str(tmp_path / "nope.txt"))
    assert code == 2 and "cannot read the file" in err and err.count("\n") == 1
    net = tmp_path / "two.txt"
    net.write_text("#.#\n")
    code, _, err = run_foldkit(capsys, "boxes", str(net))
    assert code == 2 and f"{net}:1:3: the net is not 4-connected" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_and_is_in_the_readme(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    assert "usage: foldkit " + command in capsys.readouterr().out
    assert f"foldkit {command}" in (ROOT / "README.md").read_text()


def test_parser_knows_exactly_the_documented_commands():
    assert sorted(command_names(all_kinds())) == sorted(COMMANDS)


HEAVY = ("pyvista", "vtk", "trimesh", "reportlab", "shapely", "matplotlib", "PIL", "pygltflib", "imageio",
         "manifold3d", "dask", "distributed")


def test_reading_a_command_line_loads_no_drawing_meshing_or_rendering_library():
    """Every kind is loaded to read the arguments; what draws, meshes or renders waits for its maker."""
    code = ("import sys; from foldkit.arguments import call_for; call_for(['solve']); "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
