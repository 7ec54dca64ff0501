"""A small depth-buffer rasteriser for cube faces, in numpy: shaded faces with anti-aliased edge
lines, drawn at twice the size and averaged down. Pure and deterministic (no GPU, no display).

Each face is a parallelogram on screen, so a pixel's place on it (a, b in 0..1 along its two
edges) comes from one 2 x 2 solve; depth is linear in a and b, and the distance to each edge in
pixels gives its line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from foldkit.assembly.colours import INK, shade
from foldkit.assembly.view import Faces, View

Image = np.ndarray  # (height, width, 3) uint8

SUPERSAMPLE = 2
LINE_PX = 1.1  # half the width of a full edge line, in final pixels


@dataclass(frozen=True)
class Framing:
    """Where the camera looks and how close: a screen point (x, y) at the image centre, pixels per cube."""

    centre: tuple[float, float]
    scale: float
    width: int
    height: int


def framing_for(view: View, points: np.ndarray, width: int, height: int, margin: float = 0.06) -> Framing:
    """The framing that shows all the points (n, 3) with a margin (a share of the image) round them."""
    screen = view.project(points)
    low, high = screen.min(axis=0), screen.max(axis=0)
    span = np.maximum(high - low, 1e-9)
    scale = float(min(width * (1 - 2 * margin) / span[0], height * (1 - 2 * margin) / span[1]))
    centre = (low + high) / 2
    return Framing((float(centre[0]), float(centre[1])), scale, width, height)


class Canvas:
    """Colour, depth and piece buffers at the supersampled size."""

    def __init__(self, framing: Framing, background):
        w, h = framing.width * SUPERSAMPLE, framing.height * SUPERSAMPLE
        self.framing = framing
        self.origin = (0, 0)  # the supersampled pixel of the frame at this canvas's top left (a crop)
        self.rgb = np.empty((h, w, 3), dtype=np.float32)
        self.rgb[:] = background
        self.depth = np.full((h, w), -np.inf, dtype=np.float32)
        self.piece = np.full((h, w), -1, dtype=np.int32)

    def crop(self, x0: int, y0: int, x1: int, y1: int) -> Canvas:
        """A copy of part of the canvas, supersampled pixels [x0, x1) x [y0, y1) of the frame."""
        out = Canvas.__new__(Canvas)
        out.framing, out.origin = self.framing, (x0, y0)
        rows, cols = slice(y0, y1), slice(x0, x1)
        out.rgb, out.depth = self.rgb[rows, cols].copy(), self.depth[rows, cols].copy()
        out.piece = self.piece[rows, cols].copy()
        return out

    def composite(self, faces: Faces, view: View, colours: np.ndarray, base: Image) -> Image:
        """The picture with faces drawn over this canvas, which stays as it is; base is self.image().
        Only the part of the frame the faces cover is drawn again."""
        shown = faces.facing(view)
        if not len(shown.quads):
            return base
        h, w = self.depth.shape
        corners = self.pixels(view, shown.quads).reshape(-1, 2)
        size = [w // SUPERSAMPLE, h // SUPERSAMPLE]
        low = np.clip(np.floor(corners.min(axis=0) / SUPERSAMPLE).astype(int) - 1, 0, size)
        high = np.clip(np.ceil(corners.max(axis=0) / SUPERSAMPLE).astype(int) + 1, 0, size)
        if np.any(high <= low):
            return base
        part = self.crop(*(low * SUPERSAMPLE), *(high * SUPERSAMPLE))
        part.draw(shown, view, colours)
        out = base.copy()
        out[low[1]:high[1], low[0]:high[0]] = part.image()
        return out

    def pixels(self, view: View, points: np.ndarray) -> np.ndarray:
        """Supersampled pixel coordinates (..., 2) of points (..., 3): x right, y down."""
        f, s = self.framing, self.framing.scale * SUPERSAMPLE
        screen = view.project(points)
        x = (screen[..., 0] - f.centre[0]) * s + f.width * SUPERSAMPLE / 2 - self.origin[0]
        y = (f.centre[1] - screen[..., 1]) * s + f.height * SUPERSAMPLE / 2 - self.origin[1]
        return np.stack([x, y], axis=-1)

    def draw(self, faces: Faces, view: View, colours: np.ndarray) -> None:
        """Draw faces (those facing the viewer) in per-piece colours (pieces, 3), nearest wins."""
        shown = faces.facing(view)
        corners = self.pixels(view, shown.quads)
        depths = view.depth(shown.quads)
        tones = colours[shown.pieces] * shade(shown.normals, view.light())[:, None]
        for k in range(len(corners)):
            self._face(corners[k], depths[k], tones[k], shown.edges[k], int(shown.pieces[k]))

    def _face(self, p: np.ndarray, d: np.ndarray, tone: np.ndarray, edges: np.ndarray, piece: int) -> None:
        """Fill one parallelogram (corners p (4, 2), depths d (4,)) and draw its edge lines."""
        h, w = self.depth.shape
        x0, y0 = np.maximum(np.floor(p.min(axis=0)).astype(int), 0)
        x1, y1 = np.minimum(np.ceil(p.max(axis=0)).astype(int), [w, h])
        if x0 >= x1 or y0 >= y1:
            return
        e1, e2 = p[1] - p[0], p[3] - p[0]
        det = e1[0] * e2[1] - e1[1] * e2[0]
        if abs(det) < 1e-6:
            return
        dx = (np.arange(x0, x1, dtype=np.float32) + np.float32(0.5 - p[0, 0]))[None, :]
        dy = (np.arange(y0, y1, dtype=np.float32) + np.float32(0.5 - p[0, 1]))[:, None]
        a = dx * np.float32(e2[1] / det) - dy * np.float32(e2[0] / det)
        b = dy * np.float32(e1[0] / det) - dx * np.float32(e1[1] / det)
        z = np.float32(d[0]) + a * np.float32(d[1] - d[0]) + b * np.float32(d[3] - d[0])
        depth = self.depth[y0:y1, x0:x1]
        win = (a >= 0) & (a <= 1) & (b >= 0) & (b <= 1) & (z > depth)
        if not win.any():
            return
        a, b = a[win], b[win]
        across_a, across_b = abs(det) / np.hypot(*e2), abs(det) / np.hypot(*e1)  # pixels from a=0 to a=1
        distances = (b * across_b, (1 - a) * across_a, (1 - b) * across_b, a * across_a)
        half = LINE_PX * SUPERSAMPLE
        line = np.zeros_like(a)
        for distance, strength in zip(distances, edges, strict=True):
            width = half * (0.55 if strength < 1 else 1.0)
            np.maximum(line, strength * np.clip(width + 0.5 - distance, 0.0, 1.0), out=line)
        ink = np.asarray(INK, dtype=np.float32)
        self.rgb[y0:y1, x0:x1][win] = tone + (ink - tone) * line[:, None]
        depth[win] = z[win]
        self.piece[y0:y1, x0:x1][win] = piece

    def image(self) -> Image:
        """The picture at its final size: each pixel the mean of its supersamples."""
        total = sum(self.rgb[i::SUPERSAMPLE, j::SUPERSAMPLE] for i in range(SUPERSAMPLE) for j in range(SUPERSAMPLE))
        return np.clip(total * (255 / SUPERSAMPLE**2) + 0.5, 0, 255).astype(np.uint8)

