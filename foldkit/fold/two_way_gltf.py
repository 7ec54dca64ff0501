"""The two-way fold as an animated glTF 2.0 binary (.glb): one animation that folds the net into
the first box, holds, unfolds it, and folds it into the second (``foldkit.fold.two_way``).

The two foldings hinge the paper differently, so no one node tree can follow both: every cell is
its own node under the top node, its origin at its top-left corner, moved by its whole motion at
each keyframe (rotation and translation, sampled densely enough that neighbouring cells stay
together between keys). The top node turns our z-up world into glTF's y-up metres, with the
flat net centred on the origin on the floor. Each cell is one double-sided square of paper whose
texture draws its sides: the outline in ink and each crease in the colour of the box it folds for.
"""

from __future__ import annotations

import io
import math

import numpy as np
import pygltflib as gl
from PIL import Image, ImageDraw

from foldkit.exchange.glb import GlbBuffer, floats, glb_bytes, linear_rgb
from foldkit.fold.gltf import METRES_PER_CELL, STILL, TILE_PX, Z_UP_TO_Y_UP, quaternions
from foldkit.fold.two_way import CREASE_COLOURS, PAPER_COLOUR, TwoWay
from foldkit.look import GRID_LINE, INK
from solver.grid import Cell

KEYS_PER_STAGE = 16  # keyframes per stage of a fold: cells move apart by well under 1 % of a cell between keys
HOLD_SECONDS = 0.5  # each box but the last stays closed this long before it unfolds


def two_way_glb(two_way: TwoWay, stage_seconds: float = 1.0) -> bytes:
    """The two-way fold of a net as the bytes of a .glb file."""
    gltf = gl.GLTF2(asset=gl.Asset(version="2.0", generator="foldkit"), scene=0)
    chunk = GlbBuffer(gltf)
    png, per_row = crease_atlas(two_way)
    material = _add_material(chunk, png)
    fractions, times = keyframes(two_way, stage_seconds)
    gltf.nodes.append(gl.Node(name=f"{two_way.name} (z up to y up)", children=list(range(1, 1 + len(two_way.cells))),
                              **_wrapper(two_way)))
    for i, cell in enumerate(two_way.cells):
        gltf.meshes.append(_cell_mesh(chunk, i, per_row, material))
        gltf.nodes.append(gl.Node(name=f"cell {cell[0]},{cell[1]}", mesh=i))
    motions = node_motions(two_way, fractions)
    keys = chunk.add(times, gl.SCALAR, bounds=True)
    gltf.animations.append(_animation(chunk, motions, keys, animation_name(two_way)))
    gltf.scenes.append(gl.Scene(name=two_way.name, nodes=[0]))
    return glb_bytes(gltf, chunk)


def animation_name(two_way: TwoWay) -> str:
    return ", unfold, ".join(f"fold into {'x'.join(map(str, s.folding.box))}" for s in two_way.subjects)


def keyframes(two_way: TwoWay, stage_seconds: float) -> tuple[np.ndarray, np.ndarray]:
    """The film fraction (k,) and time in seconds (k,) of every keyframe: the first fold, a hold on
    the first box, the unfold, the second fold (and so on to the third); each move KEYS_PER_STAGE
    keys and stage_seconds a stage of its folding."""
    moves = []  # film fraction from, to; stages
    for k, subject in enumerate(two_way.subjects):
        stages = max(1, subject.tree.stage_count)
        moves.append((2.0 * k, 2.0 * k + 1, stages))
        if k < len(two_way.subjects) - 1:
            moves.append((2.0 * k + 1, 2.0 * k + 2, stages))
    fractions, times, clock = [0.0], [0.0], 0.0
    for start, end, stages in moves:
        if start % 2.0 == 1.0:  # a box held closed: the same key again, later
            clock += HOLD_SECONDS
            fractions.append(start)
            times.append(clock)
        keys = stages * KEYS_PER_STAGE
        fractions += [float(f) for f in np.linspace(start, end, keys + 1)[1:]]
        times += [float(t) for t in clock + np.linspace(0.0, stages * stage_seconds, keys + 1)[1:]]
        clock = times[-1]
    return np.array(fractions), np.array(times)


def node_motions(two_way: TwoWay, fractions: np.ndarray) -> np.ndarray:
    """Per keyframe and cell, its node's motion under the top node (cell units), shape (k, n, 4, 4):
    the cell's motion after the shift from its node's origin, its top-left corner."""
    cells = np.array(two_way.cells, dtype=np.float64)
    shift = np.tile(np.eye(4), (len(cells), 1, 1))
    shift[:, 0, 3], shift[:, 1, 3] = cells[:, 1], cells[:, 0]
    return np.array([two_way.cell_motions(float(f)) @ shift for f in fractions])


def _wrapper(two_way: TwoWay) -> dict:
    """The top node's rotation and translation: z up to y up, the flat net centred on the origin."""
    cells = np.array(two_way.cells, dtype=np.float64)
    centre = np.array([(cells[:, 1].min() + cells[:, 1].max() + 1) / 2, (cells[:, 0].min() + cells[:, 0].max() + 1) / 2,
                       0.0])
    turn = np.eye(4)
    turn[:3, :3] = Z_UP_TO_Y_UP
    translation = -METRES_PER_CELL * Z_UP_TO_Y_UP @ centre
    return {"rotation": floats(quaternions(turn[None])[0]), "translation": floats(translation)}


def _animation(chunk: GlbBuffer, motions: np.ndarray, times: int, name: str) -> gl.Animation:
    """A rotation and a translation channel for every cell node that moves; its rest pose is the flat net."""
    animation = gl.Animation(name=name)
    for cell in range(motions.shape[1]):
        node = chunk.gltf.nodes[1 + cell]
        node.rotation = floats(quaternions(motions[:1, cell])[0])
        node.translation = floats(METRES_PER_CELL * motions[0, cell, :3, 3])
        keys = {gl.ROTATION: quaternions(motions[:, cell]), gl.TRANSLATION: METRES_PER_CELL * motions[:, cell, :3, 3]}
        for path, values in keys.items():
            if np.ptp(values, axis=0).max() > STILL:
                output = chunk.add(values, gl.VEC4 if path == gl.ROTATION else gl.VEC3)
                animation.samplers.append(gl.AnimationSampler(input=times, output=output,
                                                              interpolation=gl.ANIM_LINEAR))
                target = gl.AnimationChannelTarget(node=1 + cell, path=path)
                animation.channels.append(gl.AnimationChannel(sampler=len(animation.samplers) - 1, target=target))
    return animation


def crease_atlas(two_way: TwoWay) -> tuple[bytes, int]:
    """A PNG with one tile per cell (``two_way.cells`` order), row by row, of paper with its sides
    drawn, and how many tiles make one row of the square atlas."""
    per_row = 2 ** math.ceil(math.log2(math.ceil(math.sqrt(len(two_way.cells)))))  # a power-of-two texture
    image = Image.new("RGB", (per_row * TILE_PX, per_row * TILE_PX), _rgb255(PAPER_COLOUR))
    draw = ImageDraw.Draw(image)
    cells = set(two_way.cells)
    for i, cell in enumerate(two_way.cells):
        _draw_sides(draw, (TILE_PX * (i % per_row), TILE_PX * (i // per_row)), cell, cells, two_way.creases)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue(), per_row


def _draw_sides(draw: ImageDraw.ImageDraw, corner: tuple[int, int], cell: Cell, cells: set[Cell],
                creases: dict[tuple[Cell, Cell], str]) -> None:
    """A tile's four sides: a crease in its box's colour, a fine line where it stays flat, ink where it is cut."""
    (x, y), (row, col), t = corner, cell, TILE_PX - 1
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        other = (row + dr, col + dc)
        where = creases.get((min(cell, other), max(cell, other)), "cut" if other not in cells else "flat")
        colour, width = {"cut": (INK, 3), "flat": (GRID_LINE, 1)}.get(where, (CREASE_COLOURS.get(where, INK), 5))
        x0, x1 = x + (t - width + 1 if dc > 0 else 0), x + (width - 1 if dc < 0 else t)
        y0, y1 = y + (t - width + 1 if dr > 0 else 0), y + (width - 1 if dr < 0 else t)
        draw.rectangle([x0, y0, x1, y1], fill=_rgb255(colour))


def _add_material(chunk: GlbBuffer, png: bytes) -> int:
    """One double-sided paper material, tinted by the crease atlas; its index."""
    gltf = chunk.gltf
    gltf.images.append(gl.Image(bufferView=chunk.add_bytes(png), mimeType="image/png"))
    gltf.samplers.append(gl.Sampler(magFilter=gl.LINEAR, minFilter=gl.LINEAR_MIPMAP_LINEAR,
                                    wrapS=gl.CLAMP_TO_EDGE, wrapT=gl.CLAMP_TO_EDGE))
    gltf.textures.append(gl.Texture(sampler=0, source=0))
    pbr = gl.PbrMetallicRoughness(baseColorFactor=[*linear_rgb((1.0, 1.0, 1.0)), 1.0], metallicFactor=0.0,
                                  roughnessFactor=0.85, baseColorTexture=gl.TextureInfo(index=0))
    gltf.materials.append(gl.Material(name="paper", pbrMetallicRoughness=pbr, doubleSided=True))
    return 0


def _cell_mesh(chunk: GlbBuffer, index: int, per_row: int, material: int) -> gl.Mesh:
    """A cell's square about its node's origin (its top-left corner), in metres, facing +z; image x
    runs with the column and image y with the row, as on the flat net."""
    corners = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]])
    inset = 0.5 / TILE_PX  # half a pixel, so that no neighbouring tile bleeds in
    tile = np.array([index % per_row, index // per_row], dtype=np.float64)
    uvs = (tile + inset + (1 - 2 * inset) * corners[:, :2]) / per_row
    attributes = gl.Attributes(POSITION=chunk.add(METRES_PER_CELL * corners, gl.VEC3, gl.ARRAY_BUFFER, bounds=True),
                               NORMAL=chunk.add(np.tile([0.0, 0.0, 1.0], (4, 1)), gl.VEC3, gl.ARRAY_BUFFER),
                               TEXCOORD_0=chunk.add(uvs, gl.VEC2, gl.ARRAY_BUFFER))
    indices = chunk.add(np.array([0, 1, 2, 0, 2, 3], dtype=np.uint32), gl.SCALAR, gl.ELEMENT_ARRAY_BUFFER)
    return gl.Mesh(name=f"cell {index}", primitives=[gl.Primitive(attributes=attributes, indices=indices,
                                                                   material=material)])


def _rgb255(rgb: tuple[float, float, float]) -> tuple[int, int, int]:
    r, g, b = rgb
    return round(255 * r), round(255 * g), round(255 * b)
