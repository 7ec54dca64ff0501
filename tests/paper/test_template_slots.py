"""--tabs slot: a glue-free closing, read back from template.dxf and template.svg in mm.

Each seam gets one tongue (a neck, then a wider head with square shoulders) on one edge, and one
slit, a cut, in the panel of its partner edge, across from the tongue. The arithmetic of the lock
for a card T thick, all in mm: the tongue's fold stands T into its panel (a relief cut T long at
each side of the neck), and its neck runs n past the net's edge, so T + n from the fold. Folded,
the tongue runs under the partner panel from the box's edge to the slit, cut n - T in from that
edge, goes up through the card (T) and its shoulders stand (T + n) - (n - T) - T = T clear of the
outside: 0.3 mm for cardstock, within 0.5 mm. The slit is the neck's width and T more at each
end (a card through a cut opens it a thickness wide); the head is wider still, so it holds."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations

import ezdxf
import numpy as np
import pytest
from shapely import LineString, Point, Polygon

from foldkit.cli import main
from foldkit.paper.template import TemplateOptions, template_svg
from foldkit.paper.template.closing import SLIT_STRIP_MM, slit_edge, tongues
from foldkit.paper.template.fit import fitted_marks, net_geometry
from foldkit.paper.template.geometry import OUTWARD
from foldkit.paper.template.pages import template_dxf
from foldkit.paper.template.paint import NET_MARGIN_MM
from foldkit.paper.template.step_texts import step_texts
from foldkit.paper.template.text import text_box
from foldkit.paper.template.tongues import TONGUE_GAP
from solver.folding import grid_points_on_box
from tests.conftest import example_fold, net_fold

Segment = tuple[tuple[float, float], tuple[float, float]]
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
NETS = {"1x1x1": ".#..\n####\n.#..\n", "1x2x3": "####\n" * 3 + ".##.\n" * 5}
NAMES = ("1x1x1", "1x2x3", "nov2025-sample", "two-boxes 2")  # two-boxes 2: two tongues share an inner corner
CARD_MM = 0.3
NEAR_MM = 1e-3  # the files keep a micrometre


@pytest.fixture(scope="module")
def folds(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nets")
    out = {}
    for name, text in NETS.items():
        (folder / f"{name}.txt").write_text(text)
        out[name] = net_fold(folder / f"{name}.txt")
    return out


def fold_of(folds, name: str):
    return folds[name] if name in folds else example_fold(name)


class Read:
    """A slot template's DXF and SVG read back, with the geometry they were drawn from."""

    def __init__(self, fold, paper_mm: float = 0.0):
        self.fold, self.options = fold, TemplateOptions(tabs="slot", paper_mm=paper_mm)
        self.drawn = fitted_marks(fold, self.options)
        self.geometry, self.plan, self.marks = self.drawn
        self.cell = self.plan.cell_mm
        self.card = paper_mm or CARD_MM
        x0, y0, _, y1 = self.geometry.bounds
        self.origin, self.height = (x0, y0), (y1 - y0) * self.cell + 2 * NET_MARGIN_MM
        document = ezdxf.read(io.StringIO(template_dxf(fold, self.options, drawn=self.drawn).decode("utf-8")))
        self.dxf_lines: dict[str, list[Segment]] = {}
        for e in document.modelspace().query("LINE"):
            start, end = (self.net_point(p.x, self.height - p.y) for p in (e.dxf.start, e.dxf.end))  # DXF's y runs up
            self.dxf_lines.setdefault(e.dxf.layer, []).append((start, end))
        root = ET.fromstring(template_svg(fold, self.options, self.drawn))
        self.svg_lines: dict[str, list[Segment]] = {}
        for group in root.iter(f"{SVG}g"):
            for line in group.findall(f"{SVG}line"):
                x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
                self.svg_lines.setdefault(group.get(INKSCAPE_LABEL), []).append(
                    (self.net_point(x1, y1), self.net_point(x2, y2)))

    def net_point(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the net's page (mm, y down) in net coordinates (cells)."""
        x0, y0 = self.origin
        return (x_mm - NET_MARGIN_MM) / self.cell + x0, (y_mm - NET_MARGIN_MM) / self.cell + y0

    def slit_read(self, tongue, lines: list[Segment]) -> Segment:
        """The one line of lines that is the tongue's slit (the cut the template meant for it)."""
        meant = self.marks.slits[tongues(self.geometry).index(tongue)]
        found = [line for line in lines if same_segment(line, meant, NEAR_MM / self.cell)]
        assert len(found) == 1, f"tongue {tongue.label}: {len(found)} cuts where its slit goes"
        return found[0]


def same_segment(a: Segment, b: Segment, tolerance: float) -> bool:
    return any(math.dist(a[0], p) <= tolerance and math.dist(a[1], q) <= tolerance for p, q in (b, b[::-1]))


@pytest.fixture(scope="module")
def read(folds):
    made: dict[tuple[str, float], Read] = {}

    def get(name: str, paper_mm: float = 0.0) -> Read:
        if (name, paper_mm) not in made:
            made[name, paper_mm] = Read(fold_of(folds, name), paper_mm)
        return made[name, paper_mm]
    return get


@pytest.mark.parametrize("name", NAMES)
def test_every_seam_that_had_a_glue_tab_has_one_tongue_and_one_slit_on_the_cut_layer(name, read, folds):
    got = read(name)
    glued = {t.label for t in net_geometry(fold_of(folds, name).folding).tabs}
    assert glued == {s.label for s in got.geometry.seams}
    assert Counter(t.label for t in got.geometry.tabs) == Counter(glued)  # one tongue each, nothing else
    assert all(t.is_tongue for t in got.geometry.tabs)
    for lines in (got.dxf_lines, got.svg_lines):
        cuts = lines["cut"]
        assert len(cuts) == len(glued) + 2 * len(glued)  # a slit and two relief cuts per tongue
        for tongue in got.geometry.tabs:
            got.slit_read(tongue, cuts)
        others = [line for layer, found in lines.items() if layer != "cut" for line in found]
        assert not any(same_segment(line, slit, 1e-6) for line in others for slit in got.marks.slits)


@pytest.mark.parametrize("name", NAMES)
def test_each_slit_lies_in_mm_across_from_its_tongue_where_the_fold_takes_it(name, read):
    got = read(name)
    folding = got.geometry.folding
    for tongue in got.geometry.tabs:
        slit = got.slit_read(tongue, got.dxf_lines["cut"])
        edge = slit_edge(got.geometry, tongue)
        neck_mm = math.dist(*tongue.fold) * got.cell
        # Parallel to its edge, neck - T in from it, as long as the neck is wide and T more at each end.
        assert LineString(edge.segment).distance(Point(slit[0])) == pytest.approx(
            LineString(edge.segment).distance(Point(slit[1])), abs=1e-9)
        assert LineString(edge.segment).distance(LineString(slit)) * got.cell == pytest.approx(
            tongue.neck * got.cell - got.card, abs=NEAR_MM)
        assert math.dist(*slit) * got.cell == pytest.approx(neck_mm + 2 * got.card, abs=2 * NEAR_MM)
        assert got.geometry.net.contains(LineString(slit))
        # Folded, the slit's middle (taken to its edge) and the tongue's middle meet on the box.
        middle = np.mean(np.array(slit), axis=0)
        foot = middle + np.array(OUTWARD[edge.side]) * LineString(edge.segment).distance(Point(middle))
        base = np.mean(np.array(tongue.fold), axis=0)
        inward = -np.array(next(OUTWARD[e.side] for s in got.geometry.seams if s.label == tongue.label
                                for e in s.sides[tongue.side].edges))
        cells = [tuple(int(v) for v in np.floor((foot - 0.5 * np.array(OUTWARD[edge.side]))[::-1])),
                 tuple(int(v) for v in np.floor((base + 0.5 * inward)[::-1]))]
        assert cells[0] == edge.cell and cells[1] in folding.cells
        on_box = grid_points_on_box(folding, cells, np.array([foot[::-1], base[::-1]]))
        assert np.allclose(on_box[0], on_box[1], atol=1e-6)


def test_the_slit_grows_and_moves_in_with_the_card(read):
    lengths, depths = [], []
    for card in (0.1, 0.3, 0.6):
        got = read("1x2x3", card)
        tongue = got.geometry.tabs[0]
        slit = got.slit_read(tongue, got.dxf_lines["cut"])
        lengths.append(math.dist(*slit) * got.cell)
        depths.append(LineString(slit_edge(got.geometry, tongue).segment).distance(LineString(slit)) * got.cell)
    assert lengths[0] < lengths[1] < lengths[2]
    assert lengths[2] - lengths[0] == pytest.approx(2 * (0.6 - 0.1), abs=2 * NEAR_MM)  # T more at each end
    assert depths[0] - depths[2] == pytest.approx(0.6 - 0.1, abs=2 * NEAR_MM)  # T nearer its edge
    assert read("1x2x3").card == 0.3  # no --paper-mm: slots are cut for cardstock


@pytest.mark.parametrize("name", ["1x1x1", "1x2x3"])
def test_the_folded_tongue_reaches_through_its_slit_with_a_03_mm_card(name, read):
    got = read(name, CARD_MM)
    t = CARD_MM
    reliefs = [math.dist(a, b) * got.cell for a, b in got.dxf_lines["cut"]
               if not any(same_segment((a, b), s, 1e-6) for s in got.marks.slits)]
    assert reliefs and all(r == pytest.approx(t, abs=NEAR_MM) for r in reliefs)  # each fold stands T into its panel
    for tongue in got.geometry.tabs:
        slit = got.slit_read(tongue, got.dxf_lines["cut"])
        outline = LineString(tongue.fold)
        neck = outline.distance(Point(tongue.polygon[1])) * got.cell  # the edge to the shoulders, in mm
        head = math.dist(tongue.polygon[2], tongue.polygon[-3]) * got.cell
        slit_depth = LineString(slit_edge(got.geometry, tongue).segment).distance(LineString(slit)) * got.cell
        from_fold = t + neck  # the tongue from its fold to its shoulders
        under = slit_depth  # along the inside of the partner panel, from the box's edge to the slit
        through = t  # up through the partner panel's card
        clear = from_fold - under - through  # how far the shoulders stand out of the slit
        assert 0 < clear <= 0.5 and clear == pytest.approx(t, abs=2 * NEAR_MM)
        assert (head - math.dist(*slit) * got.cell) / 2 >= SLIT_STRIP_MM  # each shoulder wider than the slit
        assert slit_depth >= SLIT_STRIP_MM  # card enough between the slit and its edge


@pytest.mark.parametrize("name", NAMES)
def test_tongues_and_slits_cross_no_other_line_and_stay_on_the_page(name, read):
    got = read(name, 0.6)  # the thickest card: the longest slits
    shapes = [Polygon(t.polygon) for t in got.geometry.tabs]
    for a, b in combinations(shapes, 2):
        assert a.distance(b) >= TONGUE_GAP - 1e-9  # no sliver of card between two cuts
    assert all(s.intersection(got.geometry.net).area < 1e-9 for s in shapes)
    boundary = got.geometry.outline.boundary
    lines = [*got.marks.reliefs, *got.marks.folds, *got.marks.flats]
    for k, slit in enumerate(got.marks.slits):
        cut = LineString(slit)
        assert cut.distance(boundary) > 0.03 and all(cut.distance(LineString(s)) > 0.03 for s in lines)
        assert all(cut.distance(LineString(other)) > 0.03 for other in got.marks.slits[k + 1:])
        texts = got.marks.face_labels + got.marks.numbers + got.marks.seam_labels
        assert not any(cut.intersects(text_box(text)) for text in texts)
    x0, y0, x1, y1 = got.geometry.bounds  # the net with its tongues: what the page plan fits on the paper
    assert all(Polygon.from_bounds(x0, y0, x1, y1).contains(s) for s in shapes)
    width, height = got.plan.content[2:]
    assert got.plan.rows * got.plan.cols == 1 and min(got.plan.offset) >= 0
    assert (x1 - x0) * got.cell + got.plan.offset[0] <= width + 1e-6
    assert (y1 - y0) * got.cell + got.plan.offset[1] <= height + 1e-6


def test_cells_too_small_for_slots_are_refused_in_one_line(tmp_path, capsys):
    net = tmp_path / "cube.txt"
    net.write_text(NETS["1x1x1"])
    out = tmp_path / "t.pdf"
    assert main(["template", str(net), "--tabs", "slot", "--paper-mm", "0.6", "--paper-cell-mm", "5", "-o",
                 str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert "too small for slots in a 0.6 mm card" in error and len(error.splitlines()) == 1
    assert not out.exists()


@pytest.mark.slow
def test_the_built_in_puzzle_builds_with_slots(tmp_path):
    assert main(["build", "--only", "template.dxf", "--tabs", "slot", "-o", str(tmp_path / "out"), "--quiet"]) == 0
    document = ezdxf.readfile(tmp_path / "out" / "template.dxf")
    seams = len(net_geometry(example_fold("nov2025").folding).seams)
    assert len(document.modelspace().query('LINE[layer=="cut"]')) == 3 * seams  # a slit and two reliefs per seam


def test_the_page_says_how_slots_close_and_help_names_the_card_they_are_cut_for(read, capsys):
    got = read("1x1x1")
    steps = step_texts(got.fold, got.geometry, got.fold.tree, tabs="slot")
    assert "tongues and slits included" in steps[0] and "tongue folds" in steps[1]
    assert steps[-1].startswith("No glue") and not any("Glue" in step for step in steps)
    with pytest.raises(SystemExit):
        main(["template", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "slot (no glue: a tongue" in help_text and "with --tabs slot, 0.3)" in help_text
