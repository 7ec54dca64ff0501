"""The tongues of a template printed with --tabs slot, in net coordinates (cell units).

Instead of a glue tab, each seam gets a tongue on one of its sides that goes through a slit in
the panel across the seam, so the box closes without glue. Its shape and its placement (keeping
off the net and the other tongues, moving one aside when two meet in an inner corner) live here,
apart from the seams and glue tabs of foldkit.paper.template.geometry, which they build on; the
slits themselves are in foldkit.paper.template.closing.
"""

from __future__ import annotations

import numpy as np
from shapely import Polygon

from foldkit.paper.template.geometry import OUTWARD, TAB_STEPS, OutlineEdge, Point, Seam, Tab, clear_of

# A tongue is a neck NECK_WIDTH wide and a head HEAD_WIDTH wide with square shoulders, its tip
# tapered so it finds the slit. It folds in like a glue tab, runs under the other panel to the
# slit, and its head comes out through the slit; the shoulders, wider than the slit, hold it.
# The neck is NECK_SHARE of the tongue's depth, at most NECK_MAX: the slit lies about a neck's
# length in from its edge, and two slits in one cell (from two edges meeting at its corner) then
# keep SLIT_GAP apart whatever the card's thickness (a thicker card moves each slit towards its
# edge by as much as it lengthens each of its ends).

NECK_WIDTH = 0.35  # cells
HEAD_WIDTH = 0.7
SLIT_GAP = 0.05
TONGUE_GAP = 0.05  # cells between two tongues
NECK_SHARE = 0.55
NECK_MAX = 0.5 - NECK_WIDTH / 2 - SLIT_GAP
TONGUE_STEPS = TAB_STEPS[:3]  # smaller tongues leave too short a neck to reach through a slit


def tongue_polygon(edge: OutlineEdge, depth: float) -> np.ndarray:
    """A tongue standing out of the net from the middle of an outline edge, depth deep (cells);
    shape (10, 2) float64, from the neck's first corner on the edge round to its other one."""
    start, end = (np.array(p, dtype=np.float64) for p in edge.segment)
    along, out = end - start, np.array(OUTWARD[edge.side], dtype=np.float64)
    middle = (start + end) / 2
    neck, head, length = NECK_WIDTH / 2, HEAD_WIDTH / 2, tongue_neck(depth)
    corners = [(-neck, 0.0), (-neck, length), (-head, length), (-head, (length + depth) / 2),
               (-head / 2, depth), (head / 2, depth), (head, (length + depth) / 2), (head, length),
               (neck, length), (neck, 0.0)]
    return np.array([middle + a * along + o * out for a, o in corners])


def tongue_neck(depth: float) -> float:
    """The length of a tongue's neck out of the net (cells) for a tongue depth deep."""
    return min(NECK_SHARE * depth, NECK_MAX)


def place_tongues(seams: list[Seam], net: Polygon, depth: float) -> list[Tab]:
    """One tongue for each seam, as deep as depth (cells) where it fits, each keeping off the net
    and the other tongues: the biggest that fits, on the first side that takes it, on the edge
    nearest the side's middle. Two seams whose tongues meet in an inner corner of the net share
    it: when a seam finds no room, the one tongue in its way moves to another of its places."""
    placed: dict[str, Tab] = {}
    for seam in seams:
        tongue = _first_fitting(_tongue_choices(seam, depth), net, list(placed.values()))
        if tongue is None:
            tongue = _make_room(seam, seams, placed, net, depth)
        if tongue is not None:
            placed[seam.label] = tongue
    return [placed[s.label] for s in seams if s.label in placed]


def _first_fitting(choices, net: Polygon, others: list[Tab]) -> Tab | None:
    polygons = [Polygon(o.polygon) for o in others]
    return next((t for t in choices if _tongue_fits(Polygon(t.polygon), net, polygons)), None)


def _tongue_fits(candidate: Polygon, net: Polygon, placed: list[Polygon]) -> bool:
    """True if a tongue overlaps no part of the net and keeps TONGUE_GAP from the other tongues
    (a sliver of card between two cuts would tear, not come free)."""
    return clear_of(candidate, net, []) and all(candidate.distance(other) >= TONGUE_GAP for other in placed)


def _make_room(seam: Seam, seams: list[Seam], placed: dict[str, Tab], net: Polygon, depth: float) -> Tab | None:
    """A tongue for a seam that found no room, placed by moving the one tongue in its way (placed
    is changed); None if no such move exists."""
    for tongue in _tongue_choices(seam, depth):
        shape = Polygon(tongue.polygon)
        if not clear_of(shape, net, []):
            continue
        blocking = [t for t in placed.values() if shape.distance(Polygon(t.polygon)) < TONGUE_GAP]
        if len(blocking) != 1:
            continue
        label = blocking[0].label
        others = [t for t in placed.values() if t.label != label] + [tongue]
        moved = _first_fitting(_tongue_choices(next(s for s in seams if s.label == label), depth), net, others)
        if moved is not None:
            placed[label] = moved
            return tongue
    return None


def _tongue_choices(seam: Seam, depth: float):
    """The tongues a seam may take, best first."""
    for scale in TONGUE_STEPS:
        for side, run in enumerate(seam.sides):
            middle = (run.length - 1) / 2
            for edge in sorted(run.edges, key=lambda e: abs(run.edges.index(e) - middle)):
                polygon = tongue_polygon(edge, depth * scale)
                first, last = sorted((_point(polygon[0]), _point(polygon[-1])))  # smaller end first, as a tab's
                yield Tab(seam.label, side, polygon, (first, last), depth * scale, tongue_neck(depth * scale))


def _point(p: np.ndarray) -> Point:
    return float(p[0]), float(p[1])
