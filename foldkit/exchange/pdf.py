"""PDF: a drawing (``foldkit.drawing``), one page or a document of many, as the bytes of a PDF;
and the widths of its fonts, which the pages lay their text out by.

Same drawing, same bytes: the canvas runs in reportlab's invariant mode (no dates, no random
document id). This and ``foldkit.exchange.svg`` are the only modules that write a printed page.

reportlab is loaded when a PDF is written or a text measured, not when this module is imported:
it takes a tenth of a second (PIL with it), which reading a puzzle must not pay.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from foldkit.drawing import (
    PT_MM,
    Circle,
    Document,
    Drawing,
    Group,
    Label,
    Line,
    Matrix,
    Polygon,
    Rect,
    Shape,
    as_document,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PT_PER_MM = 72 / 25.4
CAPS = {"butt": 0, "square": 2}
ToPoints = Callable[[float, float], tuple[float, float]]  # page mm (y down) -> PDF points (y up)


def font_width(text: str, font: str, size: float) -> float:
    """The advance width of a line of text in one of the PDF's standard fonts ('Helvetica-Bold'),
    in the unit of its size (points for a size in points, cells for one in cells)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth  # loaded when used: see the module's docstring

    return stringWidth(text, font, size)


def text_width(text: str, font: str, size_pt: float) -> float:
    """The width in mm of a line of text of a size in points."""
    return font_width(text, font, size_pt) * PT_MM


def drawing_pdf(printed: Drawing | Document) -> bytes:
    """A drawing or a document of drawings as PDF bytes, one PDF page each."""
    from reportlab.pdfgen.canvas import Canvas  # loaded when used: see the module's docstring

    document = as_document(printed)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=_points(document.pages[0].size), invariant=1)
    c.setTitle(document.title)
    c.setAuthor("foldkit")
    c.setCreator("foldkit")
    if document.subject:
        c.setSubject(document.subject)
    for page in document.pages:
        c.setPageSize(_points(page.size))
        to_points = _page_to_points(page.size[1])
        for shape in page.shapes:
            _draw(c, shape, to_points)
        c.showPage()
    c.save()
    return buffer.getvalue()


def _points(size: tuple[float, float]) -> tuple[float, float]:
    width, height = size
    return width * PT_PER_MM, height * PT_PER_MM


def _page_to_points(height: float) -> ToPoints:
    """Millimetres on a page of this height (y down) to PDF points (y up)."""
    return lambda x, y: (x * PT_PER_MM, (height - y) * PT_PER_MM)


def _draw(c: Canvas, shape: Shape, pt: ToPoints) -> None:
    """One shape; page mm (y down) become PDF points (y up)."""
    if isinstance(shape, Group):
        _group(c, shape, pt)
    elif isinstance(shape, Rect):
        _rect(c, shape, pt)
    elif isinstance(shape, Line):
        _dashed(c, shape.dash, lambda: _line(c, shape, pt))
    elif isinstance(shape, Polygon | Circle):
        _dashed(c, getattr(shape, "dash", ()), lambda: _outline(c, shape, pt))
    else:
        _label(c, shape, pt)


def _group(c: Canvas, group: Group, pt: ToPoints) -> None:
    """A group's shapes, inside its clip and under its transform (a layer alone changes nothing)."""
    if group.clip is None and group.transform is None:
        for shape in group.shapes:
            _draw(c, shape, pt)
        return
    c.saveState()
    if group.clip is not None:
        x, y, w, h = group.clip
        clip = c.beginPath()
        clip.rect(*pt(x, y + h), w * PT_PER_MM, h * PT_PER_MM)
        c.clipPath(clip, stroke=0, fill=0)
    if group.transform is not None:
        pt = _transformed(c, group.transform, pt)
    for shape in group.shapes:
        _draw(c, shape, pt)
    c.restoreState()


def _transformed(c: Canvas, transform: Matrix, pt: ToPoints) -> ToPoints:
    """The map from mm to points for a group's shapes under its transform: a shift moves the
    coordinates themselves (the same numbers as shapes laid out in place); any other transform
    goes into the canvas."""
    a, b, cc, d, e, f = transform
    if (a, b, cc, d) == (1, 0, 0, 1):
        return lambda x, y: pt(x + e, y + f)
    return _in_canvas(c, transform, pt)


def _in_canvas(c: Canvas, transform: Matrix, pt: ToPoints) -> ToPoints:
    """Put the page-mm transform into the canvas's; returns the map from mm to points under it.

    The group's shapes are drawn by the plain scaling part of pt (small numbers) and the canvas
    maps them on: to page mm by undoing that scaling, moved by the transform, then by pt."""
    (x0, y0), (x1, _), (_, y1) = pt(0, 0), pt(1, 0), pt(0, 1)
    sx, sy = x1 - x0, y1 - y0
    a, b, cc, d, e, f = transform
    page = np.array([[sx, 0, x0], [0, sy, y0], [0, 0, 1]]) @ np.array([[a, cc, e], [b, d, f], [0, 0, 1]])
    m = page @ np.diag([1 / sx, 1 / sy, 1])
    c.transform(m[0, 0], m[1, 0], m[0, 1], m[1, 1], m[0, 2], m[1, 2])
    return lambda x, y: (x * sx, y * sy)


def _dashed(c: Canvas, dash: tuple[float, ...], draw: Callable[[], None]) -> None:
    """Draw, dashed by the pattern in mm if there is one (kept to this shape by a saved state)."""
    if not dash:
        draw()
        return
    c.saveState()
    c.setDash([d * PT_PER_MM for d in dash], 0)
    draw()
    c.restoreState()


def _rect(c: Canvas, rect: Rect, pt: ToPoints) -> None:
    def fill() -> None:
        c.setFillColorRGB(*rect.fill)
        c.rect(*pt(rect.x, rect.y + rect.height), rect.width * PT_PER_MM, rect.height * PT_PER_MM, stroke=0, fill=1)

    if rect.opacity >= 1:
        fill()
        return
    c.saveState()
    c.setFillAlpha(rect.opacity)
    fill()
    c.restoreState()


def _line(c: Canvas, line: Line, pt: ToPoints) -> None:
    c.setStrokeColorRGB(*line.colour)
    c.setLineWidth(line.width * PT_PER_MM)
    c.setLineCap(CAPS[line.cap])
    c.line(*pt(*line.start), *pt(*line.end))


def _label(c: Canvas, label: Label, pt: ToPoints) -> None:
    """Text; turned text is drawn at the origin of a turned frame."""
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[label.align]
    if label.angle:
        c.saveState()
        c.translate(*pt(label.x, label.y))
        c.rotate(label.angle)
    c.setFillColorRGB(*label.colour)
    c.setFont(label.font, label.size_pt)
    if label.angle:
        draw(0, 0, label.text)
        c.restoreState()
    else:
        draw(*pt(label.x, label.y), label.text)


def _outline(c: Canvas, shape: Polygon | Circle, pt: ToPoints) -> None:
    """A polygon or circle, filled and/or stroked (mitred joins)."""
    if shape.fill is not None:
        c.setFillColorRGB(*shape.fill)
    if shape.stroke is not None:
        c.setStrokeColorRGB(*shape.stroke)
        c.setLineWidth(shape.width * PT_PER_MM)
        c.setLineJoin(0)
    stroke, fill = int(shape.stroke is not None), int(shape.fill is not None)
    if isinstance(shape, Circle):
        c.circle(*pt(*shape.centre), shape.radius * PT_PER_MM, stroke=stroke, fill=fill)
        return
    path = c.beginPath()
    path.moveTo(*pt(*shape.points[0]))
    for point in shape.points[1:]:
        path.lineTo(*pt(*point))
    path.close()
    c.drawPath(path, stroke=stroke, fill=fill)
