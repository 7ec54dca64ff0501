"""assembly.glb: the packing as an animated glTF 2.0 binary. One node per piece, its mesh the
outer faces of its unit cubes in its place in the box, in its colour; in the assembly order each
piece appears above the box and drops into place (ease-in), one step every STEP_SECONDS.

glTF is y up, in metres: our (x, y, z) with z up becomes (x, z, -y), one cube is cube_mm, and
the box stands on the floor y = 0 centred on the origin. A piece waits at scale 0 until its step
(a STEP scale channel), then falls (a LINEAR translation channel sampled along the ease). The
nodes' own transforms are the finished box, which a viewer that does not play animations shows.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygltflib as gl

from foldkit.assembly.colours import piece_colour
from foldkit.assembly.shapes import face_quads, outer_faces
from foldkit.exchange.glb import GlbBuffer, glb_bytes, linear_rgb
from solver.packing.assembly import Assembly, BoxSides, Placed

STEP_SECONDS = 1.0  # one piece a step
DROP_SECONDS = 0.7  # of which the fall takes this long
DROP_KEYS = 8  # translation keys along the fall; linear between them follows the ease closely
LIFT_CUBES = 2.0  # how far above the top of the box a piece starts, in cubes
Z_UP_TO_Y_UP = np.array([[1.0, 0, 0], [0, 0, 1], [0, -1, 0]])  # (x, y, z) -> (x, z, -y)


def assembly_glb(box: BoxSides, packing: Sequence[Placed], plan: Assembly, cube_mm: float = 15.0,
                 title: str = "assembly") -> bytes:
    """The animated assembly (in the plan's order and colours) as the bytes of a .glb file."""
    if not cube_mm > 0:
        raise ValueError(f"cube_mm must be positive, not {cube_mm}")
    order, colours = plan.order, plan.colours
    metres = cube_mm / 1000.0
    centre = np.array([box[0] / 2, box[1] / 2, 0.0])
    gltf = gl.GLTF2(asset=gl.Asset(version="2.0", generator="foldkit"), scene=0)
    chunk = GlbBuffer(gltf)
    materials = add_materials(gltf, sorted(set(colours)))
    animation = gl.Animation(name="assembly")
    for step, i in enumerate(order):
        placed = packing[i]
        gltf.meshes.append(piece_mesh(chunk, placed.cubes, centre, metres, materials[colours[i]], i))
        node = gl.Node(name=f"step {step + 1}: piece {i + 1} ({placed.piece})", mesh=len(gltf.meshes) - 1)
        gltf.nodes.append(node)
        lift = (box[2] + LIFT_CUBES - min(z for _, _, z in placed.cubes)) * metres
        add_drop(chunk, animation, len(gltf.nodes) - 1, step, len(order), lift)
    if animation.channels:
        gltf.animations.append(animation)
    gltf.scenes.append(gl.Scene(name=title, nodes=list(range(len(gltf.nodes)))))
    return glb_bytes(gltf, chunk)


def drop_height(step: int, seconds: np.ndarray, lift: float) -> np.ndarray:
    """How high above its place a piece is at times (n,): lift until its step, then falling with
    growing speed (ease-in) to 0 after DROP_SECONDS, then resting."""
    s = np.clip((seconds - step * STEP_SECONDS) / DROP_SECONDS, 0.0, 1.0)
    return lift * (1.0 - s**2)


def add_drop(chunk: GlbBuffer, animation: gl.Animation, node: int, step: int, steps: int, lift: float) -> None:
    """The channels of one piece: hidden until its step, then dropped into place."""
    start, end = step * STEP_SECONDS, steps * STEP_SECONDS
    times = np.unique(np.concatenate([[0.0, end], start + DROP_SECONDS * np.linspace(0, 1, DROP_KEYS + 1)]))
    heights = drop_height(step, times, lift)
    translations = np.outer(heights, [0.0, 1.0, 0.0])
    add_channel(chunk, animation, node, gl.TRANSLATION, times, translations, gl.ANIM_LINEAR)
    if step > 0:
        shown = np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]])
        add_channel(chunk, animation, node, gl.SCALE, np.array([0.0, start]), shown, gl.ANIM_STEP)


def add_channel(chunk: GlbBuffer, animation: gl.Animation, node: int, path: str, times: np.ndarray,
                values: np.ndarray, interpolation: str) -> None:
    """One animation channel of a node with its sampler."""
    sampler = gl.AnimationSampler(input=chunk.add(times, gl.SCALAR, bounds=True),
                                  output=chunk.add(values, gl.VEC3), interpolation=interpolation)
    animation.samplers.append(sampler)
    target = gl.AnimationChannelTarget(node=node, path=path)
    animation.channels.append(gl.AnimationChannel(sampler=len(animation.samplers) - 1, target=target))


def piece_mesh(chunk: GlbBuffer, cubes, centre: np.ndarray, metres: float, material: int, index: int) -> gl.Mesh:
    """A piece's outer faces, in its place, in glTF's axes and metres: flat normals, counter-clockwise."""
    faces = outer_faces(cubes)
    quads = (face_quads(faces) - centre) @ Z_UP_TO_Y_UP.T * metres  # (n, 4, 3)
    normals = np.repeat(np.array([d for _, d in faces], dtype=np.float64) @ Z_UP_TO_Y_UP.T, 4, axis=0)
    triangles = (4 * np.arange(len(faces))[:, None] + [0, 1, 2, 0, 2, 3]).reshape(-1)
    attributes = gl.Attributes(POSITION=chunk.add(quads.reshape(-1, 3), gl.VEC3, gl.ARRAY_BUFFER, bounds=True),
                               NORMAL=chunk.add(normals, gl.VEC3, gl.ARRAY_BUFFER))
    indices = chunk.add(triangles.astype(np.uint32), gl.SCALAR, gl.ELEMENT_ARRAY_BUFFER)
    primitive = gl.Primitive(attributes=attributes, indices=indices, material=material)
    return gl.Mesh(name=f"piece {index + 1}", primitives=[primitive])


def add_materials(gltf: gl.GLTF2, colour_indices: list[int]) -> dict[int, int]:
    """A material per colour index in use; colour index -> material index."""
    out = {}
    for colour in colour_indices:
        pbr = gl.PbrMetallicRoughness(baseColorFactor=[*linear_rgb(piece_colour(colour)), 1.0], metallicFactor=0.0,
                                      roughnessFactor=0.7)
        out[colour] = len(gltf.materials)
        gltf.materials.append(gl.Material(name=f"colour {colour + 1}", pbrMetallicRoughness=pbr))
    return out
