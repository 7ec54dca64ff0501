"""The net's Pen (see paint.py) onto a reportlab PDF page."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from reportlab.pdfgen.canvas import Canvas

from foldkit.look import RGB
from foldkit.paper.page import BOLD, Stroke, set_stroke
from foldkit.paper.template.geometry import Point
from foldkit.paper.template.text import Text, text_box
from solver.grid import Cell


class PdfPen:
    """A Pen (see paint.py) onto a PDF page: net point -> PDF point by a given map."""

    def __init__(self, canvas: Canvas, to_pt: Callable[[Point], tuple[float, float]], cell_pt: float):
        self.canvas, self.to_pt, self.cell_pt = canvas, to_pt, cell_pt

    def layer(self, name: str) -> None:
        pass  # a PDF draws the layers in order, one over the other

    def cell(self, cell: Cell, fill: RGB) -> None:
        x, y = self.to_pt((cell[1], cell[0] + 1))
        self.canvas.setFillColorRGB(*fill)
        self.canvas.rect(x, y, self.cell_pt, self.cell_pt, stroke=0, fill=1)

    def polygon(self, points: np.ndarray, fill: RGB | None, stroke: Stroke | None) -> None:
        c = self.canvas
        path = c.beginPath()
        path.moveTo(*self.to_pt(points[0]))
        for p in points[1:]:
            path.lineTo(*self.to_pt(p))
        path.close()
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            set_stroke(c, stroke)
        c.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))

    def line(self, a: Point, b: Point, stroke: Stroke) -> None:
        set_stroke(self.canvas, stroke)
        self.canvas.line(*self.to_pt(a), *self.to_pt(b))

    def circle(self, centre: Point, radius: float, stroke: Stroke) -> None:
        set_stroke(self.canvas, stroke)
        self.canvas.circle(*self.to_pt(centre), radius * self.cell_pt, stroke=1, fill=0)

    def text(self, text: Text, colour: RGB) -> None:
        if text.backing is not None:
            self.polygon(np.asarray(text_box(text, 0.02).exterior.coords)[:-1], text.backing, None)
        c, size = self.canvas, text.size * self.cell_pt
        c.saveState()
        c.translate(*self.to_pt(text.at))
        c.rotate(text.angle)
        c.setFillColorRGB(*colour)
        c.setFont(BOLD, size)
        c.drawCentredString(0, -0.35 * size, text.text)  # -0.35 em puts the digits' middle on the point
        c.restoreState()
