"""The two-way artifacts of a net common to 1x1x5 and 1x2x3: the template with both crease sets
and its legend, the GLB (Khronos validator; its one animation closes both boxes, read back from
the file), the GIF's frames, and `foldkit nets ... --pick N` writing them beside the net's build."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pygltflib as gl
import pytest
from PIL import Image, ImageSequence

from foldkit.cli import main
from foldkit.drawing import Line, label_texts
from foldkit.fold.gltf import METRES_PER_CELL
from foldkit.fold.subject import Subject
from foldkit.fold.two_way import TwoWay, film_fractions
from foldkit.fold.two_way_film import two_way_bytes
from foldkit.fold.two_way_gltf import animation_name, keyframes, node_motions, two_way_glb
from foldkit.paper.two_way_sheet import two_way_template
from solver.folding import foldings
from solver.nets import find_nets
from solver.polyomino import parse_net
from tests.conftest import EXAMPLES, validate_gltf

LONG, FLAT = (1, 1, 5), (1, 2, 3)


@pytest.fixture(scope="module")
def two_way() -> TwoWay:
    net = find_nets([LONG, FLAT], limit=1).nets[0]
    return TwoWay("net", Subject("net", foldings(net, LONG)[0], {}), Subject("net", foldings(net, FLAT)[0], {}))


def test_the_template_draws_each_crease_in_the_colour_of_the_boxes_it_folds_for(two_way):
    page = two_way_template(two_way)
    lines = [s for s in page.shapes if isinstance(s, Line)]
    folds_first = {e for e in two_way.creases if two_way.first.folding.crease_angle(e)}
    folds_second = {e for e in two_way.creases if two_way.second.folding.crease_angle(e)}
    counts = {role: sum(line.role == role for line in lines) for role in ("fold-first", "fold-second", "fold-both")}
    assert counts == {"fold-first": len(folds_first - folds_second), "fold-second": len(folds_second - folds_first),
                      "fold-both": len(folds_first & folds_second)}
    assert all(counts.values()), "this net has creases of all three kinds"
    colours = {line.role: line.colour for line in lines}
    assert len({colours["fold-first"], colours["fold-second"], colours["fold-both"]}) == 3
    texts = label_texts(page)[0]
    assert {"Legend", "fold for the 1 × 1 × 5 box only", "fold for the 1 × 2 × 3 box only",
            "fold for both boxes"} <= set(texts)
    legend = {line.role: line.colour for line in lines if line.role.startswith("legend ")}
    assert all(legend[f"legend {role}"] == colours[role] for role in ("fold-first", "fold-second", "fold-both"))


def read_motions(data: bytes):
    """(key times (k,), per node of a cell its motion under the top node at each key, in cells (k, n, 4, 4))."""
    from trimesh.transformations import quaternion_matrix

    model = gl.GLTF2.load_from_bytes(data)
    blob = model.binary_blob()

    def array(index: int) -> np.ndarray:
        accessor = model.accessors[index]
        view = model.bufferViews[accessor.bufferView]
        width = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[accessor.type]
        raw = np.frombuffer(blob, np.float32, accessor.count * width, view.byteOffset + (accessor.byteOffset or 0))
        return raw.reshape(accessor.count, width).astype(np.float64)

    (animation,) = model.animations
    times = array(animation.samplers[0].input)[:, 0]
    cells = len(model.nodes) - 1
    motions = np.tile(np.eye(4), (len(times), cells, 1, 1))
    for i in range(cells):
        node = model.nodes[1 + i]
        rotation = np.tile(node.rotation, (len(times), 1))
        translation = np.tile(node.translation, (len(times), 1))
        for channel in animation.channels:
            if channel.target.node == 1 + i:
                values = array(animation.samplers[channel.sampler].output)
                if channel.target.path == "rotation":
                    rotation = values
                else:
                    translation = values
        for k in range(len(times)):
            x, y, z, w = rotation[k]
            motions[k, i] = quaternion_matrix([w, x, y, z])
            motions[k, i, :3, 3] = translation[k] / METRES_PER_CELL
    return model, times, motions


def closed_extent(motions: np.ndarray) -> tuple[int, ...]:
    """The sides of the box the cells' squares make under these node motions (n, 4, 4), sorted."""
    square = np.array([[0, 0, 0, 1], [1, 0, 0, 1], [1, 1, 0, 1], [0, 1, 0, 1]], dtype=np.float64)
    corners = np.einsum("nij,kj->nki", motions, square)[..., :3].reshape(-1, 3)
    return tuple(sorted(int(round(s)) for s in np.ptp(corners, axis=0)))


def test_the_glb_validates_and_its_animation_closes_one_box_then_the_other(two_way, tmp_path):
    data = two_way_glb(two_way)
    report = validate_gltf(data, tmp_path)
    assert report["issues"]["numErrors"] == 0, report["issues"]["messages"][:5]
    assert report["issues"]["numWarnings"] == 0, report["issues"]["messages"][:5]
    model, times, motions = read_motions(data)
    assert model.animations[0].name == animation_name(two_way) == "fold into 1x1x5, unfold, fold into 1x2x3"
    assert len(model.nodes) == 1 + len(two_way.cells)
    assert np.all(np.diff(times) > 0)
    extents = [closed_extent(m) for m in motions]
    assert extents[0][0] == 0, "it starts flat"
    first_closed = extents.index(LONG)
    assert FLAT not in extents[:first_closed] and extents[-1] == FLAT, "1x1x5 closes first, 1x2x3 last"
    middle = [e for e in extents[first_closed:] if e[0] == 0]
    assert middle, "between the two boxes the net lies flat again"
    fractions, key_times = keyframes(two_way, 1.0)
    assert np.allclose(times, key_times)
    closed = int(np.flatnonzero(fractions == 1.0)[0])
    assert extents[closed] == LONG
    for k, f in ((closed, 1.0), (len(times) - 1, 3.0)):  # the closed boxes are the poses of the two foldings
        assert np.allclose(motions[k], node_motions(two_way, np.array([f]))[0], atol=1e-5)


def test_the_gif_has_a_frame_for_each_moment_of_the_film(two_way):
    fps = 4
    data = two_way_bytes(two_way, ".gif", (160, 120), fps, fold_seconds=2.0)
    fractions = film_fractions(2.0, fps)
    gif = Image.open(io.BytesIO(data))
    frames = list(ImageSequence.Iterator(gif))
    runs = 1 + sum(a != b for a, b in zip(fractions, fractions[1:], strict=False))
    assert len(frames) == runs, "a frame per pose, each hold shown once for longer"
    durations = [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]
    assert sum(durations) == len(fractions) * 1000 // fps
    assert fractions[0] == 0.0 and 1.0 in fractions and fractions[-1] == 3.0


def test_pick_builds_a_common_net_with_its_two_way_artifacts(tmp_path, capsys):
    folder = tmp_path / "picked"
    only = "net.txt,solution.json,template.pdf,two-way.pdf,two-way.glb"
    assert main(["nets", "1x2x3", "1x1x5", "--limit", "4", "--pick", "2", "-o", str(folder), "--only", only]) == 4
    written = sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))
    assert written == sorted(only.split(","))
    net = parse_net((folder / "net.txt").read_text())
    assert net == find_nets([FLAT, LONG], limit=4).nets[1]
    solution = json.loads((folder / "solution.json").read_text())
    assert solution["box"] == list(FLAT), "the net's own build folds the first box named"
    assert (folder / "two-way.pdf").read_bytes().startswith(b"%PDF")
    assert "1x2x3-1x1x5-net-2: net 2 of the 4 listed" in capsys.readouterr().out


def test_pick_of_one_box_builds_the_net_without_two_way_artifacts(tmp_path):
    folder = tmp_path / "cube"
    assert main(["nets", "1x1x1", "--pick", "11", "-o", str(folder), "--skip", "fold.gif,box.3mf", "--quiet"]) == 0
    names = {p.name for p in folder.iterdir()}
    assert {"template.pdf", "fold.glb", "box.stl", "net.stl", "index.html", "net.txt"} <= names
    assert not {n for n in names if n.startswith("two-way")}
    assert parse_net((folder / "net.txt").read_text()) == find_nets([(1, 1, 1)]).nets[10]


def test_building_a_net_file_of_two_boxes_writes_the_two_way_artifacts_too(tmp_path, capsys):
    folder = tmp_path / "two"
    only = "solution.json,two-way.pdf,two-way.glb,index.html"
    assert main(["build", "--net", str(EXAMPLES / "two-boxes.txt"), "--folding", "2", "-o", str(folder),
                 "--only", only]) == 0
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == sorted(only.split(","))
    chosen = json.loads((folder / "solution.json").read_text())["box"]
    glb = gl.GLTF2.load_from_bytes((folder / "two-way.glb").read_bytes())
    assert glb.animations, "the two-way model folds into both boxes"
    assert chosen == list(FLAT), "--folding 2 of two-boxes folds the 1x2x3 box first"
    # The page links the files this build made, not those of a whole build (two-way.svg, .gif)
    assert sorted(re.findall(r'href="([^"]*)"', (folder / "index.html").read_text())) == \
        sorted(set(only.split(",")) - {"index.html"})
    capsys.readouterr()
    assert main(["build", "--net", str(EXAMPLES / "two-boxes.txt"), "--list"]) == 0
    assert "two-way.gif" in capsys.readouterr().out.split()
