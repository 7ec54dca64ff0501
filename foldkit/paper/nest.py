"""Nesting shapes on sheets: the biggest shape first, each (one of a few variants, turned by a multiple
of 90 degrees) goes to the first sheet it fits on, at the free place where it touches most of what is
already there (the sheet's edges count), a little less the lower it lies: the "maximal contact" rule
of irregular nesting, which leaves fewer slivers than lowest-first.

The sheet is a raster of square pixels; a shape takes every pixel whose centre lies within half the
gap plus half a pixel's diagonal of it, so two shapes whose pixels are apart keep the whole gap
between them (any point within half the gap of both would put a pixel centre in both). Where a
shape can go is found for every position at once: its pixels correlated with the taken ones
(numpy's FFT), a place being free where the overlap is zero; the contact is the same correlation of
the pixels within CONTACT_PX around the shape, on a sheet framed by CONTACT_PX taken pixels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import Polygon, affinity

PIXEL_MM = 1.0
CONTACT_PX = 3  # the width of the ring about a shape whose taken pixels count as contact
REORDERS = 3  # times the shapes of the last sheet are moved to the front
HEIGHT_WEIGHT = 0.15  # the share of its ring in contact a place gives up for being a whole sheet higher
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


def _ring(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A mask framed by CONTACT_PX empty pixels, and the pixels of that frame within CONTACT_PX of the mask
    (square reach), both (h + 2 CONTACT_PX, w + 2 CONTACT_PX)."""
    b = CONTACT_PX
    framed = np.zeros((mask.shape[0] + 2 * b, mask.shape[1] + 2 * b))
    framed[b:-b, b:-b] = mask
    near = np.zeros_like(framed)
    for dr in range(2 * b + 1):
        for dc in range(2 * b + 1):
            near[dr:dr + mask.shape[0], dc:dc + mask.shape[1]] += mask
    return framed, ((near > 0) & (framed == 0)).astype(np.float64)


@dataclass(frozen=True)
class _Spectra:
    """A mask's framed pixels and contact ring as spectra at the framed sheet's size (conjugated, so a
    product with the sheet's spectrum is a correlation), their size and the ring's pixel count."""

    shape: tuple[int, int]
    framed: np.ndarray
    ring: np.ndarray
    ring_pixels: float

    @classmethod
    def of(cls, mask: np.ndarray, size: tuple[int, int]) -> _Spectra:
        framed, ring = _ring(mask)
        return cls(framed.shape, np.conj(np.fft.rfft2(framed, s=size)), np.conj(np.fft.rfft2(ring, s=size)),
                   float(ring.sum()))


class _Sheet:
    """A sheet's taken pixels, framed by CONTACT_PX taken pixels all round (its edges touch like a shape)."""

    def __init__(self, grid: tuple[int, int]):
        b = CONTACT_PX
        self.taken = np.ones((grid[0] + 2 * b, grid[1] + 2 * b))
        self.taken[b:-b, b:-b] = 0.0
        self.empty = True
        self._spectrum: np.ndarray | None = None

    def spectrum(self) -> np.ndarray:
        if self._spectrum is None:
            self._spectrum = np.fft.rfft2(self.taken)
        return self._spectrum

    def take(self, mask: np.ndarray, row: int, col: int) -> None:
        b = CONTACT_PX
        self.taken[b + row:b + row + mask.shape[0], b + col:b + col + mask.shape[1]] += mask
        self.empty, self._spectrum = False, None

    def best_place(self, spectra: _Spectra) -> tuple[float, int, int] | None:
        """(score, row, col) of the mask's best free place (its top-left pixel on the sheet): most contact,
        less HEIGHT_WEIGHT per sheet height down, then highest, then leftmost; None if it fits nowhere."""
        big_h, big_w = self.taken.shape
        h, w = spectra.shape
        if h > big_h or w > big_w:
            return None
        overlap = np.fft.irfft2(self.spectrum() * spectra.framed, s=self.taken.shape)[: big_h - h + 1, : big_w - w + 1]
        free = overlap < 0.5
        if not free.any():
            return None
        contact = np.fft.irfft2(self.spectrum() * spectra.ring, s=self.taken.shape)[: big_h - h + 1, : big_w - w + 1]
        rows = np.arange(big_h - h + 1)[:, None]
        score = np.where(free, np.round(contact / spectra.ring_pixels - HEIGHT_WEIGHT * rows / big_h, 6), -np.inf)
        row, col = np.unravel_index(int(np.argmax(score)), score.shape)  # the first of the best: highest, leftmost
        return float(score[row, col]), int(row), int(col)


def nest(variants: list[list[Polygon]], size: tuple[float, float], gap: float) -> list[Placement]:
    """A placement for each shape (given as its variants, in mm) on sheets of a size (width, height in mm),
    at least gap mm apart: the biggest shapes first; then, while it saves a sheet, the shapes of the last
    sheet first (a shape left over is often one that fits only on an emptier sheet). Raises ValueError if a
    shape fits on no sheet."""
    grid = (int(size[1] // PIXEL_MM), int(size[0] // PIXEL_MM))
    masks = [[[_mask(turned(v, k), gap) for k in range(4)] for v in shape] for shape in variants]
    framed = (grid[0] + 2 * CONTACT_PX, grid[1] + 2 * CONTACT_PX)
    spectra = [[[_Spectra.of(m, framed) for m, _ in turns] for turns in shape] for shape in masks]
    order = sorted(range(len(variants)), key=lambda i: -variants[i][0].area)
    best = _first_fit(order, masks, spectra, grid)
    for _ in range(REORDERS):
        last = max(p.sheet for p in best)
        first = [i for i in order if best[i].sheet == last]
        order = first + [i for i in order if i not in first]
        again = _first_fit(order, masks, spectra, grid)
        if max(p.sheet for p in again) >= last:
            break
        best = again
    return best


def _first_fit(order: list[int], masks, spectra, grid: tuple[int, int]) -> list[Placement]:
    """Each shape in order on the first sheet where it fits, at its best place there."""
    sheets: list[_Sheet] = []
    out: dict[int, Placement] = {}
    for i in order:
        for s in range(len(sheets) + 1):
            if s == len(sheets):
                sheets.append(_Sheet(grid))
            found = _best_on(sheets[s], spectra[i])
            if found is not None:
                break
        else:  # pragma: no cover - the loop always breaks or raises
            raise AssertionError
        row, col, v, k = found
        mask, (dr, dc) = masks[i][v][k]
        sheets[s].take(mask, row, col)
        out[i] = Placement(s, v, k, ((col - dc) * PIXEL_MM, (row - dr) * PIXEL_MM))
    return [out[i] for i in range(len(order))]


def _best_on(sheet: _Sheet, spectra: list[list[_Spectra]]) -> tuple[int, int, int, int] | None:
    """(row, col, variant, quarter turns) of the best free place of any variant and turn of a shape on a
    sheet (the first of the best, in the order tried)."""
    best, found = -np.inf, None
    for v, turns in enumerate(spectra):
        for k, spectrum in enumerate(turns):
            place = sheet.best_place(spectrum)
            if place is not None and place[0] > best:
                best, found = place[0], (place[1], place[2], v, k)
    if found is None and sheet.empty:
        raise ValueError("a piece's net is larger than the sheet")
    return found
