"""The pieces of a packing in card: the net of every piece (``foldkit.paper.piece_nets``) at a
cell size in mm, in the piece's assembly colour, with its glue tabs, its seam letters and its name,
nested on as few sheets as the nesting (``foldkit.paper.nest``) finds.

Each piece's shape gets many nets, grown from a few fixed seeds (``NET_SEEDS``); VARIANTS of them whose
fold passes a screen for squares passing through each other (``foldkit.fold.piece_fold.screened_closed``;
the tests prove that every net printed for the Y-pentacube and Bedlam cubes closes), those with the
least ink (net and tabs) and those that fill their bounding box best, are offered to the nesting,
which picks for each piece whichever variant and quarter turn sits best on the sheet. A net is never
mirrored: the mirror image of a net folds the mirror image of its piece. The nesting depends on the
pieces' shapes alone, not on the order they come in, so the build (pieces in packing order) and
bench/paper_pieces.py (pieces in the file's order) lay the same sheets.

The area bound (``Nested.area_bound``) is the fewest sheets the cut-outs could cover if nothing were
wasted: the area of every net with its tabs, as printed, over one sheet's usable area (inside the
margins, under the title), rounded up. bench/paper_pieces.py measures sheets against it."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import shapely
from shapely import Polygon, affinity

from foldkit.assembly.colours import faded, piece_colour
from foldkit.drawing import PT_MM, Document, Label
from foldkit.exchange.pdf import text_width
from foldkit.look import INK, RGB
from foldkit.paper.nest import QUARTER_TURNS, Placement, nest
from foldkit.paper.page import BOLD, MARGIN_MM, REGULAR, Sheet, draw_header, paper_size
from foldkit.paper.piece_nets import PieceTemplate, piece_template
from foldkit.paper.template.geometry import net_polygon
from foldkit.paper.template.paint import CUT_PEN, FOLD_PEN, LABEL_INK, TAB_FILL, NetPen, outline_rings
from solver.packing.geometry import orientations
from solver.packing.unfold import Cube, PieceNet, nets

HEADER_MM = 10.0  # the title line's band under the top margin
GAP_MM = 1.0  # between two pieces' cut lines: room for the scissors
VARIANTS = 8  # nets of each shape the nesting may choose from
CANDIDATES = 30  # nets of each shape each seed grows (of 60 growths), given their tabs to choose those from
TINT = 0.25  # how far a piece's colour is washed towards white, so the fold lines and letters show
ROOM_MM = 5.0  # what a cut-out needs beyond its size on the sheet: the gap and the nesting's pixel rounding
NET_SEEDS = (2, 3)  # each grows its own nets, all offered to the choice


@dataclass(frozen=True)
class PaperPiece:
    """One piece to make: its number (1-based, as every page counts), name, cubes and colour."""

    number: int
    name: str
    cubes: frozenset[Cube]
    colour: RGB


@dataclass(frozen=True)
class Nested:
    """The pieces' nets, the one each uses and where it went, and the sheets' usable area."""

    pieces: tuple[PaperPiece, ...]
    templates: tuple[tuple[PieceTemplate, ...], ...]  # the variants of each piece
    placements: tuple[Placement, ...]
    cell_mm: float
    page: tuple[float, float]

    @property
    def sheets(self) -> int:
        return max(p.sheet for p in self.placements) + 1 if self.placements else 0

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) in page mm where nets may go."""
        width, height = self.page
        top = MARGIN_MM + HEADER_MM
        return MARGIN_MM, top, width - 2 * MARGIN_MM, height - top - MARGIN_MM

    def chosen(self, i: int) -> PieceTemplate:
        return self.templates[i][self.placements[i].variant]

    def ink_area(self) -> float:
        """The area of every piece's cut-out (net and tabs) in mm squared."""
        return sum(self.chosen(i).cut.area for i in range(len(self.pieces))) * self.cell_mm ** 2

    def area_bound(self) -> int:
        """The fewest sheets the cut-outs could cover: their area over one sheet's usable area, rounded up."""
        _, _, w, h = self.usable
        return math.ceil(self.ink_area() / (w * h))


def puzzle_pieces(puzzle) -> list[PaperPiece]:
    """Every copy of every piece of a packing puzzle (``solver.packing.PackingPuzzle``), numbered from 1 and
    coloured by number, as the file lists them: the pieces to make without solving it first."""
    out: list[PaperPiece] = []
    for piece in puzzle.pieces:
        for _ in range(piece.count):
            out.append(PaperPiece(len(out) + 1, piece.name, frozenset(piece.cubes), piece_colour(len(out))))
    return out


def nested_pieces(pieces: list[PaperPiece], paper: str, cell_mm: float) -> Nested:
    """Every piece's net, nested on sheets of a paper at a cell size (the same sheets whatever the pieces'
    order)."""
    shapes: dict[frozenset[Cube], tuple[PieceTemplate, ...]] = {}
    blank = Nested(tuple(pieces), (), (), cell_mm, paper_size(paper))
    _, _, w, h = blank.usable
    for piece in pieces:
        shape = _normal(piece.cubes)
        if shape not in shapes:
            shapes[shape] = _offered(_grown(shape), ((w - ROOM_MM) / cell_mm, (h - ROOM_MM) / cell_mm))
    templates = tuple(shapes[_normal(p.cubes)] for p in pieces)
    variants = [[affinity.scale(t.cut, cell_mm, cell_mm, origin=(0, 0)) for t in ts] for ts in templates]
    placements = nest(variants, (w, h), GAP_MM)
    return Nested(tuple(pieces), templates, tuple(placements), cell_mm, blank.page)


def _grown(shape: frozenset[Cube]) -> list[PieceTemplate]:
    """The different nets every seed grows for a shape, given their tabs."""
    found: dict[tuple[tuple[int, int], ...], PieceNet] = {}
    for seed in NET_SEEDS:
        for net in nets(shape, CANDIDATES, seed):
            found.setdefault(tuple(sorted(net.cells)), net)
    return [piece_template(net) for net in found.values()]


def _offered(templates: list[PieceTemplate], room: tuple[float, float]) -> tuple[PieceTemplate, ...]:
    """The VARIANTS templates to offer the nesting, of those that fit in the room (width, height in cells,
    some way round) if any does, and of those, the ones whose fold passes the screen for squares passing
    through each other if any does: by turns the one with the least ink and the one that fills most of its
    bounding box (least ink helps most where many nets share a sheet, a full box where few do)."""
    from foldkit.fold.piece_fold import screened_closed

    def fullness(t: PieceTemplate) -> float:
        x0, y0, x1, y1 = t.cut.bounds
        return t.cut.area / ((x1 - x0) * (y1 - y0))

    def fits(t: PieceTemplate) -> bool:
        x0, y0, x1, y1 = t.cut.bounds
        return all(a <= b for a, b in zip(sorted((x1 - x0, y1 - y0)), sorted(room), strict=True))

    fitting = [t for t in templates if fits(t)] or templates
    by_turns = itertools.chain.from_iterable(zip(sorted(fitting, key=lambda t: t.cut.area),
                                                 sorted(fitting, key=fullness, reverse=True), strict=True))
    ranked = list({id(t): t for t in by_turns}.values())
    closing = tuple(itertools.islice((t for t in ranked if screened_closed(t.net)), VARIANTS))
    return closing or tuple(ranked[:VARIANTS])


def _normal(cubes: frozenset[Cube]) -> frozenset[Cube]:
    """A piece's cubes turned and moved to one standing of its shape, so every copy of a shape, however
    it lies in the packing, shares its nets (a turn changes nothing on paper; a mirror image stays apart)."""
    return orientations(cubes)[0]


def pieces_document(nested: Nested, title: str) -> Document:
    """The sheets of pieces, one page each."""
    pages = []
    for s in range(nested.sheets):
        sheet = Sheet(nested.page)
        draw_header(sheet, f"{title}: pieces to cut and fold",
                    f"sheet {s + 1} of {nested.sheets} · cell {nested.cell_mm:g} mm", nested.page[0])
        for i, placement in enumerate(nested.placements):
            if placement.sheet == s:
                draw_piece(sheet, nested, i)
        pages.append(sheet.drawing(f"{title}: pieces, sheet {s + 1}"))
    return Document(f"{title}: pieces to cut and fold", tuple(pages))


def draw_piece(sheet: Sheet, nested: Nested, i: int) -> None:
    """One piece's net where the nesting put it: tinted cells, tabs, seam letters, name, folds, cut."""
    piece, template, cell = nested.pieces[i], nested.chosen(i), nested.cell_mm
    ux, uy, _, _ = nested.usable
    on_sheet = nested.placements[i].mapper(affinity.scale(template.cut, cell, cell, origin=(0, 0)))

    def to_mm(p) -> tuple[float, float]:
        x, y = on_sheet((float(p[0]) * cell, float(p[1]) * cell))
        return x + ux, y + uy

    pen = NetPen(to_mm, cell)
    pen.layer("print")
    for tab in template.tabs:
        pen.polygon(tab.polygon, TAB_FILL, None)
    for ring in outline_rings(net_polygon(template.net.cells)):
        pen.polygon(ring, faded(piece.colour, TINT), None)
    for text in piece_labels(template, piece, cell, nested.placements[i].quarter_turns):
        x, y = to_mm(text.at)
        pen.add(_centred((x, y + text.drop * cell), text.text, text.height * cell, text.font, text.colour))
    pen.layer("fold")
    for a, b in [*template.creases(), *(tab.fold for tab in template.tabs)]:  # a tab folds in where it meets the net
        pen.line(a, b, FOLD_PEN)
    pen.layer("cut")
    for ring in outline_rings(template.cut):
        pen.polygon(ring, None, CUT_PEN)
    sheet.add(*pen.shapes())


def _centred(at: tuple[float, float], text: str, height_mm: float, font: str, colour: RGB) -> Label:
    """Text of a cap height in mm centred on a page point (0.35 em below it puts the caps' middle there)."""
    size_pt = height_mm / CAP_EM / PT_MM
    return Label(at[0], at[1] + 0.35 * size_pt * PT_MM, text, size_pt, font, colour, "centre")


def seam_letters(template: PieceTemplate) -> list[tuple[str, tuple[float, float]]]:
    """Each seam's letter on both its sides, a little inside the net from the side's middle."""
    out = []
    for seam in template.seams:
        for side in seam.sides:
            (x0, y0), (x1, y1), (dx, dy) = side.start, side.end, side.outward
            out.append((seam.label, ((x0 + x1) / 2 - 0.2 * dx, (y0 + y1) / 2 - 0.2 * dy)))
    return out


@dataclass(frozen=True)
class NetText:
    """A line of text on a net: centred at a point of the net (cells), then dropped down the page by some
    cells (a net may be turned on the sheet; text never is)."""

    text: str
    at: tuple[float, float]
    height: float  # cap height, in cells
    font: str
    colour: RGB
    drop: float = 0.0

    def box(self, cell_mm: float, quarter_turns: int) -> tuple[float, float, float, float]:
        """The box the text's ink takes (x0, y0, x1, y1) in cells, in the net turned as on the sheet: its
        width, its caps about its middle and the tails of p, g and y below its baseline."""
        half = text_width(self.text, self.font, self.height * cell_mm / CAP_EM / PT_MM) / cell_mm / 2
        em = self.height / CAP_EM
        x, y = turned_point(self.at, quarter_turns)
        y += self.drop
        return x - half, y - self.height / 2, x + half, y + self.height / 2 + TAIL_EM * em


LETTER_HEIGHT, NAME_HEIGHT, NUMBER_HEIGHT = 0.2, 0.36, 0.16  # cap heights in cells
CAP_EM, TAIL_EM = 0.72, 0.22  # Helvetica's cap height, and the depth of its tails, in em
SHRINK = (1.0, 0.85, 0.7, 0.55)  # the name and number are made smaller until they keep off every letter


def piece_labels(template: PieceTemplate, piece: PaperPiece, cell_mm: float, quarter_turns: int = 0
                 ) -> list[NetText]:
    """The seam letters, and the piece's name above 'piece N' in a cell where both keep off every
    letter and stay inside the cell, the net turned by quarter turns on the sheet: the cell nearest the
    middle of the net, at the largest size that fits somewhere (the smallest one tried, in the emptiest
    cell, if none does)."""
    letters = [NetText(label, point, LETTER_HEIGHT, REGULAR, LABEL_INK) for label, point in seam_letters(template)]
    letter_boxes = [t.box(cell_mm, quarter_turns) for t in letters]
    centre = shapely.centroid(net_polygon(template.net.cells))
    cells = sorted(template.net.cells, key=lambda rc: ((rc[1] + 0.5 - centre.x) ** 2 + (rc[0] + 0.5 - centre.y) ** 2,
                                                      rc))
    for scale in SHRINK:
        for r, c in cells:
            name = _name_block(piece, (c + 0.5, r + 0.5), scale)
            boxes = [t.box(cell_mm, quarter_turns) for t in name]
            if all(_inside_cell(b, (c + 0.5, r + 0.5), quarter_turns) for b in boxes) and not any(
                    _overlap(b, other) for b in boxes for other in letter_boxes):
                return letters + name
    r, c = min(cells, key=lambda rc: sum(_overlap(_cell_box((rc[1] + 0.5, rc[0] + 0.5), quarter_turns), b)
                                         for b in letter_boxes))
    return letters + _name_block(piece, (c + 0.5, r + 0.5), SHRINK[-1])


def _name_block(piece: PaperPiece, centre: tuple[float, float], scale: float) -> list[NetText]:
    """The piece's name and, under it, 'piece N', about a cell's centre, at a scale of their full size."""
    return [NetText(piece.name, centre, NAME_HEIGHT * scale, BOLD, INK, -0.08 * scale),
            NetText(f"piece {piece.number}", centre, NUMBER_HEIGHT * scale, REGULAR, INK, 0.26 * scale)]


def turned_point(point: tuple[float, float], quarter_turns: int) -> tuple[float, float]:
    """A net point turned about the origin as the nesting turns the net (``foldkit.paper.nest``)."""
    cos, sin = QUARTER_TURNS[quarter_turns % 4]
    x, y = point
    return x * cos - y * sin, x * sin + y * cos


def _cell_box(centre: tuple[float, float], quarter_turns: int) -> tuple[float, float, float, float]:
    """The square of the net cell about a centre, turned as on the sheet."""
    x, y = turned_point(centre, quarter_turns)
    return x - 0.5, y - 0.5, x + 0.5, y + 0.5


def _inside_cell(box: tuple[float, float, float, float], centre: tuple[float, float], quarter_turns: int) -> bool:
    x0, y0, x1, y1 = box
    cx0, cy0, cx1, cy1 = _cell_box(centre, quarter_turns)
    return cx0 <= x0 and x1 <= cx1 and cy0 <= y0 and y1 <= cy1


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """True if two boxes (x0, y0, x1, y1) share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def placed_cut_outs(nested: Nested) -> list[tuple[int, Polygon]]:
    """(sheet, the cut-out in page mm) of every piece, as drawn."""
    ux, uy, _, _ = nested.usable
    out = []
    for i, placement in enumerate(nested.placements):
        shape = affinity.scale(nested.chosen(i).cut, nested.cell_mm, nested.cell_mm, origin=(0, 0))
        out.append((placement.sheet, affinity.translate(placement.place(shape), ux, uy)))
    return out

