"""How a template's seams close: which edges carry tabs (TAB_STYLES, for --tabs), the shadow a
tab prints where it lands, and the card's thickness allowed for at each tab's fold (--paper-mm).
In net coordinates (cell units), as foldkit.paper.template.geometry."""

from __future__ import annotations

import numpy as np

from foldkit.paper.template.geometry import NetGeometry, Point, Tab, partners, tab_polygon

Segment = tuple[Point, Point]

# A glue tab on one side of each seam; on both sides; or one, with a printed shadow on the other
# side where the tab lands when glued.
TAB_STYLES = ("glue", "both", "shadow")


def tab_shadow(geometry: NetGeometry, tab: Tab) -> np.ndarray:
    """Where a tab lands when glued: its shape on the other side of its seam, inside the net,
    shape (4, 2) float64 in net coordinates."""
    seam = next(s for s in geometry.seams if s.label == tab.label)
    mine, other = seam.sides[tab.side], seam.sides[1 - tab.side]
    start, end = tab.fold
    p0 = np.array(start, dtype=np.float64)
    along = (np.array(end, dtype=np.float64) - p0) / np.linalg.norm(np.array(end) - p0)
    inset = float(np.dot(tab.polygon[1] - tab.polygon[0], along))
    inward = (-other.outward[0], -other.outward[1])
    if (start, end) == (mine.start, mine.end):
        return tab_polygon(other.start, other.end, inward, tab.depth, inset)
    partner = partners(geometry.folding, [*mine.edges, *other.edges])
    edge = next(e for e in mine.edges if e.segment == (start, end))
    return tab_polygon(*partner[edge].segment, inward, tab.depth, inset)


def tab_folds(geometry: NetGeometry, thickness: float) -> tuple[list[Segment], list[Segment]]:
    """Each tab's fold line, moved thickness (cells) into its panel, and the relief cuts from the
    moved line's ends out to the net's edge (none when thickness is 0).

    Why: the tab goes inside the box, under the other panel of its seam, whose cut edge then
    covers the tabbed panel's end: that end must stop one card thickness short of the box's
    corner, or the box comes out a thickness too long across that seam (and not square). The
    other panels are measured crease to crease on the printed (outer) side, which is the box's
    outer size; a crisp 90-degree fold adds (2 - pi/2) thickness, 0.13 mm for a 0.3 mm card."""
    lines, reliefs = [], []
    for tab in geometry.tabs:
        side = next(s for s in geometry.seams if s.label == tab.label).sides[tab.side]
        inward = -np.array(side.outward, dtype=np.float64) * thickness
        start, end = (np.array(p, dtype=np.float64) for p in tab.fold)
        moved = (_point(start + inward), _point(end + inward))
        lines.append(moved)
        if thickness > 0:
            reliefs += [(tab.fold[0], moved[0]), (tab.fold[1], moved[1])]
    return lines, reliefs


def _point(p: np.ndarray) -> Point:
    return float(p[0]), float(p[1])
