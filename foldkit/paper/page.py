"""The printed page, shared by every sheet foldkit prints: paper sizes, units, fonts, pens,
and a page being laid out as shapes (``foldkit.drawing``) in millimetres from the top-left
corner (y down)."""

from __future__ import annotations

from dataclasses import dataclass, field

from foldkit.drawing import Drawing, Label, Line, Mm, Shape
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange.pdf import text_width
from foldkit.look import INK, RGB
from solver.diary import Grade

# Portrait width and height: ISO A4 and A3; US Letter (8.5 x 11 in), Legal (8.5 x 14 in) and Tabloid (11 x 17 in).
PAPER_MM: dict[str, Mm] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
                           "legal": (215.9, 355.6), "tabloid": (279.4, 431.8)}
PAPERS = tuple(PAPER_MM)
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "legal": "Legal", "tabloid": "Tabloid"}  # as printed
# The next size up in each family, for advice on a sheet too small: A4 -> A3, Letter and Legal -> Tabloid.
LARGER_PAPER = {"a4": "a3", "letter": "tabloid", "legal": "tabloid"}
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

    def line(self, a: Mm, b: Mm, role: str = "line") -> Line:
        """A line in this stroke between two page mm points (butt ends: dashes keep their length)."""
        return Line(a, b, self.width, self.colour, role, self.dash, "butt")


def paper_name(paper: str) -> str:
    """A paper's name as a person writes it: 'A4', 'Letter'."""
    return PAPER_NAMES[paper.lower()]


def paper_size(paper: str) -> Mm:
    """Portrait width and height of a paper name, in mm."""
    try:
        return PAPER_MM[paper.lower()]
    except KeyError:
        known = ", ".join(PAPER_MM)
        raise FoldkitError(f"unknown paper {paper!r}: use one of {known}", EXIT_BAD_INPUT) from None


@dataclass
class Sheet:
    """A page being laid out: its size in mm and its shapes so far, in drawing order."""

    size: Mm
    shapes: list[Shape] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def text(self, x: float, y: float, text: str, size: float, font: str = REGULAR,
             colour: RGB = INK, align: str = "left", angle: float = 0.0) -> None:
        """Text with its baseline at page mm (x, y); size in points."""
        self.shapes.append(Label(x, y, text, size, font, colour, align, angle))

    def line(self, a: Mm, b: Mm, stroke: Stroke) -> None:
        """A line between two page mm points."""
        self.shapes.append(stroke.line(a, b))

    def drawing(self, title: str) -> Drawing:
        return Drawing(self.size, title, tuple(self.shapes))


def difficulty_line(grade: Grade | None) -> tuple[str, ...]:
    """The line a puzzle's sheet or card carries about its difficulty (none when not graded)."""
    return (f"Difficulty: {grade.short}",) if grade else ()


def wrapped(paragraphs: tuple[str, ...], font: str, size_pt: float, width: float) -> list[str]:
    """Lines of the paragraphs, broken between words to fit the width in mm."""
    lines = []
    for paragraph in paragraphs:
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, font, size_pt) > width:
                lines.append(line)
                candidate = word
            line = candidate
        lines.append(line)
    return lines



def draw_header(sheet: Sheet, title: str, right: str, width: float) -> None:
    """The title line at the top of a page, with page facts on the right (under the title's end
    when the two would meet, on a narrow page)."""
    base = MARGIN_MM + 6
    sheet.text(MARGIN_MM, base, title, 13, BOLD)
    room = width - 2 * MARGIN_MM - text_width(title, BOLD, 13) - 3
    sheet.text(width - MARGIN_MM, base if text_width(right, REGULAR, 8.5) <= room else base + 3.8, right, 8.5,
               REGULAR, SOFT_INK, "right")
