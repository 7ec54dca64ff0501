"""assembly.pdf: instructions to build a packing by hand. The first page shows each piece shape
(lying flat, with how many there are) and the finished box; then six steps a page, each an
isometric view of the box so far with the new piece in full colour and the rest washed out, and
the level charts (each level seen from above, front edge at the bottom) with the new piece's
cells outlined. Vector drawing, painter's algorithm over unit-cube faces, one ``Document`` of
pages written as PDF; same input, same bytes.

The pages are laid out in points from the bottom-left corner (y up); ``Page`` turns that into
page millimetres (y down) as it keeps the shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from foldkit.assembly.colours import FADED, INK, PAPER, RGB, faded, piece_colour, shade
from foldkit.assembly.shapes import distinct_shapes, shape_index
from foldkit.assembly.steps import CORNER_NAMES, Step, assembly_steps
from foldkit.assembly.view import Faces, View, camera, corner_azimuth, scene_faces
from foldkit.drawing import PT_MM, Document, Drawing, Label, Line, Polygon, Shape
from foldkit.exchange.pdf import PT_PER_MM, drawing_pdf, font_width
from foldkit.paper.page import BOLD, REGULAR, paper_size, wrapped
from solver.packing.assembly import Assembly, BoxSides, Placed
from solver.text import counted

MARGIN = 36.0  # points
STEP_COLUMNS, STEP_ROWS = 2, 3
GRID_INK: RGB = (0.72, 0.72, 0.74)
FLOOR: RGB = (0.93, 0.93, 0.91)
SOFT_INK: RGB = (0.42, 0.42, 0.46)
LINE_PT, SEAM_PT = 0.7, 0.25
LEVELS_PER_ROW = 6
SHAPE_CUBE_PT, BOX_CUBE_PT = 28.0, 60.0  # the largest a cube is drawn on the first page


class Page:
    """A page being laid out in points from its bottom-left corner (y up), kept as shapes in page
    mm (y down)."""

    def __init__(self, size: tuple[float, float]):
        self.size = size
        self.shapes: list[Shape] = []

    def mm(self, x: float, y: float) -> tuple[float, float]:
        return float(x) * PT_MM, (self.size[1] - float(y)) * PT_MM

    def text(self, x: float, y: float, words: str, size: float, font: str = REGULAR, colour: RGB = INK,
             align: str = "left") -> None:
        """Text with its baseline at (x, y) points."""
        self.shapes.append(Label(*self.mm(x, y), words, size, font, colour, align))

    def line(self, a, b, colour, width: float) -> None:
        """A line between two points, width in points."""
        self.shapes.append(Line(self.mm(*a), self.mm(*b), width * PT_MM, _rgb(colour), "edge", cap="butt"))

    def polygon(self, corners, fill, stroke=None, width: float = 0.0) -> None:
        """A closed polygon through the corners (points), filled and/or outlined (width in points)."""
        outline = tuple(self.mm(*point) for point in corners)
        self.shapes.append(Polygon(outline, _optional_rgb(fill), _optional_rgb(stroke), width * PT_MM, "face"))

    def drawing(self, title: str) -> Drawing:
        width, height = self.size
        return Drawing((width * PT_MM, height * PT_MM), title, tuple(self.shapes))


def _rgb(colour: Iterable[float]) -> RGB:
    """A colour (a tuple, or a row of a numpy array) as three Python floats."""
    r, g, b = (float(v) for v in colour)
    return r, g, b


def _optional_rgb(colour: Iterable[float] | None) -> RGB | None:
    return None if colour is None else _rgb(colour)


def assembly_document(box: BoxSides, packing: Sequence[Placed], plan: Assembly, title: str = "Assembly",
                      paper: str = "a4") -> Document:
    """The assembly instructions' pages, in the plan's order and colours (paper: a4, letter or a3)."""
    width, height = paper_size(paper)
    size = width * PT_PER_MM, height * PT_PER_MM
    fills = np.array([piece_colour(c) for c in plan.colours])
    pages = [Page(size)]
    first_page(pages[0], box, packing, fills, title)
    steps = assembly_steps(packing, plan.order)
    per_page = STEP_COLUMNS * STEP_ROWS
    for start in range(0, len(steps), per_page):
        pages.append(Page(size))
        step_page(pages[-1], box, packing, fills, steps[start:start + per_page], title, len(steps))
    name = f"{title}: assembly"
    return Document(name, tuple(page.drawing(name) for page in pages))


def assembly_pdf(box: BoxSides, packing: Sequence[Placed], plan: Assembly, title: str = "Assembly",
                 paper: str = "a4") -> bytes:
    """The assembly instructions, in the plan's order and colours, as the bytes of a PDF (see
    assembly_document)."""
    return drawing_pdf(assembly_document(box, packing, plan, title, paper))


# ---------------------------------------------------------------------------------------------
# Pages


def first_page(c: Page, box: BoxSides, packing: Sequence[Placed], fills: np.ndarray, title: str) -> None:
    """The title, the piece shapes with their counts, and the finished box."""
    width, height = c.size
    c.text(MARGIN, height - MARGIN - 18, title, 20, BOLD)
    x, y, z = box
    intro = (f"Pack {counted(len(packing), 'piece')} into a {x} x {y} x {z} box. Each step lowers one piece straight "
             "down into place; the level charts show each level from above, front edge at the bottom.")
    lines = wrapped((intro,), REGULAR, 9, (width - 2 * MARGIN) * PT_MM)
    for k, line in enumerate(lines):
        c.text(MARGIN, height - MARGIN - 36 - 11 * k, line, 9, colour=SOFT_INK)
    heading = height - MARGIN - 52 - 11 * len(lines)
    c.text(MARGIN, heading, "The pieces", 13, BOLD)
    shapes = distinct_shapes(packing)
    columns = min(4, len(shapes))
    cell_w = (width - 2 * MARGIN) / columns
    cell_h = min(150.0, 0.38 * (height - 2 * MARGIN) / max(1, -(-len(shapes) // columns)))
    top = heading - 10
    first_colour: dict[int, np.ndarray] = {}  # shape index -> the colour of its first piece
    for index, fill in zip(shape_index(packing), fills, strict=True):
        first_colour.setdefault(index, fill)
    for k, shape in enumerate(shapes):
        left, upper = MARGIN + (k % columns) * cell_w, top - (k // columns) * cell_h
        owners = dict.fromkeys(shape.cubes, 0)
        fill = first_colour[k][None, :]
        draw_cubes(c, scene_faces(owners), camera(), fill, (left + 6, upper - cell_h + 20, cell_w - 12, cell_h - 26),
                   most=SHAPE_CUBE_PT)
        label = f"{shape.name} \u00d7 {shape.count}"
        c.text(left + cell_w / 2, upper - cell_h + 6, label, 11, BOLD, align="centre")
    below = top - -(-len(shapes) // columns) * cell_h - 20
    c.text(MARGIN, below, "The finished box", 13, BOLD)
    owners = {cube: i for i, placed in enumerate(packing) for cube in placed.cubes}
    rect = (MARGIN, MARGIN, width - 2 * MARGIN, below - 14 - MARGIN)
    draw_cubes(c, scene_faces(owners), camera(), fills, rect, most=BOX_CUBE_PT)


def step_page(c: Page, box: BoxSides, packing: Sequence[Placed], fills: np.ndarray, steps: Sequence[Step],
              title: str, total: int) -> None:
    """Up to six steps in a grid, with a running head."""
    width, height = c.size
    c.text(MARGIN, height - MARGIN + 12, f"{title}: steps {steps[0].number}-{steps[-1].number} of {total}", 8,
         colour=SOFT_INK)
    cell_w = (width - 2 * MARGIN) / STEP_COLUMNS
    cell_h = (height - 2 * MARGIN) / STEP_ROWS
    for k, step in enumerate(steps):
        left = MARGIN + (k % STEP_COLUMNS) * cell_w
        bottom = height - MARGIN - (k // STEP_COLUMNS + 1) * cell_h
        draw_step(c, box, packing, fills, step, (left + 6, bottom + 6, cell_w - 12, cell_h - 12))


def draw_step(c: Page, box: BoxSides, packing: Sequence[Placed], fills: np.ndarray, step: Step, rect) -> None:
    """One step in a rectangle (left, bottom, width, height): its heading, the view, the level charts."""
    left, bottom, width, height = rect
    placed = packing[step.piece]
    heading, baseline = f"Step {step.number}", bottom + height - 14
    c.text(left, baseline, heading, 14, BOLD)
    c.text(left + font_width(heading, BOLD, 14) + 10, baseline, f"piece {step.piece + 1} ({placed.piece})", 9,
         colour=SOFT_INK)
    if step.corner:
        c.text(left + width, bottom + height - 14, f"seen from the {CORNER_NAMES[step.corner]}", 8,
             colour=SOFT_INK, align="right")
    cell, rows = chart_cell(box, width, height)
    charts_h = rows * (box[1] * cell + 12)
    owners = {cube: i for i in (*step.placed, step.piece) for cube in packing[i].cubes}
    shown = np.array([faded(tuple(f)) for f in fills])
    shown[step.piece] = fills[step.piece]
    view = camera(corner_azimuth(step.corner))
    draw_cubes(c, scene_faces(owners), view, fills, (left, bottom + charts_h + 6, width, height - charts_h - 26),
               frame_box=box, strong=step.piece)
    draw_levels(c, box, owners, shown, step.piece, (left, bottom, width), cell, rows)


# ---------------------------------------------------------------------------------------------
# Cubes in isometric view


def draw_cubes(c: Page, faces: Faces, view: View, fills: np.ndarray, rect, frame_box: BoxSides | None = None,
               strong: int | None = None, most: float = np.inf) -> None:
    """Faces drawn far to near inside a rectangle (left, bottom, width, height), fitted to the box
    (frame_box, so every step of a packing is drawn at the same size) or to the faces themselves,
    a cube's edge at most `most` points long.
    With `strong`, only that piece is in full colour and ink; the others are washed out."""
    if frame_box is not None:
        points = np.array([[x, y, z] for x in (0, frame_box[0]) for y in (0, frame_box[1]) for z in (0, frame_box[2])],
                          dtype=np.float64)
    else:
        points = faces.quads.reshape(-1, 3)
    scale, offset = cube_fit(points, view, rect, most)
    painted = faces.painted(view)
    tones = fills[painted.pieces] * shade(painted.normals, view.light())[:, None]
    if strong is not None:
        weak = painted.pieces != strong
        tones[weak] += (1 - tones[weak]) * FADED
    if frame_box is not None:
        draw_floor(c, frame_box, view, scale, offset)
    corners = view.project(painted.quads) * scale + offset
    for quad, tone, edges, piece in zip(corners, tones, painted.edges, painted.pieces, strict=True):
        c.polygon(quad, tone)
        ink = INK if strong is None or piece == strong else SOFT_INK
        for k, strength in enumerate(edges):
            c.line(quad[k], quad[(k + 1) % 4], ink if strength >= 1 else tone * 0.7,
                   LINE_PT if strength >= 1 else SEAM_PT)


def cube_fit(points: np.ndarray, view: View, rect, most: float = np.inf) -> tuple[float, np.ndarray]:
    """The scale (points per cube edge, at most `most`) and offset (2,) that centre points (n, 3)
    as the view shows them in a rectangle (left, bottom, width, height)."""
    left, bottom, width, height = rect
    screen = view.project(points)
    low, high = screen.min(axis=0), screen.max(axis=0)
    scale = min(width / max(high[0] - low[0], 1e-9), height / max(high[1] - low[1], 1e-9), most)
    return scale, np.array([left + width / 2, bottom + height / 2]) - scale * (low + high) / 2


def draw_floor(c: Page, box: BoxSides, view: View, scale: float, offset: np.ndarray) -> None:
    """The floor of the box under the cubes: pale, with its unit squares."""
    x, y, _ = box
    corners = view.project(np.array([[0, 0, 0], [x, 0, 0], [x, y, 0], [0, y, 0]], dtype=np.float64)) * scale + offset
    c.polygon(corners, FLOOR, GRID_INK, SEAM_PT)
    for k in range(1, x):
        a, b = view.project(np.array([[k, 0, 0], [k, y, 0]], dtype=np.float64)) * scale + offset
        c.line(a, b, GRID_INK, SEAM_PT)
    for k in range(1, y):
        a, b = view.project(np.array([[0, k, 0], [x, k, 0]], dtype=np.float64)) * scale + offset
        c.line(a, b, GRID_INK, SEAM_PT)


# ---------------------------------------------------------------------------------------------
# Level charts


def chart_cell(box: BoxSides, width: float, height: float) -> tuple[float, int]:
    """The side of a chart cell (points) and the rows of charts, for a step's rectangle."""
    x, y, z = box
    per_row = min(z, LEVELS_PER_ROW)
    rows = -(-z // per_row)
    cell = min(12.0, (width - (per_row - 1) * 6) / (per_row * x), 0.3 * height / (rows * y))
    return cell, rows


def draw_levels(c: Page, box: BoxSides, owners: dict, fills: np.ndarray, new: int, place, cell: float,
                rows: int) -> None:
    """One chart per level, bottom level first, from place (left, bottom, width): cells filled with
    their piece's colour, the new piece's cells outlined heavily, empty cells white."""
    left, bottom, width = place
    x_size, y_size, z_size = box
    per_row = min(z_size, LEVELS_PER_ROW)
    gap = min((width - per_row * x_size * cell) / max(per_row - 1, 1), max(2 * cell, 10.0))
    for z in range(z_size):
        row, col = divmod(z, per_row)
        x0 = left + col * (x_size * cell + gap)
        y0 = bottom + (rows - 1 - row) * (y_size * cell + 12) + 10
        has_new = any(owners.get((x, y, z)) == new for x in range(x_size) for y in range(y_size))
        c.text(x0 + x_size * cell / 2, y0 - 8, f"level {z + 1}", 6.5, BOLD if has_new else REGULAR,
             colour=INK if has_new else SOFT_INK, align="centre")
        draw_level(c, box, owners, fills, new, z, (x0, y0), cell)


def draw_level(c: Page, box: BoxSides, owners: dict, fills: np.ndarray, new: int, z: int, origin, cell: float) -> None:
    """One level's chart with its lower left corner at origin: x to the right, y up (front at the bottom)."""
    x_size, y_size, _ = box
    x0, y0 = origin
    for x in range(x_size):
        for y in range(y_size):
            piece = owners.get((x, y, z))
            c.polygon(_square(x0 + x * cell, y0 + y * cell, cell, cell), PAPER if piece is None else fills[piece],
                      GRID_INK, 0.3)
    # Borders between different pieces, and round the new one heavily.
    for x in range(x_size + 1):
        for y in range(y_size + 1):
            for dx, dy in ((1, 0), (0, 1)):
                if (dx and x == x_size) or (dy and y == y_size):
                    continue
                a = owners.get((x, y, z)) if x < x_size and y < y_size else None
                b = owners.get((x - dy, y - dx, z)) if x - dy >= 0 and y - dx >= 0 else None
                if a == b:
                    continue
                c.line((x0 + x * cell, y0 + y * cell), (x0 + (x + dx) * cell, y0 + (y + dy) * cell), INK,
                       1.6 if new in (a, b) else 0.5)
    c.polygon(_square(x0, y0, x_size * cell, y_size * cell), None, INK, 0.8)


def _square(left: float, bottom: float, width: float, height: float) -> list[tuple[float, float]]:
    """The corners of an upright rectangle in points, counterclockwise from its lower left."""
    return [(left, bottom), (left + width, bottom), (left + width, bottom + height), (left, bottom + height)]
