"""The template for a cutting machine: a page whose cut lines are each moved outward by half the
machine's kerf, so that the piece cut out is the net's true size, and whose cut, fold, print and
text layers each have a colour of their own (``template_dxf`` and ``template_svg`` write it).

Each cut line is offset on its own, not the region it bounds: where two parts of the net touch
(a tab's corner on a cell's, two tabs' tips), the region's offset would close the gap between
them and the machine would leave them joined; a line's own offset still runs past them. A
concave corner gets a short cut along its bisector into the corner (a "dog-bone" relief), so the
beam still reaches the corner point and the piece comes free there too."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import shapely
from shapely import Point as At
from shapely import Polygon as Region

from foldkit.drawing import Circle, Drawing, Group, Line, Polygon, Shape
from foldkit.fold.subject import Subject
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.layout import TemplateOptions
from foldkit.paper.template.paint import net_drawing

Ring = np.ndarray  # shape (k, 2) float64: a closed cut line's corners in page mm, no closing repeat

CUT_LAYER = "cut"
# What a cutter's program sorts lines by: one colour for each layer, from AutoCAD's index (ACI)
# with its RGB, the usual convention of laser and plotter software (cut red, score/fold blue).
# The DXF gives every layer its colour and each entity the same (BYLAYER, and as a true colour);
# the SVG draws its cut and fold lines in theirs (its print layer is the artwork, printed as it is).
LAYER_COLOURS: dict[str, tuple[int, tuple[float, float, float]]] = {
    "cut": (1, (1.0, 0.0, 0.0)),  # red
    "fold": (5, (0.0, 0.0, 1.0)),  # blue, dashed
    "print": (3, (0.0, 1.0, 0.0)),  # green
    "text": (6, (1.0, 0.0, 1.0)),  # magenta
}
MACHINE_LAYERS = ("cut", "fold")  # the layers whose lines take their colour in the SVG too
MITRE_LIMIT = 2.0  # a sharper outer corner is squared off: its point would stand out over twice the offset
STRAIGHT = 1e-9  # |sin| of the turn below which two edges run on as one


def cutter_drawing(subject: Subject, options: TemplateOptions, kerf_mm: float = 0.0,
                   drawn: Drawn | None = None) -> Drawing:
    """The net's page (see net_drawing) as a machine takes it (see machine_lines)."""
    return machine_lines(net_drawing(subject, options, drawn or fitted_marks(subject, options)), kerf_mm)


def machine_lines(page: Drawing, kerf_mm: float = 0.0) -> Drawing:
    """A page whose cut and fold layers (wherever they sit) take their colours, each of its cut
    lines offset outward by kerf_mm / 2."""
    shapes = tuple(_machine_coloured(shape, kerf_mm / 2) for shape in page.shapes)
    return Drawing(page.size, f"{page.title}, kerf {kerf_mm:g} mm" if kerf_mm > 0 else page.title, shapes)


def _machine_coloured(shape: Shape, offset_mm: float) -> Shape:
    """A cut or fold layer with its lines in the layer's colour, cut lines moved offset_mm away
    from the paper; a group with such layers inside, the same; any other shape as it is."""
    if not isinstance(shape, Group):
        return shape
    if shape.layer not in MACHINE_LAYERS:
        return replace(shape, shapes=tuple(_machine_coloured(s, offset_mm) for s in shape.shapes))
    rgb = LAYER_COLOURS[shape.layer][1]
    lines = tuple(replace(s, colour=rgb) if isinstance(s, Line) else
                  replace(s, stroke=rgb) if isinstance(s, Polygon | Circle) and s.stroke is not None else s
                  for s in shape.shapes)
    coloured = replace(shape, shapes=lines)
    return _offset_cut(coloured, offset_mm) if shape.layer == CUT_LAYER and offset_mm > 0 else coloured


def _offset_cut(shape: Group, distance_mm: float) -> Group:
    """The cut layer with each of its lines moved distance_mm away from the paper."""
    rings = [s for s in shape.shapes if isinstance(s, Polygon)]
    paper = cut_region(rings)
    moved = []
    for ring in rings:
        points = offset_ring(paper_on_left(np.array(ring.points, dtype=np.float64), paper), distance_mm)
        moved.append(Polygon(tuple((float(x), float(y)) for x, y in points), None, ring.stroke, ring.width,
                             ring.role, ring.dash))
    others = tuple(s for s in shape.shapes if not isinstance(s, Polygon))
    return Group(others + tuple(moved), shape.layer, shape.clip, shape.transform)


def cut_region(rings: list[Polygon]):
    """The paper inside the cut lines: what an odd number of the rings enclose."""
    region = Region()
    for ring in rings:
        region = shapely.symmetric_difference(region, Region(ring.points))
    return region


def paper_on_left(ring: Ring, paper) -> Ring:
    """The ring turned, if need be, so that the paper lies on its left as it runs (y counted as
    the coordinates count it): its outward side is then its right."""
    start, end = ring[0], ring[1]
    middle, along = (start + end) / 2, (end - start) / np.linalg.norm(end - start)
    left = middle + 1e-4 * np.array([-along[1], along[0]])
    return ring if paper.contains(At(*left)) else ring[::-1]


def offset_ring(ring: Ring, distance: float) -> Ring:
    """The closed line at distance to the right of a ring (shape (k, 2)): each edge moved by
    distance, outer corners mitred (squared off past MITRE_LIMIT), inner corners relieved."""
    points: list[np.ndarray] = []
    count = len(ring)
    for k in range(count):
        before, corner, after = ring[k - 1], ring[k], ring[(k + 1) % count]
        points += _corner(corner, _unit(corner - before), _unit(after - corner), distance)
    return np.array(points)


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def _right(u: np.ndarray) -> np.ndarray:
    return np.array([u[1], -u[0]])


def _corner(corner: np.ndarray, incoming: np.ndarray, outgoing: np.ndarray, distance: float) -> list[np.ndarray]:
    """The offset line's points at one corner of the ring, between the two edges' offsets."""
    n_in, n_out = _right(incoming), _right(outgoing)
    turn = float(incoming[0] * outgoing[1] - incoming[1] * outgoing[0])  # > 0: left, an outer corner
    cosine = float(np.dot(n_in, n_out))
    if abs(turn) < STRAIGHT and cosine > 0:
        return [corner + distance * n_in]
    near = 1 + cosine >= 2 / MITRE_LIMIT**2  # the two offsets cross within MITRE_LIMIT offsets of the corner
    if turn < -STRAIGHT:  # an inner corner: a relief runs into it, between the offsets where they cross
        relief = corner + distance * _unit(n_in + n_out)  # the beam's edge just reaches the corner
        if near:
            meet = corner + distance * (n_in + n_out) / (1 + cosine)
            return [meet, relief, meet]
        return [corner + distance * n_in, relief, corner + distance * n_out]  # a slit: cut to its end
    if near:  # an outer corner whose offsets meet near enough
        return [corner + distance * (n_in + n_out) / (1 + cosine)]
    tip = _unit(incoming - outgoing)  # a sharp outer corner or a U-turn: squared off past its tip
    return [corner + distance * n_in, corner + distance * tip, corner + distance * n_out]
