"""Where the net goes on paper: paper size, cell size, and tiling over pages.

Page coordinates here are millimetres from the page's top-left corner, y down, so that they
read the same way as net coordinates; the PDF writer turns them into points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.paper.page import MARGIN_MM, Mm, paper_name, paper_size
from foldkit.paper.template.registration import area_size

Bounds = tuple[float, float, float, float]  # (min x, min y, max x, max y) in net coordinates

SLOT_CARD_MM = 0.3  # the card slots are cut for when no --paper-mm is given: cardstock
HEADER_MM = 11.0  # title line
FOOTER_MM = 22.0  # legend, sums and scale bar
OVERLAP_MM = 12.0  # strip printed on both of two neighbouring pages, to tape them together
MIN_CELL_MM = 2.0
MAX_PAGES = 64  # of one tiled net: past this a template is a poster, not a craft


@dataclass(frozen=True)
class TemplateOptions:
    """Paper ("a4", "letter", "a3"), cell size in mm (None: the largest that fits one page),
    whether the seam letters inside the net are printed (the tabs keep theirs), whether
    the template is plain: cut, fold and glue marks only, printed side inside the box, and the
    cutting machine whose print-then-cut marks go round the net's page ("": none; see
    foldkit.paper.template.registration), and how seams close ("glue", "both", "shadow": see
    foldkit.paper.template.closing.TAB_STYLES), and the card's thickness in mm, by which each tab's
    fold moves into its panel (see foldkit.paper.template.closing.tab_folds; 0: not allowed for)."""

    paper: str = "a4"
    cell_mm: float | None = None
    letters: bool = True
    plain: bool = False
    cutter: str = ""
    tabs: str = "glue"
    paper_mm: float = 0.0

    @property
    def card_mm(self) -> float:
        """The card thickness the template allows for: paper_mm, or, for slots (which cannot
        leave it out), SLOT_CARD_MM when none is given."""
        return self.paper_mm or (SLOT_CARD_MM if self.tabs == "slot" else 0.0)


@dataclass(frozen=True)
class Tile:
    """One page of the net: its place in the grid of pages and the part of the net it shows,
    as the top-left corner of its content area in net millimetres (net origin at bounds min)."""

    row: int
    col: int
    x: float
    y: float


@dataclass(frozen=True)
class PagePlan:
    """The paper, the cell size and the pages the net is printed on."""

    paper: str
    size: Mm  # page width and height in mm, as oriented
    cell_mm: float
    bounds: Bounds
    content: tuple[float, float, float, float]  # x, y, width, height of the net's area on a page
    offset: Mm  # where the net's bounds corner sits in the tiled area, in mm
    rows: int
    cols: int

    @property
    def landscape(self) -> bool:
        return self.size[0] > self.size[1]

    @property
    def tiles(self) -> list[Tile]:
        """The net's pages in reading order."""
        step_x, step_y = self.content[2] - OVERLAP_MM, self.content[3] - OVERLAP_MM
        return [Tile(r, c, c * step_x, r * step_y) for r in range(self.rows) for c in range(self.cols)]

    def page_point(self, tile: Tile, point: tuple[float, float]) -> Mm:
        """Where a point of the net (net coordinates) lands on the tile's page, in page mm."""
        x0, y0 = self.content[:2]
        nx = (point[0] - self.bounds[0]) * self.cell_mm + self.offset[0] - tile.x
        ny = (point[1] - self.bounds[1]) * self.cell_mm + self.offset[1] - tile.y
        return x0 + nx, y0 + ny


def content_size(size: Mm) -> Mm:
    """The width and height a page leaves for the net."""
    return size[0] - 2 * MARGIN_MM, size[1] - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM


def orientations(paper: str, cutter: str = "") -> list[Mm]:
    """The page as portrait, then as landscape; with a cutter, the area its marks leave on it."""
    w, h = paper_size(paper)
    pages = [(w, h), (h, w)]
    return [area_size(cutter, page) for page in pages] if cutter else pages


def fitting_cell_mm(bounds: Bounds, paper: str, cutter: str = "") -> float:
    """The largest cell size (whole tenths of a mm) at which the net fits one page."""
    width, height = bounds[2] - bounds[0], bounds[3] - bounds[1]
    best = max(min(cw / width, ch / height) for cw, ch in map(content_size, orientations(paper, cutter)))
    return math.floor(best * 10 + 1e-9) / 10


def _tiles_needed(length: float, room: float) -> int:
    """Pages along one direction for a net of the given length (mm), with overlap strips."""
    if length <= room + 1e-9:
        return 1
    return 1 + math.ceil((length - room) / (room - OVERLAP_MM) - 1e-9)


def plan_pages(bounds: Bounds, options: TemplateOptions) -> PagePlan:
    """The pages for a net with these bounds: one page at the fitting size, or tiles."""
    cell = options.cell_mm if options.cell_mm is not None else fitting_cell_mm(bounds, options.paper, options.cutter)
    if cell < MIN_CELL_MM:
        raise FoldkitError(f"cells of {cell:g} mm are too small to print; pick a larger paper or --cell-mm",
                           EXIT_BAD_INPUT)
    width, height = (bounds[2] - bounds[0]) * cell, (bounds[3] - bounds[1]) * cell
    plans = []
    for size in orientations(options.paper, options.cutter):
        cw, ch = content_size(size)
        cols, rows = _tiles_needed(width, cw), _tiles_needed(height, ch)
        covered = (cols * (cw - OVERLAP_MM) + OVERLAP_MM, rows * (ch - OVERLAP_MM) + OVERLAP_MM)
        covered = (cw if cols == 1 else covered[0], ch if rows == 1 else covered[1])
        offset = ((covered[0] - width) / 2, (covered[1] - height) / 2)
        content = (MARGIN_MM, MARGIN_MM + HEADER_MM, cw, ch)
        plans.append(PagePlan(options.paper.lower(), size, cell, bounds, content, offset, rows, cols))
    plan = min(plans, key=lambda p: (p.rows * p.cols, -min(p.offset)))
    if options.cutter and plan.rows * plan.cols > 1:
        raise FoldkitError(f"cells of {cell:g} mm need {plan.rows * plan.cols} pages inside the {options.cutter} "
                           "marks, and a machine cuts one page: leave out --paper-cell-mm or make it smaller",
                           EXIT_BAD_INPUT)
    if plan.rows * plan.cols > MAX_PAGES:
        raise FoldkitError(f"cells of {cell:g} mm need {plan.rows * plan.cols} pages of {paper_name(options.paper)}, "
                           f"more than {MAX_PAGES}: use a smaller --cell-mm", EXIT_BAD_INPUT)
    return plan
