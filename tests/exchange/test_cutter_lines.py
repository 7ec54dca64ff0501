"""What a cutting machine reads from template.dxf and template.svg: every line of the plain cut
still cut after the kerf offset (none lost where tabs and cells touch), and each layer in its own
colour, read back as a cutter's program reads it (ezdxf, the SVG's own strokes)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import ezdxf
import numpy as np
import pytest
from ezdxf.colors import BYLAYER, aci2rgb
from shapely import MultiLineString, Point

from foldkit.paper.template import TemplateOptions, template_svg
from foldkit.paper.template.cutter import LAYER_COLOURS
from foldkit.paper.template.fit import fitted_marks
from foldkit.paper.template.pages import template_dxf
from tests.conftest import example_fold

Segment = tuple[tuple[float, float], tuple[float, float]]
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
SAMPLES_PER_MM = 4
# The built-in puzzle's 136-cell template (about 5 CPU-s to make) is in the slow set.
SUBJECTS = ("nov2025-sample", pytest.param("nov2025", marks=pytest.mark.slow), "two-boxes 1", "two-boxes 2")


def subject(name: str):
    return example_fold(name)


def closed(points: list[tuple[float, float]]) -> list[Segment]:
    return [(points[k], points[(k + 1) % len(points)]) for k in range(len(points))]


def dxf_cuts(data: bytes) -> list[Segment]:
    """Every segment on the cut layer of a DXF."""
    document = ezdxf.read(io.StringIO(data.decode("utf-8")))
    out: list[Segment] = []
    for entity in document.modelspace():
        if entity.dxf.layer == "cut" and entity.dxftype() == "LWPOLYLINE":
            out += closed([(x, y) for x, y, *_ in entity.get_points()])
        elif entity.dxf.layer == "cut" and entity.dxftype() == "LINE":
            out.append(((entity.dxf.start.x, entity.dxf.start.y), (entity.dxf.end.x, entity.dxf.end.y)))
    return out


def svg_cuts(data: bytes) -> list[Segment]:
    """Every segment of the polygons in the SVG's cut layer."""
    root = ET.fromstring(data)
    layer = next(g for g in root.iter(f"{SVG}g") if g.get(INKSCAPE_LABEL) == "cut")
    out: list[Segment] = []
    for polygon in layer.iter(f"{SVG}polygon"):
        out += closed([tuple(map(float, pair.split(","))) for pair in polygon.get("points").split()])
    return out


def farthest_miss(plain: list[Segment], kerfed: list[Segment]) -> tuple[float, Segment]:
    """The largest distance from a point of the plain cut to the nearest kerf cut, and its segment."""
    cut = MultiLineString([list(s) for s in kerfed])
    worst: tuple[float, Segment] = (0.0, plain[0])
    for a, b in plain:
        length = float(np.hypot(b[0] - a[0], b[1] - a[1]))
        for t in np.linspace(0.0, 1.0, max(2, int(length * SAMPLES_PER_MM) + 1)):
            gap = Point(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])).distance(cut)
            worst = max(worst, (gap, (a, b)))
    return worst


@pytest.mark.parametrize("name", SUBJECTS)
@pytest.mark.parametrize("kerf", [0.1, 0.2, 1.0, 2.0])
def test_every_plain_cut_is_still_cut_within_half_the_kerf(name, kerf):
    fold, options = subject(name), TemplateOptions()
    drawn = fitted_marks(fold, options)
    for cuts, write in ((dxf_cuts, lambda k: template_dxf(fold, options, k, drawn)),
                        (svg_cuts, lambda k: template_svg(fold, options, drawn, k))):
        plain, kerfed = cuts(write(0.0)), cuts(write(kerf))
        gap, where = farthest_miss(plain, kerfed)
        assert gap <= kerf / 2 + 0.05, (name, kerf, write, gap, where)
        # and nothing else moved: every corner of the kerf cut lies within a kerf of the plain cut
        moved = MultiLineString([list(s) for s in plain])
        assert max(Point(p).distance(moved) for s in kerfed for p in s) <= kerf + 1e-3


def layer_rgb(name: str) -> tuple[int, int, int]:
    return tuple(round(255 * v) for v in LAYER_COLOURS[name][1])


def test_each_dxf_layer_and_every_entity_on_it_has_the_layers_own_standard_colour():
    fold, options = subject("nov2025-sample"), TemplateOptions()
    document = ezdxf.read(io.StringIO(template_dxf(fold, options, 0.2).decode("utf-8")))
    layers = {name: document.layers.get(name) for name in ("cut", "fold", "print", "text")}
    assert [layers[n].color for n in ("cut", "fold", "print", "text")] == [1, 5, 3, 6]  # red, blue, green, magenta
    assert len({tuple(aci2rgb(layer.color)) for layer in layers.values()}) == 4
    for name, layer in layers.items():
        assert tuple(layer.rgb) == tuple(aci2rgb(layer.color)) == layer_rgb(name)
    seen = set()
    for entity in document.modelspace():
        layer = entity.dxf.layer
        seen.add((layer, entity.dxftype()))
        assert entity.dxf.color == BYLAYER, (layer, entity.dxftype())
        assert ezdxf.int2rgb(entity.dxf.true_color) == layer_rgb(layer), (layer, entity.dxftype())
    assert {("cut", "LWPOLYLINE"), ("fold", "LINE"), ("print", "LINE"), ("text", "TEXT")} <= seen
    assert all(e.dxf.linetype == "DASHED" for e in document.modelspace() if e.dxf.layer == "fold")
    assert not any(e.dxf.hasattr("linetype") and e.dxf.linetype == "DASHED"
                   for e in document.modelspace() if e.dxf.layer == "cut")


def test_the_svg_draws_cut_lines_red_and_folds_blue_dashed():
    fold, options = subject("nov2025-sample"), TemplateOptions()
    root = ET.fromstring(template_svg(fold, options))
    layers = {g.get(INKSCAPE_LABEL): g for g in root.iter(f"{SVG}g") if g.get(INKSCAPE_LABEL)}
    cut = [e for e in layers["cut"] if e.get("stroke")]
    fold_lines = [e for e in layers["fold"] if e.get("stroke")]
    assert cut and {e.get("stroke") for e in cut} == {"#ff0000"}
    assert fold_lines and {e.get("stroke") for e in fold_lines} == {"#0000ff"}
    assert all(e.get("stroke-dasharray") for e in fold_lines)
    printed = {e.get("stroke") for e in layers["print"].iter() if e.get("stroke")}
    assert not printed & {"#ff0000", "#0000ff"}  # no printed line reads as a cut or a fold
