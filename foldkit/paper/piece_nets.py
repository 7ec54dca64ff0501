"""The cut-and-fold geometry of a polycube piece's net (``solver.packing.unfold``): its seams
(outline edges that meet when folded, labelled A, B, ...) and a glue tab on one side of each,
drawn the way the box templates draw theirs (``foldkit.paper.template.geometry``), in net
coordinates (cell units, x = col, y = row down the page)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely import Polygon

from foldkit.paper.template.geometry import (
    TAB_DEPTH,
    OutlineEdge,
    Seam,
    SeamSide,
    Tab,
    meeting,
    net_polygon,
    outline_edges,
    pair_seams,
    place_tabs,
    tab_polygon,
    tab_shapes,
)
from solver.packing.unfold import PieceNet


@dataclass(frozen=True)
class PieceTemplate:
    """A piece's net with its seams and glue tabs."""

    net: PieceNet
    seams: list[Seam]
    tabs: list[Tab]

    @cached_property
    def cut(self) -> Polygon:
        """What is cut out, net and tabs, as one shapely polygon in net coordinates."""
        return shapely.union_all([net_polygon(self.net.cells), *(Polygon(t.polygon) for t in self.tabs)])

    def creases(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The inner edges of the net, each once, as net-coordinate segments: where it is folded."""
        cells = set(self.net.cells)
        out = []
        for r, c in sorted(cells):
            if (r, c + 1) in cells:
                out.append(((c + 1.0, float(r)), (c + 1.0, r + 1.0)))
            if (r + 1, c) in cells:
                out.append(((float(c), r + 1.0), (c + 1.0, r + 1.0)))
        return out


def piece_template(net: PieceNet, tab_depth: float = TAB_DEPTH, tabs_inward: bool = True) -> PieceTemplate:
    """The seams of a piece's net and a glue tab for each, as deep as tab_depth (cells) where it fits: on the
    side of its seam whose tab stands least outside the net's convex hull (tabs_inward; a tab in one of the
    net's own notches takes no room on the sheet), else on the seam's first side in reading order."""
    edges = outline_edges(set(net.cells))
    segment = {e: landing(net, e) for e in edges}
    partner = meeting(edges, [segment[e] for e in edges])
    seams = pair_seams(edges, partner, segment)
    net_shape = net_polygon(net.cells)
    if tabs_inward:
        hull = shapely.convex_hull(net_shape)
        seams = [_inward_first(seam, hull, tab_depth) for seam in seams]
    return PieceTemplate(net, seams, place_tabs(seams, net_shape, tab_shapes(tab_depth)))


def _inward_first(seam: Seam, hull: Polygon, tab_depth: float) -> Seam:
    """The seam with the side whose full-size tab stands less outside the hull first (where it is tried first)."""
    depth, inset = tab_shapes(tab_depth)[0]

    def outside(side: SeamSide) -> float:
        tab = Polygon(tab_polygon(side.start, side.end, side.outward, depth, min(inset, 0.4 * side.length)))
        return float(tab.difference(hull).area)

    first, second = seam.sides
    return seam if outside(first) <= outside(second) else Seam(seam.label, (second, first))


def landing(net: PieceNet, edge: OutlineEdge) -> np.ndarray:
    """The piece's edge an outline edge lands on when folded, its ends in the order of the edge's
    net segment, shape (2, 3) int64."""
    axes = net.cell_axes[net.cells.index(edge.cell)]
    r, c = edge.cell
    origin, ex, ey = (np.array(v, dtype=np.int64) for v in (axes.origin, axes.ex, axes.ey))
    return np.array([origin + int(x - c) * ex + int(y - r) * ey for x, y in edge.segment])
