"""Where the assembly page puts its pictures of the staged fold: one picture per stage while that
many fit at a size a person can read, else consecutive stages grouped, at most MAX_PICTURES
pictures of at least MIN_PICTURE_MM each where the page has the room. Pure layout: numbers in,
numbers out."""

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
    picture below a heading of heading_mm; captioned: a caption names its steps (else each
    stage's own paragraph stands above its picture)."""

    groups: tuple[Stages, ...]
    cols: int
    cell: tuple[float, float]
    heading_mm: float
    captioned: bool

    @property
    def grouped(self) -> bool:
        """Whether a picture shows more than one stage."""
        return any(len(group) > 1 for group in self.groups)

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
    (w, h) mm (see readable_grid); a fold of few stages keeps one picture a stage under its own
    paragraph (stage_text_mm: its height in a cell so wide) while that is readable, or when
    nothing is."""
    if stage_count == 0:
        return StepGrid((), 1, area, 0.0, False)
    singles = single_grids(stage_count, area, stage_text_mm) if stage_count <= MAX_PICTURES else []
    if singles and singles[0].picture_mm(span) >= MIN_PICTURE_MM:
        return singles[0]  # the usual layout
    biggest = max(singles, key=lambda g: g.picture_mm(span), default=None)
    if biggest and biggest.picture_mm(span) >= MIN_PICTURE_MM:
        return biggest
    grouped = readable_grid(stage_count, span, area)
    if grouped.picture_mm(span) < MIN_PICTURE_MM and biggest:
        return biggest
    return grouped


def single_grids(stage_count: int, area: tuple[float, float],
                 stage_text_mm: Callable[[float], float]) -> list[StepGrid]:
    """One picture a stage under its paragraph: the usual columns first (three from five
    stages, two from two), then every other number of columns."""
    usual = 3 if stage_count > 4 else 2 if stage_count > 1 else 1
    out = []
    for cols in [usual] + [c for c in range(1, stage_count + 1) if c != usual]:
        width = area[0] / cols
        out.append(StepGrid(stage_groups(stage_count, stage_count), cols, (width, area[1] / -(-stage_count // cols)),
                            stage_text_mm(width - 4), False))
    return out


def readable_grid(stage_count: int, span: tuple[int, int], area: tuple[float, float]) -> StepGrid:
    """Captioned pictures of consecutive stages: of the groupings into FEWEST_PICTURES to
    MAX_PICTURES whose pictures reach MIN_PICTURE_MM, the one that draws the most net (pictures
    times their area), so the page is used rather than left blank between small pictures; else
    the most pictures that reach it; else, of FEWEST_PICTURES to MAX_PICTURES, the biggest."""
    least = min(stage_count, FEWEST_PICTURES)
    grids = [grouped_grid(stage_count, count, span, area) for count in range(min(stage_count, MAX_PICTURES), 0, -1)]
    readable = [grid for grid in grids if grid.picture_mm(span) >= MIN_PICTURE_MM]
    enough = [grid for grid in readable if len(grid.groups) >= least]
    if enough:
        return max(enough, key=lambda g: (len(g.groups) * g.picture_mm(span) ** 2, len(g.groups)))
    if readable:
        return readable[0]
    return max((grid for grid in grids if len(grid.groups) >= least), key=lambda g: (g.picture_mm(span), len(g.groups)))


def grouped_grid(stage_count: int, count: int, span: tuple[int, int], area: tuple[float, float]) -> StepGrid:
    """count captioned pictures in the number of columns that draws the net largest."""
    groups = stage_groups(stage_count, count)
    grids = [StepGrid(groups, cols, (area[0] / cols, area[1] / -(-count // cols)), CAPTION_MM, True)
             for cols in range(1, count + 1)]
    return max(grids, key=lambda g: g.picture_mm(span))
