"""How a template's seams close: which edges carry tabs (TAB_STYLES, for --tabs), the shadow a
tab prints where it lands, the slit each tongue goes through (--tabs slot), and the card's
thickness allowed for at each tab's fold and each slit (--paper-mm).
In net coordinates (cell units), as foldkit.paper.template.geometry."""

from __future__ import annotations

import numpy as np

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.paper.template.geometry import OUTWARD, NetGeometry, OutlineEdge, Point, Tab, partners, tab_polygon

Segment = tuple[Point, Point]

# A glue tab on one side of each seam; on both sides; one, with a printed shadow on the other
# side where the tab lands when glued; or a tongue on one side and a slit on the other, no glue.
TAB_STYLES = ("glue", "both", "shadow", "slot")
SLIT_STRIP_MM = 1.0  # the least card left between a slit and its edge, or a shoulder beside a slit


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


def tongue_slits(geometry: NetGeometry, thickness: float) -> list[Segment]:
    """The slit (a cut) each tongue goes through, in the order of geometry.tabs' tongues, for a card
    thickness cells thick: in the panel of the tongue's partner edge, across from the tongue's
    middle, parallel to that edge.

    Why there and so long: the tongue's fold stands one thickness into its panel (tab_folds), so
    the folded tongue runs under the partner panel from the box's edge; its neck, neck + thickness
    long from that fold, reaches the slit at neck - thickness from the edge, passes up through
    the panel (one thickness) and leaves its shoulders one thickness clear of the outside. A card
    pushed through a cut opens it into a lens a thickness wide, so the slit is the neck's width
    and one thickness more at each end."""
    slits = []
    for tongue in tongues(geometry):
        partner = slit_edge(geometry, tongue)
        start, end = (np.array(p, dtype=np.float64) for p in partner.segment)
        along = end - start  # a unit: an outline edge is one cell long
        centre = (start + end) / 2 - np.array(OUTWARD[partner.side], dtype=np.float64) * (tongue.neck - thickness)
        half = np.linalg.norm(np.subtract(*tongue.fold)) / 2 + thickness
        slits.append((_point(centre - along * half), _point(centre + along * half)))
    return slits


def tongues(geometry: NetGeometry) -> list[Tab]:
    """The net's tongues (--tabs slot), in order."""
    return [t for t in geometry.tabs if t.is_tongue]


def slit_edge(geometry: NetGeometry, tongue: Tab) -> OutlineEdge:
    """The outline edge whose cell takes a tongue's slit: the partner of the edge it stands on."""
    seam = next(s for s in geometry.seams if s.label == tongue.label)
    mine, other = seam.sides[tongue.side], seam.sides[1 - tongue.side]
    middle = np.mean(np.array(tongue.fold, dtype=np.float64), axis=0)
    edge = next(e for e in mine.edges if _on_segment(middle, e.segment))
    return partners(geometry.folding, [*mine.edges, *other.edges])[edge]


def check_slits(geometry: NetGeometry, card_mm: float, cell_mm: float) -> None:
    """Refuse, in one line, cells too small for a card card_mm thick to lock through its slits:
    too little card between a slit and its edge, or shoulders no wider than the slit."""
    for tongue in tongues(geometry):
        neck_width = float(np.linalg.norm(np.subtract(*tongue.fold)))
        head_width = float(np.linalg.norm(tongue.polygon[2] - tongue.polygon[-3]))  # see tongue_polygon
        strip = tongue.neck * cell_mm - card_mm
        shoulder = (head_width - neck_width) / 2 * cell_mm - card_mm
        if min(strip, shoulder) < SLIT_STRIP_MM:
            raise FoldkitError(f"cells of {cell_mm:g} mm are too small for slots in a {card_mm:g} mm card (tongue "
                               f"{tongue.label} would hold by {min(strip, shoulder):.1f} mm, under "
                               f"{SLIT_STRIP_MM:g} mm): use a bigger --paper-cell-mm or --paper, or a thinner "
                               "--paper-mm",
                               EXIT_BAD_INPUT)


def _on_segment(p: np.ndarray, segment: Segment) -> bool:
    a, b = (np.array(q, dtype=np.float64) for q in segment)
    (ux, uy), (vx, vy) = b - a, p - a
    return bool(abs(ux * vy - uy * vx) < 1e-9 and np.dot(p - a, p - b) <= 1e-9)


def _point(p: np.ndarray) -> Point:
    return float(p[0]), float(p[1])
