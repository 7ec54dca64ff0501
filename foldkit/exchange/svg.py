"""SVG: a finished element tree in, the bytes of an SVG file out (user units: millimetres)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "http://www.w3.org/2000/svg"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


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
