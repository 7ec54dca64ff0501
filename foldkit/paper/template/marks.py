"""What is drawn on the net, in net coordinates, shared by the PDF and the SVG writers:
lines by kind, the numbers with their circles and squares, face labels and seam labels.

Sizes are in cells: a font size of 0.5 is half a cell tall.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from shapely import Polygon

from foldkit.fold.subject import Subject
from foldkit.look import box_text, face_label, face_sums_text, product_text
from foldkit.paper.page import BOLD
from foldkit.paper.template.geometry import OUTWARD, NetGeometry, Point, Seam, SeamSide, Tab
from solver.folding import RIGHT_ANGLE
from solver.grid import Cell

Segment = tuple[Point, Point]

NUMBER_SIZE = 0.5
EDGE_LABEL_SIZE = 0.17
TAB_LABEL_SIZE = 0.22
LABEL_GAP = 0.04  # between an edge label and its edge, in cells
LABEL_SHIFT = 0.36  # along the edge, off the middle of a cell edge
FACE_LABEL_SIZE = 0.3


@dataclass(frozen=True)
class Text:
    """Text centred on a point; angle in degrees, counterclockwise as seen on the paper."""

    text: str
    at: Point
    size: float
    angle: float = 0.0


@dataclass(frozen=True)
class Marks:
    """Everything drawn on the net apart from the cell tints and the cut outline."""

    folds: list[Segment]  # 90-degree creases and tab fold lines
    flats: list[Segment]  # flat creases: do not fold
    circles: list[Point]  # centres of circled numbers' cells
    squares: list[Point]
    numbers: list[Text]
    face_labels: list[Text]
    seam_labels: list[Text]


def net_marks(subject: Subject, geometry: NetGeometry) -> Marks:
    """The marks of a subject's net."""
    creases = subject.folding.creases()
    folds = [crease_segment(e) for e, angle in creases.items() if angle == RIGHT_ANGLE]
    flats = [crease_segment(e) for e, angle in creases.items() if angle != RIGHT_ANGLE]
    marked = sorted(subject.numbers.items())
    return Marks(
        folds=merge_segments(folds) + [t.fold for t in geometry.tabs],
        flats=merge_segments(flats),
        circles=[cell_centre(c) for c, n in marked if n.mark == "o"],
        squares=[cell_centre(c) for c, n in marked if n.mark == "s"],
        numbers=[Text(str(n.value), cell_centre(c), NUMBER_SIZE) for c, n in marked],
        face_labels=face_labels(subject),
        seam_labels=[t for seam in geometry.seams for t in seam_label_texts(seam, geometry.tabs)],
    )


def cell_centre(cell: Cell) -> Point:
    return (cell[1] + 0.5, cell[0] + 0.5)


def crease_segment(edge: tuple[Cell, Cell]) -> Segment:
    """The grid segment between two adjacent cells, smaller end first."""
    (ra, ca), (rb, cb) = edge
    if ra == rb:
        x = float(max(ca, cb))
        return (x, float(ra)), (x, float(ra + 1))
    y = float(max(ra, rb))
    return (float(ca), y), (float(ca + 1), y)


def merge_segments(segments: list[Segment]) -> list[Segment]:
    """Unit grid segments joined into maximal straight lines (so dashes run on evenly)."""
    lines: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for (x0, y0), (x1, y1) in segments:
        key, span = (("h", y0), (x0, x1)) if y0 == y1 else (("v", x0), (y0, y1))
        lines.setdefault(key, []).append(span)
    out = []
    for (kind, at), spans in sorted(lines.items()):
        merged: list[list[float]] = []
        for a, b in sorted(spans):
            if merged and merged[-1][1] >= a:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        out += [((a, at), (b, at)) if kind == "h" else ((at, a), (at, b)) for a, b in merged]
    return out


# ---------------------------------------------------------------------------------------------
# Labels


def face_title(subject: Subject, face: int) -> str:
    """'face C: 57', or 'face C' for a subject without numbers."""
    if not subject.numbers:
        return f"face {face_label(face)}"
    return f"face {face_label(face)}: {subject.face_sums[face]}"


def face_labels(subject: Subject) -> list[Text]:
    """Each face's name and sum on the face's largest piece (of the largest, the one with the
    longest run of cells without a number), along that run."""
    tree = subject.tree
    out = []
    for face in range(6):
        runs = {p.index: longest_run(p.cells - set(subject.numbers)) for p in tree.panels if p.face == face}
        piece = max((p for p in tree.panels if p.face == face),
                    key=lambda p: (len(p.cells), len(runs[p.index][0]), -p.index))
        run, vertical = runs[piece.index]
        text = face_title(subject, face)
        if not run:  # every cell of the piece has a number: a small label along a cell's top
            r, c = min(piece.cells)
            out.append(Text(text, (c + 0.5, r + 0.14), min(0.16, 0.9 / stringWidth(text, BOLD, 1))))
            continue
        size = min(FACE_LABEL_SIZE, 0.9 * len(run) / stringWidth(text, BOLD, 1))
        (r0, c0), (r1, c1) = run[0], run[-1]
        centre = ((c0 + c1 + 1) / 2, (r0 + r1 + 1) / 2)
        out.append(Text(text, centre, size, 90.0 if vertical else 0.0))
    return out


def longest_run(cells: frozenset[Cell]) -> tuple[list[Cell], bool]:
    """The longest straight run of cells (row-wise runs win ties), and whether it is vertical."""
    best: tuple[int, int, list[Cell]] = (0, 0, [])
    for vertical in (False, True):
        step = (1, 0) if vertical else (0, 1)
        for cell in sorted(cells):
            if (cell[0] - step[0], cell[1] - step[1]) in cells:
                continue
            run = [cell]
            while (run[-1][0] + step[0], run[-1][1] + step[1]) in cells:
                run.append((run[-1][0] + step[0], run[-1][1] + step[1]))
            best = max(best, (len(run), -vertical, run), key=lambda b: (b[0], b[1]))
    return best[2], best[1] == -1


def seam_label_texts(seam: Seam, tabs: list[Tab]) -> list[Text]:
    """The seam's label on each of its sides: on the side's biggest tab if it has a roomy one,
    else just inside the net by the edge."""
    out = []
    for index, side in enumerate(seam.sides):
        mine = [t for t in tabs if t.label == seam.label and t.side == index and t.depth >= 0.25]
        if mine:
            out.append(tab_label(seam.label, max(mine, key=tab_area)))
        else:
            out.append(edge_label(seam.label, side))
    return out


def tab_area(tab: Tab) -> float:
    return float(Polygon(tab.polygon).area)


def tab_label(label: str, tab: Tab) -> Text:
    """A label in the middle of a tab, turned along the tab if it is too wide to stand upright."""
    size = min(TAB_LABEL_SIZE, 0.55 * tab.depth / 0.72)
    centre = tab.polygon.mean(axis=0)
    (x0, y0), (x1, y1) = tab.fold
    upright = y0 == y1 or stringWidth(label, BOLD, size) <= 0.8 * tab.depth
    return Text(label, (float(centre[0]), float(centre[1])), size, 0.0 if upright else 90.0)


def edge_label(label: str, side: SeamSide) -> Text:
    """A label just inside the net by a seam side. When the side's middle is the middle of a
    cell edge, the label slides towards a corner, off the cell's number, circle and square;
    each side of a cell towards a different corner (clockwise), so two labels never meet."""
    (x0, y0), (x1, y1) = side.start, side.end
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if side.length % 2:
        shift = LABEL_SHIFT if side.edges[0].side in "DL" else -LABEL_SHIFT
        mx, my = mx + shift * (x1 - x0) / side.length, my + shift * (y1 - y0) / side.length
    ox, oy = OUTWARD[side.edges[0].side]
    if oy:  # a horizontal edge: half the capital height in from it
        inset = LABEL_GAP + 0.36 * EDGE_LABEL_SIZE
    else:
        inset = LABEL_GAP + stringWidth(label, BOLD, EDGE_LABEL_SIZE) / 2
    return Text(label, (mx - ox * inset, my - oy * inset), EDGE_LABEL_SIZE)


def title_text(subject: Subject) -> str:
    return f"{subject.name} ({subject.source}): box {box_text(subject.folding.box)}"


def sums_text(subject: Subject) -> str:
    """'face sums A 57, B 28, ...; answer 57 × 28 × ... = 16414860', or '' without numbers."""
    if not subject.numbers:
        return ""
    text = f"face sums {face_sums_text(subject.face_sums)}"
    if subject.answer is not None:
        text += f"; answer {product_text(subject.face_sums, subject.answer)}"
    return text
