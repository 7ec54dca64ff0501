"""Nesting shapes on sheets: each shape (one of its variants, turned by a multiple of 90 degrees) goes
to the first sheet it fits on, at the free place where it reaches least far down the sheet, then
leftmost, of every variant and turn. Every free place is looked at, so a shape drops into a hole
between shapes placed before or into the notch of a big one when that is where it reaches least far.

The sheet is a raster of square pixels; a shape takes every pixel whose centre lies within half the
gap plus half a pixel's diagonal of it, so two shapes whose pixels are apart keep the whole gap
between them (any point within half the gap of both would put a pixel centre in both). Where a
shape can go is found for every position at once: its pixels correlated with the taken ones (FFT),
a place being free where the overlap is zero.

The shapes go in several orders: biggest first, then the same with the sizes jittered by seeded
noise (``ORDERS``), and biggest first again with each shape held to one of its variants in turn; the
nesting on the fewest sheets, with the least on its last sheet, is kept. The orders depend only on
the shapes, never on the order they are given in: same shapes, same sheets. Placing each shape by the
most contact with what is there (its ring of pixels correlated too) put no fewer nets on a sheet in
bench/paper_pieces.py's cases, and one more sheet on Letter at 12 mm for the Bedlam cube: not kept."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import Polygon, affinity

PIXEL_MM = 1.0  # half as big takes 4 times the CPU and saved no sheet at 15 mm cells on A4 (Bedlam 3, Y cube 5)
QUARTER_TURNS = ((1, 0), (0, -1), (-1, 0), (0, 1))  # (cos, sin) of -90 degrees times k, as shapely turns them
ORDERS = 4  # orders the shapes are nested in; the best nesting is kept
JITTER = 0.25  # how far (a share of its area) a shape's size may be jittered when shuffling the order


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


@dataclass(frozen=True)
class _Mask:
    """The pixels a turned variant takes, and their spectrum, which the search correlates the sheet with."""

    pixels: np.ndarray  # (h, w) float64 0/1
    first: tuple[int, int]  # (row, col) of pixel (0, 0) from the shape's bounds (negative: the gap reaches before)
    spectrum: np.ndarray  # conjugate spectrum of the pixels padded to the sheet's size


def _mask(shape: Polygon, gap: float, grid: tuple[int, int]) -> _Mask:
    """The pixels a shape (bounds from (0, 0)) takes, rows down, on a sheet of grid (rows, cols) pixels."""
    grown = shape.buffer(gap / 2 + PIXEL_MM * 0.71, join_style="mitre")
    x0, y0, x1, y1 = grown.bounds
    cols = np.arange(int(np.floor(x0 / PIXEL_MM)), int(np.ceil(x1 / PIXEL_MM)))
    rows = np.arange(int(np.floor(y0 / PIXEL_MM)), int(np.ceil(y1 / PIXEL_MM)))
    xs, ys = np.meshgrid((cols + 0.5) * PIXEL_MM, (rows + 0.5) * PIXEL_MM)
    pixels = shapely.contains_xy(grown, xs, ys).astype(np.float64)
    return _Mask(pixels, (int(rows[0]), int(cols[0])), np.conj(np.fft.rfft2(pixels, s=grid)))


@dataclass
class _Sheet:
    taken: np.ndarray  # (H, W) 0/1
    spectrum: np.ndarray | None = None  # of taken, kept until the next shape is placed

    def best_place(self, mask: _Mask) -> tuple[int, int] | None:
        """(row, col) of the mask's top-left pixel at its lowest-reaching free place, then leftmost."""
        big_h, big_w = self.taken.shape
        h, w = mask.pixels.shape
        if h > big_h or w > big_w:
            return None
        if self.spectrum is None:
            self.spectrum = np.fft.rfft2(self.taken)
        overlap = np.fft.irfft2(self.spectrum * mask.spectrum, s=self.taken.shape)
        free = overlap[: big_h - h + 1, : big_w - w + 1] < 0.5
        rows = np.flatnonzero(free.any(axis=1))
        if not len(rows):
            return None
        row = int(rows[0])
        return row, int(np.flatnonzero(free[row])[0])

    def take(self, mask: _Mask, at: tuple[int, int]) -> None:
        h, w = mask.pixels.shape
        self.taken[at[0]:at[0] + h, at[1]:at[1] + w] += mask.pixels
        self.spectrum = None


Order = tuple[int, ...]  # the shapes' indices, in the order they are nested


def nest(variants: list[list[Polygon]], size: tuple[float, float], gap: float, orders: int = ORDERS
         ) -> list[Placement]:
    """A placement for each shape (given as its variants, in mm) on sheets of a size (width, height in mm),
    at least gap mm apart: of the nestings in up to orders orders, the one on the fewest sheets with the
    least on its last. Raises ValueError if a shape fits on no sheet."""
    grid = (int(size[1] // PIXEL_MM), int(size[0] // PIXEL_MM))
    keys = [tuple(shapely.to_wkb(v) for v in shape) for shape in variants]
    kinds = {key: [[_mask(turned(v, k), gap, grid) for k in range(4)] for v in shape]
             for key, shape in zip(keys, variants, strict=True)}
    best: tuple[tuple[int, float], list[Placement]] | None = None
    first, *others = _orders(keys, [min(v.area for v in shape) for shape in variants], orders)
    # every order with every variant open, then the first with one variant a shape: copies of one net repeat
    # in a regular pattern, which the free choice, taking whichever reaches least far each time, can miss
    tries = [(order, None) for order in (first, *others)] + [(first, v) for v in range(max(map(len, variants)))]
    for order, only in tries:
        shapes = [kinds[keys[i]] for i in order]
        found = _nest_in_order(shapes, grid, only)
        fill = _fill(found, shapes)
        if best is None or fill < best[0]:
            best = (fill, [p for _, p in sorted(zip(order, found, strict=True))])
    assert best is not None
    return best[1]


def _orders(keys: list[tuple[bytes, ...]], areas: list[float], count: int) -> list[Order]:
    """Up to count different orders of the shapes: biggest first, then by sizes jittered with seeded noise;
    shapes of one size by their variants' bytes, the same shapes (same keys) in the order given. They
    depend on the shapes alone, so the nesting does not change when the shapes come in another order."""
    out: list[Order] = []
    for k in range(count):
        rng = random.Random(k)
        jitter = {key: 1 + (JITTER * rng.uniform(-1, 1) if k else 0.0) for key in sorted(set(keys))}
        order = tuple(sorted(range(len(keys)), key=lambda i: (-areas[i] * jitter[keys[i]], keys[i])))
        if order not in out:
            out.append(order)
    return out


def _fill(found: list[Placement], shapes: list[list[list[_Mask]]]) -> tuple[int, float]:
    """(sheets, pixels taken on the last sheet) of a nesting of shapes: the lower the better."""
    sheets = max((p.sheet for p in found), default=-1) + 1
    last = sum(float(masks[p.variant][p.quarter_turns].pixels.sum())
               for masks, p in zip(shapes, found, strict=True) if p.sheet == sheets - 1)
    return sheets, last


def _nest_in_order(shapes: list[list[list[_Mask]]], grid: tuple[int, int], only: int | None = None
                   ) -> list[Placement]:
    """Each shape, in the order given, on the first sheet where some variant (only that one, or a shape's
    last if it has fewer) and turn of it fits."""
    sheets: list[_Sheet] = []
    out = []
    for masks in shapes:
        for s in range(len(sheets) + 1):
            if s == len(sheets):
                sheets.append(_Sheet(np.zeros(grid)))
            found = _best_on(sheets[s], masks, None if only is None else min(only, len(masks) - 1))
            if found is not None:
                break
        else:  # pragma: no cover - the loop always breaks or raises
            raise AssertionError
        (row, col), v, k = found
        mask = masks[v][k]
        sheets[s].take(mask, (row, col))
        dr, dc = mask.first
        out.append(Placement(s, v, k, ((col - dc) * PIXEL_MM, (row - dr) * PIXEL_MM)))
    return out


def _best_on(sheet: _Sheet, masks: list[list[_Mask]], only: int | None) -> tuple[tuple[int, int], int, int] | None:
    """The lowest-reaching, then leftmost, free place of any variant (or only one) and turn of a shape on a
    sheet."""
    best, found = None, None
    for v, turns in enumerate(masks):
        if only is not None and v != only:
            continue
        for k, mask in enumerate(turns):
            place = sheet.best_place(mask)
            if place is None:
                continue
            key = (place[0] + mask.pixels.shape[0], place[1])
            if best is None or key < best:
                best, found = key, (place, v, k)
    if found is None and not sheet.taken.any():
        raise ValueError("a piece's net is larger than the sheet")
    return found
