"""The printed page, shared by every sheet foldkit prints: paper sizes, units, fonts, pens,
and a reportlab page to draw on in millimetres from the top-left corner (y down)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from foldkit.drawing import Mm
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange.pdf import PT_PER_MM
from foldkit.look import INK, RGB

PAPER_MM: dict[str, Mm] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
PAPERS = tuple(PAPER_MM)
MARGIN_MM = 10.0  # kept blank on every side: most printers cannot print to the edge
REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
SOFT_INK: RGB = (0.4, 0.4, 0.45)


@dataclass(frozen=True)
class Stroke:
    """How a line looks on paper: colour, width in mm, dash pattern in mm (empty: solid)."""

    colour: RGB
    width: float
    dash: tuple[float, ...] = ()


def paper_size(paper: str) -> Mm:
    """Portrait width and height of a paper name, in mm."""
    try:
        return PAPER_MM[paper.lower()]
    except KeyError:
        known = ", ".join(PAPER_MM)
        raise FoldkitError(f"unknown paper {paper!r}: use one of {known}", EXIT_BAD_INPUT) from None


@dataclass(frozen=True)
class Sheet:
    """A page being drawn: the canvas and the page height, to turn page mm (y down) into
    PDF points (y up)."""

    canvas: Canvas
    height_mm: float

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return x * PT_PER_MM, (self.height_mm - y) * PT_PER_MM

    def text(self, x: float, y: float, text: str, size: float, font: str = REGULAR,
             colour: RGB = INK, align: str = "left") -> None:
        """Text with its baseline at page mm (x, y); size in points."""
        c = self.canvas
        c.setFillColorRGB(*colour)
        c.setFont(font, size)
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
        draw(*self.pt(x, y), text)

    def line(self, a: tuple[float, float], b: tuple[float, float], stroke: Stroke) -> None:
        """A line between two page mm points."""
        set_stroke(self.canvas, stroke)
        self.canvas.line(*self.pt(*a), *self.pt(*b))


def set_stroke(c: Canvas, stroke: Stroke) -> None:
    c.setStrokeColorRGB(*stroke.colour)
    c.setLineWidth(stroke.width * PT_PER_MM)
    c.setDash([d * PT_PER_MM for d in stroke.dash] if stroke.dash else [], 0)


def draw_header(sheet: Sheet, title: str, right: str, width: float) -> None:
    """The title line at the top of a page, with page facts on the right."""
    base = MARGIN_MM + 6
    sheet.text(MARGIN_MM, base, title, 13, BOLD)
    sheet.text(width - MARGIN_MM, base, right, 8.5, REGULAR, SOFT_INK, "right")
