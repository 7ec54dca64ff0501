"""`foldkit build` on a packing: the solution files, the assembly and the pieces to print."""

from __future__ import annotations

import json

import pytest
import trimesh

from foldkit.build import RECORD
from foldkit.cli import main
from foldkit.kinds import all_kinds, kind_of
from solver.packing import parse_solution
from tests.conftest import EXAMPLES


def test_a_packing_file_is_recognised_by_its_first_line():
    assert kind_of((EXAMPLES / "y-pentacube.txt").read_text(), "y.txt").name == "packing"
    assert "packing" in [k.name for k in all_kinds()]


def test_build_writes_the_assembly_and_the_pieces(tmp_path, capsys):
    folder = tmp_path / "l"
    code = main(["build", str(EXAMPLES / "l-tricubes.txt"), "-o", str(folder), "--quiet",
                 "--skip", "assembly.gif"])
    out = capsys.readouterr().out
    assert code == 0 and out.splitlines()[0].startswith("l-tricubes: packed")
    names = {p.name for p in folder.iterdir()} - {RECORD}
    assert {"solution.txt", "solution.json", "assembly.pdf", "assembly.glb", "box.stl"} <= names
    assert any(n.startswith("pieces") for n in names) and any(n.startswith("piece-") for n in names)
    data = json.loads((folder / "solution.json").read_text())
    assert data["schema"] == "foldkit.packing/1" and len(data["packing"]) == 4
    packing = parse_solution((folder / "solution.txt").read_text(), "solution.txt")
    assert len(packing) == 4
    for name in names:
        if name.endswith(".stl"):
            assert trimesh.load(folder / name).is_watertight


def test_cube_size_out_of_range_is_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        main(["build", str(EXAMPLES / "l-tricubes.txt"), "-o", str(tmp_path / "x"), "--cube-mm", "1"])
    code = done.value.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--cube-mm" in err and "between 3 and 100" in err


def test_a_packing_animates_to_gif_and_mp4(tmp_path, capsys):
    for name in ("a.gif", "a.mp4"):
        assert main(["animate", str(EXAMPLES / "soma.txt"), "-o", str(tmp_path / name), "--size", "64x64",
                     "--fps", "5"]) == 0
    assert (tmp_path / "a.gif").read_bytes()[:6] == b"GIF89a"
    assert (tmp_path / "a.mp4").read_bytes()[4:8] == b"ftyp"
    assert main(["animate", str(EXAMPLES / "soma.txt"), "--sequence", "together"]) == 2
    assert "--sequence is an option of Net and Shut the Box, not of Polycube packing" in capsys.readouterr().err


def test_every_plate_fits_the_default_bed_and_a_named_printer(tmp_path, capsys):
    """Plates fit the bed nearly every printer has (200 x 200 mm) unless told otherwise."""
    folder = tmp_path / "soma"
    assert main(["build", str(EXAMPLES / "soma.txt"), "--only", "pieces.stl", "--quiet", "-o", str(folder)]) == 0
    for path in folder.glob("*.stl"):
        low, high = trimesh.load(path).bounds
        assert (high - low)[:2].max() <= 200.0, path.name
    small = tmp_path / "mini"
    mini = [str(EXAMPLES / "soma.txt"), "--bed", "prusa-mini"]
    capsys.readouterr()
    assert main(["build", *mini, "--list"]) == 0
    plates = [name for name in capsys.readouterr().out.split() if name.startswith("pieces") and name.endswith(".stl")]
    assert main(["build", *mini, "--only", ",".join(plates), "--quiet", "-o", str(small)]) == 0
    assert sorted(p.name for p in small.iterdir() if p.name != RECORD) == sorted(plates)
    for path in small.glob("*.stl"):
        low, high = trimesh.load(path).bounds
        assert (high - low)[:2].max() <= 180.0, path.name


def listed(capsys, *arguments: str) -> list[str]:
    capsys.readouterr()
    assert main(["build", *arguments, "--list"]) == 0
    return capsys.readouterr().out.split()


@pytest.mark.slow  # about 8 CPU-s a puzzle: a whole build, then one per file
@pytest.mark.parametrize("puzzle, plates", [("soma.txt", ["pieces.stl"]), ("y-pentacube.txt",
                                                                            ["pieces-1.stl", "pieces-2.stl"])])
def test_every_file_a_build_writes_has_a_name_of_its_own(tmp_path, capsys, puzzle, plates):
    """--list names each file the build writes, once; --only one of them writes that file alone and
    keeps the others; --skip one leaves out that file alone."""
    names = listed(capsys, str(EXAMPLES / puzzle))
    assert len(names) == len(set(names))
    assert [n for n in names if n.startswith("pieces") and n.endswith(".stl")] == plates
    assert {"box.stl", "solution.txt", "assembly.gif"} <= set(names) and any(n.startswith("piece-") for n in names)
    folder = tmp_path / "out"
    assert main(["build", str(EXAMPLES / puzzle), "--skip", "assembly.gif", "--quiet", "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir() if p.name != RECORD) == sorted(set(names) - {"assembly.gif"})
    before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    piece = next(n for n in names if n.startswith("piece-"))
    (folder / plates[-1]).unlink()
    (folder / piece).unlink()
    capsys.readouterr()
    assert main(["build", str(EXAMPLES / puzzle), "--only", f"{plates[-1]},{piece}", "--quiet", "-o",
                 str(folder)]) == 0
    wrote = [line.rsplit("/", 1)[1] for line in capsys.readouterr().out.splitlines() if line.startswith("wrote ")]
    assert wrote == [plates[-1], piece]
    after = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    assert set(after) == set(before)  # the two made again, every other kept as it was
    assert {n for n in after if n != RECORD and after[n] != before[n]} == {plates[-1], piece}
