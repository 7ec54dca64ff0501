"""Drawing the net once for every output: the PDF and SVG writers each supply a Pen that
knows its own coordinates, and ``draw_net`` says what goes where, in net coordinates.

Layers: "print" (tints, faint lines, numbers, labels), "fold" and "cut"; the SVG keeps them
apart for cutting machines, the PDF simply draws them in that order.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from foldkit.fold.subject import Subject
from foldkit.look import FOLD_EDGE, INK, MARK_RADIUS, RGB, face_colour
from foldkit.paper.page import Stroke
from foldkit.paper.template.geometry import NetGeometry, Point
from foldkit.paper.template.marks import Marks
from foldkit.paper.template.text import Text
from solver.grid import Cell

CUT_PEN = Stroke(INK, 0.3)
FOLD_PEN = Stroke(FOLD_EDGE, 0.3, (2.0, 1.2))
FLAT_PEN = Stroke((0.72, 0.72, 0.76), 0.12)
MARK_PEN = Stroke(INK, 0.25)  # circles and squares around numbers
TAB_FILL: RGB = (0.88, 0.88, 0.88)
LABEL_INK: RGB = (0.25, 0.25, 0.3)


class Pen(Protocol):
    """What draw_net needs from an output; points are net coordinates, sizes in cells."""

    def layer(self, name: str) -> None: ...

    def cell(self, cell: Cell, fill: RGB) -> None: ...

    def polygon(self, points: np.ndarray, fill: RGB | None, stroke: Stroke | None) -> None: ...

    def line(self, a: Point, b: Point, stroke: Stroke) -> None: ...

    def circle(self, centre: Point, radius: float, stroke: Stroke) -> None: ...

    def text(self, text: Text, colour: RGB) -> None: ...


def draw_net(pen: Pen, subject: Subject, geometry: NetGeometry, marks: Marks) -> None:
    """The whole net: tinted cells, tabs, lines of each kind, numbers and labels."""
    pen.layer("print")
    for tab in geometry.tabs:
        pen.polygon(tab.polygon, TAB_FILL, None)
    for cell in sorted(subject.cells):
        pen.cell(cell, face_colour(subject.folding.face_of(cell)))
    for a, b in marks.flats:
        pen.line(a, b, FLAT_PEN)
    for centre in marks.circles:
        pen.circle(centre, MARK_RADIUS, MARK_PEN)
    for x, y in marks.squares:
        corners = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=np.float64) * MARK_RADIUS + (x, y)
        pen.polygon(corners, None, MARK_PEN)
    for text in marks.numbers + marks.face_labels:
        pen.text(text, INK)
    for text in marks.seam_labels:
        pen.text(text, LABEL_INK)
    pen.layer("fold")
    for a, b in marks.folds:
        pen.line(a, b, FOLD_PEN)
    pen.layer("cut")
    for ring in outline_rings(geometry.outline):
        pen.polygon(ring, None, CUT_PEN)


def outline_rings(shape) -> list[np.ndarray]:
    """The boundary rings (outer and holes) of a shapely (multi)polygon, each shape (k, 2) float64."""
    polygons = getattr(shape, "geoms", [shape])
    return [np.asarray(ring.coords)[:-1] for p in polygons for ring in [p.exterior, *p.interiors]]
