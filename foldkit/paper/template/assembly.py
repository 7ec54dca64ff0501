"""The assembly page: the finished box drawn in isometric view from above and from below (its
faces tinted, numbered and named), the face sums, and the folding steps in the staged order of
the panel tree (the order the animation folds in), a picture a stage or, for a long fold, a
picture a group of stages."""

from __future__ import annotations

import numpy as np

from foldkit.drawing import PT_MM, Circle, Group, Polygon, Shape
from foldkit.exchange.pdf import text_width
from foldkit.fold.panels import PanelTree, subtree
from foldkit.fold.subject import Subject
from foldkit.look import FOLD_EDGE, INK, MARK_RADIUS, RGB, face_colour, underlined
from foldkit.paper.page import BOLD, REGULAR, SOFT_INK, Sheet, Stroke, draw_header, wrapped
from foldkit.paper.template.geometry import NetGeometry, net_polygon
from foldkit.paper.template.marks import NUMBER_SIZE, face_title, sums_text, title_text
from foldkit.paper.template.paint import CUT_PEN, NetPen, outline_rings
from foldkit.paper.template.step_grid import PICTURE_INSET_MM, Stages, step_grid
from foldkit.paper.template.step_texts import captioned_text, group_caption, group_faces, step_texts
from foldkit.paper.template.text import Text
from solver.box import face_axes, face_normal, square_center
from solver.grid import Cell

Vector = np.ndarray  # shape (3,) float64

VIEWS = (("seen from above", np.array([1.0, 0.8, 1.2])),
         ("seen from below (turned over)", np.array([-1.0, -0.8, -1.2])))
EDGE = Stroke(INK, 0.3)
GRID = Stroke((0.3, 0.3, 0.35), 0.1)
NOW = Stroke(FOLD_EDGE, 0.6)
DONE = Stroke(FOLD_EDGE, 0.2, (0.8, 0.6))
PLAIN_MOVING: RGB = (0.55, 0.55, 0.58)  # the panels a plain template's step turns
STAGE_SIZE = 7.5  # pt, a lone stage's paragraph above its picture
LEAD = 1.3  # line spacing of paragraphs, in font sizes


def draw_assembly_page(sheet: Sheet, subject: Subject, geometry: NetGeometry, size: tuple[float, float],
                       page: tuple[int, int], plain: bool = False, tabs: str = "glue") -> None:
    """The whole assembly page; plain: the steps alone (the box it makes is blank outside); tabs:
    how the seams close (see TAB_STYLES)."""
    width, height = size
    margin = 10.0
    draw_header(sheet, title_text(subject, plain), f"page {page[0]} of {page[1]} · how to fold it", width)
    y = 26.0
    if not plain:
        view_w, view_h = (width - 2 * margin - 10) / 2, 72.0
        for k, (caption, direction) in enumerate(VIEWS):
            x = margin + k * (view_w + 10)
            draw_box_view(sheet, subject, direction, (x, y, view_w, view_h - 8))
            sheet.text(x + view_w / 2, y + view_h, caption, 8, REGULAR, SOFT_INK, "centre")
        y += view_h + 8
    if subject.face_sums is not None and not plain:
        sheet.text(margin, y, sums_text(subject), 9, BOLD)
        y += 6
    draw_instructions(sheet, subject, geometry, (margin, y, width - 2 * margin, height - margin - y), plain, tabs)


# ---------------------------------------------------------------------------------------------
# The box in isometric view


def view_basis(direction: Vector) -> np.ndarray:
    """Screen right and up as rows of a (2, 3) matrix, for a viewer looking from direction
    (towards the box), with the box's z axis pointing up the page."""
    d = direction / np.linalg.norm(direction)
    right = np.cross([0.0, 0.0, 1.0], d)
    right /= np.linalg.norm(right)
    return np.array([right, np.cross(d, right)])


def square_at(subject: Subject) -> dict[tuple[int, int, int], Cell]:
    """The cell on each surface square."""
    return {p: cell for cell, p in subject.folding.placement.items()}


def draw_box_view(sheet: Sheet, subject: Subject, direction: Vector,
                  area: tuple[float, float, float, float]) -> None:
    """The box from one direction, fitted into a page mm area (x, y, w, h): the three faces
    that face the viewer, tinted, with grid, numbers and face names."""
    box = np.array(subject.folding.box, dtype=np.float64)
    basis = view_basis(direction)
    corners = np.array([[i, j, k] for i in (0, 1) for j in (0, 1) for k in (0, 1)]) * box
    flat = corners @ basis.T
    low, high = flat.min(axis=0), flat.max(axis=0)
    x, y, w, h = area
    label_room = 22.0  # mm on each side for face names
    scale = min((w - 2 * label_room) / (high - low)[0], h / (high - low)[1])
    centre = np.array([x + w / 2, y + h / 2])
    mid = (low + high) / 2

    def to_mm(p3: np.ndarray) -> tuple[float, float]:
        sx, sy = (basis @ p3 - mid) * scale
        return float(centre[0] + sx), float(centre[1] - sy)

    at = square_at(subject)
    faces = [f for f in range(6) if np.dot(face_normal(f), direction) > 0]
    for face in faces:
        draw_box_face(sheet, subject, face, at, to_mm, scale)
    half = (high - low)[0] / 2 * scale
    draw_face_names(sheet, subject, faces, to_mm, (centre[0] - half, centre[0] + half))


def draw_box_face(sheet: Sheet, subject: Subject, face: int, at: dict, to_mm, cell_mm: float) -> None:
    """One face of the box: its squares tinted, with numbers turned the way the paper lies."""
    folding = subject.folding
    pen = NetPen(to_mm, cell_mm)
    for place, cell in sorted(at.items()):
        if place[0] != face:
            continue
        centre = square_center(folding.box, place)
        _, i, j = face_axes(face)
        du, dv = np.eye(3)[i] * 0.5, np.eye(3)[j] * 0.5
        square = np.array([centre - du - dv, centre + du - dv, centre + du + dv, centre - du + dv])
        pen.polygon(square, face_colour(face), GRID)
        if cell in subject.labels:
            pen.add(painted_number(subject, cell, to_mm))
    outline = np.array(face_corners(folding.box, face))
    pen.polygon(outline, None, EDGE)
    sheet.add(*pen.shapes())


def face_corners(box, face: int) -> list[np.ndarray]:
    """The four corners of a face in order around it, each shape (3,)."""
    k, i, j = face_axes(face)
    base = np.zeros(3)
    base[k] = box[k] if face % 2 else 0
    ei, ej = np.eye(3)[i] * box[i], np.eye(3)[j] * box[j]
    return [base, base + ei, base + ei + ej, base + ej]


def painted_number(subject: Subject, cell: Cell, to_mm) -> Group:
    """A cell's number as printed on the paper, carried onto the box by the cell's frame: drawn
    one mm to a cell, then mapped onto the page by the cell's right and up as the view shows them."""
    folding = subject.folding
    centre = square_center(folding.box, folding.placement[cell])
    o = np.array(to_mm(centre))
    right = np.array(to_mm(centre + np.array(folding.right[cell], dtype=np.float64))) - o
    up = np.array(to_mm(centre + np.array(folding.up[cell], dtype=np.float64))) - o
    painted = subject.labels[cell]
    pen = NetPen(lambda p: p, 1.0)
    pen.text(Text(painted.text, (0.0, 0.0), NUMBER_SIZE, underline=underlined(painted.text)), INK)
    shapes: list[Shape] = pen.shapes()
    if painted.mark == "circle":
        shapes.append(Circle((0.0, 0.0), MARK_RADIUS, None, INK, 0.04, "mark"))
    elif painted.mark == "square":
        r = MARK_RADIUS
        shapes.append(Polygon(((-r, -r), (r, -r), (r, r), (-r, r)), None, INK, 0.04, "mark"))
    # page = o + x right - y up: the frame's y runs down the printed cell, against its up
    transform = (float(right[0]), float(right[1]), float(-up[0]), float(-up[1]), float(o[0]), float(o[1]))
    return Group(tuple(shapes), transform=transform)


def draw_face_names(sheet: Sheet, subject: Subject, faces: list[int], to_mm,
                    edges: tuple[float, float]) -> None:
    """Each face's name and sum to the left or right of the drawing (edges: the page x of the
    drawing's left and right sides), with a leader line to the face's middle."""
    box = np.array(subject.folding.box, dtype=np.float64)
    centre_x = np.array(to_mm(box / 2))[0]
    anchors = {f: np.array(to_mm(np.mean(face_corners(box, f), axis=0))) for f in faces}
    used: list[tuple[bool, float]] = []
    leader = Stroke(SOFT_INK, 0.15)
    for face in sorted(faces, key=lambda f: anchors[f][1]):
        anchor = anchors[face]
        right = anchor[0] >= centre_x
        y = anchor[1]
        while any(side == right and abs(y - other) < 12 * PT_MM for side, other in used):
            y += 12 * PT_MM  # keep names on one side apart
        used.append((right, y))
        x = edges[1] + 4 if right else edges[0] - 4
        start = (float(anchor[0]), float(anchor[1]))
        sheet.line(start, (x, y), leader)
        sheet.add(Circle(start, PT_MM, INK, None, 0.0, "anchor"))
        text = face_title(subject, face)
        sheet.text(x + (2 if right else -2) * PT_MM, y + 3 * PT_MM, text, 9, BOLD, INK, "left" if right else "right")


# ---------------------------------------------------------------------------------------------
# Folding steps


def draw_instructions(sheet: Sheet, subject: Subject, geometry: NetGeometry,
                      area: tuple[float, float, float, float], plain: bool = False, tabs: str = "glue") -> float:
    """The numbered steps in a page mm area (x, y, width, height), with a picture of the net for
    each staged fold (grey when plain), or for each group of them when there are too many to
    draw readably (see step_grid); returns the page y below them."""
    x, y, width, height = area
    tree = subject.tree
    texts = step_texts(subject, geometry, tree, plain, tabs)
    bottom = y + height - 14  # room for the last step below the pictures
    sheet.text(x, y + 2, "How to fold it", 11, BOLD)
    y += 3
    for n, text in enumerate(texts[:2], 1):
        y = paragraph(sheet, f"{n}. {text}", x, y, width)
    stages, last = texts[2:-1], texts[-1]
    span = net_span(subject.cells)

    def stage_text_mm(text_width: float) -> float:
        return max(paragraph_mm(f"{k + 3}. {text}", text_width, STAGE_SIZE) for k, text in enumerate(stages))

    grid = step_grid(len(stages), span, (width, bottom - y), stage_text_mm)
    if grid.captioned:  # one step stands for the folds, so the pictures get less room
        y = paragraph(sheet, f"3. {captioned_text(len(stages), plain, grid.grouped)}", x, y, width)
        grid = step_grid(len(stages), span, (width, bottom - y), stage_text_mm)
    for k, group in enumerate(grid.groups):
        cx, cy = grid.corner(k, (x, y))
        if grid.captioned:
            draw_caption(sheet, group_caption(group, len(stages)), "" if plain else group_faces(tree, group),
                         (cx, cy), grid.cell[0] - 4)
            top = cy + grid.heading_mm
        else:
            top = paragraph(sheet, f"{k + 3}. {stages[k]}", cx, cy, grid.cell[0] - 4, size=STAGE_SIZE)
        room_w, room_h = grid.cell[0] - PICTURE_INSET_MM[0], cy + grid.cell[1] - top - PICTURE_INSET_MM[1]
        draw_stage(sheet, subject, tree, group, (cx, top, room_w, room_h), plain)
    y += grid.rows * grid.cell[1]
    number = 4 if grid.captioned else len(texts)
    return paragraph(sheet, f"{number}. {last}", x, y + 2, width)


def draw_caption(sheet: Sheet, caption: str, faces: str, at: tuple[float, float], width: float) -> None:
    """A group's caption: its steps in bold, the faces they turn below, smaller if long."""
    x, y = at
    sheet.text(x, y + 3.5, caption, 8.5, BOLD)
    if faces:
        size = min(7.5, 7.5 * width / text_width(faces, REGULAR, 7.5))
        sheet.text(x, y + 7.2, faces, size, REGULAR, SOFT_INK)


def net_span(cells) -> tuple[int, int]:
    """How many columns and rows of cells a net spans."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def paragraph_mm(text: str, width: float, size: float) -> float:
    """The height paragraph() gives a text."""
    return len(wrapped((text,), REGULAR, size, width)) * size * LEAD * PT_MM + 1.5


def paragraph(sheet: Sheet, text: str, x: float, y: float, width: float, size: float = 8.5) -> float:
    """Text broken into lines that fit width (mm), first baseline at y + size; returns the
    page y below it."""
    lines = wrapped((text,), REGULAR, size, width)
    lead = size * LEAD * PT_MM
    for i, text_line in enumerate(lines):
        sheet.text(x, y + (i + 1) * lead, text_line, size)
    return y + paragraph_mm(text, width, size)


def pale(colour: RGB, amount: float = 0.75) -> RGB:
    """A colour mixed with white."""
    r, g, b = (1 - (1 - v) * (1 - amount) for v in colour)
    return r, g, b


def draw_stage(sheet: Sheet, subject: Subject, tree: PanelTree, group: Stages, area, plain: bool = False) -> None:
    """The net in small, as it stands after a group of stages: the panels they turn in colour
    (dark grey when plain), the rest pale, their hinges thick, earlier ones thin and dashed."""
    x, y, w, h = area
    cells = subject.cells
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    span_w, span_h = net_span(cells)
    if w <= 0 or h <= 0:
        return
    scale = min(w / span_w, h / span_h)
    ox, oy = x + (w - span_w * scale) / 2, y  # centred across, at the top of its room
    pen = NetPen(lambda p: (ox + (p[0] - c0) * scale, oy + (p[1] - r0) * scale), scale)
    hinges = [h for h in tree.hinges if h.stage in group]
    moving = set().union(*(subtree(tree, h.child) for h in hinges))
    for cell in sorted(cells):
        colour = PLAIN_MOVING if plain else face_colour(subject.folding.face_of(cell))
        pen.cell(cell, colour if tree.panel_of(cell) in moving else pale(colour))
    for hinge in tree.hinges:
        if hinge.stage < group.stop:
            pen.line(hinge.start, hinge.end, NOW if hinge.stage in group else DONE)
    for ring in outline_rings(net_polygon(cells)):
        pen.polygon(ring, None, Stroke(CUT_PEN.colour, 0.15))
    sheet.add(*pen.shapes())
