"""PDF: a document drawn page by page on a reportlab canvas, then its bytes.

Same drawing, same bytes: the canvas runs in reportlab's invariant mode (no dates, no random
document id).
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from foldkit.drawing import Circle, Drawing, Line, Polygon, Rect, Shape

PT_PER_MM = 72 / 25.4


class PdfDocument:
    """A PDF being drawn: ``canvas`` for the pages, ``bytes()`` when every page is done."""

    def __init__(self, page_mm: tuple[float, float], title: str, subject: str = ""):
        self._buffer = io.BytesIO()
        self.canvas = Canvas(self._buffer, pagesize=tuple(x * PT_PER_MM for x in page_mm), invariant=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("foldkit")
        self.canvas.setCreator("foldkit")
        if subject:
            self.canvas.setSubject(subject)

    def bytes(self) -> bytes:
        """Close the document and return the file's bytes."""
        self.canvas.save()
        return self._buffer.getvalue()


def drawing_pdf(drawing: Drawing) -> bytes:
    """A one-page drawing (``foldkit.drawing``) as PDF bytes."""
    document = PdfDocument(drawing.size, drawing.title)
    for shape in drawing.shapes:
        _draw(document.canvas, shape, drawing.size[1])
    document.canvas.showPage()
    return document.bytes()


def _draw(c: Canvas, shape: Shape, height: float) -> None:
    """One shape; page mm (y down) become PDF points (y up)."""
    def pt(x: float, y: float) -> tuple[float, float]:
        return x * PT_PER_MM, (height - y) * PT_PER_MM

    if isinstance(shape, Rect):
        c.setFillColorRGB(*shape.fill)
        c.rect(*pt(shape.x, shape.y + shape.height), shape.width * PT_PER_MM, shape.height * PT_PER_MM,
               stroke=0, fill=1)
    elif isinstance(shape, Line):
        c.setStrokeColorRGB(*shape.colour)
        c.setLineWidth(shape.width * PT_PER_MM)
        c.setLineCap(2)  # square ends: runs of a border meet without notches
        c.line(*pt(*shape.start), *pt(*shape.end))
    elif isinstance(shape, Polygon | Circle):
        _outline(c, shape, pt)
    else:
        c.setFillColorRGB(*shape.colour)
        c.setFont(shape.font, shape.size_pt)
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[shape.align]
        draw(*pt(shape.x, shape.y), shape.text)


def _outline(c: Canvas, shape: Polygon | Circle, pt) -> None:
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
