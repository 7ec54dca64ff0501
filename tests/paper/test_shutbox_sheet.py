"""The Shut the Box puzzle sheet: page sizes, one arrow drawing per arrow cell with a head per
direction, every number with its circle or square, the title and seed, same bytes, and a PDF
that poppler renders; `foldkit sheet` writes it."""

from __future__ import annotations

import math
import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from foldkit.cli import main
from foldkit.drawing import Circle, Polygon
from foldkit.files import built_in_text
from foldkit.kinds.shutbox.sheet import TIP, arrow_outline, puzzle_drawing, seed_of, sheet_pdf, sheet_svg
from solver.shutbox.puzzle import parse_puzzle
from tests.conftest import require_program

SVG = "{http://www.w3.org/2000/svg}"
NOV = parse_puzzle(built_in_text(), "nov2025")
GENERATED = """# Shut the Box puzzle made by foldkit generate
# seed: 31
# box: 1x1x2
# layouts: 42 keep the grid rules (difficulty 100)
# clues: 8 of 49 cells (16%)
7 7
. . . . . . 3s
. . 4o . . 4o 3
2s . . . . . .
. . . . . . .
. U . . . . .
. . . . . . U
. . . . . U .
"""


@pytest.mark.parametrize("pointed", ["U", "R", "D", "L", "UR", "DL", "URL", "URDL", "UD"])
def test_an_arrow_has_one_head_per_direction_and_points_the_right_way(pointed):
    points = arrow_outline(pointed)
    tips = [(x, y) for x, y in points if math.isclose(math.hypot(x, y), TIP)]
    assert len(tips) == len(pointed)
    heading = {"U": (0, -TIP), "R": (TIP, 0), "D": (0, TIP), "L": (-TIP, 0)}
    assert sorted(tips) == sorted(heading[d] for d in pointed)
    assert all(abs(x) < 0.5 and abs(y) < 0.5 for x, y in points)  # inside its cell


def test_one_arrow_drawing_per_arrow_cell_and_every_mark():
    shapes = puzzle_drawing(NOV).shapes
    arrows = [s for s in shapes if isinstance(s, Polygon) and s.role == "arrow"]
    assert len(arrows) == len(NOV.arrows) == 63
    assert sum(isinstance(s, Circle) and s.role == "circle" for s in shapes) == len(NOV.circled()) == 6
    assert sum(isinstance(s, Polygon) and s.role == "square" for s in shapes) == len(NOV.squared()) == 7


def test_the_svg_has_every_arrow_mark_and_number():
    root = ET.fromstring(sheet_svg(NOV))
    classes = Counter(e.get("class") for e in root.iter() if e.get("class"))
    assert classes["arrow"] == 63 and classes["circle"] == 6 and classes["square"] == 7
    digits = Counter(e.text for e in root.iter(f"{SVG}text") if e.text and e.text.isdigit())
    assert digits == Counter(str(n.value) for n in NOV.numbers.values())
    assert root.get("width") == "210mm" and root.get("height") == "297mm"


def test_the_pdf_text_has_every_number_the_title_and_the_rules(tmp_path):
    pdftotext = require_program("pdftotext")
    path = tmp_path / "nov.pdf"
    path.write_bytes(sheet_pdf(NOV))
    text = subprocess.run([pdftotext, str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Shut the Box" in text and "nov2025" in text and "product of the six face sums" in text
    digits = Counter(t for t in text.split() if re.fullmatch(r"[1-9]", t))
    assert digits == Counter(str(n.value) for n in NOV.numbers.values())


@pytest.mark.parametrize("paper, size", [("a4", "595.276 x 841.89"), ("letter", "612 x 792"),
                                         ("a3", "841.89 x 1190.55")])
def test_page_sizes(tmp_path, paper, size):
    pdfinfo = require_program("pdfinfo")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet_pdf(NOV, paper))
    info = subprocess.run([pdfinfo, str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"Page size:\s+{re.escape(size)} pts", info), info
    assert re.search(r"Pages:\s+1\b", info)


def test_the_grid_is_square_and_fills_the_page_width():
    drawing = puzzle_drawing(NOV)
    frame = next(s for s in drawing.shapes if isinstance(s, Polygon) and s.role == "frame")
    (x0, y0), _, (x1, y1), _ = frame.points
    assert math.isclose(x1 - x0, y1 - y0)
    assert x1 - x0 > 0.85 * drawing.size[0]


def test_the_seed_of_a_generated_puzzle_is_on_the_sheet(tmp_path):
    puzzle = parse_puzzle(GENERATED)
    assert seed_of(puzzle) == "31" and seed_of(NOV) is None
    root = ET.fromstring(sheet_svg(puzzle))
    assert "seed 31" in [e.text for e in root.iter(f"{SVG}text")]
    assert sum(e.get("class") == "arrow" for e in root.iter()) == len(puzzle.arrows) == 3


def test_same_puzzle_same_bytes():
    assert sheet_pdf(NOV) == sheet_pdf(NOV) and sheet_svg(NOV) == sheet_svg(NOV)
    assert sheet_pdf(NOV, "letter") != sheet_pdf(NOV)


def test_poppler_renders_it(tmp_path):
    pdftoppm = require_program("pdftoppm")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet_pdf(NOV))
    subprocess.run([pdftoppm, "-png", "-r", "30", str(path), str(tmp_path / "page")], check=True)
    from PIL import Image

    with Image.open(tmp_path / "page-1.png") as image:
        assert image.size == (249, 351)
        grey = image.convert("L")
        dark = sum(grey.histogram()[:128])
    assert dark > 0.02 * 249 * 351  # the grid and its clues are drawn, not a blank page


def test_foldkit_sheet_writes_pdf_and_svg(tmp_path, capsys):
    puzzle = tmp_path / "mine.txt"
    puzzle.write_text(GENERATED)
    assert main(["sheet", "-o", str(tmp_path / "nov.pdf")]) == 0
    assert (tmp_path / "nov.pdf").read_bytes() == sheet_pdf(NOV)
    assert main(["sheet", str(puzzle), "-o", str(tmp_path / "mine.svg"), "--paper", "letter"]) == 0
    assert b"seed 31" in (tmp_path / "mine.svg").read_bytes()
    assert main(["sheet", str(puzzle), "-o", str(tmp_path / "mine.png")]) == 2
    assert "use .pdf or .svg" in capsys.readouterr().err
