"""The pages of a step diagram (fold-steps.pdf): frames of a step number, a caption and a picture,
COLUMNS x ROWS a page between a title line and a legend, and the curved arrows the pictures draw."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from foldkit.drawing import Area, Document, Drawing, Line, Mm, Polygon
from foldkit.exchange.pdf import text_width
from foldkit.look import RGB
from foldkit.paper.page import BOLD, REGULAR, SOFT_INK, Sheet, paper_size

Draw = Callable[[Sheet, Area], None]  # draws one frame's picture into a page area

MARGIN_MM = 6.0  # every mark stays this far inside the paper's edges
COLUMNS, ROWS = 2, 3
HEADER_MM, LEGEND_MM = 9.0, 11.0  # the title line at the top, the legend at the bottom of a page
HEADING_MM = 12.0  # a frame's step number and caption above its picture
ARROW: RGB = (0.12, 0.12, 0.14)
ARROW_MM = 0.4


@dataclass(frozen=True)
class StepFrame:
    """One frame of a page: its heading (bold), a caption beside it, and its picture."""

    heading: str
    caption: str
    draw: Draw


# ---------------------------------------------------------------------------------------------
# Pages


@dataclass(frozen=True)
class Layout:
    """Where frames go on a page: the page size and each frame's area (x, y, w, h)."""

    size: Mm
    frames: tuple[Area, ...]

    @property
    def picture(self) -> Area:
        """The area of a frame's picture, below its heading, relative to the frame."""
        _, _, w, h = self.frames[0]
        return (4.0, HEADING_MM, w - 8.0, h - HEADING_MM - 4.0)  # clear of the frame's border


def layout(paper: str) -> Layout:
    """A grid of COLUMNS x ROWS frames between the header and the legend, inside the margin."""
    width, height = paper_size(paper)
    top, bottom = MARGIN_MM + HEADER_MM, height - MARGIN_MM - LEGEND_MM
    w, h = (width - 2 * MARGIN_MM) / COLUMNS, (bottom - top) / ROWS
    areas = tuple((MARGIN_MM + (k % COLUMNS) * w, top + (k // COLUMNS) * h, w, h) for k in range(COLUMNS * ROWS))
    return Layout((width, height), areas)


def frame_pages(title: str, frames: Sequence[StepFrame], grid: Layout,
                legend: Callable[[Sheet, Area], None]) -> Document:
    """The frames, COLUMNS x ROWS a page, each page with a title line and the legend."""
    per_page = len(grid.frames)
    count = -(-len(frames) // per_page)
    pages: list[Drawing] = []
    for p in range(count):
        sheet = Sheet(grid.size)
        width, height = grid.size
        sheet.text(MARGIN_MM, MARGIN_MM + 5, title, 12, BOLD)
        sheet.text(width - MARGIN_MM, MARGIN_MM + 5, f"page {p + 1} of {count}", 8.5, REGULAR, SOFT_INK, "right")
        for frame, area in zip(frames[p * per_page:(p + 1) * per_page], grid.frames, strict=False):
            draw_frame(sheet, frame, area, grid.picture)
        legend(sheet, (MARGIN_MM, height - MARGIN_MM - LEGEND_MM, width - 2 * MARGIN_MM, LEGEND_MM))
        pages.append(sheet.drawing(title))
    return Document(title, tuple(pages))


def draw_frame(sheet: Sheet, frame: StepFrame, area: Area, picture: Area) -> None:
    """A frame: a thin box round it, the heading and caption, and the picture."""
    x, y, w, h = area
    pad = 1.5
    corners = ((x + pad, y + pad), (x + w - pad, y + pad), (x + w - pad, y + h - pad), (x + pad, y + h - pad))
    sheet.add(Polygon(corners, None, (0.8, 0.8, 0.82), 0.15, "frame"))
    sheet.text(x + 4, y + 6.5, frame.heading, 10.5, BOLD)
    if frame.caption:
        size = min(8.0, 8.0 * (w - 8) / text_width(frame.caption, REGULAR, 8.0))  # one line, smaller if long
        sheet.text(x + 4, y + 10.5, frame.caption, size, REGULAR, SOFT_INK)
    px, py, pw, ph = picture
    frame.draw(sheet, (x + px, y + py, pw, ph))


def draw_arrow(sheet: Sheet, path: np.ndarray, head: float) -> None:
    """A path of page points (k, 2) as a line with a filled head at its end, head long (mm)."""
    length = float(np.linalg.norm(np.diff(path, axis=0), axis=1).sum())
    head = min(max(head, 1.6), 3.2, 0.4 * length)  # an arc seen edge-on is short: keep the head to scale
    points = [(float(x), float(y)) for x, y in path]
    tip, before = path[-1], path[-2]
    direction = (tip - before) / max(np.linalg.norm(tip - before), 1e-9)
    side = np.array([-direction[1], direction[0]])
    base = tip - head * direction
    for a, b in zip(points[:-2], points[1:-1], strict=True):
        sheet.add(Line(a, b, ARROW_MM, ARROW, "arrow", cap="butt"))
    sheet.add(Line(points[-2], (float(base[0]), float(base[1])), ARROW_MM, ARROW, "arrow", cap="butt"))
    wing = 0.45 * head
    corners = (tip, base + wing * side, base - wing * side)
    sheet.add(Polygon(tuple((float(x), float(y)) for x, y in corners), ARROW, None, 0.0, "arrow"))
