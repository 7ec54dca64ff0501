"""Printable sheets of grid puzzles: one page, PDF or SVG.

A kind describes its page with a neutral ``GridSheet`` (regions, shaded and black cells, the text
of each cell, a clue beside each row, title, rules, footer); ``sheet_drawing`` lays it out on
the paper as a list of shapes in page millimetres, and the PDF and SVG writers draw the same
shapes, so both files show the same page. Same input, same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from foldkit.drawing import PT_MM, Drawing, Label, Line, Rect, Shape
from foldkit.exchange.pdf import drawing_pdf, text_width
from foldkit.exchange.svg import drawing_svg
from foldkit.look import RGB
from foldkit.paper.page import BOLD, REGULAR, Mm, paper_size, wrapped
from solver.grid import Cell
from solver.text import counted

MARGIN_MM = 15.0
TITLE_PT, RULES_PT, CLUE_PT, FOOTER_PT, ANSWER_PT = 20.0, 10.5, 12.0, 11.0, 14.0
MAX_DIGIT_PT = 36.0  # cell text stays this size on a big grid of few cells
LINE_GAP = 1.45  # line height as a multiple of the font size
CLUE_GAP_MM = 5.0  # between the grid's right edge and the clues
MAX_CLUE_SHARE = 0.4  # of the content width, at most, for the clue column
THIN_MM, THICK_MM, FRAME_MM = 0.25, 0.8, 1.1

INK: RGB = (0.0, 0.0, 0.0)
GRID_GREY: RGB = (0.55, 0.55, 0.55)
SHADE: RGB = (0.82, 0.82, 0.82)
TILE: RGB = (0.08, 0.08, 0.08)
FILLED_INK: RGB = (0.15, 0.25, 0.55)  # numbers a solver wrote in, as against the givens
SOFT_INK: RGB = (0.35, 0.35, 0.38)


@dataclass(frozen=True)
class GridSheet:
    """What a grid puzzle's page shows, in the puzzle's own terms."""

    rows: int
    cols: int
    regions: tuple[tuple[int, ...], ...]  # region id of every cell, row by row
    title: str
    rules: tuple[str, ...] = ()  # paragraphs under the title
    shaded: frozenset[Cell] = frozenset()  # highlighted cells, tinted grey
    black: frozenset[Cell] = frozenset()  # tiles, filled black
    texts: Mapping[Cell, str] = field(default_factory=dict)  # what is printed in a cell
    bold: frozenset[Cell] = frozenset()  # cells whose text is a given (printed bold black)
    clues: tuple[str, ...] = ()  # one per row, printed beside it (or none at all)
    footer: tuple[str, ...] = ()  # paragraphs under the grid
    answer: str = ""  # printed bold under the footer ("Answer: 430", or a line to write it on)

    def __post_init__(self) -> None:
        if len(self.regions) != self.rows or any(len(row) != self.cols for row in self.regions):
            raise ValueError(f"the regions are not {self.rows} rows of {self.cols}")
        if self.clues and len(self.clues) != self.rows:
            raise ValueError(f"{counted(len(self.clues), 'clue')} for {counted(self.rows, 'row')}")
        cells = set(self.texts) | self.shaded | self.black | self.bold
        if any(not (0 <= r < self.rows and 0 <= c < self.cols) for r, c in cells):
            raise ValueError("a cell of the sheet lies outside the grid")


# ---------------------------------------------------------------------------------------------
# Layout


@dataclass(frozen=True)
class GridPlace:
    """Where the grid goes: its top-left corner, the cell size, the clue column's font size."""

    x: float
    y: float
    cell: float
    clue_pt: float
    scale: float  # of the type and gaps, against A4


def sheet_drawing(sheet: GridSheet, paper: str = "a4") -> Drawing:
    """The sheet laid out on a portrait page of the paper ('a4', 'letter', 'a3').

    Type grows with the paper (A3 text is 1.41 times A4 text), so every paper prints the same page."""
    width, height = paper_size(paper)
    k = width / paper_size("a4")[0]
    inner = width - 2 * MARGIN_MM
    head = _head(sheet, inner, k)
    grid_top = head[-1].y + 8 * k
    footer_lines = [(line, FOOTER_PT * k, REGULAR) for line in wrapped(sheet.footer, REGULAR, FOOTER_PT * k, inner)]
    footer_lines += [(line, ANSWER_PT * k, BOLD) for line in wrapped((sheet.answer,), BOLD, ANSWER_PT * k, inner)
                     if line]
    gap = 8 * k if footer_lines else 0.0
    footer_height = sum(size * LINE_GAP * PT_MM for _, size, _ in footer_lines) + gap
    frame = _frame(sheet, inner, height - MARGIN_MM - footer_height - grid_top, grid_top, k)
    footer = _footer(footer_lines, frame.x, frame.y + sheet.rows * frame.cell + gap)
    shapes: list[Shape] = [Rect(0, 0, width, height, (1.0, 1.0, 1.0), "page"), *head,
                           *grid_shapes(sheet, frame), *clue_shapes(sheet, frame), *footer]
    return Drawing((width, height), sheet.title, tuple(shapes))


def _head(sheet: GridSheet, inner: float, k: float) -> list[Label]:
    """The title, then the rules in grey, wrapped to the width."""
    baseline = MARGIN_MM + TITLE_PT * k * PT_MM
    out = [Label(MARGIN_MM, baseline, sheet.title, TITLE_PT * k, BOLD, INK)]
    size, baseline = RULES_PT * k, baseline + 4 * k
    for line in wrapped(sheet.rules, REGULAR, size, inner):
        baseline += size * LINE_GAP * PT_MM
        if line:
            out.append(Label(MARGIN_MM, baseline, line, size, REGULAR, SOFT_INK))
    return out


def _footer(lines: list[tuple[str, float, str]], x: float, top: float) -> list[Label]:
    """Lines of (text, size, font) one under the other, the first one's top at `top`."""
    out, y = [], top
    for text, size, font in lines:
        y += size * PT_MM
        out.append(Label(x, y, text, size, font, INK))
        y += size * (LINE_GAP - 1) * PT_MM
    return out


def _frame(sheet: GridSheet, inner: float, room: float, top: float, k: float) -> GridPlace:
    """The largest grid that fits beside its clues in the room left, centred on the page."""
    clue_pt = CLUE_PT * k
    widest = max((text_width(clue, REGULAR, clue_pt) for clue in sheet.clues), default=0.0)
    if widest > MAX_CLUE_SHARE * inner:
        clue_pt *= MAX_CLUE_SHARE * inner / widest
        widest = MAX_CLUE_SHARE * inner
    column = widest + CLUE_GAP_MM * k if sheet.clues else 0.0
    cell = min((inner - column) / sheet.cols, room / sheet.rows)
    left = MARGIN_MM + (inner - column - cell * sheet.cols) / 2
    return GridPlace(left, top, cell, clue_pt, k)


def grid_shapes(sheet: GridSheet, frame: GridPlace) -> list[Shape]:
    """Fills, thin lines inside regions, thick region borders, the frame, the cells' text."""
    s = frame.cell
    fills = [Rect(frame.x + c * s, frame.y + r * s, s, s, SHADE, "shade") for r, c in sorted(sheet.shaded)]
    fills += [Rect(frame.x + c * s, frame.y + r * s, s, s, TILE, "tile") for r, c in sorted(sheet.black)]
    thin, thick = _edges(sheet)
    lines = [_stroke(frame, a, b, THIN_MM, GRID_GREY, "thin") for a, b in thin]
    lines += [_stroke(frame, a, b, THICK_MM, INK, "border") for a, b in thick]
    corners = [(0, 0), (0, sheet.cols), (sheet.rows, sheet.cols), (sheet.rows, 0), (0, 0)]
    lines += [_stroke(frame, a, b, FRAME_MM, INK, "frame") for a, b in zip(corners, corners[1:], strict=False)]
    return [*fills, *lines, *_cell_labels(sheet, frame)]


def _stroke(frame: GridPlace, a: Cell, b: Cell, width: float, colour: RGB, role: str) -> Line:
    """A line between two grid corners (row, col)."""
    def at(p: Cell) -> Mm:
        return frame.x + p[1] * frame.cell, frame.y + p[0] * frame.cell

    return Line(at(a), at(b), width, colour, role)


def _edges(sheet: GridSheet) -> tuple[list[tuple[Cell, Cell]], list[tuple[Cell, Cell]]]:
    """Inner grid lines as runs between corners: (thin runs, thick runs across region borders)."""
    thin: list[tuple[Cell, Cell]] = []
    thick: list[tuple[Cell, Cell]] = []
    for r in range(1, sheet.rows):  # the line between row r-1 and row r
        for start, end, border in _runs([sheet.regions[r - 1][c] != sheet.regions[r][c] for c in range(sheet.cols)]):
            (thick if border else thin).append(((r, start), (r, end)))
    for c in range(1, sheet.cols):  # the line between column c-1 and column c
        for start, end, border in _runs([sheet.regions[r][c - 1] != sheet.regions[r][c] for r in range(sheet.rows)]):
            (thick if border else thin).append(((start, c), (end, c)))
    return thin, thick


def _runs(borders: list[bool]) -> list[tuple[int, int, bool]]:
    """A line of unit edges cut into runs of one style: (first, after last, is a border)."""
    out, start = [], 0
    for i in range(1, len(borders) + 1):
        if i == len(borders) or borders[i] != borders[start]:
            out.append((start, i, borders[start]))
            start = i
    return out


def _cell_labels(sheet: GridSheet, frame: GridPlace) -> list[Label]:
    """The text of each cell, centred; givens bold black, written-in numbers in blue."""
    s = frame.cell
    # digits 48 % of the cell high (their height is 0.72 of the font size)
    size = min(s * 0.48 / (0.72 * PT_MM), MAX_DIGIT_PT * frame.scale)
    out = []
    for (r, c), text in sorted(sheet.texts.items()):
        if not text or (r, c) in sheet.black:
            continue
        font, colour = (BOLD, INK) if (r, c) in sheet.bold else (REGULAR, FILLED_INK)
        fit = min(size, size * 0.78 * s / max(text_width(text, font, size), 1e-9))
        baseline = frame.y + (r + 0.5) * s + 0.36 * fit * PT_MM
        out.append(Label(frame.x + (c + 0.5) * s, baseline, text, fit, font, colour, "centre"))
    return out


def clue_shapes(sheet: GridSheet, frame: GridPlace) -> list[Label]:
    """Each row's clue, left-aligned beside the row, vertically centred."""
    x = frame.x + sheet.cols * frame.cell + CLUE_GAP_MM * frame.scale
    return [Label(x, frame.y + (r + 0.5) * frame.cell + 0.36 * frame.clue_pt * PT_MM, clue, frame.clue_pt, REGULAR,
                  INK) for r, clue in enumerate(sheet.clues)]


# ---------------------------------------------------------------------------------------------
# The files


def sheet_pdf(sheet: GridSheet, paper: str = "a4") -> bytes:
    """The sheet as the bytes of a one-page PDF."""
    return drawing_pdf(sheet_drawing(sheet, paper))


def sheet_svg(sheet: GridSheet, paper: str = "a4") -> bytes:
    """The sheet as the bytes of an SVG in millimetres."""
    return drawing_svg(sheet_drawing(sheet, paper))
