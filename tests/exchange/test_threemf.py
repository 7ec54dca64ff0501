"""box.3mf and pieces.3mf read back by trimesh and by PrusaSlicer: the same meshes as the STL
files, one object per piece, each piece in its assembly colour."""

from __future__ import annotations

import io
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile

import numpy as np
import pytest
import trimesh

from foldkit.assembly.colours import piece_colour
from foldkit.cli import main
from foldkit.exchange import exporter
from foldkit.exchange.threemf import CORE, Body, hex_colour
from foldkit.kinds import load
from tests.conftest import require_program

NS = {"m": CORE}


def read_scene(data: bytes) -> trimesh.Scene:
    return trimesh.load(io.BytesIO(data), file_type="3mf")


def read_stl(data: bytes) -> trimesh.Trimesh:
    return trimesh.load(io.BytesIO(data), file_type="stl")


def model(data: bytes) -> ET.Element:
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        assert {"[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model"} <= set(package.namelist())
        return ET.fromstring(package.read("3D/3dmodel.model"))


def object_colours(root: ET.Element) -> dict[str, str]:
    """Each object's name and the display colour of its base material."""
    bases = root.findall("m:resources/m:basematerials/m:base", NS)
    return {obj.get("name"): bases[int(obj.get("pindex"))].get("displaycolor")
            for obj in root.findall("m:resources/m:object", NS)}


@pytest.fixture(scope="module")
def box_build(tmp_path_factory, examples):
    folder = tmp_path_factory.mktemp("box")
    assert main(["build", str(examples / "nov2025-sample.txt"), "--only", "box.stl,box.3mf", "--quiet",
                 "-o", str(folder)]) == 0
    return folder


@pytest.fixture(scope="module")
def packing_build(tmp_path_factory, examples):
    folder = tmp_path_factory.mktemp("pieces")
    assert main(["build", str(examples / "mixed-2x3x4.txt"), "--only", "pieces.stl,pieces.3mf", "--quiet",
                 "-o", str(folder)]) == 0
    return folder


def test_box_3mf_is_box_stl_as_one_object_in_one_colour(box_build):
    data = (box_build / "box.3mf").read_bytes()
    scene, stl = read_scene(data), read_stl((box_build / "box.stl").read_bytes())
    assert len(scene.geometry) == 1
    (mesh,) = scene.geometry.values()
    assert np.allclose(scene.bounds, stl.bounds, atol=1e-3)
    assert len(mesh.faces) == len(stl.faces) and mesh.is_watertight
    assert mesh.volume == pytest.approx(stl.volume, rel=1e-6)
    root = model(data)
    assert root.get("unit") == "millimeter"
    assert len(set(object_colours(root).values())) == 1


def test_pieces_3mf_has_an_object_per_piece_in_its_assembly_colour(packing_build, examples):
    data = (packing_build / "pieces.3mf").read_bytes()
    scene, stl = read_scene(data), read_stl((packing_build / "pieces.stl").read_bytes())
    loaded = load(examples / "mixed-2x3x4.txt")
    report = loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options())
    packed = loaded.kind.subject(report, None)
    assert len(scene.geometry) == len(report.packing) == 7
    assert np.allclose(scene.bounds, stl.bounds, atol=1e-3)
    assert sum(m.volume for m in scene.geometry.values()) == pytest.approx(stl.volume, rel=1e-6)
    colours = object_colours(model(data))
    wanted = {f"piece {i + 1} ({p.piece})": hex_colour(piece_colour(packed.plan.colours[i]))
              for i, p in enumerate(report.packing)}
    assert colours == wanted
    assert len(set(colours.values())) > 1


def test_prusa_slicer_reads_every_piece_as_a_manifold_object(packing_build):
    slicer = require_program("prusa-slicer")
    done = subprocess.run([slicer, "--info", str(packing_build / "pieces.3mf")], capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("[pieces.3mf]") == 7
    assert re.findall(r"manifold = (\w+)", done.stdout) == ["yes"] * 7


def test_bodies_keep_their_order_names_and_same_bytes():
    cube = trimesh.creation.box((10, 10, 10))
    bodies = [Body("a", cube, (1.0, 0.0, 0.0)), Body("b", cube.copy().apply_translation((20, 0, 0)), (0, 0, 1.0)),
              Body("c", cube.copy().apply_translation((40, 0, 0)), (1.0, 0.0, 0.0))]
    data = exporter(".3mf")(bodies)
    assert data == exporter(".3mf")(bodies)
    root = model(data)
    assert object_colours(root) == {"a": "#FF0000", "b": "#0000FF", "c": "#FF0000"}
    assert len(root.findall("m:resources/m:basematerials/m:base", NS)) == 2
    assert len(root.findall("m:build/m:item", NS)) == 3
    assert np.allclose(read_scene(data).bounds, [[-5, -5, -5], [45, 5, 5]])
