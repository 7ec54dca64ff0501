"""The template as one SVG of the whole net at true scale (user units are millimetres), with
separate layers for cutting machines: "print" (tints, numbers, labels), "fold" and "cut"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from foldkit.exchange.svg import INKSCAPE, SVG, colour, number, svg_bytes, svg_root
from foldkit.fold.subject import Subject
from foldkit.look import RGB
from foldkit.paper.page import Stroke
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.geometry import Point
from foldkit.paper.template.layout import TemplateOptions
from foldkit.paper.template.paint import draw_net
from foldkit.paper.template.text import Text, text_box
from solver.grid import Cell

MARGIN_MM = 8.0
FONT = "Helvetica, Arial, sans-serif"


def _stroke(stroke: Stroke) -> dict[str, str]:
    out = {"fill": "none", "stroke": colour(stroke.colour), "stroke-width": number(stroke.width)}
    if stroke.dash:
        out["stroke-dasharray"] = " ".join(number(d) for d in stroke.dash)
    return out


class SvgPen:
    """A Pen (see paint.py) that builds SVG elements, one group per layer."""

    def __init__(self, root: ET.Element, origin: Point, cell_mm: float):
        self.root, self.origin, self.cell_mm = root, origin, cell_mm
        self.groups: dict[str, ET.Element] = {}
        self.group = root

    def mm(self, p: Point) -> tuple[float, float]:
        x, y = (np.asarray(p, dtype=np.float64) - self.origin) * self.cell_mm + MARGIN_MM
        return float(x), float(y)

    def layer(self, name: str) -> None:
        if name not in self.groups:
            self.groups[name] = ET.SubElement(self.root, f"{{{SVG}}}g", {
                "id": name, f"{{{INKSCAPE}}}groupmode": "layer", f"{{{INKSCAPE}}}label": name})
        self.group = self.groups[name]

    def _add(self, tag: str, attributes: dict[str, str]) -> ET.Element:
        return ET.SubElement(self.group, f"{{{SVG}}}{tag}", attributes)

    def cell(self, cell: Cell, fill: RGB) -> None:
        x, y = self.mm((cell[1], cell[0]))
        size = number(self.cell_mm)
        self._add("rect", {"x": number(x), "y": number(y), "width": size, "height": size, "fill": colour(fill)})

    def polygon(self, points: np.ndarray, fill: RGB | None, stroke: Stroke | None) -> None:
        attributes = {"points": " ".join(f"{number(x)},{number(y)}" for x, y in (self.mm(p) for p in points))}
        attributes.update(_stroke(stroke) if stroke else {})
        attributes["fill"] = colour(fill) if fill is not None else "none"
        self._add("polygon", attributes)

    def line(self, a: Point, b: Point, stroke: Stroke) -> None:
        (x1, y1), (x2, y2) = self.mm(a), self.mm(b)
        self._add("line", {"x1": number(x1), "y1": number(y1), "x2": number(x2), "y2": number(y2), **_stroke(stroke)})

    def circle(self, centre: Point, radius: float, stroke: Stroke) -> None:
        x, y = self.mm(centre)
        self._add("circle", {"cx": number(x), "cy": number(y), "r": number(radius * self.cell_mm), **_stroke(stroke)})

    def text(self, text: Text, ink: RGB) -> None:
        if text.backing is not None:
            self.polygon(np.asarray(text_box(text, 0.02).exterior.coords)[:-1], text.backing, None)
        x, y = self.mm(text.at)
        size = text.size * self.cell_mm
        element = self._add("text", {
            "x": number(x), "y": number(y + 0.35 * size), "font-family": FONT, "font-weight": "bold",
            "font-size": number(size), "text-anchor": "middle", "fill": colour(ink)})
        if text.angle:
            element.set("transform", f"rotate({number(-text.angle)} {number(x)} {number(y)})")
        element.text = text.text


def template_svg(subject: Subject, options: TemplateOptions, drawn: Drawn | None = None) -> bytes:
    """The whole net as SVG bytes, at the cell size the PDF uses (drawn: the fitted marks, if
    already made)."""
    geometry, plan, marks = drawn or fitted_marks(subject, options)
    x0, y0, x1, y1 = geometry.bounds
    width, height = (x1 - x0) * plan.cell_mm + 2 * MARGIN_MM, (y1 - y0) * plan.cell_mm + 2 * MARGIN_MM
    root = svg_root(width, height, f"{subject.name}: cut-and-fold net, cell {plan.cell_mm:g} mm")
    draw_net(SvgPen(root, (x0, y0), plan.cell_mm), subject, geometry, marks)
    return svg_bytes(root)
