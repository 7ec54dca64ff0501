"""The assembly page: the finished box drawn in isometric view from above and from below (its
faces tinted, numbered and named), the face sums, and the folding steps in the staged order of
the panel tree (the order the animation folds in)."""

from __future__ import annotations

import numpy as np

from foldkit.drawing import PT_MM, Circle, Group, Polygon, Shape
from foldkit.fold.panels import PanelTree, subtree
from foldkit.fold.subject import Subject
from foldkit.look import FOLD_EDGE, INK, MARK_RADIUS, RGB, face_colour, face_label, underlined
from foldkit.paper.page import BOLD, REGULAR, SOFT_INK, Sheet, Stroke, draw_header, wrapped
from foldkit.paper.template.geometry import NetGeometry, net_polygon
from foldkit.paper.template.marks import NUMBER_SIZE, face_title, sums_text, title_text
from foldkit.paper.template.paint import CUT_PEN, NetPen, outline_rings
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
GLUE_NOTES = {"both": " A seam with a tab on each edge: glue one under the other edge and cut the other off, "
                      "or glue the two tabs together.",
              "shadow": " The grey shadow beside an edge is where its tab lands."}
SLOT_STEP = ("No glue: tuck each tongue under the edge that carries its letter and push its head out through the "
             "slit there, from inside, until its shoulders catch; close the box last.")


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


def step_texts(subject: Subject, geometry: NetGeometry, tree: PanelTree, plain: bool = False,
               tabs: str = "glue") -> list[str]:
    """What to do at each step, in order: cut, crease, the staged folds, then glue. A plain
    template folds the other way, so that its printed lines end up inside the box."""
    way, side, swing = (("towards you", "inside", "up towards you") if plain else
                        ("away from you", "outside", "back behind the paper"))
    tab, cut = ("tongue", "tongues and slits") if tabs == "slot" else ("tab", "tabs")
    out = [f"Cut out the net along the solid black lines, {cut} included; do not cut into it anywhere else.",
           f"Hold the print towards you. Crease every red dashed line ({tab} folds too) {way}, "
           f"so the print ends up {side}. Leave the faint grey lines flat."]
    for stage in range(tree.stage_count):
        hinges = [h for h in tree.hinges if h.stage == stage]
        faces = sorted({face_label(tree.panels[h.child].face) for h in hinges})
        many = "s" if len(hinges) > 1 else ""
        moving = "dark" if plain else "coloured"
        named = "" if plain else f" (face{'s' if len(faces) > 1 else ''} {', '.join(faces)})"
        out.append(f"Fold the thick red line{many} to 90 degrees, {way}: the {moving} "
                   f"part{many}{named} swing{'' if many else 's'} {swing}.")
    labels = [s.label for s in geometry.seams]
    if tabs == "slot":
        out.append(SLOT_STEP)
        return out
    out.append(f"Glue each tab under the edge that carries its letter ({labels[0]} to {labels[0]}, "
               f"{labels[1]} to {labels[1]}, ... {len(labels)} seams), working from the first folds "
               "to the last; close the box last." if len(labels) > 1 else "Glue the tab under its edge.")
    out[-1] += GLUE_NOTES.get(tabs, "")
    return out


def draw_instructions(sheet: Sheet, subject: Subject, geometry: NetGeometry,
                      area: tuple[float, float, float, float], plain: bool = False, tabs: str = "glue") -> float:
    """The numbered steps in a page mm area (x, y, width, height), with a small picture of the
    net for each staged fold (grey when plain); returns the page y below them."""
    x, y, width, height = area
    tree = subject.tree
    texts = step_texts(subject, geometry, tree, plain, tabs)
    bottom = y + height
    sheet.text(x, y + 2, "How to fold it", 11, BOLD)
    y += 3
    for n, text in enumerate(texts[:2], 1):
        y = paragraph(sheet, f"{n}. {text}", x, y, width)
    stages, last = texts[2:-1], texts[-1]
    room = bottom - y - 14
    cols = 3 if len(stages) > 4 else 2 if len(stages) > 1 else 1
    rows = -(-len(stages) // cols)
    cell_w, cell_h = width / cols, room / max(rows, 1)
    for k, text in enumerate(stages):
        cx, cy = x + (k % cols) * cell_w, y + (k // cols) * cell_h
        bottom = paragraph(sheet, f"{k + 3}. {text}", cx, cy, cell_w - 4, size=7.5)
        draw_stage(sheet, subject, tree, k, (cx, bottom, cell_w - 6, cy + cell_h - bottom - 3), plain)
    y += rows * cell_h
    return paragraph(sheet, f"{len(texts)}. {last}", x, y + 2, width)


def paragraph(sheet: Sheet, text: str, x: float, y: float, width: float, size: float = 8.5) -> float:
    """Text broken into lines that fit width (mm), first baseline at y + size; returns the
    page y below it."""
    lines = wrapped((text,), REGULAR, size, width)
    lead = size * 1.3 * PT_MM
    for i, text_line in enumerate(lines):
        sheet.text(x, y + (i + 1) * lead, text_line, size)
    return y + len(lines) * lead + 1.5


def pale(colour: RGB, amount: float = 0.75) -> RGB:
    """A colour mixed with white."""
    r, g, b = (1 - (1 - v) * (1 - amount) for v in colour)
    return r, g, b


def draw_stage(sheet: Sheet, subject: Subject, tree: PanelTree, stage: int, area, plain: bool = False) -> None:
    """The net in small: the panels this stage turns in colour (dark grey when plain), the
    rest pale, this stage's hinges thick, earlier ones thin and dashed."""
    x, y, w, h = area
    cells = subject.cells
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    r0, c0 = min(rows), min(cols)
    span_w, span_h = max(cols) - c0 + 1, max(rows) - r0 + 1
    if w <= 0 or h <= 0:
        return
    scale = min(w / span_w, h / span_h)
    ox, oy = x + (w - span_w * scale) / 2, y  # centred across, at the top of its room
    pen = NetPen(lambda p: (ox + (p[0] - c0) * scale, oy + (p[1] - r0) * scale), scale)
    hinges = [h for h in tree.hinges if h.stage == stage]
    moving = set().union(*(subtree(tree, h.child) for h in hinges))
    for cell in sorted(cells):
        colour = PLAIN_MOVING if plain else face_colour(subject.folding.face_of(cell))
        pen.cell(cell, colour if tree.panel_of(cell) in moving else pale(colour))
    for hinge in tree.hinges:
        if hinge.stage <= stage:
            pen.line(hinge.start, hinge.end, NOW if hinge.stage == stage else DONE)
    for ring in outline_rings(net_polygon(cells)):
        pen.polygon(ring, None, Stroke(CUT_PEN.colour, 0.15))
    sheet.add(*pen.shapes())
