"""--tabs: how a template's seams close. "both": a tab on each edge of a seam where it fits,
none overlapping the net or another; "shadow": a grey print, inside the net, of each tab where it
lands on the other edge of its seam, of the tab's own size."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import numpy as np
import pytest
from shapely import LineString, Polygon

from foldkit.cli import main
from foldkit.exchange.svg import colour
from foldkit.paper.template import TemplateOptions, template_svg
from foldkit.paper.template.closing import tab_shadow
from foldkit.paper.template.fit import net_geometry
from foldkit.paper.template.paint import SHADOW_FILL
from tests.conftest import EXAMPLES, example_fold

NAMES = ("nov2025-sample", "nov2025", "two-boxes 1", "two-boxes 2")


def subject(name: str):
    return example_fold(name)


@pytest.mark.parametrize("name", NAMES)
def test_tabs_on_both_edges_keep_off_the_net_and_each_other(name):
    folding = subject(name).folding
    one, both = net_geometry(folding), net_geometry(folding, tabs="both")
    tabs = [Polygon(t.polygon) for t in both.tabs]
    for tab in tabs:
        assert tab.is_valid and tab.area > 0 and tab.intersection(both.net).area < 1e-9
    for a, b in combinations(tabs, 2):
        assert a.intersection(b).area < 1e-9
    assert {t.label for t in both.tabs} == {s.label for s in both.seams}  # every seam still has a tab
    two_sided = {t.label for t in both.tabs if t.side == 0} & {t.label for t in both.tabs if t.side == 1}
    assert len(two_sided) >= len(both.seams) / 2 and len(both.tabs) > len(one.tabs)
    for tab in both.tabs:  # each on its own side's edge
        side = next(s for s in both.seams if s.label == tab.label).sides[tab.side]
        assert LineString([side.start, side.end]).buffer(1e-9).contains(LineString(tab.fold))


@pytest.mark.parametrize("name", NAMES)
def test_a_shadow_lies_inside_the_net_on_the_other_edge_and_matches_its_tab(name):
    geometry = net_geometry(subject(name).folding)
    for tab in geometry.tabs:
        shadow = Polygon(tab_shadow(geometry, tab))
        assert shadow.area == pytest.approx(Polygon(tab.polygon).area, abs=1e-9)
        assert shadow.difference(geometry.net).area < 1e-9  # printed on the paper, not off it
        other = next(s for s in geometry.seams if s.label == tab.label).sides[1 - tab.side]
        base = LineString(tab_shadow(geometry, tab)[[0, 3]])
        assert base.length == pytest.approx(LineString(tab.fold).length)
        assert LineString([other.start, other.end]).buffer(1e-9).contains(base)  # along the edge it glues under
        depth = max(LineString([other.start, other.end]).distance(Polygon([p] * 3)) for p in tab_shadow(geometry, tab))
        assert depth == pytest.approx(tab.depth)


def test_the_shadows_are_printed_in_the_svg_and_a_wrong_style_is_refused(tmp_path, capsys):
    fold = subject("nov2025-sample")
    root = ET.fromstring(template_svg(fold, TemplateOptions(tabs="shadow")))
    shadows = [e for e in root.iter("{http://www.w3.org/2000/svg}polygon") if e.get("fill") == colour(SHADOW_FILL)]
    assert len(shadows) == len(net_geometry(fold.folding).tabs) > 0
    plain = ET.fromstring(template_svg(fold, TemplateOptions()))
    assert not [e for e in plain.iter("{http://www.w3.org/2000/svg}polygon") if e.get("fill") == colour(SHADOW_FILL)]
    with pytest.raises(SystemExit) as refused:
        main(["template", str(EXAMPLES / "nov2025-sample.txt"), "--tabs", "staples", "-o", str(tmp_path / "t.pdf")])
    assert refused.value.code == 2 and "--tabs" in capsys.readouterr().err
    assert not np.any([p.exists() for p in tmp_path.iterdir()])
