"""The fold as an animated glTF 2.0 binary (.glb) that any glTF viewer plays.

Every panel is one node, parented along the hinge tree, with its origin on the hinge that joins
it to its parent (the root panel's origin is its first cell's corner). The animation turns each
hinge about its own axis with rotation keyframes sampled from ``foldkit.fold.pose``, so the file folds
the way the window and the GIF do; its last keyframe is the closed box. A top node turns our
z-up world (x = col, y = row, cell units) into glTF's y-up metres and centres the closed box on
the origin, resting on the floor y = 0.

Each panel has two sides, each drawn from its own side only: the printed side (face colour
times an atlas of cell tiles with the labels, their circles and squares, grid lines and red
fold edges) ends up outside the box; the inside is plain face colour.
"""

from __future__ import annotations

import io
import math
from itertools import product

import numpy as np
import pygltflib as gl
from PIL import Image, ImageDraw, ImageFont
from trimesh.transformations import quaternion_from_matrix

from foldkit.exchange.glb import GlbBuffer, floats, glb_bytes, linear_rgb
from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import Sequence, cell_corners, cell_outlines, cell_panels, panel_matrices
from foldkit.fold.subject import CellLabel, Subject
from foldkit.look import FOLD_EDGE, GRID_LINE, INK, MARK_RADIUS, face_colour, face_label, underline_bar, underlined
from solver.grid import DIRECTIONS, STEP, Cell

Quaternions = np.ndarray  # (k, 4) float64, glTF order (x, y, z, w)

METRES_PER_CELL = 0.01  # a 10 mm cell, the same default as the STL files
KEYS_PER_STAGE = 12  # keyframes per stage; slerp between them follows the eased turn within 0.5 degrees
Z_UP_TO_Y_UP = np.array([[1.0, 0, 0], [0, 0, 1], [0, -1, 0]])  # (x, y, z) -> (x, z, -y)
TILE_PX = 64  # texture pixels per cell
STILL = 1e-9  # a node whose key values vary less than this gets no channel


def fold_glb(subject: Subject, sequence: Sequence = "staged", stage_seconds: float = 1.0) -> bytes:
    """The animated fold of a subject as the bytes of a .glb file."""
    if not stage_seconds > 0:  # keyframe times must strictly increase
        raise ValueError(f"stage_seconds must be positive, not {stage_seconds}")
    tree = subject.tree
    stages = tree.stage_count if sequence == "staged" else 1
    fractions = np.linspace(0.0, 1.0, max(stages, 1) * KEYS_PER_STAGE + 1)
    gltf = gl.GLTF2(asset=gl.Asset(version="2.0", generator="foldkit"), scene=0)
    chunk = GlbBuffer(gltf)
    png, per_row = cell_atlas(subject, tree)
    materials = _add_materials(chunk, png, tree)
    uvs = cell_uvs(tree, per_row)
    origins = node_origins(tree)
    top = gl.Node(name=f"{subject.name} (z up to y up)", children=[1 + tree.root], **_wrapper(tree))
    gltf.nodes.append(top)
    for panel in tree.panels:
        gltf.meshes.append(_panel_mesh(chunk, tree, panel.index, origins[panel.index], uvs, materials))
        name = f"panel {panel.index} (face {face_label(panel.face)})"
        children = [1 + child for child in tree.children(panel.index)]
        gltf.nodes.append(gl.Node(name=name, mesh=panel.index, children=children))
    motions = local_motions(tree, origins, fractions, sequence)
    times = chunk.add(fractions * stage_seconds * stages, gl.SCALAR, bounds=True)
    gltf.animations.append(_animation(chunk, motions, times, f"fold ({sequence})"))
    gltf.scenes.append(gl.Scene(name=subject.name, nodes=[0]))
    return glb_bytes(gltf, chunk)


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
    return {"rotation": floats(rotation), "translation": floats(translation)}


def _animation(chunk: GlbBuffer, motions: np.ndarray, times: int, name: str) -> gl.Animation:
    """Channels for every node that moves: rotation, and translation should a node slide."""
    animation = gl.Animation(name=name)
    for panel in range(motions.shape[1]):
        node = chunk.gltf.nodes[1 + panel]
        node.rotation = floats(quaternions(motions[:1, panel])[0])
        node.translation = floats(METRES_PER_CELL * motions[0, panel, :3, 3])
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


def cell_atlas(subject: Subject, tree: PanelTree) -> tuple[bytes, int]:
    """A PNG with one tile per cell, in tree.cells order, row by row: ink on white (the material
    tints it with the face colour), and how many tiles make one row of the square atlas."""
    per_row = 2 ** math.ceil(math.log2(math.ceil(math.sqrt(len(tree.cells)))))  # a power-of-two texture
    image = Image.new("RGB", (per_row * TILE_PX, per_row * TILE_PX), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=round(0.55 * TILE_PX))
    folds = {frozenset(edge) for edge, angle in subject.folding.creases().items() if angle == 90}
    for i, cell in enumerate(tree.cells):
        corner = (TILE_PX * (i % per_row), TILE_PX * (i // per_row))
        _draw_sides(draw, corner, cell, subject.cells, folds)
        if cell in subject.labels:
            _draw_label(draw, corner, subject.labels[cell], font)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue(), per_row


def _draw_sides(draw: ImageDraw.ImageDraw, corner: tuple[int, int], cell: Cell, cells, folds) -> None:
    """A cell tile's four sides: red where it folds, a fine grid line on flat creases, ink where it is cut."""
    (x, y), (row, col), t = corner, cell, TILE_PX - 1
    for dr, dc in (STEP[d] for d in DIRECTIONS):
        other = (row + dr, col + dc)
        if frozenset((cell, other)) in folds:
            colour, width = FOLD_EDGE, 4
        else:
            colour, width = (GRID_LINE, 1) if other in cells else (INK, 2)
        # A band of the given width along that side, inside the tile.
        x0, x1 = x + (t - width + 1 if dc > 0 else 0), x + (width - 1 if dc < 0 else t)
        y0, y1 = y + (t - width + 1 if dr > 0 else 0), y + (width - 1 if dr < 0 else t)
        draw.rectangle([x0, y0, x1, y1], fill=_rgb255(colour))


def _draw_label(draw: ImageDraw.ImageDraw, corner: tuple[int, int], label: CellLabel, font) -> None:
    """A label in the middle of its tile, in a circle or a square when it is marked, lifted over
    a bar when it reads as another number upside down."""
    centre = (corner[0] + TILE_PX / 2, corner[1] + TILE_PX / 2)
    if underlined(label.text):
        left, top, right, bottom = draw.textbbox(centre, label.text, font=font, anchor="mm")
        lift, (x0, y0, x1, y1) = underline_bar(bottom - top, right - left)
        # underline_bar is y up about the digits' middle; the tile's y runs down.
        middle = (top + bottom) / 2
        draw.rectangle([centre[0] + x0, middle - y1, centre[0] + x1, middle - y0], fill=_rgb255(INK))
        centre = (centre[0], centre[1] - lift)
    draw.text(centre, label.text, fill=_rgb255(INK), font=font, anchor="mm")
    r = MARK_RADIUS * TILE_PX
    ring = [centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r]
    if label.mark == "circle":
        draw.ellipse(ring, outline=_rgb255(INK), width=3)
    elif label.mark == "square":
        draw.rectangle(ring, outline=_rgb255(INK), width=3)


def cell_uvs(tree: PanelTree, per_row: int) -> np.ndarray:
    """Texture coordinates of every cell's corners (tree.cells and cell_outlines order), (n, 4, 2);
    image x runs with the column and image y with the row, so the printed side reads as the grid."""
    tiles = np.arange(len(tree.cells))
    origin = np.stack([tiles % per_row, tiles // per_row], axis=-1)[:, None, :]
    inset = 0.5 / TILE_PX  # half a pixel, so that no neighbouring tile bleeds in
    corners = inset + (1 - 2 * inset) * np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    return (origin + corners) / per_row


def _add_materials(chunk: GlbBuffer, png: bytes, tree: PanelTree) -> dict[tuple[int, bool], int]:
    """Per box face in use, a material for the printed side (face colour times the cell atlas) and
    one for the inside (face colour); (face, printed) -> material index."""
    gltf = chunk.gltf
    gltf.images.append(gl.Image(bufferView=chunk.add_bytes(png), mimeType="image/png"))
    gltf.samplers.append(gl.Sampler(magFilter=gl.LINEAR, minFilter=gl.LINEAR_MIPMAP_LINEAR,
                                    wrapS=gl.CLAMP_TO_EDGE, wrapT=gl.CLAMP_TO_EDGE))
    gltf.textures.append(gl.Texture(sampler=0, source=0))
    out = {}
    for face, printed in product(sorted({p.face for p in tree.panels}), (True, False)):
        pbr = gl.PbrMetallicRoughness(baseColorFactor=[*linear_rgb(face_colour(face)), 1.0],
                                      metallicFactor=0.0, roughnessFactor=0.85)
        if printed:
            pbr.baseColorTexture = gl.TextureInfo(index=0)
        name = f"face {face_label(face)}" + ("" if printed else " (inside)")
        out[face, printed] = len(gltf.materials)
        gltf.materials.append(gl.Material(name=name, pbrMetallicRoughness=pbr))
    return out


def _panel_mesh(chunk: GlbBuffer, tree: PanelTree, panel: int, origin: np.ndarray, uvs: np.ndarray,
                materials: dict[tuple[int, bool], int]) -> gl.Mesh:
    """A panel's cells as quads around its node's origin, in metres: the printed side facing -z
    (it ends up outside the box) and the inside facing +z, each seen from its own side only."""
    mine = cell_panels(tree) == panel
    quads = cell_outlines(tree)[mine]  # (n, 4, 3) counter-clockwise seen from +z
    positions = METRES_PER_CELL * (quads - origin).reshape(-1, 3)
    position = chunk.add(positions, gl.VEC3, gl.ARRAY_BUFFER, bounds=True)
    texcoord = chunk.add(uvs[mine].reshape(-1, 2), gl.VEC2, gl.ARRAY_BUFFER)
    face = tree.panels[panel].face
    printed = _side(chunk, len(quads), -1.0, materials[face, True], POSITION=position, TEXCOORD_0=texcoord)
    inside = _side(chunk, len(quads), 1.0, materials[face, False], POSITION=position)
    return gl.Mesh(name=f"panel {panel}", primitives=[printed, inside])


def _side(chunk: GlbBuffer, quads: int, facing: float, material: int, **attributes: int) -> gl.Primitive:
    """One side of a panel: normals along facing * z, triangles counter-clockwise seen from there."""
    normals = np.tile([0.0, 0.0, facing], (4 * quads, 1))
    order = [0, 1, 2, 0, 2, 3] if facing > 0 else [0, 2, 1, 0, 3, 2]
    triangles = (4 * np.arange(quads)[:, None] + order).reshape(-1).astype(np.uint32)
    normal = chunk.add(normals, gl.VEC3, gl.ARRAY_BUFFER)
    indices = chunk.add(triangles, gl.SCALAR, gl.ELEMENT_ARRAY_BUFFER)
    attributes = gl.Attributes(NORMAL=normal, **attributes)
    return gl.Primitive(attributes=attributes, indices=indices, material=material)


def _rgb255(rgb: tuple[float, float, float]) -> tuple[int, int, int]:
    r, g, b = rgb
    return round(255 * r), round(255 * g), round(255 * b)
