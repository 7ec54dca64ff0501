"""Drawing the net once for every output: ``draw_net`` says what goes where, in net
coordinates, to a ``NetPen`` that maps net points onto a page and keeps the shapes
(``foldkit.drawing``) by layer; ``net_drawing`` is the whole net on a page of its own, which the
SVG shows as it is and the PDF's pages show tile by tile.

Layers: "print" (tints, faint lines, numbers, labels), "fold" and "cut"; the SVG keeps them
apart for cutting machines, the PDF simply draws them in that order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from foldkit.drawing import PT_MM, Circle, Drawing, Group, Label, Mm, Polygon, Rect, Shape
from foldkit.fold.subject import Subject
from foldkit.look import FOLD_EDGE, INK, MARK_RADIUS, RGB, face_colour, underline_bar
from foldkit.paper.page import BOLD, Stroke
from foldkit.paper.template.closing import tab_shadow
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.geometry import NetGeometry, Point
from foldkit.paper.template.layout import TemplateOptions
from foldkit.paper.template.marks import Marks
from foldkit.paper.template.text import CAP, Text, text_box
from solver.grid import Cell

CUT_PEN = Stroke(INK, 0.3)
FOLD_PEN = Stroke(FOLD_EDGE, 0.3, (2.0, 1.2))
FLAT_PEN = Stroke((0.72, 0.72, 0.76), 0.12)
MARK_PEN = Stroke(INK, 0.25)  # circles and squares around numbers
TAB_FILL: RGB = (0.88, 0.88, 0.88)
SHADOW_FILL: RGB = (0.80, 0.80, 0.80)  # where a tab lands (--tabs shadow): a tab's grey, a little darker
LABEL_INK: RGB = (0.25, 0.25, 0.3)
NET_MARGIN_MM = 8.0  # round the net on its own page


class NetPen:
    """Draws in net coordinates (sizes in cells) onto a page: to_mm maps a net point to page mm,
    a cell is cell_mm across; the shapes are kept by layer, in the order the layers began."""

    def __init__(self, to_mm: Callable[[Point], Mm], cell_mm: float):
        self.to_mm, self.cell_mm = to_mm, cell_mm
        self.layers: dict[str, list[Shape]] = {"": []}
        self.current = self.layers[""]

    def shapes(self) -> list[Shape]:
        """Everything drawn: what came before any layer, then each layer as a group."""
        return self.layers[""] + [Group(tuple(shapes), layer=name) for name, shapes in self.layers.items() if name]

    def layer(self, name: str) -> None:
        self.current = self.layers.setdefault(name, [])

    def add(self, shape: Shape) -> None:
        """A shape already in page mm, in the current layer."""
        self.current.append(shape)

    def mm(self, p) -> Mm:
        x, y = self.to_mm(p)
        return float(x), float(y)

    def cell(self, cell: Cell, fill: RGB) -> None:
        x, y = self.mm((cell[1], cell[0]))
        self.current.append(Rect(x, y, self.cell_mm, self.cell_mm, fill, "cell"))

    def polygon(self, points: np.ndarray, fill: RGB | None, stroke: Stroke | None) -> None:
        outline = tuple(self.mm(p) for p in points)
        if stroke is None:
            self.current.append(Polygon(outline, fill, None, 0.0, "area"))
        else:
            self.current.append(Polygon(outline, fill, stroke.colour, stroke.width, "outline", stroke.dash))

    def line(self, a: Point, b: Point, stroke: Stroke) -> None:
        self.current.append(stroke.line(self.mm(a), self.mm(b)))

    def circle(self, centre: Point, radius: float, stroke: Stroke) -> None:
        self.current.append(Circle(self.mm(centre), radius * self.cell_mm, None, stroke.colour, stroke.width, "mark"))

    def text(self, text: Text, colour: RGB) -> None:
        """Bold text centred on its point, turned by its angle; its backing painted first."""
        if text.backing is not None:
            self.polygon(np.asarray(text_box(text, 0.02).exterior.coords)[:-1], text.backing, None)
        if text.underline:
            text = self.underline(text, colour)
        size = text.size * self.cell_mm
        drop, turn = 0.35 * size, math.radians(text.angle)  # 0.35 em down puts the digits' middle on the point
        x, y = self.mm(text.at)
        baseline = (x + drop * math.sin(turn), y + drop * math.cos(turn))
        self.current.append(Label(*baseline, text.text, size / PT_MM, BOLD, colour, "centre", text.angle))


    def underline(self, text: Text, colour: RGB) -> Text:
        """Draws the bar under an upright text; the text lifted over it, to draw next."""
        lift, (x0, y0, x1, y1) = underline_bar(CAP * text.size, text.width)
        x, y = text.at  # underline_bar's y runs up, the net's down
        middle = y - (y0 + y1) / 2
        bar = Stroke(colour, (y1 - y0) * self.cell_mm)
        self.current.append(bar.line(self.mm((x + x0, middle)), self.mm((x + x1, middle)), "underline"))
        return replace(text, at=(x, y - lift), underline=False)


def draw_net(pen: NetPen, subject: Subject, geometry: NetGeometry, marks: Marks, plain: bool = False,
             shadows: bool = False) -> None:
    """The whole net: tinted cells (white when plain), tabs (and where they land, with shadows),
    lines of each kind, numbers and labels."""
    pen.layer("print")
    for tab in geometry.tabs:
        pen.polygon(tab.polygon, TAB_FILL, None)
    for cell in sorted(subject.cells) if not plain else ():
        pen.cell(cell, face_colour(subject.folding.face_of(cell)))
    for tab in geometry.tabs if shadows else ():
        pen.polygon(tab_shadow(geometry, tab), SHADOW_FILL, None)
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
    for a, b in [*marks.reliefs, *marks.slits]:
        pen.line(a, b, CUT_PEN)


def net_drawing(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> Drawing:
    """The whole net at true scale on a page of its own size, NET_MARGIN_MM round it (drawn: the
    fitted marks, if already made)."""
    geometry, plan, marks = drawn or fitted_marks(subject, options)
    x0, y0, x1, y1 = geometry.bounds
    cell = plan.cell_mm
    size = (x1 - x0) * cell + 2 * NET_MARGIN_MM, (y1 - y0) * cell + 2 * NET_MARGIN_MM
    pen = NetPen(lambda p: ((p[0] - x0) * cell + NET_MARGIN_MM, (p[1] - y0) * cell + NET_MARGIN_MM), cell)
    draw_net(pen, subject, geometry, marks, options.plain, options.tabs == "shadow")
    return Drawing(size, f"{subject.name}: cut-and-fold net, cell {cell:g} mm", tuple(pen.shapes()))


def outline_rings(shape) -> list[np.ndarray]:
    """The boundary rings (outer and holes) of a shapely (multi)polygon, each shape (k, 2) float64."""
    polygons = getattr(shape, "geoms", [shape])
    return [np.asarray(ring.coords)[:-1] for p in polygons for ring in [p.exterior, *p.interiors]]
