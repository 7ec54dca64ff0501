"""The fold as an animated glTF 2.0 binary (.glb) that any glTF viewer plays.

Every panel is one node, parented along the hinge tree, with its origin on the hinge that joins
it to its parent (the root panel's origin is its first cell's corner). The animation turns each
hinge about its own axis with rotation keyframes sampled from ``foldkit.pose``, so the file folds
the way the window and the GIF do; its last keyframe is the closed box. A top node turns our
z-up world (x = col, y = row, cell units) into glTF's y-up metres and centres the closed box on
the origin, resting on the floor y = 0.
"""

from __future__ import annotations

import numpy as np
import pygltflib as gl
from trimesh.transformations import quaternion_from_matrix

from foldkit.look import face_colour, face_label
from foldkit.panels import PanelTree, panel_tree
from foldkit.pose import Sequence, cell_corners, cell_outlines, cell_panels, panel_matrices
from foldkit.subject import Subject

Matrix = np.ndarray  # (4, 4) float64 rigid motion on homogeneous column vectors
Quaternions = np.ndarray  # (k, 4) float64, glTF order (x, y, z, w)

METRES_PER_CELL = 0.01  # a 10 mm cell, the same default as the STL files
KEYS_PER_STAGE = 12  # keyframes per stage; slerp between them follows the eased turn within 0.5 degrees
Z_UP_TO_Y_UP = np.array([[1.0, 0, 0], [0, 0, 1], [0, -1, 0]])  # (x, y, z) -> (x, z, -y)
STILL = 1e-9  # a node whose key values vary less than this gets no channel


def fold_glb(subject: Subject, sequence: Sequence = "staged", stage_seconds: float = 1.0) -> bytes:
    """The animated fold of a subject as the bytes of a .glb file."""
    tree = panel_tree(subject.folding)
    stages = tree.stage_count if sequence == "staged" else 1
    fractions = np.linspace(0.0, 1.0, max(stages, 1) * KEYS_PER_STAGE + 1)
    gltf = gl.GLTF2(asset=gl.Asset(version="2.0", generator="foldkit"), scene=0)
    chunk = _Chunk(gltf)
    materials = _add_materials(gltf, tree)
    origins = node_origins(tree)
    top = gl.Node(name=f"{subject.name} (z up to y up)", children=[1 + tree.root], **_wrapper(tree))
    gltf.nodes.append(top)
    for panel in tree.panels:
        gltf.meshes.append(_panel_mesh(chunk, tree, panel.index, origins[panel.index], materials))
        name = f"panel {panel.index} (face {face_label(panel.face)})"
        children = [1 + child for child in tree.children(panel.index)]
        gltf.nodes.append(gl.Node(name=name, mesh=panel.index, children=children))
    motions = local_motions(tree, origins, fractions, sequence)
    times = chunk.add(fractions * stage_seconds * stages, gl.SCALAR, bounds=True)
    gltf.animations.append(_animation(chunk, motions, times, f"fold ({sequence})"))
    gltf.scenes.append(gl.Scene(name=subject.name, nodes=[0]))
    chunk.close()
    return b"".join(gltf.save_to_bytes())


# ---------------------------------------------------------------------------------------------
# Motion: each node's transform relative to its parent node, at every keyframe


def node_origins(tree: PanelTree) -> np.ndarray:
    """The origin of every panel's node in net coordinates (x, y, 0), shape (P, 3)."""
    origins = np.zeros((len(tree.panels), 3))
    row, col = min(tree.panels[tree.root].cells)
    origins[tree.root, :2] = col, row
    for hinge in tree.hinges:
        origins[hinge.child, :2] = hinge.start
    return origins


def local_motions(tree: PanelTree, origins: np.ndarray, fractions: np.ndarray,
                  sequence: Sequence) -> np.ndarray:
    """Per keyframe and panel, its node's motion relative to its parent node (cell units),
    shape (k, P, 4, 4); the root's is relative to the world under the top node."""
    shift = np.tile(np.eye(4), (len(tree.panels), 1, 1))
    shift[:, :3, 3] = origins
    out = np.empty((len(fractions), len(tree.panels), 4, 4))
    for k, t in enumerate(fractions):
        frames = panel_matrices(tree, float(t), sequence) @ shift  # each node's frame in the world
        out[k, tree.root] = frames[tree.root]
        for hinge in tree.hinges:
            out[k, hinge.child] = np.linalg.solve(frames[hinge.parent], frames[hinge.child])
    return out


def quaternions(rotations: np.ndarray) -> Quaternions:
    """Unit quaternions (x, y, z, w) of rotation matrices (k, 4, 4), each on the short way from the last."""
    out = np.array([np.roll(quaternion_from_matrix(m), -1) for m in rotations])
    for k in range(1, len(out)):  # q and -q are the same turn; keep slerp between keys short
        if out[k] @ out[k - 1] < 0:
            out[k] = -out[k]
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def _wrapper(tree: PanelTree) -> dict:
    """The top node's rotation and translation: z up to y up, the closed box centred on the origin."""
    corners = cell_corners(tree, 1.0).reshape(-1, 3)
    centre = (corners.min(axis=0) + corners.max(axis=0)) / 2
    centre[2] = corners[:, 2].min()
    turn = np.eye(4)
    turn[:3, :3] = Z_UP_TO_Y_UP
    rotation = quaternions(turn[None])[0]
    translation = -METRES_PER_CELL * Z_UP_TO_Y_UP @ centre
    return {"rotation": _floats(rotation), "translation": _floats(translation)}


def _animation(chunk: _Chunk, motions: np.ndarray, times: int, name: str) -> gl.Animation:
    """Channels for every node that moves: rotation, and translation should a node slide."""
    animation = gl.Animation(name=name)
    for panel in range(motions.shape[1]):
        node = chunk.gltf.nodes[1 + panel]
        node.rotation = _floats(quaternions(motions[:1, panel])[0])
        node.translation = _floats(METRES_PER_CELL * motions[0, panel, :3, 3])
        keys = {
            gl.ROTATION: quaternions(motions[:, panel]),
            gl.TRANSLATION: METRES_PER_CELL * motions[:, panel, :3, 3],
        }
        for path, values in keys.items():
            if np.ptp(values, axis=0).max() > STILL:
                output = chunk.add(values, gl.VEC4 if path == gl.ROTATION else gl.VEC3)
                sampler = gl.AnimationSampler(input=times, output=output, interpolation=gl.ANIM_LINEAR)
                animation.samplers.append(sampler)
                target = gl.AnimationChannelTarget(node=1 + panel, path=path)
                channel = gl.AnimationChannel(sampler=len(animation.samplers) - 1, target=target)
                animation.channels.append(channel)
    return animation


# ---------------------------------------------------------------------------------------------
# Geometry and looks


def _add_materials(gltf: gl.GLTF2, tree: PanelTree) -> dict[int, int]:
    """One double-sided material per box face in use; face -> material index."""
    out = {}
    for face in sorted({p.face for p in tree.panels}):
        colour = [*_linear(face_colour(face)), 1.0]
        pbr = gl.PbrMetallicRoughness(baseColorFactor=colour, metallicFactor=0.0, roughnessFactor=0.85)
        out[face] = len(gltf.materials)
        gltf.materials.append(gl.Material(name=f"face {face_label(face)}", pbrMetallicRoughness=pbr,
                                          doubleSided=True))
    return out


def _panel_mesh(chunk: _Chunk, tree: PanelTree, panel: int, origin: np.ndarray,
                materials: dict[int, int]) -> gl.Mesh:
    """A panel's cells as quads around its node's origin, in metres, facing the printed side (-z)."""
    quads = cell_outlines(tree)[cell_panels(tree) == panel]  # (n, 4, 3) counter-clockwise from +z
    positions = METRES_PER_CELL * (quads - origin).reshape(-1, 3)
    normals = np.tile([0.0, 0.0, -1.0], (len(positions), 1))
    # Counter-clockwise seen from -z, the side that ends up outside the box.
    corners = np.arange(len(quads))[:, None] * 4
    triangles = (corners + np.array([0, 2, 1, 0, 3, 2])).reshape(-1, 3)
    attributes = gl.Attributes(
        POSITION=chunk.add(positions, gl.VEC3, gl.ARRAY_BUFFER, bounds=True),
        NORMAL=chunk.add(normals, gl.VEC3, gl.ARRAY_BUFFER),
    )
    indices = chunk.add(triangles.reshape(-1).astype(np.uint32), gl.SCALAR, gl.ELEMENT_ARRAY_BUFFER)
    face = tree.panels[panel].face
    primitive = gl.Primitive(attributes=attributes, indices=indices, material=materials[face])
    return gl.Mesh(name=f"panel {panel}", primitives=[primitive])


def _linear(rgb: tuple[float, float, float]) -> list[float]:
    """sRGB colour components in glTF's linear space."""
    c = np.asarray(rgb, dtype=np.float64)
    return _floats(np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))


def _floats(values: np.ndarray) -> list[float]:
    return [float(v) for v in np.asarray(values, dtype=np.float64).reshape(-1)]


# ---------------------------------------------------------------------------------------------
# The binary chunk


class _Chunk:
    """The GLB binary chunk being filled: each array becomes a 4-byte aligned view and an accessor."""

    def __init__(self, gltf: gl.GLTF2):
        self.gltf = gltf
        self.data = bytearray()

    def add(self, array: np.ndarray, kind: str, target: int | None = None, bounds: bool = False) -> int:
        """Append an array (float32 or uint32) and return its accessor index."""
        integer = array.dtype.kind in "ui"
        array = np.ascontiguousarray(array, dtype=np.uint32 if integer else np.float32)
        view = gl.BufferView(buffer=0, byteOffset=len(self.data), byteLength=array.nbytes, target=target)
        self.data += array.tobytes() + bytes(-array.nbytes % 4)
        self.gltf.bufferViews.append(view)
        rows = array.reshape(len(array), -1)
        accessor = gl.Accessor(bufferView=len(self.gltf.bufferViews) - 1, count=len(rows),
                               componentType=gl.UNSIGNED_INT if integer else gl.FLOAT, type=kind)
        if bounds:  # what the spec requires for positions and animation inputs
            accessor.min, accessor.max = _floats(rows.min(axis=0)), _floats(rows.max(axis=0))
        self.gltf.accessors.append(accessor)
        return len(self.gltf.accessors) - 1

    def close(self) -> None:
        """Attach the data as the file's one buffer."""
        self.gltf.buffers = [gl.Buffer(byteLength=len(self.data))]
        self.gltf.set_binary_blob(bytes(self.data))
