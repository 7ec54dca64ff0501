"""assembly.glb: read back as a viewer would: a node per piece with its cubes' outer faces, each
piece hidden until its step, then falling into its place; the Khronos validator finds nothing."""

from __future__ import annotations

from functools import cache

import numpy as np
import pygltflib as gl
import pytest

from foldkit.assembly.glb import DROP_SECONDS, STEP_SECONDS, assembly_glb
from foldkit.assembly.shapes import outer_faces
from solver.packing.assembly import assembly_order, plan_assembly
from tests.assembly.packings import Y_BOX, hook_over_post, y_packing
from tests.conftest import validate_gltf

WIDTH = {gl.SCALAR: 1, gl.VEC3: 3, gl.VEC4: 4}
DTYPE = {gl.FLOAT: np.float32, gl.UNSIGNED_INT: np.uint32}
CUBE_M = 0.015


@cache
def y_glb() -> bytes:
    packing = y_packing()
    return assembly_glb(Y_BOX, packing, plan_assembly(Y_BOX, packing))


def accessor(gltf: gl.GLTF2, index: int) -> np.ndarray:
    """An accessor's data as (count, width) float64."""
    a = gltf.accessors[index]
    view = gltf.bufferViews[a.bufferView]
    offset = (view.byteOffset or 0) + (a.byteOffset or 0)
    data = np.frombuffer(gltf.binary_blob(), DTYPE[a.componentType], a.count * WIDTH[a.type], offset)
    return data.reshape(a.count, WIDTH[a.type]).astype(np.float64)


def sample(gltf: gl.GLTF2, node: int, path: str, seconds: float) -> np.ndarray:
    """A node's animated value at a time, as a viewer interpolates it."""
    animation = gltf.animations[0]
    for channel in animation.channels:
        if channel.target.node == node and channel.target.path == path:
            sampler = animation.samplers[channel.sampler]
            times = accessor(gltf, sampler.input)[:, 0]
            values = accessor(gltf, sampler.output)
            if sampler.interpolation == gl.ANIM_STEP:
                return values[max(0, np.searchsorted(times, seconds, side="right") - 1)]
            return np.array([np.interp(seconds, times, values[:, k]) for k in range(values.shape[1])])
    return np.array(getattr(gltf.nodes[node], path) or ([1.0] * 3 if path == gl.SCALE else [0.0] * 3))


def cubes_of(points: np.ndarray) -> set:
    """The unit cubes (our axes) whose corners a piece's vertices (glTF metres) are."""
    ours = np.stack([points[:, 0], -points[:, 2], points[:, 1]], axis=1) / CUBE_M + [Y_BOX[0] / 2, Y_BOX[1] / 2, 0]
    return {tuple(int(v) for v in np.round(p)) for p in ours}


def test_one_node_per_piece_in_the_assembly_order_with_its_faces():
    gltf = gl.GLTF2.load_from_bytes(y_glb())
    packing, order = y_packing(), assembly_order(Y_BOX, y_packing())
    assert len(gltf.nodes) == 25 and gltf.scenes[gltf.scene].nodes == list(range(25))
    for step, i in enumerate(order):
        node = gltf.nodes[step]
        assert node.name == f"step {step + 1}: piece {i + 1} (Y)"
        primitive = gltf.meshes[node.mesh].primitives[0]
        points = accessor(gltf, primitive.attributes.POSITION)
        assert len(points) == 4 * len(outer_faces(packing[i].cubes))
        offsets = np.indices((2, 2, 2)).reshape(3, -1).T
        corners = {tuple(c) for cube in packing[i].cubes for c in np.array(cube) + offsets}
        assert cubes_of(points) <= corners
        normals = accessor(gltf, primitive.attributes.NORMAL)
        triangles = accessor(gltf, primitive.indices).astype(int).reshape(-1, 3)
        a, b, c = (points[triangles[:, k]] for k in range(3))
        winding = np.cross(b - a, c - a)
        assert np.all(np.einsum("ij,ij->i", winding, normals[triangles[:, 0]]) > 0)  # counter-clockwise outside


def test_without_the_animation_a_viewer_shows_the_finished_box():
    gltf = gl.GLTF2.load_from_bytes(y_glb())
    assert all(node.translation is None and node.scale is None and node.rotation is None for node in gltf.nodes)
    seen = set()
    for node in gltf.nodes:
        seen |= cubes_of(accessor(gltf, gltf.meshes[node.mesh].primitives[0].attributes.POSITION))
    assert seen == {(x, y, z) for x in range(6) for y in range(6) for z in range(6)}  # every cube corner


def test_box_stands_on_the_floor_centred():
    gltf = gl.GLTF2.load_from_bytes(y_glb())
    points = np.concatenate([accessor(gltf, m.primitives[0].attributes.POSITION) for m in gltf.meshes])
    assert np.allclose(points.min(axis=0), [-0.0375, 0, -0.0375])
    assert np.allclose(points.max(axis=0), [0.0375, 0.075, 0.0375])


def test_each_piece_hides_until_its_step_then_falls_into_place():
    gltf = gl.GLTF2.load_from_bytes(y_glb())
    packing, order = y_packing(), assembly_order(Y_BOX, y_packing())
    end = 25 * STEP_SECONDS
    for step, i in enumerate(order):
        start = step * STEP_SECONDS
        if step:
            assert np.allclose(sample(gltf, step, gl.SCALE, start - 0.01), 0)
        assert np.allclose(sample(gltf, step, gl.SCALE, start + 0.01), 1)
        high = sample(gltf, step, gl.TRANSLATION, start)
        bottom = min(z for _, _, z in packing[i].cubes)
        assert high[1] == pytest.approx((5 + 2 - bottom) * CUBE_M)  # starts two cubes over the box
        middle = sample(gltf, step, gl.TRANSLATION, start + DROP_SECONDS / 2)[1]
        assert 0 < middle < high[1] and middle > high[1] / 2  # ease-in: slow first
        assert np.allclose(sample(gltf, step, gl.TRANSLATION, start + DROP_SECONDS), 0, atol=1e-6)
        assert np.allclose(sample(gltf, step, gl.TRANSLATION, end), 0)


@pytest.mark.parametrize("which", ["y", "hook"])
def test_khronos_validator_finds_nothing(which, tmp_path):
    if which == "y":
        data = y_glb()
    else:
        box, packing = hook_over_post()
        data = assembly_glb(box, packing, plan_assembly(box, packing))
    report = validate_gltf(data, tmp_path)
    issues = report["issues"]
    assert issues["numErrors"] == 0 and issues["numWarnings"] == 0 and issues["numInfos"] == 0, issues["messages"]
    assert report["info"]["animationCount"] == 1


def test_same_input_same_bytes_and_bad_sizes_refused():
    packing = y_packing()
    assert assembly_glb(Y_BOX, packing, plan_assembly(Y_BOX, packing)) == y_glb()
    with pytest.raises(ValueError, match="cube_mm"):
        assembly_glb(Y_BOX, packing, plan_assembly(Y_BOX, packing), cube_mm=0)
