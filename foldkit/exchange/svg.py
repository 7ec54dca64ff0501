"""SVG: a drawing (``foldkit.drawing``) as the bytes of an SVG file, user units millimetres.
A document of several pages becomes one SVG with the pages one under the other, each a group.
Layers become Inkscape layers, so cutting machines can take the cut lines alone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from foldkit.drawing import PT_MM, Circle, Document, Drawing, Group, Label, Line, Polygon, Rect, Shape, as_document

SVG = "http://www.w3.org/2000/svg"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
FAMILY = "Helvetica, Arial, sans-serif"
ANCHOR = {"left": "start", "centre": "middle", "right": "end"}
PAGE_GAP_MM = 10.0  # between the pages of a document


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


def drawing_svg(printed: Drawing | Document) -> bytes:
    """The SVG bytes of a drawing, or of a document's pages one under the other."""
    document = as_document(printed)
    if len(document.pages) == 1:
        page = document.pages[0]
        root = svg_root(*page.size, page.title)
        _Writer(root).add(root, page.shapes)
        return svg_bytes(root)
    width = max(page.size[0] for page in document.pages)
    height = sum(page.size[1] for page in document.pages) + PAGE_GAP_MM * (len(document.pages) - 1)
    root = svg_root(width, height, document.title)
    writer, top = _Writer(root), 0.0
    for n, page in enumerate(document.pages, 1):
        group = ET.SubElement(root, f"{{{SVG}}}g", {"id": f"page-{n}", "class": "page",
                                                    "transform": f"translate(0 {number(top)})"})
        writer.add(group, page.shapes)
        top += page.size[1] + PAGE_GAP_MM
    return svg_bytes(root)


class _Writer:
    """Shapes into elements; clip areas go into the root's definitions, each with its own id."""

    def __init__(self, root: ET.Element):
        self.root = root
        self.ids: set[str] = set()
        self.defs: ET.Element | None = None

    def add(self, parent: ET.Element, shapes: tuple[Shape, ...]) -> None:
        for shape in shapes:
            if isinstance(shape, Group):
                self.add(self._group(parent, shape), shape.shapes)
                continue
            tag, attributes = _element(shape)
            element = ET.SubElement(parent, f"{{{SVG}}}{tag}", attributes)
            if isinstance(shape, Label):
                element.text = shape.text

    def _group(self, parent: ET.Element, group: Group) -> ET.Element:
        """The element a group's shapes go into; a clip is kept outside the transform (an SVG
        clips in the coordinates of the element it sits on, after that element's transform)."""
        attributes: dict[str, str] = {}
        if group.layer:
            attributes |= {"id": self._fresh(group.layer), f"{{{INKSCAPE}}}groupmode": "layer",
                           f"{{{INKSCAPE}}}label": group.layer}
        if group.clip is not None:
            attributes["clip-path"] = f"url(#{self._clip(group.clip)})"
        element = ET.SubElement(parent, f"{{{SVG}}}g", attributes)
        if group.transform is None:
            return element
        moved = f"matrix({' '.join(number(v) for v in group.transform)})"
        if group.clip is None:
            element.set("transform", moved)
            return element
        return ET.SubElement(element, f"{{{SVG}}}g", {"transform": moved})

    def _clip(self, area: tuple[float, float, float, float]) -> str:
        if self.defs is None:
            self.defs = ET.Element(f"{{{SVG}}}defs")
            self.root.insert(1, self.defs)  # after the title
        name = self._fresh("clip")
        clip = ET.SubElement(self.defs, f"{{{SVG}}}clipPath", {"id": name})
        x, y, w, h = area
        ET.SubElement(clip, f"{{{SVG}}}rect", {"x": number(x), "y": number(y), "width": number(w),
                                               "height": number(h)})
        return name

    def _fresh(self, name: str) -> str:
        """The name as an id, numbered if it is taken already (a layer on every page)."""
        fresh, n = name, 1
        while fresh in self.ids:
            n += 1
            fresh = f"{name}-{n}"
        self.ids.add(fresh)
        return fresh


def _element(shape: Shape) -> tuple[str, dict[str, str]]:
    if isinstance(shape, Rect):
        attributes = {"class": shape.role, "x": number(shape.x), "y": number(shape.y),
                      "width": number(shape.width), "height": number(shape.height), "fill": colour(shape.fill)}
        if shape.opacity < 1:
            attributes["fill-opacity"] = number(shape.opacity)
        return "rect", attributes
    if isinstance(shape, Line):
        (x1, y1), (x2, y2) = shape.start, shape.end
        return "line", {"class": shape.role, "x1": number(x1), "y1": number(y1), "x2": number(x2),
                        "y2": number(y2),
                        "stroke": colour(shape.colour), "stroke-width": number(shape.width),
                        "stroke-linecap": shape.cap, **_dash(shape.dash)}
    if isinstance(shape, Polygon | Circle):
        return _outline(shape)
    if isinstance(shape, Label):
        return "text", _text(shape)
    raise TypeError(f"no single SVG element draws a {type(shape).__name__}")  # _Writer.add opens a group's <g>


def _text(label: Label) -> dict[str, str]:
    attributes = {"x": number(label.x), "y": number(label.y), "font-family": FAMILY,
                  "font-size": number(label.size_pt * PT_MM),
                  "fill": colour(label.colour), "text-anchor": ANCHOR[label.align]}
    if label.font.endswith("Bold"):
        attributes["font-weight"] = "bold"
    if label.angle:
        attributes["transform"] = f"rotate({number(-label.angle)} {number(label.x)} {number(label.y)})"
    return attributes


def _dash(dash: tuple[float, ...]) -> dict[str, str]:
    return {"stroke-dasharray": " ".join(number(d) for d in dash)} if dash else {}


def _outline(shape: Polygon | Circle) -> tuple[str, dict[str, str]]:
    paint = {"fill": "none" if shape.fill is None else colour(shape.fill)}
    if shape.stroke is not None:
        paint |= {"stroke": colour(shape.stroke), "stroke-width": number(shape.width)}
    if isinstance(shape, Circle):
        (x, y) = shape.centre
        return "circle", {"class": shape.role, "cx": number(x), "cy": number(y), "r": number(shape.radius), **paint}
    points = " ".join(f"{number(x)},{number(y)}" for x, y in shape.points)
    return "polygon", {"class": shape.role, "points": points, **paint, **_dash(shape.dash)}
