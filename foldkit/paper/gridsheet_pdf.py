"""A grid sheet's drawing as a one-page PDF (reportlab, invariant mode: same drawing, same bytes)."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from foldkit.paper.gridsheet import PT_MM, Box, Drawing, Label, Stroke

PT_PER_MM = 1 / PT_MM


def drawing_pdf(drawing: Drawing) -> bytes:
    """The PDF bytes of a drawing."""
    buffer = io.BytesIO()
    width, height = drawing.size
    c = Canvas(buffer, pagesize=(width * PT_PER_MM, height * PT_PER_MM), invariant=1)
    c.setTitle(drawing.title)
    c.setAuthor("foldkit")
    c.setCreator("foldkit")
    for shape in drawing.shapes:
        _draw(c, shape, height)
    c.showPage()
    c.save()
    return buffer.getvalue()


def _draw(c: Canvas, shape: Box | Stroke | Label, height: float) -> None:
    """One shape; page mm (y down) become PDF points (y up)."""
    def pt(x: float, y: float) -> tuple[float, float]:
        return x * PT_PER_MM, (height - y) * PT_PER_MM

    if isinstance(shape, Box):
        c.setFillColorRGB(*shape.fill)
        c.rect(*pt(shape.x, shape.y + shape.height), shape.width * PT_PER_MM, shape.height * PT_PER_MM,
               stroke=0, fill=1)
    elif isinstance(shape, Stroke):
        c.setStrokeColorRGB(*shape.colour)
        c.setLineWidth(shape.width * PT_PER_MM)
        c.setLineCap(2)  # square ends: runs of a border meet without notches
        c.line(*pt(*shape.start), *pt(*shape.end))
    else:
        c.setFillColorRGB(*shape.colour)
        c.setFont(shape.font, shape.size_pt)
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[shape.align]
        draw(*pt(shape.x, shape.y), shape.text)
