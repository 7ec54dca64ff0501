"""The cut-and-fold template: seams, tabs, page plan, true scale, text, determinism, SVG layers."""

from __future__ import annotations

import base64
import re
import subprocess
import xml.etree.ElementTree as ET
import zlib
from itertools import combinations

import pytest
from shapely import LineString, Polygon

from foldkit.drawing import Group, label_texts
from foldkit.exchange.pdf import PT_PER_MM
from foldkit.exchange.svg import drawing_svg
from foldkit.fold.subject import Subject
from foldkit.paper.template import (
    TemplateOptions,
    net_drawing,
    net_geometry,
    plan_pages,
    template_document,
    template_pdf,
    template_svg,
)
from foldkit.paper.template.fit import fitted_marks
from foldkit.paper.template.geometry import outline_edges, partners
from foldkit.paper.template.layout import OVERLAP_MM, content_size, fitting_cell_mm, orientations
from foldkit.paper.template.marks import crease_segment, net_marks
from solver.folding import box_foldings
from tests.conftest import puzzle_fold, require_program

CUBE_NET = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)})


@pytest.fixture(scope="module")
def sample(examples) -> Subject:
    return puzzle_fold(examples / "nov2025-sample.txt")


@pytest.fixture(scope="module")
def nov2025() -> Subject:
    return puzzle_fold(None)


@pytest.fixture(scope="module")
def cube() -> Subject:
    (folding,) = box_foldings(CUBE_NET)[(1, 1, 1)]
    return Subject("cube", folding, {})


def page_streams(pdf: bytes) -> list[str]:
    """The decompressed content streams of a PDF, parsed without reportlab."""
    out = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        head, data = match.groups()
        if b"/ASCII85Decode" in head:
            data = base64.a85decode(data.strip().removesuffix(b"~>"))
        if b"/FlateDecode" in head:
            data = zlib.decompress(data)
        out.append(data.decode("latin-1"))
    return out


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """(width, height) in mm of every page's MediaBox."""
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(float(w) / PT_PER_MM, float(h) / PT_PER_MM) for w, h in boxes]


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "template.pdf"
    path.write_bytes(pdf)
    program = require_program("pdftotext")
    done = subprocess.run([program, "-layout", str(path), "-"], capture_output=True, check=True, text=True)
    return done.stdout


# ---------------------------------------------------------------------------------------------
# Seams and tabs


@pytest.mark.parametrize("name", ["sample", "nov2025", "cube"])
def test_every_outline_edge_pair_carries_one_label(name, request):
    subject = request.getfixturevalue(name)
    geometry = net_geometry(subject.folding)
    edges = outline_edges(subject.cells)
    partner = partners(subject.folding, edges)
    sides = [e for seam in geometry.seams for side in seam.sides for e in side.edges]
    assert sorted(sides, key=repr) == sorted(edges, key=repr)  # each outline edge in exactly one seam side
    for edge in edges:
        assert partner[partner[edge]] == edge != partner[edge]
        assert geometry.label_of(edge) == geometry.label_of(partner[edge])
    labels = [s.label for s in geometry.seams]
    assert len(set(labels)) == len(labels)


def test_seam_labels_are_drawn_on_both_sides(sample):
    geometry = net_geometry(sample.folding)
    drawn = net_marks(sample, geometry, 10.0).seam_labels
    for seam in geometry.seams:
        mine = [t for t in drawn if t.text == seam.label]
        assert len(mine) == 2
        for side, text in zip(seam.sides, mine, strict=True):
            (x0, y0), (x1, y1) = side.start, side.end
            near = Polygon([(x0, y0), (x1, y1), (x1, y1), (x0, y0)]).buffer(0.5)
            assert near.contains(Polygon([text.at] * 3).buffer(0.01)), (seam.label, side, text)


def test_seams_merge_straight_runs(nov2025):
    """Merged seams keep the labels few: both sides of a seam are equally long straight runs."""
    geometry = net_geometry(nov2025.folding)
    for seam in geometry.seams:
        a, b = seam.sides
        assert a.length == b.length
        for side in seam.sides:
            (x0, y0), (x1, y1) = side.start, side.end
            assert (x0 == x1 or y0 == y1) and abs(x1 - x0) + abs(y1 - y0) == side.length
    assert len(geometry.seams) < len(outline_edges(nov2025.cells)) / 2


@pytest.mark.parametrize("name", ["sample", "nov2025", "cube"])
def test_tabs_overlap_neither_the_net_nor_each_other(name, request):
    subject = request.getfixturevalue(name)
    geometry = net_geometry(subject.folding)
    tabs = [Polygon(t.polygon) for t in geometry.tabs]
    assert {t.label for t in geometry.tabs} == {s.label for s in geometry.seams}  # every seam has a tab
    for tab in tabs:
        assert tab.is_valid and tab.area > 0
        assert tab.intersection(geometry.net).area < 1e-9
    for a, b in combinations(tabs, 2):
        assert a.intersection(b).area < 1e-9


def test_every_right_angle_crease_has_a_fold_line(nov2025):
    marks = net_marks(nov2025, net_geometry(nov2025.folding), 9.4)
    lines = [LineString(segment) for segment in marks.folds]
    for edge in nov2025.folding.hinges():
        crease = LineString(crease_segment(edge))
        assert any(line.covers(crease) for line in lines), edge
    flats = [LineString(segment) for segment in marks.flats]
    for edge, angle in nov2025.folding.creases().items():
        if angle == 0:
            assert not any(line.covers(LineString(crease_segment(edge))) for line in lines), edge
            assert any(line.covers(LineString(crease_segment(edge))) for line in flats), edge


# ---------------------------------------------------------------------------------------------
# Pages and scale


@pytest.mark.parametrize("paper,size", [("a4", (210, 297)), ("letter", (215.9, 279.4)), ("a3", (297, 420))])
def test_page_size(sample, paper, size):
    pdf = template_pdf(sample, TemplateOptions(paper=paper))
    sizes = page_sizes(pdf)
    assert len(sizes) == 2  # the net, then the assembly page
    for w, h in sizes:
        assert sorted((round(w, 1), round(h, 1))) == sorted(size)


def test_default_cell_is_the_largest_that_fits_one_page(nov2025):
    geometry = net_geometry(nov2025.folding)
    x0, y0, x1, y1 = geometry.bounds
    cell = fitting_cell_mm(geometry.bounds, "a4")
    fits = [min(w / (x1 - x0), h / (y1 - y0)) for w, h in map(content_size, orientations("a4"))]
    assert cell <= max(fits) < cell + 0.1
    plan = plan_pages(geometry.bounds, TemplateOptions())
    assert (plan.rows, plan.cols, plan.cell_mm) == (1, 1, cell)
    assert cell > 8  # the 20 x 20 puzzle still prints with readable numbers on A4


def test_cells_print_at_true_scale(sample):
    cell_mm = 12.5
    pdf = template_pdf(sample, TemplateOptions(cell_mm=cell_mm))
    net_page = page_streams(pdf)[0]
    rects = re.findall(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re f", net_page)
    sizes = [(float(w) / PT_PER_MM, float(h) / PT_PER_MM) for _, _, w, h in rects]
    at_scale = [w for w, h in sizes if abs(w - cell_mm) < 0.1 and abs(h - cell_mm) < 0.1]
    assert len(at_scale) == len(sample.cells)
    # Neighbouring cells sit one cell apart on the page too.
    corners = {(round(float(x) / PT_PER_MM / cell_mm, 3), round(float(y) / PT_PER_MM / cell_mm, 3))
               for x, y, _, _ in rects}
    steps = {round(abs(a[0] - b[0]), 3) for a, b in combinations(sorted(corners), 2) if a[1] == b[1]}
    assert 1.0 in steps
    plan = plan_pages(net_geometry(sample.folding).bounds, TemplateOptions(cell_mm=cell_mm))
    tile = plan.tiles[0]
    (ax, ay), (bx, by) = plan.page_point(tile, (0, 0)), plan.page_point(tile, (1, 1))
    assert abs(bx - ax - cell_mm) < 1e-9 and abs(by - ay - cell_mm) < 1e-9


def test_scale_bar_is_50_mm(sample):
    net_page = page_streams(template_pdf(sample, TemplateOptions()))[0]
    lines = re.findall(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", net_page)
    lengths = [abs(float(x1) - float(x0)) / PT_PER_MM for x0, y0, x1, y1 in lines if y0 == y1]
    assert any(abs(length - 50) < 0.01 for length in lengths)


def test_large_cells_tile_over_several_pages(sample):
    pdf = template_pdf(sample, TemplateOptions(cell_mm=40))
    geometry = net_geometry(sample.folding)
    plan = plan_pages(geometry.bounds, TemplateOptions(cell_mm=40))
    assert plan.rows * plan.cols > 1
    assert len(page_sizes(pdf)) == plan.rows * plan.cols + 1
    # The tiles cover the net with overlap strips between neighbours.
    x0, y0, x1, y1 = geometry.bounds
    _, _, w, h = plan.content
    assert plan.cols * (w - OVERLAP_MM) + OVERLAP_MM >= (x1 - x0) * 40
    assert plan.rows * (h - OVERLAP_MM) + OVERLAP_MM >= (y1 - y0) * 40


# ---------------------------------------------------------------------------------------------
# Text and determinism


def test_sums_answer_and_title_are_in_the_text(nov2025, tmp_path):
    text = pdf_text(template_pdf(nov2025, TemplateOptions()), tmp_path)
    assert "nov2025: cut-and-fold template of the 2 × 6 × 7 box" in text
    assert "answer 57 × 28 × 5 × 11 × 17 × 11 = 16414860" in text
    for face, total in zip("ABCDEF", nov2025.face_sums, strict=True):
        assert f"face {face}: {total}" in text
    assert "50 mm" in text and "do not fold" in text and "the printed side ends up outside" in text
    tree = nov2025.tree
    assert text.count("Fold the thick red line") == tree.stage_count


def test_same_input_same_bytes(sample):
    options = TemplateOptions(paper="letter")
    assert template_pdf(sample, options) == template_pdf(sample, options)
    assert template_svg(sample, options) == template_svg(sample, options)


# ---------------------------------------------------------------------------------------------
# Nets and SVG


def test_a_plain_net_renders(cube, tmp_path):
    pdf = template_pdf(cube, TemplateOptions())
    path = tmp_path / "cube.pdf"
    path.write_bytes(pdf)
    program = require_program("pdftoppm")
    subprocess.run([program, "-png", "-r", "20", str(path), str(tmp_path / "page")], check=True)
    assert len(list(tmp_path.glob("page-*.png"))) == 2
    text = pdf_text(pdf, tmp_path)
    assert "face A" in text and "the 1 × 1 × 1 box" in text and "answer" not in text


def test_svg_has_cut_and_fold_layers_at_true_scale(sample):
    options = TemplateOptions(cell_mm=10)
    root = ET.fromstring(template_svg(sample, options))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    layers = {g.get("id"): g for g in root.findall("svg:g", ns)}
    assert {"cut", "fold", "print"} <= set(layers)
    mode = "{http://www.inkscape.org/namespaces/inkscape}groupmode"
    assert all(g.get(mode) == "layer" for g in layers.values())
    geometry, _, marks = fitted_marks(sample, options)
    assert len(layers["fold"].findall("svg:line", ns)) == len(marks.folds)
    assert len(layers["cut"].findall("svg:polygon", ns)) >= 1
    cells = [r for r in layers["print"].findall("svg:rect", ns)]
    assert len(cells) == len(sample.cells)
    assert all(float(r.get("width")) == 10 for r in cells)
    x0, _, x1, _ = geometry.bounds
    assert root.get("width") == f"{(x1 - x0) * 10 + 16:.3f}".rstrip("0").rstrip(".") + "mm"


# ---------------------------------------------------------------------------------------------
# One drawing, two formats


SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def test_every_pdf_tile_and_the_svg_show_the_one_net_drawing(sample):
    options = TemplateOptions(cell_mm=40)
    drawn = fitted_marks(sample, options)
    plan = drawn[1]
    net = net_drawing(sample, options, drawn)
    net_pages = template_document(sample, options, drawn).pages[:-1]  # the last is the assembly page
    assert len(net_pages) == plan.rows * plan.cols > 1
    for page in net_pages:
        windows = [s for s in page.shapes if isinstance(s, Group) and s.shapes == net.shapes]
        assert len(windows) == 1 and windows[0].clip == plan.content
    svg_words = [t.text for t in ET.fromstring(template_svg(sample, options, drawn)).iter(SVG_TEXT)]
    assert svg_words == label_texts(net)[0] and len(svg_words) > len(sample.labels)


def test_the_template_pdf_and_svg_have_the_same_pages_and_labels(nov2025):
    options = TemplateOptions()
    document = template_document(nov2025, options)
    labels = label_texts(document)
    streams = page_streams(template_pdf(nov2025, options))
    assert len(streams) == len(document.pages) == 2
    assert [stream.count(" Tj") for stream in streams] == [len(words) for words in labels]
    pages = ET.fromstring(drawing_svg(document)).findall("{http://www.w3.org/2000/svg}g[@class='page']")
    assert [[t.text for t in page.iter(SVG_TEXT)] for page in pages] == labels
    net_words = [t.text for t in ET.fromstring(template_svg(nov2025, options)).iter(SVG_TEXT)]
    assert all(f"({word}) Tj" in streams[0] for word in net_words)  # the SVG's net is on the PDF's page
