"""Cell label outlines from a real font, as shapely shapes in cell units.

A label's outline is what a cell shows: its text, plus a ring for a circled label or a square
frame for a squared one, and a bar under a number that reads as another upside down (6, 9).
Coordinates are cell units about the cell's centre, x along the cell's grid right and y along
its grid up, so the shape reads upright as on the paper.
"""

from __future__ import annotations

from functools import lru_cache, reduce

import numpy as np
from shapely import affinity
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from foldkit.fold.subject import CellLabel, Mark
from foldkit.look import DIGIT_HEIGHT, MARK_LINE, MARK_RADIUS, underline_bar, underlined

FONT_FAMILY = "DejaVu Sans"  # ships with matplotlib, so the outlines are the same everywhere
FONT_WEIGHT = "bold"  # thick strokes print cleanly at a few millimetres
# Glyph paths are flattened at about one font unit; a large size keeps the curves smooth.
FONT_SIZE = 100.0

MARK_OUTER = MARK_RADIUS + MARK_LINE / 2  # outer edge of the ring and the frame, of a cell


@lru_cache(maxsize=64)
def text_outline(text: str, height: float = DIGIT_HEIGHT) -> BaseGeometry:
    """The filled outline of text, its ink `height` tall, centred on (0, 0)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    path = TextPath((0, 0), text, size=FONT_SIZE, prop=FontProperties(family=FONT_FAMILY, weight=FONT_WEIGHT))
    rings = [Polygon(ring).buffer(0) for ring in path.to_polygons(closed_only=True) if np.shape(ring)[0] >= 3]
    # Contours of a glyph nest (the hole of an 8 lies in its body): even-odd filling.
    shape = reduce(lambda a, b: a.symmetric_difference(b), rings, Polygon())
    left, bottom, right, top = shape.bounds
    shape = affinity.translate(shape, -(left + right) / 2, -(bottom + top) / 2)
    scale = height / (top - bottom)
    return affinity.scale(shape, scale, scale, origin=(0, 0))


def mark_outline(mark: Mark | None) -> BaseGeometry:
    """The ring ("circle") or square frame ("square") around a label, or an empty shape (None)."""
    inner = MARK_OUTER - MARK_LINE
    if mark == "circle":
        # 64 sides per circle: off the true circle by under 0.002 of a cell.
        return Point(0, 0).buffer(MARK_OUTER, 16).difference(Point(0, 0).buffer(inner, 16))
    if mark == "square":
        outer = box(-MARK_OUTER, -MARK_OUTER, MARK_OUTER, MARK_OUTER)
        return outer.difference(box(-inner, -inner, inner, inner))
    return Polygon()


def underlined_outline(text: str) -> BaseGeometry:
    """The text's outline, lifted over a bar when it is to be underlined (foldkit.look.underlined)."""
    shape = text_outline(text)
    if not underlined(text):
        return shape
    left, _, right, _ = shape.bounds
    lift, bar = underline_bar(DIGIT_HEIGHT, right - left)
    return affinity.translate(shape, 0, lift).union(box(*bar))


@lru_cache(maxsize=64)
def label_outline(label: CellLabel) -> MultiPolygon:
    """Everything a labelled cell shows, in cell units about its centre, as polygons."""
    shape = underlined_outline(label.text).union(mark_outline(label.mark))
    return shape if isinstance(shape, MultiPolygon) else MultiPolygon([shape])
