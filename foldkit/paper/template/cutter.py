"""The template for a cutting machine: the net's own page (``net_drawing``) with its cut outline
moved outward by half the machine's kerf, so that the piece cut out is the net's true size, and
that page as a DXF."""

from __future__ import annotations

import shapely
from shapely import Polygon as Region
from shapely.geometry.polygon import orient

from foldkit.drawing import Drawing, Group, Polygon, Shape
from foldkit.exchange.dxf import drawing_dxf
from foldkit.fold.subject import Subject
from foldkit.paper.template.fit import Drawn, fitted_marks
from foldkit.paper.template.layout import TemplateOptions
from foldkit.paper.template.paint import net_drawing

CUT_LAYER = "cut"


def cutter_drawing(subject: Subject, options: TemplateOptions, kerf_mm: float = 0.0,
                   drawn: Drawn | None = None) -> Drawing:
    """The net's page (see net_drawing), its cut lines offset outward by kerf_mm / 2."""
    page = net_drawing(subject, options, drawn or fitted_marks(subject, options))
    if kerf_mm <= 0:
        return page
    shapes = tuple(_offset_cut(shape, kerf_mm / 2) for shape in page.shapes)
    return Drawing(page.size, f"{page.title}, kerf {kerf_mm:g} mm", shapes)


def template_dxf(subject: Subject, options: TemplateOptions, kerf_mm: float = 0.0,
                 drawn: Drawn | None = None) -> bytes:
    """The net for a cutting machine as DXF bytes: layers cut, fold, print and text, in mm."""
    return drawing_dxf(cutter_drawing(subject, options, kerf_mm, drawn))


def _offset_cut(shape: Shape, distance_mm: float) -> Shape:
    """The cut layer with its outline grown by distance_mm (holes shrink by as much); any other shape as it is."""
    if not (isinstance(shape, Group) and shape.layer == CUT_LAYER):
        return shape
    rings = [s for s in shape.shapes if isinstance(s, Polygon)]
    pen = rings[0]
    grown = cut_region(rings).buffer(distance_mm, join_style="mitre", mitre_limit=4.0)
    outlines = [Polygon(tuple(ring), None, pen.stroke, pen.width, pen.role, pen.dash) for ring in region_rings(grown)]
    others = tuple(s for s in shape.shapes if not isinstance(s, Polygon))
    return Group(others + tuple(outlines), shape.layer, shape.clip, shape.transform)


def cut_region(rings: list[Polygon]):
    """The paper inside the cut lines: what an odd number of the rings enclose."""
    region = Region()
    for ring in rings:
        region = shapely.symmetric_difference(region, Region(ring.points))
    return region


def region_rings(region) -> list[list[tuple[float, float]]]:
    """The outer and inner rings of a shapely (multi)polygon, each as points without the closing repeat."""
    polygons = getattr(region, "geoms", [region])
    return [[(float(x), float(y)) for x, y in ring.coords[:-1]]
            for polygon in polygons for ring in [orient(polygon).exterior, *orient(polygon).interiors]]
