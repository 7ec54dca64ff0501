"""SVG: a finished element tree in, the bytes of an SVG file out (user units: millimetres)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from foldkit.drawing import PT_MM, Circle, Drawing, Label, Line, Polygon, Rect, Shape

SVG = "http://www.w3.org/2000/svg"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
FAMILY = "Helvetica, Arial, sans-serif"
ANCHOR = {"left": "start", "centre": "middle", "right": "end"}


def svg_root(width_mm: float, height_mm: float, title: str) -> ET.Element:
    """An empty SVG drawing of the given size in mm, with its title."""
    ET.register_namespace("", SVG)
    ET.register_namespace("inkscape", INKSCAPE)
    width, height = number(width_mm), number(height_mm)
    root = ET.Element(f"{{{SVG}}}svg", {"width": f"{width}mm", "height": f"{height}mm",
                                         "viewBox": f"0 0 {width} {height}"})
    ET.SubElement(root, f"{{{SVG}}}title").text = title
    return root


def number(value: float) -> str:
    """A coordinate in mm, rounded to a micrometre, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def colour(rgb: tuple[float, float, float]) -> str:
    """'#rrggbb' of an RGB colour with channels 0-1."""
    return "#" + "".join(f"{round(255 * v):02x}" for v in rgb)


def svg_bytes(root: ET.Element) -> bytes:
    """The SVG file of a drawing, indented, with its XML declaration."""
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def drawing_svg(drawing: Drawing) -> bytes:
    """The SVG bytes of a drawing."""
    root = svg_root(*drawing.size, drawing.title)
    for shape in drawing.shapes:
        tag, attributes = _element(shape)
        element = ET.SubElement(root, f"{{{SVG}}}{tag}", attributes)
        if isinstance(shape, Label):
            element.text = shape.text
    return svg_bytes(root)


def _element(shape: Shape) -> tuple[str, dict[str, str]]:
    if isinstance(shape, Rect):
        return "rect", {"class": shape.role, "x": number(shape.x), "y": number(shape.y),
                        "width": number(shape.width), "height": number(shape.height), "fill": colour(shape.fill)}
    if isinstance(shape, Line):
        (x1, y1), (x2, y2) = shape.start, shape.end
        return "line", {"class": shape.role, "x1": number(x1), "y1": number(y1), "x2": number(x2),
                        "y2": number(y2),
                        "stroke": colour(shape.colour), "stroke-width": number(shape.width),
                        "stroke-linecap": "square"}
    if isinstance(shape, Polygon | Circle):
        return _outline(shape)
    attributes = {"x": number(shape.x), "y": number(shape.y), "font-family": FAMILY,
                  "font-size": number(shape.size_pt * PT_MM),
                  "fill": colour(shape.colour), "text-anchor": ANCHOR[shape.align]}
    if shape.font.endswith("Bold"):
        attributes["font-weight"] = "bold"
    return "text", attributes


def _outline(shape: Polygon | Circle) -> tuple[str, dict[str, str]]:
    paint = {"fill": "none" if shape.fill is None else colour(shape.fill)}
    if shape.stroke is not None:
        paint |= {"stroke": colour(shape.stroke), "stroke-width": number(shape.width)}
    if isinstance(shape, Circle):
        (x, y) = shape.centre
        return "circle", {"class": shape.role, "cx": number(x), "cy": number(y), "r": number(shape.radius), **paint}
    points = " ".join(f"{number(x)},{number(y)}" for x, y in shape.points)
    return "polygon", {"class": shape.role, "points": points, **paint}
