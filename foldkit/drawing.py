"""A printed page as plain shapes in page millimetres (y down): filled rectangles, lines,
polygons, circles, text and groups of them; and a document of such pages. Every printed page
foldkit makes (sheets, templates, assembly instructions) lays itself out as a ``Drawing``;
``foldkit.exchange.pdf`` and ``foldkit.exchange.svg`` draw the same shapes, so both files show
the same page, and they are the only code that writes either format."""

from __future__ import annotations

from dataclasses import dataclass

from foldkit.look import RGB

Mm = tuple[float, float]  # (x, y) in millimetres from the page's top-left, y down
Area = tuple[float, float, float, float]  # (x, y, width, height) in page mm, (x, y) the top-left corner
# An affine map of page mm onto page mm: (x, y) -> (a x + c y + e, b x + d y + f)
Matrix = tuple[float, float, float, float, float, float]

PT_MM = 25.4 / 72  # one point in millimetres


@dataclass(frozen=True)
class Rect:
    """A filled rectangle, (x, y) its top-left corner; `role` names it in the SVG ('tile', 'shade',
    'page'); opacity below 1 lets what is under it show through."""

    x: float
    y: float
    width: float
    height: float
    fill: RGB
    role: str
    opacity: float = 1.0


@dataclass(frozen=True)
class Line:
    """A straight line of a width in mm, dashed by a pattern in mm (empty: solid), with 'square'
    ends (runs of a border meet without notches) or 'butt' ends (dashes keep their length)."""

    start: Mm
    end: Mm
    width: float
    colour: RGB
    role: str
    dash: tuple[float, ...] = ()
    cap: str = "square"


@dataclass(frozen=True)
class Label:
    """Text with its baseline at (x, y); `align` is 'left', 'centre' or 'right'; `angle` turns it
    about (x, y), in degrees counterclockwise as seen on the page."""

    x: float
    y: float
    text: str
    size_pt: float
    font: str
    colour: RGB
    align: str = "left"
    angle: float = 0.0


@dataclass(frozen=True)
class Polygon:
    """A closed outline through points, filled and/or stroked (None: not); `role` names it in the SVG."""

    points: tuple[Mm, ...]
    fill: RGB | None
    stroke: RGB | None
    width: float
    role: str
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    """A circle about a centre, filled and/or stroked (None: not)."""

    centre: Mm
    radius: float
    fill: RGB | None
    stroke: RGB | None
    width: float
    role: str


@dataclass(frozen=True)
class Group:
    """Shapes drawn together: as a named layer (the SVG keeps it apart for cutting machines),
    moved by a transform (its shapes are laid out as if on the page, then mapped by it), and/or
    clipped to an area of the page (where the group lands, not where its shapes were laid out)."""

    shapes: tuple[Shape, ...]
    layer: str = ""
    clip: Area | None = None
    transform: Matrix | None = None


Shape = Rect | Line | Label | Polygon | Circle | Group


@dataclass(frozen=True)
class Drawing:
    """A page: its size in mm, its title, its shapes in drawing order."""

    size: Mm
    title: str
    shapes: tuple[Shape, ...]


@dataclass(frozen=True)
class Document:
    """Pages printed together, under one title (and a subject line, if any)."""

    title: str
    pages: tuple[Drawing, ...]
    subject: str = ""


def as_document(printed: Drawing | Document) -> Document:
    """A document of the pages: a lone page is a document of one."""
    return printed if isinstance(printed, Document) else Document(printed.title, (printed,))


def label_texts(printed: Drawing | Document) -> list[list[str]]:
    """The text of every label, page by page, in drawing order."""
    def texts(shapes) -> list[str]:
        out = []
        for shape in shapes:
            if isinstance(shape, Group):
                out += texts(shape.shapes)
            elif isinstance(shape, Label):
                out.append(shape.text)
        return out

    return [texts(page.shapes) for page in as_document(printed).pages]
