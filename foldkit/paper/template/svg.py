"""The template as one SVG of the whole net at true scale (user units are millimetres), with
separate layers for cutting machines: "print" (tints, numbers, labels), "fold" and "cut"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from foldkit.fold.subject import Subject
from foldkit.paper.template.geometry import Point, net_geometry
from foldkit.paper.template.layout import TemplateOptions, plan_pages
from foldkit.paper.template.marks import Text, net_marks
from foldkit.paper.template.paint import RGB, Stroke, draw_net
from solver.grid import Cell

SVG = "http://www.w3.org/2000/svg"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
MARGIN_MM = 8.0
FONT = "Helvetica, Arial, sans-serif"


def _n(value: float) -> str:
    """A coordinate in mm, rounded to a micrometre, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(rgb: RGB) -> str:
    return "#" + "".join(f"{round(255 * v):02x}" for v in rgb)


def _stroke(stroke: Stroke) -> dict[str, str]:
    out = {"fill": "none", "stroke": _colour(stroke.colour), "stroke-width": _n(stroke.width)}
    if stroke.dash:
        out["stroke-dasharray"] = " ".join(_n(d) for d in stroke.dash)
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
        size = _n(self.cell_mm)
        self._add("rect", {"x": _n(x), "y": _n(y), "width": size, "height": size, "fill": _colour(fill)})

    def polygon(self, points: np.ndarray, fill: RGB | None, stroke: Stroke | None) -> None:
        attributes = {"points": " ".join(f"{_n(x)},{_n(y)}" for x, y in (self.mm(p) for p in points))}
        attributes.update(_stroke(stroke) if stroke else {})
        attributes["fill"] = _colour(fill) if fill is not None else "none"
        self._add("polygon", attributes)

    def line(self, a: Point, b: Point, stroke: Stroke) -> None:
        (x1, y1), (x2, y2) = self.mm(a), self.mm(b)
        self._add("line", {"x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2), **_stroke(stroke)})

    def circle(self, centre: Point, radius: float, stroke: Stroke) -> None:
        x, y = self.mm(centre)
        self._add("circle", {"cx": _n(x), "cy": _n(y), "r": _n(radius * self.cell_mm), **_stroke(stroke)})

    def text(self, text: Text, colour: RGB) -> None:
        x, y = self.mm(text.at)
        size = text.size * self.cell_mm
        element = self._add("text", {
            "x": _n(x), "y": _n(y + 0.35 * size), "font-family": FONT, "font-weight": "bold",
            "font-size": _n(size), "text-anchor": "middle", "fill": _colour(colour)})
        if text.angle:
            element.set("transform", f"rotate({_n(-text.angle)} {_n(x)} {_n(y)})")
        element.text = text.text


def template_svg(subject: Subject, options: TemplateOptions) -> bytes:
    """The whole net as SVG bytes, at the cell size the PDF uses."""
    geometry = net_geometry(subject.folding)
    plan = plan_pages(geometry.bounds, options)
    x0, y0, x1, y1 = geometry.bounds
    width, height = (x1 - x0) * plan.cell_mm + 2 * MARGIN_MM, (y1 - y0) * plan.cell_mm + 2 * MARGIN_MM
    ET.register_namespace("", SVG)
    ET.register_namespace("inkscape", INKSCAPE)
    root = ET.Element(f"{{{SVG}}}svg", {"width": f"{_n(width)}mm", "height": f"{_n(height)}mm",
                                         "viewBox": f"0 0 {_n(width)} {_n(height)}"})
    title = f"{subject.name}: cut-and-fold net, cell {plan.cell_mm:g} mm"
    ET.SubElement(root, f"{{{SVG}}}title").text = title
    draw_net(SvgPen(root, (x0, y0), plan.cell_mm), subject, geometry, net_marks(subject, geometry))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"
