"""The geometry of a cut-and-fold template, in net coordinates (cell units).

Net coordinates: x = col, y = row (y grows down the page), so cell (r, c) spans
[c, c+1] x [r, r+1], the same as foldkit.fold.panels.

An outline edge is a side of a box cell with no box cell across it. On the box it lies on a box
edge, and the square on the other side of that box edge is reached by another outline edge,
its partner. A seam is a run of collinear outline edges whose partners also form a run, glued as
one: both of its sides carry the seam's label, and one side carries a glue tab.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import count

import numpy as np
from shapely import Polygon, box, unary_union

from solver.folding import Folding, grid_points_on_box
from solver.grid import DIRECTIONS, STEP, Cell, step
from solver.invariant import require

Point = tuple[float, float]  # (x, y) in net coordinates
Direction = str  # "U", "R", "D" or "L": the side of a cell an outline edge lies on

OUTWARD: dict[Direction, tuple[int, int]] = {d: (dc, dr) for d, (dr, dc) in STEP.items()}  # (dx, dy)
# (drow, dcol) to the next cell along an outline edge
ALONG: dict[Direction, tuple[int, int]] = {"U": (0, 1), "D": (0, 1), "L": (1, 0), "R": (1, 0)}

# Tabs are tried biggest first: the wanted depth, then smaller by these factors, down to the
# smallest a tab can be. Each end is inset 1.2 times the depth (at most 0.4 of the tab's
# length), so the ends slope a little more than 45 degrees and two tabs meeting at an inner
# corner of the net leave a gap between them; at an outer corner two tabs touch at one point.
TAB_DEPTH = 0.35  # cells, when the cells are big enough that this is a tab a person can glue
TAB_STEPS = (1.0, 0.85, 0.7, 0.43)
TAB_INSET = 1.2
OVERLAP = 1e-9  # areas below this (cells squared) are touching, not overlapping


@dataclass(frozen=True)
class OutlineEdge:
    """One side of a box cell that is cut: the cell and which of its sides."""

    cell: Cell
    side: Direction

    @property
    def segment(self) -> tuple[Point, Point]:
        """The two ends in net coordinates, the smaller first."""
        (r, c), side = self.cell, self.side
        ends = {"U": ((c, r), (c + 1, r)), "D": ((c, r + 1), (c + 1, r + 1)),
                "L": ((c, r), (c, r + 1)), "R": ((c + 1, r), (c + 1, r + 1))}[side]
        return (float(ends[0][0]), float(ends[0][1])), (float(ends[1][0]), float(ends[1][1]))

    def next_along(self) -> OutlineEdge:
        """The same side of the next cell along the edge (right for U/D, down for L/R)."""
        dr, dc = ALONG[self.side]
        return OutlineEdge((self.cell[0] + dr, self.cell[1] + dc), self.side)


@dataclass(frozen=True)
class SeamSide:
    """One side of a seam: a straight run of outline edges, in order along the run."""

    edges: tuple[OutlineEdge, ...]

    @property
    def start(self) -> Point:
        return self.edges[0].segment[0]

    @property
    def end(self) -> Point:
        return self.edges[-1].segment[1]

    @property
    def outward(self) -> tuple[int, int]:
        """The unit (dx, dy) pointing away from the net."""
        return OUTWARD[self.edges[0].side]

    @property
    def length(self) -> int:
        return len(self.edges)


@dataclass(frozen=True)
class Seam:
    """Two runs of outline edges that meet on the box, with the label both carry."""

    label: str
    sides: tuple[SeamSide, SeamSide]


@dataclass(frozen=True)
class Tab:
    """A glue tab on one side of a seam: polygon shape (k, 2) float64 in net coordinates, and
    the fold line along which it meets the net."""

    label: str
    side: int  # 0 or 1: which side of the seam it is on
    polygon: np.ndarray
    fold: tuple[Point, Point]
    depth: float  # how far it stands out of the net, in cells
    neck: float = 0.0  # a tongue's (--tabs slot): the length of its neck out of the net, cells; 0 for a glue tab

    @property
    def is_tongue(self) -> bool:
        return self.neck > 0


@dataclass(frozen=True)
class NetGeometry:
    """Everything the template draws that is not a number: seams, tabs and outlines."""

    folding: Folding
    seams: list[Seam]
    tabs: list[Tab]

    @cached_property
    def net(self) -> Polygon:
        """The net as one shapely polygon (union of the cell squares)."""
        return net_polygon(self.folding.cells)

    @cached_property
    def outline(self):
        """The shape that is cut out: the net and its tabs, as a shapely (multi)polygon."""
        return unary_union([self.net] + [Polygon(t.polygon) for t in self.tabs])

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the net with its tabs."""
        x0, y0, x1, y1 = self.outline.bounds
        return float(x0), float(y0), float(x1), float(y1)

    def label_of(self, edge: OutlineEdge) -> str:
        """The seam label an outline edge carries."""
        return next(s.label for s in self.seams for side in s.sides if edge in side.edges)


def tab_shapes(depth: float) -> list[tuple[float, float]]:
    """(depth, end inset) in cells of the tabs to try, biggest first."""
    return [(depth * k, depth * k * TAB_INSET) for k in TAB_STEPS]


def net_polygon(cells) -> Polygon:
    """The union of the cell squares, in net coordinates."""
    return unary_union([box(c, r, c + 1, r + 1) for r, c in cells])


# ---------------------------------------------------------------------------------------------
# Outline edges and their partners


def outline_edges(cells) -> list[OutlineEdge]:
    """Every cut side of every cell, in reading order of the cells."""
    out = []
    for r, c in sorted(cells):
        for side in DIRECTIONS:
            if step((r, c), side) not in cells:
                out.append(OutlineEdge((r, c), side))
    return out


def box_segments(folding: Folding, edges: list[OutlineEdge]) -> np.ndarray:
    """The box-edge segment each outline edge lands on, shape (n, 2, 3) int64 (corners are
    whole cell units on the box)."""
    cells = [e.cell for e in edges]
    ends = [grid_points_on_box(folding, cells, np.array([e.segment[k][::-1] for e in edges])) for k in (0, 1)]
    return np.rint(np.stack(ends, axis=1)).astype(np.int64)


def partners(folding: Folding, edges: list[OutlineEdge]) -> dict[OutlineEdge, OutlineEdge]:
    """The outline edge each outline edge meets on the box."""
    return meeting(edges, box_segments(folding, edges))


def meeting(edges: list[OutlineEdge], landings) -> dict[OutlineEdge, OutlineEdge]:
    """The outline edge each outline edge meets when folded, given the 3D segment each lands on
    (shape (2, 3), whole numbers): the other edge that lands on the same segment."""
    by_key: dict[frozenset, list[OutlineEdge]] = {}
    for edge, seg in zip(edges, landings, strict=True):
        by_key.setdefault(frozenset(map(tuple, np.asarray(seg).tolist())), []).append(edge)
    out = {}
    for pair in by_key.values():
        if len(pair) != 2:
            raise ValueError(f"an edge is reached by {len(pair)} outline edges when folded: the folding is unsound")
        out[pair[0]], out[pair[1]] = pair[1], pair[0]
    return out


# ---------------------------------------------------------------------------------------------
# Seams


def find_seams(folding: Folding) -> list[Seam]:
    """The seams of a folding, labelled A, B, ... in reading order of their first cell."""
    edges = outline_edges(folding.cells)
    return pair_seams(edges, partners(folding, edges), dict(zip(edges, box_segments(folding, edges), strict=True)))


def pair_seams(edges: list[OutlineEdge], partner: dict[OutlineEdge, OutlineEdge],
               segment: dict[OutlineEdge, np.ndarray]) -> list[Seam]:
    """The seams of a net's outline edges, given the edge each meets when folded and the 3D
    segment (shape (2, 3)) each lands on: labelled A, B, ... in reading order of their first cell."""
    runs = _runs(edges, partner, segment)
    run_of = {e: i for i, run in enumerate(runs) for e in run}
    pairs, seen = [], set()
    for i, run in enumerate(runs):
        j = run_of[partner[run[0]]]
        if i in seen:
            continue
        seen |= {i, j}
        require({partner[e] for e in run} == set(runs[j]), "a run's partners must form one run")
        pairs.append((SeamSide(tuple(run)), SeamSide(tuple(runs[j]))))
    return [Seam(label, sides) for label, sides in zip(seam_labels(), pairs, strict=False)]


def _runs(edges, partner, segment) -> list[list[OutlineEdge]]:
    """Outline edges chained into straight runs whose partners also run side by side."""
    present = set(edges)

    def joins(e: OutlineEdge) -> bool:
        n = e.next_along()
        if n not in present or not _collinear(segment[e], segment[n]):
            return False
        p, q = partner[e], partner[n]
        return q in (p.next_along(), _previous(p))

    joined = {e for e in edges if joins(e)}
    starts = [e for e in edges if _previous(e) not in joined]
    runs = []
    for e in starts:
        run = [e]
        while run[-1] in joined:
            run.append(run[-1].next_along())
        runs.append(run)
    return runs


def _previous(e: OutlineEdge) -> OutlineEdge:
    dr, dc = ALONG[e.side]
    return OutlineEdge((e.cell[0] - dr, e.cell[1] - dc), e.side)


def _collinear(a: np.ndarray, b: np.ndarray) -> bool:
    """True if two box segments (shape (2, 3)) lie on one line."""
    return not np.cross(a[1] - a[0], b[1] - b[0]).any() and not np.cross(a[1] - a[0], b[0] - a[0]).any()


def seam_labels():
    """A, B, ..., Z, AA, AB, ... without end."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for n in count():
        label, n = "", n
        while True:
            label = letters[n % 26] + label
            n = n // 26 - 1
            if n < 0:
                break
        yield label


# ---------------------------------------------------------------------------------------------
# Tabs


def tab_polygon(start: Point, end: Point, outward: tuple[int, int], depth: float, inset: float) -> np.ndarray:
    """A trapezoid standing out of the net on the segment start-end, shape (4, 2) float64."""
    p0, p1 = np.array(start, dtype=np.float64), np.array(end, dtype=np.float64)
    along = (p1 - p0) / np.linalg.norm(p1 - p0)
    out = np.array(outward, dtype=np.float64) * depth
    return np.array([p0, p0 + out + along * inset, p1 + out - along * inset, p1])


def clear_of(candidate: Polygon, net: Polygon, placed: list[Polygon]) -> bool:
    """True if a tab overlaps neither the net nor any tab already placed (touching is fine)."""
    return all(candidate.intersection(other).area <= OVERLAP for other in [net, *placed])


def _pieces(seam: Seam, side: int) -> list[tuple[Point, Point, tuple[int, int]]]:
    """One piece for the whole side of the seam, then one per outline edge (for splitting)."""
    s = seam.sides[side]
    return [(s.start, s.end, s.outward)] + [(*e.segment, s.outward) for e in s.edges]


def _tab_choices(seam: Seam, shapes: list[tuple[float, float]], sides: tuple[int, ...] = (0, 1)):
    """Ways to tab a seam on these sides, best first: (side, [pieces]) whole, then smaller, then split."""
    for depth, inset in shapes:
        for side in sides:
            yield side, [_pieces(seam, side)[0]], depth, inset
    if seam.sides[0].length > 1:
        for depth, inset in shapes:
            for side in sides:
                yield side, _pieces(seam, side)[1:], depth, inset


def place_tabs(seams: list[Seam], net: Polygon, shapes: list[tuple[float, float]], both: bool = False) -> list[Tab]:
    """Glue tabs for the seams (both: on each side of each), each where it keeps off the net and
    the other tabs.

    A seam takes the first choice that fits whole; a split seam keeps the edges that fit."""
    tabs: list[Tab] = []
    placed: list[Polygon] = []
    for seam, sides in [(seam, sides) for seam in seams for sides in ([(0,), (1,)] if both else [(0, 1)])]:
        best: list[Tab] = []
        for side, pieces, depth, inset in _tab_choices(seam, shapes, sides):
            found: list[Tab] = []
            for start, end, outward in pieces:
                inset_here = min(inset, 0.4 * np.hypot(end[0] - start[0], end[1] - start[1]))
                poly = tab_polygon(start, end, outward, depth, inset_here)
                if clear_of(Polygon(poly), net, placed + [Polygon(t.polygon) for t in found]):
                    found.append(Tab(seam.label, side, poly, (start, end), depth))
            if len(found) == len(pieces):
                best = found
                break
            if sum(_tab_length(t) for t in found) > sum(_tab_length(t) for t in best):
                best = found
        tabs += best
        placed += [Polygon(t.polygon) for t in best]
    return tabs


def _tab_length(tab: Tab) -> float:
    (x0, y0), (x1, y1) = tab.fold
    return float(np.hypot(x1 - x0, y1 - y0))
