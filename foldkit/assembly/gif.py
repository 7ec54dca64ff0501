"""assembly.gif: the pieces arrive one by one in the assembly order, each falling from above the
box into its place with growing speed; when another side of the box shows the next piece better,
the camera first swings round to it. Drawn by the numpy rasteriser (no GPU, no display needed),
so the bytes are the same on every machine.

The frames are drawn as the encoder reads them (a plan of shots first, cheap: which pieces rest,
the camera, the falling piece), so the animation takes the memory of a few frames.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np
from PIL import Image as PILImage
from PIL import ImageDraw, ImageFont

from foldkit.assembly.colours import BACKGROUND, INK, piece_colour
from foldkit.assembly.raster import Canvas, Framing, Image
from foldkit.assembly.steps import assembly_steps
from foldkit.assembly.view import Faces, View, camera, corner_azimuth, scene_faces
from foldkit.exchange.gif import gif_bytes
from foldkit.exchange.video import Film, sample_indices
from solver.packing.assembly import Assembly, BoxSides, Placed

FLOOR_COLOUR = (0.86, 0.86, 0.84)
ABOVE_CUBES = 1.5  # room shown above the box, where pieces fall in from
WELL_SEEN = 0.35  # the camera turns to another side when less of the next piece shows


@dataclass(frozen=True)
class GifOptions:
    """Frame size in pixels, frame rate, and frames per part of a step."""

    width: int = 400
    height: int = 400
    fps: int = 20
    drop_frames: int = 10  # the fall
    hold_frames: int = 4  # the piece at rest before the next one
    turn_frames: int = 5  # the camera swinging a quarter turn round the box
    end_frames: int = 30  # the finished box


def assembly_gif(box: BoxSides, packing: Sequence[Placed], plan: Assembly, options: GifOptions = GifOptions()) -> bytes:
    """The animated assembly (in the plan's order and colours) as the bytes of a GIF."""
    film = assembly_film(box, packing, plan, options)
    return gif_bytes(film.frames, options.fps, film.palette_sample)


def assembly_frames(box: BoxSides, packing: Sequence[Placed], plan: Assembly,
                    options: GifOptions = GifOptions()) -> Iterator[Image]:
    """Every frame of the assembly, drawn as it is read; a frame that holds still is the same array again."""
    return iter(assembly_film(box, packing, plan, options).frames)


def assembly_film(box: BoxSides, packing: Sequence[Placed], plan: Assembly, options: GifOptions = GifOptions()) -> Film:
    """The assembly as a Film: its palette sample drawn now, its other frames as they are read."""
    fills = np.array([piece_colour(c) for c in plan.colours] + [FLOOR_COLOUR])
    darkroom = Darkroom(packing, floor_faces(box, len(packing)), stage_for(box, options), fills)
    shots = assembly_shots(box, packing, plan.order, options)
    sample = {i: darkroom.develop(shots[i]) for i in sample_indices(len(shots))}
    return Film(_frames(darkroom, shots, sample), list(sample.values()))


def _frames(darkroom: Darkroom, shots: list[Shot], made: dict[int, Image]) -> Iterator[Image]:
    for i, shot in enumerate(shots):
        frame = made[i] if i in made else darkroom.develop(shot)
        for _ in range(shot.frames):
            yield frame


@dataclass(frozen=True)
class Shot:
    """One distinct frame of the assembly: the pieces at rest, seen from an azimuth, the piece
    falling (None in a still) at a height above its place, a caption, and how many frames it shows."""

    resting: tuple[int, ...]
    azimuth: float
    caption: str = ""
    falling: int | None = None
    height: float = 0.0
    frames: int = 1


def assembly_shots(box: BoxSides, packing: Sequence[Placed], order: Sequence[int], options: GifOptions) -> list[Shot]:
    """The distinct frames of the assembly, in order: the empty box held, then for each piece the
    camera's turn to a side that shows it, the fall and the rest; the finished box held at the end."""
    azimuth = corner_azimuth(0)
    shots = [Shot((), azimuth, frames=options.hold_frames)]
    for step in assembly_steps(packing, order, prefer_front=False, well_seen=WELL_SEEN):
        caption = f"step {step.number} of {len(order)}: piece {step.piece + 1} ({packing[step.piece].piece})"
        target = nearest_turn(azimuth, corner_azimuth(step.corner))
        turns = round(options.turn_frames * abs(target - azimuth) / 90.0)
        shots += [Shot(step.placed, azimuth + ease(k / turns) * (target - azimuth), caption)
                  for k in range(1, turns + 1)]
        azimuth = target
        lift = box[2] + 1.0 - min(z for _, _, z in packing[step.piece].cubes)
        shots += [Shot(step.placed, azimuth, caption, step.piece, lift * (1 - (k / options.drop_frames) ** 2))
                  for k in range(options.drop_frames + 1)]
        shots[-1] = replace(shots[-1], frames=1 + options.hold_frames)
    shots[-1] = replace(shots[-1], frames=shots[-1].frames + options.end_frames)
    return [shot for shot in shots if shot.frames]


class Darkroom:
    """Draws the shots of one assembly; the box as it stands before a piece falls is drawn once
    for all the frames of the fall."""

    def __init__(self, packing: Sequence[Placed], floor: Faces, stage: Stage, fills: np.ndarray):
        self.packing, self.floor, self.stage, self.fills = packing, floor, stage, fills
        self._standing: tuple[tuple[int, ...], float, Canvas, Image] | None = None

    def develop(self, shot: Shot) -> Image:
        view = camera(shot.azimuth)
        if shot.falling is None:
            image = still(self._resting(shot.resting), view, self.stage, self.fills)
        else:
            canvas, base = self._background(shot.resting, shot.azimuth)
            piece = scene_faces(dict.fromkeys(self.packing[shot.falling].cubes, shot.falling))
            image = canvas.composite(piece.moved([0.0, 0.0, shot.height]), view, self.fills, base)
        return captioned(image, shot.caption) if shot.caption else image

    def _resting(self, pieces: tuple[int, ...]) -> Faces:
        return merge(self.floor, scene_faces({c: i for i in pieces for c in self.packing[i].cubes}))

    def _background(self, pieces: tuple[int, ...], azimuth: float) -> tuple[Canvas, Image]:
        """The canvas with the pieces at rest drawn from this azimuth, and its picture."""
        if self._standing is None or self._standing[:2] != (pieces, azimuth):
            view = camera(azimuth)
            canvas = Canvas(self.stage.framing(view), BACKGROUND)
            canvas.draw(self._resting(pieces), view, self.fills)
            self._standing = (pieces, azimuth, canvas, canvas.image())
        return self._standing[2], self._standing[3]


def captioned(frame: Image, caption: str) -> Image:
    """The frame with a caption at its top left."""
    image = PILImage.fromarray(frame)
    draw = ImageDraw.Draw(image)
    size = max(10, round(frame.shape[0] / 28))
    draw.text((size * 0.7, size * 0.6), caption, fill=tuple(round(255 * c) for c in INK),
              font=ImageFont.load_default(size=size))
    return np.asarray(image)


def still(faces: Faces, view: View, stage: Stage, fills: np.ndarray) -> Image:
    """One frame of faces that do not move."""
    canvas = Canvas(stage.framing(view), BACKGROUND)
    canvas.draw(faces, view, fills)
    return canvas.image()


def floor_faces(box: BoxSides, piece: int) -> Faces:
    """The floor of the box as unit squares facing up, all one piece (the floor's colour), seams between."""
    x, y = np.meshgrid(np.arange(box[0]), np.arange(box[1]), indexing="ij")
    corners = np.stack([x.ravel(), y.ravel(), np.zeros(x.size)], axis=1)[:, None, :]
    quads = corners + np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], dtype=np.float64)
    normals = np.tile([0.0, 0.0, 1.0], (len(quads), 1))
    edges = np.full((len(quads), 4), 0.25)
    return Faces(quads - [0, 0, 0.001], normals, np.full(len(quads), piece), edges)


def merge(a: Faces, b: Faces) -> Faces:
    """Two sets of faces as one."""
    return Faces(*(np.concatenate([getattr(a, f), getattr(b, f)]) for f in ("quads", "normals", "pieces", "edges")))


@dataclass(frozen=True)
class Stage:
    """What every frame shows: the box and the room above it, centred, at one scale from any side."""

    middle: np.ndarray  # (3,) the point at the centre of every frame
    scale: float  # pixels per cube
    width: int
    height: int

    def framing(self, view: View) -> Framing:
        centre = view.project(self.middle)
        return Framing((float(centre[0]), float(centre[1])), self.scale, self.width, self.height)


def stage_for(box: BoxSides, options: GifOptions) -> Stage:
    """The stage that keeps the box and the room above it in the frame from every side."""
    top = box[2] + ABOVE_CUBES
    corners = np.array([[x, y, z] for x in (0, box[0]) for y in (0, box[1]) for z in (0, top)], dtype=np.float64)
    middle = np.array([box[0] / 2, box[1] / 2, top / 2])
    half = np.max([np.abs(camera(float(a)).project(corners - middle)).max(axis=0) for a in range(0, 360, 15)], axis=0)
    scale = 0.94 * min(options.width / (2 * half[0]), options.height / (2 * half[1]))
    return Stage(middle, float(scale), options.width, options.height)


def nearest_turn(current: float, target: float) -> float:
    """The target azimuth moved by whole turns to within half a turn of the current one."""
    return current + ((target - current + 180.0) % 360.0 - 180.0)


def ease(s: float) -> float:
    """Smooth start and stop on 0..1."""
    return s * s * (3 - 2 * s)
