"""Seam letters: each seam's letter on its glue tab and at the middle of a cell edge of its
partner side, just inside the cut line, so that only one edge can be meant.

A letter reads along its edge (turned a quarter on upright edges) and takes the largest size
up to the wanted one that keeps it off the numbers, the face titles and the other letters.
Inside the net it takes the cell edge of its side with the most room: a cell without a
number first, then one with a plain number. Only where every cell on the side has a ringed or
squared number does it sit over the ring, on a patch of the cell's own colour.
"""

from __future__ import annotations

import numpy as np
from shapely import LineString, Polygon, STRtree, box
from shapely.geometry import Point as ShapelyPoint

from foldkit.fold.subject import Subject
from foldkit.look import MARK_RADIUS, face_colour
from foldkit.paper.template.geometry import OUTWARD, NetGeometry, OutlineEdge, Point, SeamSide, Tab
from foldkit.paper.template.text import CAP, Text, text_box
from solver.grid import Cell

LETTER_MM = 2.5  # the smallest letter (font size) a person reads easily on a craft sheet
LETTER_CELLS = 0.22  # the wanted font size on big cells, in cells
LETTER_MAX_MM = 7.0
GAP = 0.05  # cells between a letter and the cut line it names
CLEAR = 0.015  # cells kept free around every text box
SHRINK = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3)  # sizes tried, as shares of the wanted size
MARK_BAND = 0.05  # half the width, in cells, of the strip a ring or square line may ink


def wanted_size(cell_mm: float) -> float:
    """The font size in cells a letter gets where there is room."""
    return min(max(LETTER_MM / cell_mm, LETTER_CELLS), LETTER_MAX_MM / cell_mm)


def seam_letters(subject: Subject, geometry: NetGeometry, cell_mm: float, others: list[Text],
                 inside: bool = True, slits: dict[OutlineEdge, tuple[Point, Point]] | None = None) -> list[Text]:
    """Two letters per seam: on the tab of its tabbed side and inside the edge of the other
    (inside both edges of a seam with no tab), clear of the texts in others and of the slits
    (by the outline edge whose cell each is cut in); with inside False, only the letters on tabs."""
    size = wanted_size(cell_mm)
    placed: list[Text] = []
    room = Room(subject, others)
    slit_depths = {edge: LineString(edge.segment).distance(LineString(slit)) for edge, slit in (slits or {}).items()}
    for slit in (slits or {}).values():
        room.keep_off(LineString(slit).buffer(CLEAR))
    for seam in geometry.seams:
        tabs = [t for t in geometry.tabs if t.label == seam.label]
        for index, side in enumerate(seam.sides):
            mine = [t for t in tabs if t.side == index]
            if mine:
                biggest = max(mine, key=lambda t: Polygon(t.polygon).area)
                letter = tab_letter(seam.label, biggest, side.outward, size)
            elif inside:
                letter = edge_letter(seam.label, side, size, room, slit_depths)
            else:
                continue
            room.add(letter)
            placed.append(letter)
    return placed


def edge_band(cell_mm: float) -> float:
    """How far (cells) into a cell from a cut edge a seam letter inside the net may reach, and
    half a letter's height more: texts that keep out of this band stay well clear of letters."""
    letter = CAP * wanted_size(cell_mm)
    return GAP + letter + letter / 2 + 2 * CLEAR


def overlaps(text: Text, others: list[Text]) -> bool:
    """True if the text's box, with room to spare, meets any of the others' boxes."""
    shape = text_box(text, CLEAR)
    return any(shape.intersects(text_box(other)) for other in others)


def along_angle(start, end) -> float:
    """0 for a horizontal edge, 90 for an upright one: letters read along their edge."""
    return 0.0 if start[1] == end[1] else 90.0


def tab_letter(label: str, tab: Tab, outward: tuple[int, int], size: float) -> Text:
    """The letter in the middle of a tab, the largest that fits inside it."""
    (x0, y0), (x1, y1) = tab.fold
    out = np.array(outward, dtype=np.float64)
    middle = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) + out * tab.depth / 2
    at = float(middle[0]), float(middle[1])
    inside = Polygon(tab.polygon).buffer(-CLEAR)
    angle = along_angle(*tab.fold)
    for share in SHRINK:
        text = Text(label, at, size * share, angle)
        if inside.contains(text_box(text)):
            return text
    return Text(label, at, size * SHRINK[-1], angle)


class Room:
    """What a letter inside the net must keep off: texts (numbers, face titles, letters placed)
    and the lines of rings and squares."""

    def __init__(self, subject: Subject, texts: list[Text]):
        self.subject = subject
        self.boxes = [text_box(t, CLEAR) for t in texts]
        self.tree = STRtree(self.boxes)
        self.extra: list[Polygon] = []

    def add(self, text: Text) -> None:
        self.extra.append(text_box(text, CLEAR))

    def keep_off(self, shape: Polygon) -> None:
        self.extra.append(shape)

    def free(self, shape: Polygon) -> bool:
        """True if the shape touches no text."""
        if any(self.boxes[i].intersects(shape) for i in self.tree.query(shape)):
            return False
        return not any(other.intersects(shape) for other in self.extra)

    def hits_mark(self, cell: Cell, shape: Polygon) -> bool:
        """True if the shape crosses the ring or square drawn around the cell's label."""
        label = self.subject.labels.get(cell)
        if label is None or label.mark is None:
            return False
        x, y = cell[1] + 0.5, cell[0] + 0.5
        if label.mark == "circle":
            line = ShapelyPoint(x, y).buffer(MARK_RADIUS + MARK_BAND).difference(
                ShapelyPoint(x, y).buffer(MARK_RADIUS - MARK_BAND))
        else:
            r = MARK_RADIUS
            line = box(x - r - MARK_BAND, y - r - MARK_BAND, x + r + MARK_BAND, y + r + MARK_BAND).difference(
                box(x - r + MARK_BAND, y - r + MARK_BAND, x + r - MARK_BAND, y + r - MARK_BAND))
        return line.intersects(shape)


def edge_letter(label: str, side: SeamSide, size: float, room: Room,
                slit_depths: dict[OutlineEdge, float] | None = None) -> Text:
    """The letter just inside the cut line at the middle of the cell edge of the side with the
    most room (off rings first, then biggest, then nearest the side's middle); by an edge with a
    slit (slit_depths: how far in from the edge it is cut), between the two or just past the slit."""
    middle = (len(side.edges) - 1) / 2
    best, best_key = None, None
    for k, edge in enumerate(side.edges):
        slit = (slit_depths or {}).get(edge)
        text, on_mark = _largest_inside(label, edge, size, room, (0.0,) if slit is None else (0.0, slit))
        key = (not on_mark, text.size, -abs(k - middle))
        if best_key is None or key > best_key:
            best, best_key = text, key
    assert best is not None  # a seam side has at least one edge
    return best


def _largest_inside(label: str, edge, size: float, room: Room, steps: tuple[float, ...] = (0.0,)) -> tuple[Text, bool]:
    """The largest letter that fits by one cell edge (or steps cells further in, the first that
    fits of each size), and whether it sits over a ring line."""
    (x0, y0), (x1, y1) = edge.segment
    ox, oy = OUTWARD[edge.side]
    angle = along_angle((x0, y0), (x1, y1))
    r, c = edge.cell
    cell_box = box(c + CLEAR, r + CLEAR, c + 1 - CLEAR, r + 1 - CLEAR)
    fallback = None

    def placed(s: float, step: float) -> Text:
        inset = GAP + step + CAP * s / 2
        return Text(label, ((x0 + x1) / 2 - ox * inset, (y0 + y1) / 2 - oy * inset), s, angle)

    for text in (placed(size * share, step) for share in SHRINK for step in steps):
        shape = text_box(text)
        if not cell_box.contains(shape) or not room.free(shape):
            continue
        if not room.hits_mark(edge.cell, shape):
            return text, False
        fallback = fallback or text
    if fallback is None:
        fallback = placed(size * SHRINK[-1], steps[-1])
    return Text(fallback.text, fallback.at, fallback.size, angle, _tint(room.subject, edge.cell)), True


def _tint(subject: Subject, cell: Cell):
    return face_colour(subject.folding.face_of(cell))
