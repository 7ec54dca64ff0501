"""assembly.pdf: a first page of pieces, then six steps a page; poppler reads the step numbers and
renders every page; the same input gives the same bytes."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from foldkit.errors import FoldkitError
from foldkit.paper.instructions import assembly_pdf
from solver.packing.assembly import assembly_order, plan_assembly
from tests.assembly.packings import Y_BOX, hook_over_post, mixed, y_packing
from tests.conftest import require_program


@cache
def y_pdf(paper: str = "a4") -> bytes:
    packing = y_packing()
    return assembly_pdf(Y_BOX, packing, plan_assembly(Y_BOX, packing), title="Y-pentacube", paper=paper)


def pdf_text(data: bytes, tmp_path: Path) -> str:
    program = require_program("pdftotext")
    path = tmp_path / "assembly.pdf"
    path.write_bytes(data)
    return subprocess.run([program, "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def pdf_info(data: bytes, tmp_path: Path) -> dict[str, str]:
    program = require_program("pdfinfo")
    path = tmp_path / "info.pdf"
    path.write_bytes(data)
    out = subprocess.run([program, str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def test_page_count_is_one_plus_six_steps_a_page(tmp_path):
    assert int(pdf_info(y_pdf(), tmp_path)["Pages"]) == 1 + 5  # 25 steps: 6 + 6 + 6 + 6 + 1
    box, packing = mixed()
    small = assembly_pdf(box, packing, plan_assembly(box, packing))
    assert int(pdf_info(small, tmp_path)["Pages"]) == 2


def test_every_step_is_numbered_in_order_with_its_piece(tmp_path):
    text = pdf_text(y_pdf(), tmp_path)
    pages = text.split("\f")
    assert "The pieces" in pages[0] and "Y × 25" in pages[0]
    steps = [int(n) for n in re.findall(r"Step (\d+)", text)]
    assert sorted(steps) == list(range(1, 26))
    order = assembly_order(Y_BOX, y_packing())
    for number, piece in enumerate(order, 1):
        assert re.search(rf"Step {number}\s+piece {piece + 1} \(Y\)", text), number
    assert text.count("level 1") == 25 and text.count("level 5") == 25


def test_paper_sizes(tmp_path):
    sizes = {paper: pdf_info(y_pdf(paper), tmp_path)["Page size"] for paper in ("a4", "letter", "a3")}
    assert "595.276 x 841.89" in sizes["a4"] and "612 x 792" in sizes["letter"]
    assert "841.89 x 1190.55" in sizes["a3"]
    with pytest.raises(FoldkitError, match="unknown paper"):
        assembly_pdf(Y_BOX, y_packing(), assembly_order(Y_BOX, y_packing()), paper="a5")


def test_same_input_same_bytes():
    packing = y_packing()
    again = assembly_pdf(Y_BOX, packing, plan_assembly(Y_BOX, packing), title="Y-pentacube")
    assert again == y_pdf()


def test_pdftoppm_renders_every_page_with_colour_on_it(tmp_path):
    program = require_program("pdftoppm")
    path = tmp_path / "assembly.pdf"
    path.write_bytes(y_pdf())
    subprocess.run([program, "-png", "-r", "40", str(path), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 6
    for page in pages:
        pixels = np.asarray(Image.open(page).convert("RGB"), dtype=np.int64)
        saturation = pixels.max(axis=2) - pixels.min(axis=2)
        assert (saturation > 60).mean() > 0.004, page.name  # coloured cubes, not a blank page


def test_a_packing_that_needs_its_order_still_draws(tmp_path):
    box, packing = hook_over_post()
    text = pdf_text(assembly_pdf(box, packing, plan_assembly(box, packing)), tmp_path)
    assert re.search(r"Step 1\s+piece 2 \(I2\)", text) and re.search(r"Step 2\s+piece 1 \(J\)", text)
