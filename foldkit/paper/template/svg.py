"""The template's net as one page at true scale (user units are millimetres), with separate
layers for cutting machines: "print" (tints, numbers, labels), "fold" and "cut"; written as SVG."""

from __future__ import annotations

import numpy as np

from foldkit.drawing import Drawing
from foldkit.exchange.svg import drawing_svg
from foldkit.fold.subject import Subject
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.layout import TemplateOptions
from foldkit.paper.template.paint import NetPen, draw_net

MARGIN_MM = 8.0


def net_drawing(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> Drawing:
    """The whole net on a page of its own size, at the cell size the PDF uses (drawn: the fitted
    marks, if already made)."""
    geometry, plan, marks = drawn or fitted_marks(subject, options)
    x0, y0, x1, y1 = geometry.bounds
    cell = plan.cell_mm
    size = (x1 - x0) * cell + 2 * MARGIN_MM, (y1 - y0) * cell + 2 * MARGIN_MM

    def to_mm(p):
        x, y = (np.asarray(p, dtype=np.float64) - (x0, y0)) * cell + MARGIN_MM
        return x, y

    pen = NetPen(to_mm, cell)
    draw_net(pen, subject, geometry, marks)
    return Drawing(size, f"{subject.name}: cut-and-fold net, cell {cell:g} mm", tuple(pen.shapes()))


def template_svg(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> bytes:
    """The whole net as SVG bytes (see net_drawing)."""
    return drawing_svg(net_drawing(subject, options, drawn))
