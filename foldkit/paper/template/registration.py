"""Print-then-cut registration marks: what a cutting machine's optical sensor looks for on a
printed page to line its blade up with the print, in each machine's own geometry, and the area
of the page the template may use without covering them.

The template is laid out on that area as if it were a sheet of its own (with its own margins,
header and footer) and placed there unscaled; the marks go round it on the real page, on a
layer of their own ("regmarks"), apart from the "cut", "fold" and "print" layers.

Geometry, page mm from the page's top-left corner (y down), with its sources:

- ``silhouette``: Silhouette's classic three-corner marks (Cameo 1-4, Portrait, Curio): a
  filled 5 mm square at the top-left, an L of two 20 mm arms at the top-right and bottom-left
  corners, lines 0.3 mm; the marks' outer corners 10 mm in from the page's edges, so the mark
  distances are the page's width and height less 20 mm (A4: 190 x 277 mm). Silhouette's
  software keeps designs out of the 20 mm squares the marks span. Source: the inkscape-silhouette
  project's regmark generator (render_silhouette_regmarks.py: REG_SQUARE_MM 5, REG_LINE_MM 20,
  0.3 mm stroke, which it reports as what makes registration reliable) and its user guide's
  A4 settings (left 10, top 10, distances 190 x 277 mm).
- ``cameo5``: the Cameo 5's four-corner marks: an L at each of the four corners, arms 20 mm
  pointing inward along the page's edges, lines 0.3 mm, corners 10 mm in from each edge.
  Source: inkscape-silhouette pull request #380 (the Cameo 5 Alpha A4 template: "four
  inward-facing L marks", "mark corners 10 mm from each page edge", "20 mm arm length, 0.3 mm
  stroke width").
- ``cricut``: Cricut Design Space prints an image of at most 9.25 x 6.75 in for Print Then
  Cut and puts its own sensor frame round it (a black frame and a corner mark). The template is
  kept inside a 9.25 x 6.75 in area centred on the page, and that area is framed by a 0.5 mm
  line with a 5 mm filled square outside its top-left corner, so the page shows where Design
  Space will frame it; the drawing must be uploaded as the SVG (its print layer) for Design
  Space to add its own marks. Sources: the 9.25 x 6.75 in limit is Cricut's (Design Space help,
  "Print Then Cut" maximum size for Letter/A4); users report its frame needs about 14 mm
  round the image (MTGProxyPrinter discussion #4), which a centred area leaves on Letter and A4.
"""

from __future__ import annotations

from dataclasses import dataclass

from foldkit.drawing import Drawing, Group, Line, Mm, Rect, Shape
from foldkit.look import RGB

Area = tuple[float, float, float, float]  # x, y, width, height in page mm

CUTTERS = ("silhouette", "cameo5", "cricut")
REGMARK_LAYER = "regmarks"
MARK_INK: RGB = (0.0, 0.0, 0.0)  # the sensor reads black on white
INSET_MM = 10.0  # a Silhouette mark's outer corner from the page's edges
ARM_MM = 20.0  # the length of an L mark's arm
SQUARE_MM = 5.0  # the filled square of the classic marks
LINE_MM = 0.3  # Silhouette's mark lines
CLEAR_MM = 1.0  # between the marks' corner squares and the template's area
CRICUT_AREA_MM = (6.75 * 25.4, 9.25 * 25.4)  # Print Then Cut's largest image, portrait
FRAME_MM = 0.5


@dataclass(frozen=True)
class Registration:
    """A page's marks and the area the template may use, both in page mm."""

    area: Area
    marks: tuple[Shape, ...]


def registration(cutter: str, page: Mm) -> Registration:
    """The marks of a cutter on a page of this size (as oriented), and the area left for the template."""
    if cutter == "cricut":
        return _cricut(page)
    width, height = page
    band = INSET_MM + ARM_MM + CLEAR_MM - 10.0  # the area's own 10 mm margin keeps its ink out of the marks' squares
    area = (band, band, width - 2 * band, height - 2 * band)
    corners = {"top-left": (INSET_MM, INSET_MM, 1, 1), "top-right": (width - INSET_MM, INSET_MM, -1, 1),
               "bottom-left": (INSET_MM, height - INSET_MM, 1, -1),
               "bottom-right": (width - INSET_MM, height - INSET_MM, -1, -1)}
    if cutter == "cameo5":
        return Registration(area, tuple(line for corner in corners.values() for line in _ell(*corner)))
    square = Rect(INSET_MM, INSET_MM, SQUARE_MM, SQUARE_MM, MARK_INK, "regmark")
    marks: list[Shape] = [square, *_ell(*corners["top-right"]), *_ell(*corners["bottom-left"])]
    return Registration(area, tuple(marks))


def _ell(x: float, y: float, along_x: int, along_y: int) -> list[Line]:
    """An L mark with its corner at (x, y), its arms running ARM_MM inward along the page's edges."""
    return [Line((x, y), (x + along_x * ARM_MM, y), LINE_MM, MARK_INK, "regmark", cap="square"),
            Line((x, y), (x, y + along_y * ARM_MM), LINE_MM, MARK_INK, "regmark", cap="square")]


def _cricut(page: Mm) -> Registration:
    """Cricut's Print Then Cut area centred on the page, framed, a filled square off its top-left corner."""
    width, height = page
    short, long = CRICUT_AREA_MM
    w, h = (long, short) if width > height else (short, long)
    w, h = min(w, width - 2 * (INSET_MM + SQUARE_MM)), min(h, height - 2 * (INSET_MM + SQUARE_MM))
    x, y = (width - w) / 2, (height - h) / 2
    frame = [Line(a, b, FRAME_MM, MARK_INK, "regmark", cap="square")
             for a, b in (((x, y), (x + w, y)), ((x + w, y), (x + w, y + h)), ((x + w, y + h), (x, y + h)),
                          ((x, y + h), (x, y)))]
    square = Rect(x - SQUARE_MM - FRAME_MM, y - SQUARE_MM - FRAME_MM, SQUARE_MM, SQUARE_MM, MARK_INK, "regmark")
    return Registration((x, y, w, h), (*frame, square))


def area_size(cutter: str, page: Mm) -> Mm:
    """The width and height a page leaves for the template inside a cutter's marks."""
    return registration(cutter, page).area[2:]


def on_marked_page(cutter: str, page: Mm, drawing: Drawing, marks: bool = True) -> Drawing:
    """A drawing laid out on a cutter's area, placed unscaled on the real page, the marks round it
    on their own layer (marks False: the area alone, as for a page the machine does not cut)."""
    placed = registration(cutter, page)
    x, y = placed.area[:2]
    shapes: list[Shape] = [Group(drawing.shapes, transform=(1.0, 0.0, 0.0, 1.0, x, y))]
    if marks:
        shapes.append(Group(placed.marks, layer=REGMARK_LAYER))
    return Drawing(page, drawing.title, tuple(shapes))
