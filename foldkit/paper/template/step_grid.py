"""Where the assembly page puts its pictures of the staged fold: one picture per stage while that
many fit at a size a person can read, else consecutive stages grouped, at most MAX_PICTURES
pictures of at least MIN_PICTURE_MM each. Pure layout: numbers in, numbers out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Stages = range  # consecutive stages of the fold, 0-based, that one picture shows

MIN_PICTURE_MM = 40.0  # the net drawn at least this wide or high
MAX_PICTURES = 8
FEWEST_PICTURES = 6  # when grouping, fewer only if that many do not fit: each shows a few steps, not half the fold
CAPTION_MM = 9.0  # a group's caption above its picture: its steps, then the faces they turn
PICTURE_INSET_MM = (6.0, 3.0)  # a picture's room is its cell less this across and below


@dataclass(frozen=True)
class StepGrid:
    """The pictures' stages, in order, laid out cols a row in cells of cell (w, h) mm, each
    picture below a heading of heading_mm; grouped: captions name the steps (else each stage's
    own paragraph stands above its picture)."""

    groups: tuple[Stages, ...]
    cols: int
    cell: tuple[float, float]
    heading_mm: float
    grouped: bool

    @property
    def rows(self) -> int:
        return -(-len(self.groups) // self.cols)

    def corner(self, k: int, origin: tuple[float, float]) -> tuple[float, float]:
        """The page mm top-left of picture k's cell, the grid starting at origin."""
        return origin[0] + (k % self.cols) * self.cell[0], origin[1] + (k // self.cols) * self.cell[1]

    def room(self) -> tuple[float, float]:
        """The (w, h) mm a picture is fitted into."""
        return self.cell[0] - PICTURE_INSET_MM[0], self.cell[1] - self.heading_mm - PICTURE_INSET_MM[1]

    def picture_mm(self, span: tuple[int, int]) -> float:
        """How far across (its wider side) a net of span (cols, rows) cells is drawn."""
        w, h = self.room()
        scale = max(min(w / span[0], h / span[1]), 0.0)
        return scale * max(span)


def stage_groups(stage_count: int, count: int) -> tuple[Stages, ...]:
    """The stages in count consecutive groups, their sizes differing by at most one, larger first."""
    size, extra = divmod(stage_count, count)
    out, start = [], 0
    for k in range(count):
        end = start + size + (k < extra)
        out.append(range(start, end))
        start = end
    return tuple(out)


def step_grid(stage_count: int, span: tuple[int, int], area: tuple[float, float],
              stage_text_mm: Callable[[float], float]) -> StepGrid:
    """The pictures of a fold of stage_count stages, the net span (cols, rows) cells, in an area
    (w, h) mm: one a stage, each under its paragraph (stage_text_mm: its height in a cell so wide),
    when that many fit at MIN_PICTURE_MM; else, of the groupings into FEWEST_PICTURES to
    MAX_PICTURES that fit so, the one that draws the most net (pictures times their area), so the
    page is used rather than left blank between small pictures; else the most pictures that fit
    (one, the whole fold, if none does)."""
    if stage_count == 0:
        return StepGrid((), 1, area, 0.0, False)
    if stage_count <= MAX_PICTURES:
        cols = 3 if stage_count > 4 else 2 if stage_count > 1 else 1
        width = area[0] / cols
        single = StepGrid(stage_groups(stage_count, stage_count), cols, (width, area[1] / -(-stage_count // cols)),
                          stage_text_mm(width - 4), False)
        if single.picture_mm(span) >= MIN_PICTURE_MM:
            return single
    readable = [grid for count in range(min(stage_count, MAX_PICTURES), 1, -1)
                if (grid := grouped_grid(stage_count, count, span, area)).picture_mm(span) >= MIN_PICTURE_MM]
    enough = [grid for grid in readable if len(grid.groups) >= min(stage_count, FEWEST_PICTURES)]
    if enough:
        return max(enough, key=lambda g: (len(g.groups) * g.picture_mm(span) ** 2, len(g.groups)))
    return readable[0] if readable else grouped_grid(stage_count, 1, span, area)


def grouped_grid(stage_count: int, count: int, span: tuple[int, int], area: tuple[float, float]) -> StepGrid:
    """count captioned pictures in the number of columns that draws the net largest."""
    groups = stage_groups(stage_count, count)
    grids = [StepGrid(groups, cols, (area[0] / cols, area[1] / -(-count // cols)), CAPTION_MM, True)
             for cols in range(1, count + 1)]
    return max(grids, key=lambda g: g.picture_mm(span))
