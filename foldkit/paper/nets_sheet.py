"""The nets worksheet: numbered polyominoes drawn to one scale, several to a page, for a class to
cut out or picture folded; with shapes that do not fold among them, a question and an answer key.

Every shape is drawn at the same cell size (so a larger net looks larger), turned to lie wider than
tall, and laid out in reading order along shelves: a row of shapes as tall as its tallest. Each
shape is one group of the page, named ``net N`` after its number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from foldkit.drawing import Document, Drawing, Group, Label, Line, Rect
from foldkit.exchange.pdf import text_width
from foldkit.look import INK, RGB, box_text
from foldkit.paper.page import BOLD, MARGIN_MM, REGULAR, SOFT_INK, Sheet, draw_header, paper_size
from solver.box import Box
from solver.grid import Layout
from solver.polyomino import transformed

MAX_CELL_MM = 10.0  # a cube's nets at 1 cm a square: big enough to cut out
ACROSS = 3  # at least this many of the longest shape fit across the page
GAP_CELLS = 1.0  # between shapes, in cells
LABEL_MM = 5.0  # the number above each shape
TOP_MM = MARGIN_MM + 16  # where the shapes start, below the title and the line under it
BOTTOM_MM = MARGIN_MM + 6  # where they end, above the page's footer
NUMBER_PT, NOTE_PT, KEY_PT = 10.0, 8.5, 9.0
KEY_LINE_MM = 5.0
PAPER_TINT: RGB = (0.93, 0.95, 0.99)
GRID_GREY: RGB = (0.55, 0.55, 0.60)
OUTLINE_MM, GRID_MM = 0.45, 0.18


@dataclass(frozen=True)
class SheetNet:
    """A shape of the worksheet: its number, its cells, and the boxes (of those asked) it folds into."""

    number: int
    cells: Layout
    folds_into: tuple[Box, ...]


@dataclass(frozen=True)
class NetsSheet:
    """What the worksheet shows: the boxes asked about, the shapes in their order, and whether some
    do not fold (then the title asks which do, and an answer key follows)."""

    boxes: tuple[Box, ...]
    nets: tuple[SheetNet, ...]
    mixed: bool

    def folds(self, net: SheetNet) -> bool:
        return len(net.folds_into) == len(self.boxes)


def worksheet(sheet: NetsSheet, paper: str = "a4") -> Document:
    """The worksheet's pages on portrait paper: the shapes, then (mixed) the answer key."""
    size = paper_size(paper)
    shown = [(net.number, lying_wide(net.cells)) for net in sheet.nets]
    cell = cell_mm(shown, size[0] - 2 * MARGIN_MM)
    pages = shelves(shown, cell, size)
    key = _key_pages(sheet, size, len(pages)) if sheet.mixed else []
    total = len(pages) + len(key)  # every page counts the document's pages, the answer key's too
    drawn = [_shapes_page(sheet, page, cell, size, i + 1, total) for i, page in enumerate(pages)] + key
    return Document(title_of(sheet), tuple(drawn), subject=f"{len(sheet.nets)} shapes, drawn at {cell:g} mm a square")


def title_of(sheet: NetsSheet) -> str:
    boxes = " and ".join(box_text(box) for box in sheet.boxes)
    if sheet.mixed:
        if len(sheet.boxes) == 1:
            return f"Which of these fold into a {boxes} box?"
        return f"Which of these fold into {'both' if len(sheet.boxes) == 2 else 'all of'} {boxes} boxes?"
    common = "" if len(sheet.boxes) == 1 else " common"
    return f"The {len(sheet.nets)}{common} nets of the {boxes} box{'es' if len(sheet.boxes) > 1 else ''}"


def lying_wide(cells: Layout) -> Layout:
    """The shape turned a quarter if it is taller than wide, normalised."""
    rows, cols = _extent(cells)
    return transformed(cells, 1) if rows > cols else transformed(cells, 0)


def _extent(cells: Layout) -> tuple[int, int]:
    """(rows, cols) of a normalised shape."""
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def cell_mm(shown: Sequence[tuple[int, Layout]], width: float) -> float:
    """One cell size for every shape: ACROSS of the longest fit across the width, at most MAX_CELL_MM
    (rounded down to a tenth of a mm, so the page states it exactly)."""
    longest = max(_extent(cells)[1] for _, cells in shown)
    return min(MAX_CELL_MM, int(10 * width / (ACROSS * (longest + GAP_CELLS))) / 10)


Placed = tuple[int, Layout, float, float]  # number, cells, (x, y) of its top-left cell corner in page mm


def shelves(shown: Sequence[tuple[int, Layout]], cell: float, size: tuple[float, float]) -> list[list[Placed]]:
    """The shapes placed in reading order on shelves, page by page."""
    width, height = size
    pages: list[list[Placed]] = [[]]
    x, y, shelf = MARGIN_MM, TOP_MM, 0.0  # shelf: the height of the current shelf so far
    for number, cells in shown:
        rows, cols = _extent(cells)
        if x > MARGIN_MM and x + cols * cell > width - MARGIN_MM:
            x, y, shelf = MARGIN_MM, y + shelf, 0.0
        if y + LABEL_MM + rows * cell > height - BOTTOM_MM and pages[-1]:  # any shape of the shelf, not its first
            pages.append([])
            x, y, shelf = MARGIN_MM, TOP_MM, 0.0
        pages[-1].append((number, cells, x, y + LABEL_MM))
        x += (cols + GAP_CELLS) * cell
        shelf = max(shelf, LABEL_MM + (rows + GAP_CELLS) * cell)
    return pages


def _shapes_page(sheet: NetsSheet, placed: list[Placed], cell: float, size: tuple[float, float],
                 page: int, pages: int) -> Drawing:
    out = Sheet(size)
    draw_header(out, title_of(sheet), "", size[0])
    out.text(size[0] / 2, size[1] - MARGIN_MM, f"page {page} of {pages} · 1 square = {cell:g} mm", NOTE_PT, REGULAR,
             SOFT_INK, "centre")
    note = ("Picture each shape folded along the grid lines, or cut it out and fold it. "
            "The answers are on the last page." if sheet.mixed else
            "Each folds along the grid lines into the box, covering it once, edge to edge." if len(sheet.boxes) == 1
            else "Each folds along the grid lines into each of the boxes, covering it once, edge to edge.")
    out.text(MARGIN_MM, MARGIN_MM + 11.5, note, NOTE_PT, REGULAR, SOFT_INK)
    for number, cells, x, y in placed:
        out.add(net_group(number, cells, x, y, cell))
    return out.drawing(title_of(sheet))


def net_group(number: int, cells: Layout, x: float, y: float, cell: float) -> Group:
    """One shape, its cells tinted with grid lines inside and its outline in ink, its number above."""
    tiles = [Rect(x + c * cell, y + r * cell, cell, cell, PAPER_TINT, "tile") for r, c in sorted(cells)]
    outline, inner = sides(cells)

    def lines(runs: list[Run], width: float, colour: RGB, role: str, cap: str) -> list[Line]:
        return [Line((x + x0 * cell, y + y0 * cell), (x + x1 * cell, y + y1 * cell), width, colour, role, cap=cap)
                for (x0, y0), (x1, y1) in runs]

    number_label = Label(x, y - 1.2, str(number), NUMBER_PT, BOLD, INK)
    return Group((*tiles, *lines(inner, GRID_MM, GRID_GREY, "grid", "butt"), *lines(outline, OUTLINE_MM, INK, "cut",
                                                                                    "square"), number_label),
                 layer=f"net {number}")


Run = tuple[tuple[int, int], tuple[int, int]]  # a straight run of grid sides: its ends (x, y) in cells


def sides(cells: Layout) -> tuple[list[Run], list[Run]]:
    """The shape's outline and its inner grid lines, each as maximal straight runs (fewer lines
    to draw: a worksheet of thousands of nets draws them all)."""
    outline: dict[tuple[str, int], list[int]] = {}  # (across or down, the line's y or x) -> the unit sides on it
    inner: dict[tuple[str, int], list[int]] = {}
    for r, c in cells:
        for other, key, start in (((r - 1, c), ("across", r), c), ((r + 1, c), ("across", r + 1), c),
                                  ((r, c - 1), ("down", c), r), ((r, c + 1), ("down", c + 1), r)):
            if other not in cells:
                outline.setdefault(key, []).append(start)
            elif (r, c) < other:  # an inner side, once
                inner.setdefault(key, []).append(start)
    return _runs(outline), _runs(inner)


def _runs(unit_sides: dict[tuple[str, int], list[int]]) -> list[Run]:
    out: list[Run] = []
    for (way, at), starts in sorted(unit_sides.items()):
        starts.sort()
        first = previous = starts[0]
        for start in [*starts[1:], None]:
            if start is not None and start == previous + 1:
                previous = start
                continue
            out.append(((first, at), (previous + 1, at)) if way == "across" else ((at, first), (at, previous + 1)))
            if start is not None:
                first = previous = start
    return out


def key_line(sheet: NetsSheet, net: SheetNet) -> str:
    """'7  yes', '8  no', or with several boxes '9  no: folds into 1 × 1 × 5 only'."""
    if sheet.folds(net):
        return f"{net.number}  yes"
    if len(sheet.boxes) == 1 or not net.folds_into:
        return f"{net.number}  no"
    return f"{net.number}  no: folds into {' and '.join(box_text(b) for b in net.folds_into)} only"


def _key_pages(sheet: NetsSheet, size: tuple[float, float], before: int) -> list[Drawing]:
    """The answer key: a line per shape in number order, in as many columns and pages as it takes,
    after the ``before`` pages of shapes."""
    width, height = size
    lines = [key_line(sheet, net) for net in sorted(sheet.nets, key=lambda n: n.number)]
    column = max(text_width(line, REGULAR, KEY_PT) for line in lines) + 8.0
    across = max(1, int((width - 2 * MARGIN_MM) // column))
    down = max(1, int((height - TOP_MM - BOTTOM_MM) // KEY_LINE_MM))
    per_page = across * down
    chunks = [lines[i:i + per_page] for i in range(0, len(lines), per_page)]
    folding = sum(sheet.folds(net) for net in sheet.nets)
    out = []
    for page, chunk in enumerate(chunks, 1):
        drawn = Sheet(size)
        right = f"page {before + page} of {before + len(chunks)}"
        draw_header(drawn, "Answers", right, width)
        drawn.text(MARGIN_MM, MARGIN_MM + 11.5, f"{title_of(sheet)} {folding} of the {len(sheet.nets)} shapes do; "
                   "each answer was checked by folding the shape onto the box.", NOTE_PT, REGULAR, SOFT_INK)
        for i, line in enumerate(chunk):
            x, y = MARGIN_MM + (i // down) * column, TOP_MM + 4 + (i % down) * KEY_LINE_MM
            drawn.text(x, y, line, KEY_PT, BOLD if line.endswith("yes") else REGULAR)
        out.append(drawn.drawing("Answers"))
    return out
