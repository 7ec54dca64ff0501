"""What is drawn on the net, in net coordinates, shared by the PDF and the SVG writers:
lines by kind, the numbers with their circles and squares, face labels and seam labels.

Sizes are in cells: a font size of 0.5 is half a cell tall.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from foldkit.exchange.pdf import font_width
from foldkit.fold.subject import Subject
from foldkit.look import box_text, face_label, face_sums_text, product_text, underlined
from foldkit.paper.page import BOLD
from foldkit.paper.template.closing import check_slits, slit_edge, tab_folds, tongue_slits, tongues
from foldkit.paper.template.geometry import NetGeometry, Point
from foldkit.paper.template.letters import edge_band, overlaps, seam_letters
from foldkit.paper.template.text import CAP, Text
from solver.folding import RIGHT_ANGLE
from solver.grid import DIRECTIONS, Cell, step

Segment = tuple[Point, Point]

NUMBER_SIZE = 0.5
FACE_LABEL_SIZE = 0.3
RUN_END = 0.05  # cells a face title keeps from a crease at the side of its run
SLIT_CLEAR = 0.05  # cells a face title keeps from a slit


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
    reliefs: tuple[Segment, ...] = ()  # short cuts from a moved tab fold's ends to the net's edge
    slits: tuple[Segment, ...] = ()  # cuts the tongues go through (--tabs slot), in the order of the tongues


def net_marks(subject: Subject, geometry: NetGeometry, cell_mm: float, letters: bool = True,
              plain: bool = False, paper_mm: float = 0.0) -> Marks:
    """The marks of a subject's net printed with cells of cell_mm; without letters, the seam
    letters inside the net (those that end up on the box's faces) are left off, the ones on
    the tabs stay; plain: no numbers and no face titles, only what cutting, folding and gluing
    need; paper_mm: the card's thickness, by which each tab's fold moves into its panel (see
    tab_folds) and for which the tongues' slits are cut (see tongue_slits). No two texts overlap."""
    if plain:  # nothing on the cells: the letters need not keep off rings either
        subject = replace(subject, labels={})
    creases = subject.folding.creases()
    folds = [crease_segment(e) for e, angle in creases.items() if angle == RIGHT_ANGLE]
    flats = [crease_segment(e) for e, angle in creases.items() if angle != RIGHT_ANGLE]
    marked = sorted(subject.labels.items())
    numbers = [Text(label.text, cell_centre(c), NUMBER_SIZE, underline=underlined(label.text)) for c, label in marked]
    check_slits(geometry, paper_mm, cell_mm)
    slits = tongue_slits(geometry, paper_mm / cell_mm)
    # Face titles keep out of the band along cell edges where seam letters (and slits, which lie
    # no deeper than their tongue's neck) go, so neither has to give way; the letters keep off
    # the titles too (a title on a fully numbered piece cannot keep out of that band), and a
    # title a letter still meets is left off.
    band = max([edge_band(cell_mm)] + [t.neck + SLIT_CLEAR for t in tongues(geometry)])
    titles = [] if plain else face_labels(subject, band)
    slit_edges = {slit_edge(geometry, t): slit for t, slit in zip(tongues(geometry), slits, strict=True)}
    seam_labels = seam_letters(subject, geometry, cell_mm, numbers + titles, letters, slit_edges)
    titles = [title for title in titles if not overlaps(title, seam_labels)]
    tab_lines, reliefs = tab_folds(geometry, paper_mm / cell_mm)
    return Marks(
        folds=merge_segments(folds) + tab_lines,
        flats=merge_segments(flats),
        circles=[cell_centre(c) for c, label in marked if label.mark == "circle"],
        squares=[cell_centre(c) for c, label in marked if label.mark == "square"],
        numbers=numbers,
        face_labels=titles,
        seam_labels=seam_labels,
        reliefs=tuple(reliefs),
        slits=tuple(slits),
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
    """'face C: 57', or 'face C' for a subject without face sums."""
    if subject.face_sums is None:
        return f"face {face_label(face)}"
    return f"face {face_label(face)}: {subject.face_sums[face]}"


def face_labels(subject: Subject, band: float = 0.0) -> list[Text]:
    """Each face's name and sum on the face's largest piece (of the largest, the one with the
    longest run of cells without a number), along that run, band cells clear of its edges."""
    tree = subject.tree
    out = []
    for face in range(6):
        runs = {p.index: longest_run(p.cells - set(subject.labels)) for p in tree.panels if p.face == face}
        piece = max((p for p in tree.panels if p.face == face),
                    key=lambda p: (len(p.cells), len(runs[p.index][0]), -p.index))
        run, vertical = runs[piece.index]
        text = face_title(subject, face)
        if not run:  # every cell of the piece has a number: a small label along a cell's top
            r, c = min(piece.cells)
            out.append(Text(text, (c + 0.5, r + 0.14), min(0.16, 0.9 / font_width(text, BOLD, 1))))
            continue
        title = title_in_run(text, run, vertical, subject.cells, band)
        if title is not None:
            out.append(title)
    return out


def title_in_run(text: str, run: list[Cell], vertical: bool, cells, band: float) -> Text | None:
    """The title as large as fits (up to FACE_LABEL_SIZE) in the middle of a run of cells,
    band cells clear of each side of the run that is cut (where seam letters go), RUN_END clear
    of a crease; None if it does not fit."""
    inset: dict[str, float] = {}
    for direction in DIRECTIONS:
        beyond = [step(cell, direction) for cell in run]
        inset[direction] = band if any(cell not in cells for cell in beyond) else RUN_END
    (r0, c0), (r1, c1) = run[0], run[-1]
    x0, x1, y0, y1 = c0 + inset["L"], c1 + 1 - inset["R"], r0 + inset["U"], r1 + 1 - inset["D"]
    along, across = (y1 - y0, x1 - x0) if vertical else (x1 - x0, y1 - y0)
    size = min(FACE_LABEL_SIZE, along / font_width(text, BOLD, 1), across / CAP)
    if size <= 0:
        return None
    return Text(text, ((x0 + x1) / 2, (y0 + y1) / 2), size, 90.0 if vertical else 0.0)


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


def title_text(subject: Subject, plain: bool = False) -> str:
    """'nov2025: cut-and-fold template of the 2 × 6 × 7 box' (plain: 'plain cut-and-fold ...')."""
    kind = "plain cut-and-fold template" if plain else "cut-and-fold template"
    return f"{subject.name}: {kind} of the {box_text(subject.folding.box)} box"


def sums_text(subject: Subject) -> str:
    """'face sums A 57, B 28, ...; answer 57 × 28 × ... = 16414860', or '' without face sums."""
    if subject.face_sums is None:
        return ""
    text = f"face sums {face_sums_text(subject.face_sums)}"
    if subject.answer is not None:
        text += f"; answer {product_text(subject.face_sums, subject.answer)}"
    return text
