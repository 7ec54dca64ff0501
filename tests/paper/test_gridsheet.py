"""Grid sheets: page sizes, the text a person needs (clues, answer), region borders, tiles,
same bytes every time, and a PDF that poppler renders."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from foldkit.drawing import Line
from foldkit.errors import FoldkitError
from foldkit.kinds.numbercross.pages import number_cross_sheet
from foldkit.paper.gridsheet import (
    MARGIN_MM,
    GridSheet,
    sheet_drawing,
    sheet_pdf,
    sheet_svg,
)
from tests.conftest import require_program

ROOT = Path(__file__).resolve().parents[2]
NC5 = ROOT / "examples" / "number-cross-5.txt"
SVG = "{http://www.w3.org/2000/svg}"


def read_number_cross(path: Path):
    """(regions, highlighted cells, clue texts) of a Number Cross file."""
    from solver.numbercross.rules.parse import parse_number_cross

    puzzle = parse_number_cross(path.read_text(), str(path), "nc")
    return puzzle.regions, puzzle.highlighted, tuple(c.text for c in puzzle.clues)


def read_solution(path: Path):
    from solver.numbercross.rules.parse import parse_solution

    return parse_solution(path.read_text(), str(path))


def nc_files() -> tuple[Path, Path]:
    """The puzzle and solution files of Number Cross 5."""
    return NC5, NC5.with_name("number-cross-5.solution.txt")


@pytest.fixture(scope="module")
def nc_puzzle() -> GridSheet:
    regions, highlighted, clues = read_number_cross(nc_files()[0])
    return number_cross_sheet(regions, highlighted, clues, None, "Number Cross 5",
                              ("Fill every region with one digit.",), answer="Answer: ____________")


@pytest.fixture(scope="module")
def nc_solution() -> GridSheet:
    regions, highlighted, clues = read_number_cross(nc_files()[0])
    grid = read_solution(nc_files()[1])
    return number_cross_sheet(regions, highlighted, clues, grid, "Number Cross 5: solution", (),
                              ("Numbers: 3422, 324, 5324",), "Answer: 4135658")


@pytest.mark.parametrize(("paper", "size"), [("a4", "595.276 x 841.89"), ("letter", "612 x 792"),
                                             ("A3", "841.89 x 1190.55")])
def test_page_size(tmp_path, nc_puzzle, paper, size):
    pdfinfo = require_program("pdfinfo")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet_pdf(nc_puzzle, paper))
    info = subprocess.run([pdfinfo, str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"Page size:\s+{re.escape(size)} pts", info), info
    assert re.search(r"Pages:\s+1\b", info)
    assert re.search(r"Title:\s+Number Cross 5\n", info)


def pdf_text(tmp_path: Path, data: bytes) -> str:
    pdftotext = require_program("pdftotext")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run([pdftotext, "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_puzzle_sheet_prints_title_rules_and_every_clue(tmp_path, nc_puzzle):
    text = pdf_text(tmp_path, sheet_pdf(nc_puzzle))
    assert "Number Cross 5" in text and "Fill every region with one digit." in text
    for clue in nc_puzzle.clues:
        assert clue in text
    assert "Answer: ____" in text
    assert not re.search(r"\d{3}", text.replace("2025", "").replace(" 20", "")), "no digits in the empty grid"


def test_solution_sheet_prints_digits_and_the_answer(tmp_path, nc_solution):
    text = pdf_text(tmp_path, sheet_pdf(nc_solution))
    assert "Answer: 4135658" in text and "prime" in text
    assert re.search(r"4\s+7\s+8\s+8\s+7\s+4\s+3\s+3", text)  # the bottom row, tiles left out


def test_same_sheet_same_bytes(nc_solution):
    assert sheet_pdf(nc_solution) == sheet_pdf(nc_solution)
    assert sheet_svg(nc_solution) == sheet_svg(nc_solution)
    assert sheet_pdf(nc_solution, "letter") != sheet_pdf(nc_solution, "a4")


def test_svg_has_one_rect_per_tile_and_per_shaded_cell(nc_solution):
    root = ET.fromstring(sheet_svg(nc_solution))
    assert root.tag == f"{SVG}svg" and root.get("width") == "210mm" and root.get("viewBox") == "0 0 210 297"
    rects = root.findall(f"{SVG}rect")
    tiles = [r for r in rects if r.get("class") == "tile"]
    grid = read_solution(nc_files()[1])
    assert len(tiles) == sum(row.count(None) for row in grid) == len(nc_solution.black) == 29
    assert len([r for r in rects if r.get("class") == "shade"]) == len(nc_solution.shaded) == 16
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert "Answer: 4135658" in texts and "divisible by each of its digits" in texts


def test_svg_draws_what_the_pdf_draws(nc_solution):
    """Both writers draw the same shapes: one SVG element per shape, plus the title element."""
    drawing = sheet_drawing(nc_solution)
    root = ET.fromstring(sheet_svg(nc_solution))
    assert len(list(root)) == len(drawing.shapes) + 1


def test_thick_lines_follow_exactly_the_region_borders(nc_puzzle):
    drawing = sheet_drawing(nc_puzzle)
    borders = [s for s in drawing.shapes if isinstance(s, Line) and s.role == "border"]
    thin = [s for s in drawing.shapes if isinstance(s, Line) and s.role == "thin"]
    cell = _cell_mm(drawing)
    def units(strokes) -> int:
        return round(sum(abs(s.end[0] - s.start[0]) + abs(s.end[1] - s.start[1]) for s in strokes) / cell)
    regions, rows, cols = nc_puzzle.regions, nc_puzzle.rows, nc_puzzle.cols
    between = sum(regions[r][c] != regions[r][c + 1] for r in range(rows) for c in range(cols - 1))
    between += sum(regions[r][c] != regions[r + 1][c] for r in range(rows - 1) for c in range(cols))
    inner = rows * (cols - 1) + cols * (rows - 1)
    assert units(borders) == between
    assert units(thin) == inner - between
    assert min(s.width for s in borders) > 2 * max(s.width for s in thin)


def _cell_mm(drawing) -> float:
    frame = [s for s in drawing.shapes if isinstance(s, Line) and s.role == "frame"]
    top = frame[0]
    return abs(top.end[0] - top.start[0]) / 11


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_grid_and_clues_fill_the_page_width(nc_puzzle, paper):
    drawing = sheet_drawing(nc_puzzle, paper)
    width = drawing.size[0]
    frame = [s for s in drawing.shapes if isinstance(s, Line) and s.role == "frame"]
    left = min(s.start[0] for s in frame)
    right = max(s.start[0] for s in frame)
    widest_clue = next(s for s in drawing.shapes if getattr(s, "text", None) == "divisible by each of its digits").x
    assert left == pytest.approx(MARGIN_MM, abs=0.01)
    assert right > 0.6 * width  # the grid takes most of the width
    assert widest_clue > right  # the clues are printed beside it
    bottom = max(s.start[1] for s in frame)
    assert bottom < drawing.size[1] - MARGIN_MM


def test_a_grid_without_clues_takes_the_whole_width():
    sheet = GridSheet(3, 3, ((0, 0, 1), (0, 1, 1), (2, 2, 2)), "Small", texts={(0, 0): "1"}, bold=frozenset({(0, 0)}))
    drawing = sheet_drawing(sheet)
    cell = _cell_mm(drawing) * 11 / 3
    assert cell * 3 == pytest.approx(210 - 2 * MARGIN_MM)


def test_unknown_paper_is_a_user_error(nc_puzzle):
    with pytest.raises(FoldkitError, match="unknown paper 'a5': use one of a4, letter, a3"):
        sheet_pdf(nc_puzzle, "a5")


def test_poppler_renders_the_sheet(tmp_path, nc_solution):
    pdftoppm = require_program("pdftoppm")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet_pdf(nc_solution))
    subprocess.run([pdftoppm, "-png", "-r", "30", str(path), str(tmp_path / "page")], check=True)
    png = (tmp_path / "page-1.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (249, 351)  # A4 at 30 dpi, rounded up
    from PIL import Image

    with Image.open(tmp_path / "page-1.png") as image:
        grey = image.convert("L")
        dark = sum(grey.histogram()[:60])
    assert dark > 0.05 * width * height  # 29 black tiles and the lines are there


@pytest.mark.parametrize(("change", "words"), [
    ({"rows": 2}, "the regions are not 2 rows of 3"),
    ({"clues": ("a", "b")}, "2 clues for 3 rows"),
    ({"black": frozenset({(3, 0)})}, "outside the grid"),
])
def test_a_sheet_that_does_not_fit_its_grid_is_refused(change, words):
    fields = {"rows": 3, "cols": 3, "regions": ((0, 0, 1), (0, 1, 1), (2, 2, 2)), "title": "Small"}
    with pytest.raises(ValueError, match=words):
        GridSheet(**{**fields, **change})
