"""One print pipeline: every printed page is a foldkit.drawing, and foldkit/exchange/pdf.py and
svg.py are the only code that writes PDF or SVG. The writers agree on what a drawing shows:
pages, text, groups moved by a transform and clipped, dashes kept to their own line."""

from __future__ import annotations

import ast
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image

from foldkit.drawing import Document, Drawing, Group, Label, Line, Rect, label_texts
from foldkit.exchange import EXPORTERS, export, exporter
from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.svg import drawing_svg
from tests.conftest import ROOT, require_program

NS = {"svg": "http://www.w3.org/2000/svg"}
WHITE, BLACK = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)


def imports_reportlab(path) -> bool:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "reportlab":
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "reportlab" for a in node.names):
            return True
    return False


def test_only_the_exchange_modules_import_reportlab():
    sources = [p for top in ("foldkit", "solver", "bench") for p in sorted((ROOT / top).rglob("*.py"))]
    users = sorted(str(p.relative_to(ROOT)) for p in sources if imports_reportlab(p))
    assert users == ["foldkit/exchange/pdf.py"]


def rendered(pdf: bytes, tmp_path, dpi: int = 72) -> list[np.ndarray]:
    """Every page of a PDF as a (h, w) grey array, 0 black to 255 white (one pixel a point at 72 dpi)."""
    path = tmp_path / "drawing.pdf"
    path.write_bytes(pdf)
    subprocess.run([require_program("pdftoppm"), "-r", str(dpi), "-gray", str(path), str(tmp_path / "page")],
                   check=True)
    return [np.asarray(Image.open(p), dtype=np.int64) for p in sorted(tmp_path.glob("page-*.pgm"))]


def pdf_pages_text(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "text.pdf"
    path.write_bytes(pdf)
    text = subprocess.run([require_program("pdftotext"), "-raw", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")[:-1]


def test_a_document_has_the_same_pages_and_text_in_both_formats(tmp_path):
    pages = tuple(Drawing((100.0, 60.0 + 10 * n), f"page {n}",
                          (Label(10, 20, f"first on {n}", 12, "Helvetica", BLACK),
                           Group((Label(10, 40, f"second on {n}", 9, "Helvetica-Bold", BLACK, angle=90),),
                                 layer="words")))
                  for n in range(3))
    document = Document("three pages", pages)
    pdf_text = pdf_pages_text(drawing_pdf(document), tmp_path)
    root = ET.fromstring(drawing_svg(document))
    svg_pages = root.findall("svg:g[@class='page']", NS)
    assert len(pdf_text) == len(svg_pages) == 3
    for n, (text, group) in enumerate(zip(pdf_text, svg_pages, strict=True)):
        words = [t.text for t in group.iter(f"{{{NS['svg']}}}text")]
        assert words == label_texts(document)[n] == [f"first on {n}", f"second on {n}"]
        assert all(word in " ".join(text.split()) for word in words)
    assert len({g.get("id") for g in root.iter(f"{{{NS['svg']}}}g") if g.get("id")}) == 3 + 3  # layer ids unique


def test_a_transform_moves_a_group_the_same_way_in_both_formats(tmp_path):
    """A 20 x 10 mm bar laid out at the top-left, turned a quarter (x -> down the page, y -> left)
    and moved to (60, 20): it must stand 10 wide and 20 high with its corner at (50, 20)."""
    turn = (0.0, 1.0, -1.0, 0.0, 60.0, 20.0)
    bar = Group((Rect(0, 0, 20, 10, BLACK, "bar"),), transform=turn)
    drawing = Drawing((100.0, 60.0), "turned", (Rect(0, 0, 100, 60, WHITE, "page"), bar))
    (page,) = rendered(drawing_pdf(drawing), tmp_path, dpi=254)  # 10 pixels a mm
    rows, cols = np.nonzero(page < 128)
    assert (cols.min(), cols.max() + 1, rows.min(), rows.max() + 1) == (500, 600, 200, 400)
    group = ET.fromstring(drawing_svg(drawing)).find("svg:g", NS)
    assert group.get("transform") == "matrix(0 1 -1 0 60 20)"


def test_a_clip_stays_on_the_page_when_the_group_moves(tmp_path):
    """The clip is an area of the page, taken where the group lands: the SVG puts it outside the
    transform; the PDF draws only its part of the moved shape."""
    moved = Group((Rect(0, 0, 50, 50, BLACK, "block"),), clip=(20, 0, 80, 60), transform=(1, 0, 0, 1, 10, 5))
    drawing = Drawing((100.0, 60.0), "clipped", (Rect(0, 0, 100, 60, WHITE, "page"), moved))
    (page,) = rendered(drawing_pdf(drawing), tmp_path, dpi=254)
    rows, cols = np.nonzero(page < 128)
    assert (cols.min(), cols.max() + 1, rows.min(), rows.max() + 1) == (200, 600, 50, 550)
    outer = ET.fromstring(drawing_svg(drawing)).find("svg:g", NS)
    assert outer.get("clip-path") == "url(#clip)" and outer.get("transform") is None
    assert outer.find("svg:g", NS).get("transform") == "matrix(1 0 0 1 10 5)"


def test_a_dash_belongs_to_its_own_line(tmp_path):
    """A dashed line, then a solid one: the second is drawn unbroken."""
    lines = (Line((10, 10), (90, 10), 1.0, BLACK, "dashed", dash=(4.0, 4.0), cap="butt"),
             Line((10, 30), (90, 30), 1.0, BLACK, "solid", cap="butt"))
    drawing = Drawing((100.0, 40.0), "dashes", (Rect(0, 0, 100, 40, WHITE, "page"), *lines))
    (page,) = rendered(drawing_pdf(drawing), tmp_path, dpi=254)
    dashed, solid = page[100, 120:880], page[300, 120:880]
    assert (solid < 128).all()
    assert 0.35 < (dashed < 128).mean() < 0.65
    svg = ET.fromstring(drawing_svg(drawing))
    assert [line.get("stroke-dasharray") for line in svg.findall("svg:line", NS)] == ["4 4", None]


def test_see_through_fill_and_turned_text_reach_the_svg():
    drawing = Drawing((50.0, 50.0), "bits", (Rect(0, 0, 10, 10, BLACK, "strip", 0.25),
                                             Label(20, 20, "up", 8, "Helvetica", BLACK, "centre", 90)))
    root = ET.fromstring(drawing_svg(drawing))
    assert root.find("svg:rect", NS).get("fill-opacity") == "0.25"
    assert root.find("svg:text", NS).get("transform") == "rotate(-90 20 20)"


def test_every_suffix_has_an_exporter_in_the_exchange_package():
    assert {".pdf", ".svg", ".stl", ".glb", ".gif", ".mp4", ".json"} <= set(EXPORTERS)
    for suffix in EXPORTERS:
        function = exporter(suffix)
        assert callable(function) and function.__module__.startswith("foldkit.exchange.")
    assert exporter(".PDF") is drawing_pdf
    with pytest.raises(ValueError, match="no file format"):
        exporter(".docx")


def test_export_picks_the_format_by_suffix(tmp_path):
    drawing = Drawing((30.0, 20.0), "tiny", (Label(5, 10, "hello", 10, "Helvetica", BLACK),))
    pdf, svg = export(tmp_path / "tiny.pdf", drawing), export(tmp_path / "tiny.svg", drawing)
    assert pdf.read_bytes() == drawing_pdf(drawing) and pdf.read_bytes().startswith(b"%PDF")
    assert svg.read_bytes() == drawing_svg(drawing)
    assert export(tmp_path / "data.json", {"a": [1, 2]}).read_text().startswith("{")
