"""fold.glb: read the file back as a glTF viewer would (nodes, TRS, animation samplers) and check
that it holds the hinge tree and folds from the flat net to the closed box; then let the Khronos
validator judge it."""

from __future__ import annotations

import io
from functools import cache

import numpy as np
import pygltflib as gl
import pytest
from PIL import Image
from trimesh.transformations import quaternion_matrix

from foldkit.fold.gltf import METRES_PER_CELL, fold_glb
from foldkit.fold.pose import cell_corners, cell_outlines
from foldkit.fold.subject import Subject
from foldkit.look import face_colour
from tests.conftest import EXAMPLES, ROOT, net_fold, puzzle_fold, validate_gltf

DATA = ROOT / "tests" / "data" / "glb"
WIDTH = {gl.SCALAR: 1, gl.VEC2: 2, gl.VEC3: 3, gl.VEC4: 4}
DTYPE = {gl.FLOAT: np.float32, gl.UNSIGNED_INT: np.uint32, gl.UNSIGNED_SHORT: np.uint16}
SUBJECTS = ["sample", "net", "nov2025"]


@cache
def subject(name: str) -> Subject:
    if name == "net":
        return net_fold(DATA / "box-123-cross.txt", 1)
    return puzzle_fold(EXAMPLES / "nov2025-sample.txt" if name == "sample" else None)


@cache
def exported(name: str, sequence: str = "staged", stage_seconds: float = 1.0) -> bytes:
    return fold_glb(subject(name), sequence, stage_seconds)


def accessor(gltf: gl.GLTF2, index: int) -> np.ndarray:
    """An accessor's data as (count, width)."""
    a = gltf.accessors[index]
    view = gltf.bufferViews[a.bufferView]
    width = WIDTH[a.type]
    offset = (view.byteOffset or 0) + (a.byteOffset or 0)
    data = np.frombuffer(gltf.binary_blob(), DTYPE[a.componentType], a.count * width, offset)
    return data.reshape(a.count, width).astype(np.float64)


def trs(translation, rotation) -> np.ndarray:
    """The (4, 4) matrix of a glTF translation and (x, y, z, w) rotation."""
    m = quaternion_matrix(np.roll(rotation or [0, 0, 0, 1], 1))
    m[:3, 3] = translation or [0, 0, 0]
    return m


def poses(gltf: gl.GLTF2) -> np.ndarray:
    """Every node's world matrix at every keyframe, (keys, nodes, 4, 4), as a viewer plays it."""
    animation = gltf.animations[0]
    keys = len(accessor(gltf, animation.samplers[0].input))
    values = {(c.target.node, c.target.path): accessor(gltf, animation.samplers[c.sampler].output)
              for c in animation.channels}
    out = np.empty((keys, len(gltf.nodes), 4, 4))
    order = [(root, np.tile(np.eye(4), (keys, 1, 1))) for root in gltf.scenes[gltf.scene].nodes]
    for index, above in order:  # parents before children; `above` is the parent's (keys, 4, 4)
        node = gltf.nodes[index]
        for k in range(keys):
            moved = {path: list(v[k]) for (n, path), v in values.items() if n == index}
            local = trs(moved.get("translation", node.translation), moved.get("rotation", node.rotation))
            out[k, index] = above[k] @ local
        order += [(child, out[:, index]) for child in node.children]
    return out


def in_cells(wrapper: np.ndarray, matrix: np.ndarray, local: np.ndarray) -> np.ndarray:
    """Points (n, 3) of a node in the file, placed by its world matrix, in our z-up cell units."""
    placed = np.linalg.solve(wrapper, matrix @ np.c_[local, np.ones(len(local))].T).T
    return placed[:, :3] / METRES_PER_CELL


def world_cells(gltf: gl.GLTF2, key: int) -> dict[tuple[int, int], np.ndarray]:
    """The corners of every cell quad in the file at a keyframe, back in our z-up cell units,
    keyed by the cell the quad covers in the flat net (key 0): cell -> (4, 3)."""
    matrices = poses(gltf)
    wrapper = matrices[0, 0]  # the top node never moves
    out = {}
    for index, node in enumerate(gltf.nodes):
        if node.mesh is None:
            continue
        local = accessor(gltf, gltf.meshes[node.mesh].primitives[0].attributes.POSITION)
        flat = in_cells(wrapper, matrices[0, index], local).reshape(-1, 4, 3)
        now = in_cells(wrapper, matrices[key, index], local).reshape(-1, 4, 3)
        for quad_flat, quad_now in zip(flat, now, strict=True):
            col, row = np.floor(quad_flat[:, :2].mean(axis=0)).astype(int)
            out[row, col] = quad_now
    return out


def middle_of(points: np.ndarray) -> np.ndarray:
    """The middle of the bounds of points (n, d)."""
    return (points.min(axis=0) + points.max(axis=0)) / 2


def same_corners(a: np.ndarray, b: np.ndarray, tolerance: float) -> bool:
    """Two quads (4, 3) with the same corners, in any order."""
    return np.abs(np.sort(a, axis=0) - np.sort(b, axis=0)).max() < tolerance and all(
        np.linalg.norm(b - p, axis=1).min() < tolerance for p in a)


# ---------------------------------------------------------------------------------------------
# Structure


@pytest.mark.parametrize("name", SUBJECTS)
def test_nodes_follow_the_hinge_tree(name):
    gltf = gl.GLTF2.load_from_bytes(exported(name))
    tree = subject(name).tree
    assert len(gltf.nodes) == len(tree.panels) + 1  # one per panel under one z-up to y-up node
    assert gltf.scenes[gltf.scene].nodes == [0]
    assert gltf.nodes[0].children == [1 + tree.root] and gltf.nodes[0].mesh is None
    parent = {child: index for index, node in enumerate(gltf.nodes) for child in node.children}
    assert {1 + h.child: 1 + h.parent for h in tree.hinges} == {k: v for k, v in parent.items() if v != 0}
    for panel in tree.panels:
        node = gltf.nodes[1 + panel.index]
        printed, inside = gltf.meshes[node.mesh].primitives  # the two sides of the paper
        assert printed.attributes.POSITION == inside.attributes.POSITION
        assert len(accessor(gltf, printed.attributes.POSITION)) == 4 * len(panel.cells)
        label, colour = "ABCDEF"[panel.face], face_colour(panel.face)
        assert [gltf.materials[printed.material].name, gltf.materials[inside.material].name] == [
            f"face {label}", f"face {label} (inside)"]
        for side in printed, inside:  # the face colour, in glTF's linear space, shows through
            factor = gltf.materials[side.material].pbrMetallicRoughness.baseColorFactor
            assert np.allclose(np.array(factor[:3]) ** (1 / 2.2), colour, atol=0.02)


@pytest.mark.parametrize("name", SUBJECTS)
def test_one_rotation_channel_per_hinge_over_the_staged_sequence(name):
    gltf = gl.GLTF2.load_from_bytes(exported(name))
    tree = subject(name).tree
    (animation,) = gltf.animations
    targets = sorted((c.target.node, c.target.path) for c in animation.channels)
    assert targets == sorted((1 + h.child, "rotation") for h in tree.hinges)
    for sampler in animation.samplers:
        times = accessor(gltf, sampler.input)[:, 0]
        assert sampler.interpolation == "LINEAR"
        assert times[0] == 0 and times[-1] == pytest.approx(tree.stage_count)  # 1 s per stage
        assert np.all(np.diff(times) > 0)


def test_stage_seconds_and_together_set_the_duration():
    slow = gl.GLTF2.load_from_bytes(exported("sample", "staged", 2.5))
    together = gl.GLTF2.load_from_bytes(exported("sample", "together", 2.5))
    stages = subject("sample").tree.stage_count
    assert accessor(slow, slow.animations[0].samplers[0].input)[-1, 0] == pytest.approx(2.5 * stages)
    assert accessor(together, together.animations[0].samplers[0].input)[-1, 0] == pytest.approx(2.5)
    with pytest.raises(ValueError, match="stage_seconds"):
        fold_glb(subject("sample"), stage_seconds=0)


@pytest.mark.parametrize("name", ["sample", "net"])
def test_each_node_sits_on_its_hinge_and_turns_about_its_axis(name):
    gltf = gl.GLTF2.load_from_bytes(exported(name))
    tree = subject(name).tree
    matrices = poses(gltf)
    wrapper = matrices[0, 0]
    animation = gltf.animations[0]
    for hinge in tree.hinges:
        node = 1 + hinge.child
        origin = in_cells(wrapper, matrices[0, node], np.zeros((1, 3)))[0]
        assert origin == pytest.approx([*hinge.start, 0.0], abs=1e-6)
        k = next(c.sampler for c in animation.channels if c.target.node == node)
        turns = accessor(gltf, animation.samplers[k].output)
        axis = np.subtract(hinge.end, hinge.start) / np.linalg.norm(np.subtract(hinge.end, hinge.start))
        # In the flat net every frame is the world's, so each key turns about the hinge's own axis.
        assert np.allclose(np.cross(turns[:, :3], [*axis, 0.0]), 0, atol=1e-6)
        angle = 2 * np.arctan2(turns[-1, :3] @ [*axis, 0.0], turns[-1, 3])
        assert np.degrees(angle) == pytest.approx(90, abs=1e-4)


# ---------------------------------------------------------------------------------------------
# Poses


@pytest.mark.parametrize("name", SUBJECTS)
def test_first_keyframe_is_the_net_and_last_is_the_closed_box(name):
    gltf = gl.GLTF2.load_from_bytes(exported(name))
    tree = subject(name).tree
    keys = len(accessor(gltf, gltf.animations[0].samplers[0].input))
    flat, closed = world_cells(gltf, 0), world_cells(gltf, keys - 1)
    assert sorted(flat) == tree.cells
    for cell, net, box in zip(tree.cells, cell_outlines(tree), cell_corners(tree, 1.0), strict=True):
        assert same_corners(flat[cell], net, 1e-5)
        assert same_corners(closed[cell], box, 1e-5)


def test_closed_box_stands_on_the_floor_centred_in_metres():
    gltf = gl.GLTF2.load_from_bytes(exported("nov2025"))
    matrices = poses(gltf)
    points = []
    for index, node in enumerate(gltf.nodes[1:], 1):
        local = accessor(gltf, gltf.meshes[node.mesh].primitives[0].attributes.POSITION)
        points.append((matrices[-1, index] @ np.c_[local, np.ones(len(local))].T).T[:, :3])
    low, high = np.min(np.concatenate(points), axis=0), np.max(np.concatenate(points), axis=0)
    assert low[1] == pytest.approx(0, abs=1e-6)  # y up: the box rests on y = 0
    assert np.allclose(low[[0, 2]], -high[[0, 2]], atol=1e-6)
    assert sorted(high - low) == pytest.approx([0.02, 0.06, 0.07], abs=1e-6)  # 2 x 6 x 7 cells of 10 mm


def sides(gltf: gl.GLTF2, index: int, wrapper: np.ndarray, matrix: np.ndarray):
    """Per side of a panel node (printed, inside), placed by the node's world matrix: its triangles'
    corners (m, 3, 3) and normals (m, 3, 3) in our z-up cell units, and texture coordinates (m, 3, 2)
    or None."""
    out = []
    for primitive in gltf.meshes[gltf.nodes[index].mesh].primitives:
        triangles = accessor(gltf, primitive.indices).astype(int).reshape(-1, 3)
        points = in_cells(wrapper, matrix, accessor(gltf, primitive.attributes.POSITION))
        turn = np.linalg.solve(wrapper, matrix)[:3, :3]
        normals = accessor(gltf, primitive.attributes.NORMAL) @ turn.T
        uv = primitive.attributes.TEXCOORD_0
        texcoords = None if uv is None else accessor(gltf, uv)[triangles]
        out.append((points[triangles], normals[triangles], texcoords))
    return out


@pytest.mark.parametrize("name", SUBJECTS)
def test_printed_side_ends_outside_reading_unmirrored(name):
    gltf = gl.GLTF2.load_from_bytes(exported(name))
    matrices = poses(gltf)
    centre = middle_of(np.concatenate(list(world_cells(gltf, len(matrices) - 1).values())))
    for index in range(1, len(gltf.nodes)):
        printed, inside = sides(gltf, index, matrices[0, 0], matrices[-1, index])
        (points, normals, uv), (inner, inner_normals, _) = printed, inside
        outward = points.mean(axis=1) - centre
        facing = normals[:, 0]
        assert np.all(np.einsum("ij,ij->i", facing, outward) > 0)  # printed side out
        assert np.allclose(inner_normals[:, 0], -facing)  # inside in
        # Seen from its normal's side each triangle turns counter-clockwise (what culling uses).
        for corners, normal in ((points, facing), (inner, -facing)):
            winding = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
            assert np.all(np.einsum("ij,ij->i", winding, normal) > 0)
        # The image's right and up (-v) make a right-handed pair with the outward normal: not mirrored.
        edges = np.stack([points[:, 1] - points[:, 0], points[:, 2] - points[:, 0]], axis=-1)  # (m, 3, 2)
        steps = np.stack([uv[:, 1] - uv[:, 0], uv[:, 2] - uv[:, 0]], axis=-1)  # (m, 2, 2)
        along = edges @ np.linalg.inv(steps)  # columns: d(point)/du, d(point)/dv
        handed = np.cross(along[:, :, 0], -along[:, :, 1])
        assert np.all(np.einsum("ij,ij->i", handed, facing) > 0)


def test_atlas_shows_each_number_on_its_cell():
    gltf = gl.GLTF2.load_from_bytes(exported("sample"))
    view = gltf.bufferViews[gltf.images[0].bufferView]
    png = gltf.binary_blob()[view.byteOffset:view.byteOffset + view.byteLength]
    image = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
    labelled = subject("sample").labels
    matrices = poses(gltf)
    for index in range(1, len(gltf.nodes)):
        (points, _, uv), _ = sides(gltf, index, matrices[0, 0], matrices[0, index])
        for corners, texcoords in zip(points, uv, strict=True):
            # Half a quad spans its cell's square and its tile: the middles of their bounds meet.
            col, row = np.floor(middle_of(corners)[:2]).astype(int)
            u, v = middle_of(texcoords)
            x, y = int(u * image.shape[1]), int(v * image.shape[0])
            middle = image[y - 12:y + 12, x - 12:x + 12]
            assert (middle.min() < 80) == ((row, col) in labelled), (row, col)


# ---------------------------------------------------------------------------------------------
# The Khronos validator


@pytest.mark.parametrize("name", SUBJECTS)
def test_khronos_validator_finds_nothing(name, tmp_path):
    report = validate_gltf(exported(name), tmp_path)
    issues = report["issues"]
    assert issues["numErrors"] == 0, issues["messages"]
    assert issues["numWarnings"] == issues["numInfos"] == 0, issues["messages"]
    assert report["info"]["animationCount"] == 1
