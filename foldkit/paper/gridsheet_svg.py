"""A grid sheet's drawing as an SVG: user units are millimetres, shapes in drawing order.

Filled rectangles carry a class naming their role ('page', 'shade', 'tile'), lines theirs
('thin', 'border', 'frame').
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from foldkit.paper.gridsheet import PT_MM, RGB, Box, Drawing, Label, Stroke

SVG = "http://www.w3.org/2000/svg"
FAMILY = "Helvetica, Arial, sans-serif"
ANCHOR = {"left": "start", "centre": "middle", "right": "end"}


def _n(value: float) -> str:
    """A length in mm, to a micrometre, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(rgb: RGB) -> str:
    return "#" + "".join(f"{round(255 * v):02x}" for v in rgb)


def drawing_svg(drawing: Drawing) -> bytes:
    """The SVG bytes of a drawing."""
    ET.register_namespace("", SVG)
    width, height = drawing.size
    root = ET.Element(f"{{{SVG}}}svg", {"width": f"{_n(width)}mm", "height": f"{_n(height)}mm",
                                          "viewBox": f"0 0 {_n(width)} {_n(height)}"})
    ET.SubElement(root, f"{{{SVG}}}title").text = drawing.title
    for shape in drawing.shapes:
        tag, attributes = _element(shape)
        element = ET.SubElement(root, f"{{{SVG}}}{tag}", attributes)
        if isinstance(shape, Label):
            element.text = shape.text
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _element(shape: Box | Stroke | Label) -> tuple[str, dict[str, str]]:
    if isinstance(shape, Box):
        return "rect", {"class": shape.role, "x": _n(shape.x), "y": _n(shape.y), "width": _n(shape.width),
                        "height": _n(shape.height), "fill": _colour(shape.fill)}
    if isinstance(shape, Stroke):
        (x1, y1), (x2, y2) = shape.start, shape.end
        return "line", {"class": shape.role, "x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2),
                        "stroke": _colour(shape.colour), "stroke-width": _n(shape.width),
                        "stroke-linecap": "square"}
    attributes = {"x": _n(shape.x), "y": _n(shape.y), "font-family": FAMILY, "font-size": _n(shape.size_pt * PT_MM),
                  "fill": _colour(shape.colour), "text-anchor": ANCHOR[shape.align]}
    if shape.font.endswith("Bold"):
        attributes["font-weight"] = "bold"
    return "text", attributes
