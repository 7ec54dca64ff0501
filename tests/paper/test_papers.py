"""Every paper foldkit offers (A4, A3, Letter, Legal, Tabloid) takes every printed page: each sheet,
the assembly instructions and the template lay out on it, inside the page, at the paper's size;
and a Legal and a Tabloid page render with poppler."""

from __future__ import annotations

import subprocess
from functools import cache

import numpy as np
import pytest
from PIL import Image

from foldkit import options as opt
from foldkit.drawing import Circle, Document, Drawing, Group, Label, Line, Polygon, Rect, as_document
from foldkit.exchange.pdf import drawing_pdf, text_width
from foldkit.kinds import load
from foldkit.kinds.blockparty import pages as blockparty_kind
from foldkit.kinds.numbercross import pages as numbercross_kind
from foldkit.kinds.shutbox.sheet import puzzle_drawing
from foldkit.paper.gridsheet import sheet_drawing
from foldkit.paper.instructions import assembly_document
from foldkit.paper.page import PAPER_MM, paper_size
from foldkit.paper.template import TemplateOptions, template_document
from solver.packing.assembly import plan_assembly
from tests.assembly.packings import Y_BOX, y_packing
from tests.conftest import EXAMPLES, puzzle_fold, require_program

INCH = 25.4
EDGE_MM = 6.0  # nothing is printed nearer the paper's edge than this (printers leave a few mm blank)


def test_the_papers_and_their_sizes():
    assert opt.PAPERS == tuple(PAPER_MM) == ("a4", "letter", "a3", "legal", "tabloid")
    assert paper_size("legal") == pytest.approx((8.5 * INCH, 14 * INCH))
    assert paper_size("Tabloid") == pytest.approx((11 * INCH, 17 * INCH))


@cache
def solved(name: str):
    loaded = load(EXAMPLES / name)
    return loaded, loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options())


def grid_pages(name: str, module, paper: str) -> list[Drawing]:
    """The puzzle and solution sheets of a grid kind's example (module: the kind's pages)."""
    loaded, report = solved(name)
    return [sheet_drawing(module.puzzle_sheet(loaded.puzzle), paper),
            sheet_drawing(module.solution_sheet(report), paper)]


def printed_pages(paper: str) -> dict[str, Drawing | Document]:
    """Every kind of printed page foldkit makes, on this paper."""
    numbercross, blockparty = (grid_pages("number-cross-5.txt", numbercross_kind, paper),
                              grid_pages("block-party-4.txt", blockparty_kind, paper))
    packing = y_packing()
    return {
        "shutbox sheet": puzzle_drawing(solved("nov2025.txt")[0].puzzle, paper),
        "number cross sheet": numbercross[0], "number cross solution": numbercross[1],
        "block party sheet": blockparty[0], "block party solution": blockparty[1],
        "assembly": assembly_document(Y_BOX, packing, plan_assembly(Y_BOX, packing), title="Y", paper=paper),
        "template": template_document(sample(), TemplateOptions(paper=paper)),
    }


@cache
def sample():
    return puzzle_fold(EXAMPLES / "nov2025-sample.txt")


def extent(shapes) -> list[tuple[float, float]]:
    """Page points (mm) that the shapes cover: corners, ends, text boxes; a clipped group no more than its clip."""
    out: list[tuple[float, float]] = []
    for shape in shapes:
        if isinstance(shape, Group):
            if shape.clip is not None:  # nothing of it prints outside its clip
                x, y, w, h = shape.clip
                out += [(x, y), (x + w, y + h)]
            else:
                a, b, c, d, e, f = shape.transform or (1, 0, 0, 1, 0, 0)
                out += [(a * x + c * y + e, b * x + d * y + f) for x, y in extent(shape.shapes)]
        elif isinstance(shape, Rect) and shape.role != "page":  # the paper's own colour is no print
            out += [(shape.x, shape.y), (shape.x + shape.width, shape.y + shape.height)]
        elif isinstance(shape, Line):
            out += [shape.start, shape.end]
        elif isinstance(shape, Polygon):
            out += list(shape.points)
        elif isinstance(shape, Circle):
            (x, y), r = shape.centre, shape.radius
            out += [(x - r, y - r), (x + r, y + r)]
        elif isinstance(shape, Label):
            out += label_box(shape)
    return out


def label_box(label: Label) -> list[tuple[float, float]]:
    """The corners of a label's box in page mm: its width from the font, a cap's height above the baseline."""
    width = text_width(label.text, label.font, label.size_pt)
    start = {"left": 0.0, "centre": -width / 2, "right": -width}[label.align]
    height = label.size_pt * 25.4 / 72 * 0.75
    turn = np.radians(label.angle)
    along, up = np.array([np.cos(turn), -np.sin(turn)]), np.array([-np.sin(turn), -np.cos(turn)])
    base = np.array([label.x, label.y])
    return [tuple(base + along * a + up * b) for a in (start, start + width) for b in (0.0, height)]


@pytest.mark.parametrize("paper", opt.PAPERS)
def test_every_printed_page_lays_out_on_every_paper(paper):
    width, height = paper_size(paper)
    for name, printed in printed_pages(paper).items():
        for number, page in enumerate(as_document(printed).pages, 1):
            assert sorted(page.size) == pytest.approx(sorted((width, height))), (name, number)
            points = np.array(extent(page.shapes))
            low, high = points.min(axis=0), points.max(axis=0)
            where = f"{name}, page {number} on {paper}: {low.round(1)} to {high.round(1)} of {page.size}"
            assert (low >= EDGE_MM - 1e-6).all() and (high <= np.array(page.size) - EDGE_MM + 1e-6).all(), where


@pytest.mark.parametrize("paper", ["legal", "tabloid"])
def test_a_legal_and_a_tabloid_page_render(tmp_path, paper):
    pdftoppm = require_program("pdftoppm")
    pdf = tmp_path / f"{paper}.pdf"
    pdf.write_bytes(drawing_pdf(printed_pages(paper)["template"]))
    subprocess.run([pdftoppm, "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / paper)],
                   check=True, capture_output=True)
    (image_path,) = tmp_path.glob(f"{paper}*.png")
    image = np.asarray(Image.open(image_path).convert("L"))
    width, height = paper_size(paper)
    assert sorted(image.shape) == sorted((round(height / INCH * 40), round(width / INCH * 40)))
    assert (image < 128).mean() > 0.005  # the net is printed, not a blank page
