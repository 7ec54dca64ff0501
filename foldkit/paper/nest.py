"""Nesting shapes on sheets: each shape (one of a few variants, turned by a multiple of 90 degrees)
goes to the first sheet it fits on, at its lowest-reaching place there, then leftmost.

The sheet is a raster of square pixels; a shape takes every pixel whose centre lies within half the
gap plus half a pixel's diagonal of it, so two shapes whose pixels are apart keep the whole gap
between them (any point within half the gap of both would put a pixel centre in both). Where a
shape can go is found for every position at once: its pixels correlated with the taken ones
(numpy's FFT), a place being free where the overlap is zero."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import Polygon, affinity

PIXEL_MM = 1.0
QUARTER_TURNS = ((1, 0), (0, -1), (-1, 0), (0, 1))  # (cos, sin) of -90 degrees times k, as shapely turns them


@dataclass(frozen=True)
class Placement:
    """Where a shape went: sheet (0-based), which variant, turned by quarter turns counterclockwise
    (as seen on the page), and the shift that puts the turned variant on the sheet (mm from the usable
    area's top-left corner)."""

    sheet: int
    variant: int
    quarter_turns: int
    shift: tuple[float, float]

    def place(self, shape: Polygon) -> Polygon:
        """The variant's shape where it went."""
        return affinity.translate(turned(shape, self.quarter_turns), *self.shift)

    def mapper(self, shape: Polygon) -> Callable[[tuple[float, float]], tuple[float, float]]:
        """The map of a point of the variant's shape to where it went (the same motion as ``place``)."""
        cos, sin = QUARTER_TURNS[self.quarter_turns % 4]
        x0, y0, _, _ = affinity.rotate(shape, -90 * self.quarter_turns, origin=(0, 0)).bounds
        sx, sy = self.shift

        def to_sheet(p: tuple[float, float]) -> tuple[float, float]:
            x, y = p
            return x * cos - y * sin - x0 + sx, x * sin + y * cos - y0 + sy

        return to_sheet


def turned(shape: Polygon, quarter_turns: int) -> Polygon:
    """A shape turned by quarter turns about the origin, moved so its bounds start at (0, 0)."""
    spun = affinity.rotate(shape, -90 * quarter_turns, origin=(0, 0))  # y down: a page turn is -angle here
    x0, y0, _, _ = spun.bounds
    return affinity.translate(spun, -x0, -y0)


def _mask(shape: Polygon, gap: float) -> tuple[np.ndarray, tuple[int, int]]:
    """The pixels a shape (bounds from (0, 0)) takes, rows down, as a (h, w) float64 array of 0/1, and
    the (row, col) of its first pixel (negative: the gap reaches before the shape's bounds)."""
    grown = shape.buffer(gap / 2 + PIXEL_MM * 0.71, join_style="mitre")
    x0, y0, x1, y1 = grown.bounds
    cols = np.arange(int(np.floor(x0 / PIXEL_MM)), int(np.ceil(x1 / PIXEL_MM)))
    rows = np.arange(int(np.floor(y0 / PIXEL_MM)), int(np.ceil(y1 / PIXEL_MM)))
    xs, ys = np.meshgrid((cols + 0.5) * PIXEL_MM, (rows + 0.5) * PIXEL_MM)
    return shapely.contains_xy(grown, xs, ys).astype(np.float64), (int(rows[0]), int(cols[0]))


@dataclass
class _Sheet:
    taken: np.ndarray  # (H, W) 0/1

    def best_place(self, mask: np.ndarray) -> tuple[int, int] | None:
        """(row, col) of the mask's top-left pixel at its lowest-reaching free place, then leftmost."""
        big_h, big_w = self.taken.shape
        h, w = mask.shape
        if h > big_h or w > big_w:
            return None
        padded = np.zeros_like(self.taken)
        padded[:h, :w] = mask
        overlap = np.fft.irfft2(np.fft.rfft2(self.taken) * np.conj(np.fft.rfft2(padded)), s=self.taken.shape)
        free = overlap[: big_h - h + 1, : big_w - w + 1] < 0.5
        rows = np.flatnonzero(free.any(axis=1))
        if not len(rows):
            return None
        row = int(rows[0])
        return row, int(np.flatnonzero(free[row])[0])


def nest(variants: list[list[Polygon]], size: tuple[float, float], gap: float) -> list[Placement]:
    """A placement for each shape (given as its variants, in mm) on sheets of a size (width, height in mm),
    at least gap mm apart; the biggest shapes go first. Raises ValueError if a shape fits on no sheet."""
    grid = (int(size[1] // PIXEL_MM), int(size[0] // PIXEL_MM))
    sheets: list[_Sheet] = []
    out: dict[int, Placement] = {}
    masks = [[[_mask(turned(v, k), gap) for k in range(4)] for v in shape] for shape in variants]
    for i in sorted(range(len(variants)), key=lambda i: -variants[i][0].area):
        for s in range(len(sheets) + 1):
            if s == len(sheets):
                sheets.append(_Sheet(np.zeros(grid)))
            found = _best_on(sheets[s], masks[i])
            if found is not None:
                break
        else:  # pragma: no cover - the loop always breaks or raises
            raise AssertionError
        (row, col), v, k = found
        (mask, (dr, dc)) = masks[i][v][k]
        sheets[s].taken[row:row + mask.shape[0], col:col + mask.shape[1]] += mask
        out[i] = Placement(s, v, k, ((col - dc) * PIXEL_MM, (row - dr) * PIXEL_MM))
    return [out[i] for i in range(len(variants))]


def _best_on(sheet: _Sheet, masks) -> tuple[tuple[int, int], int, int] | None:
    """The lowest-reaching, then leftmost, free place of any variant and turn of a shape on a sheet."""
    best, found = None, None
    for v, turns in enumerate(masks):
        for k, (mask, _) in enumerate(turns):
            place = sheet.best_place(mask)
            if place is None:
                continue
            key = (place[0] + mask.shape[0], place[1])
            if best is None or key < best:
                best, found = key, (place, v, k)
    if found is None and not sheet.taken.any():
        raise ValueError("a piece's net is larger than the sheet")
    return found

