"""Every PDF foldkit writes, on every paper it offers, keeps its ink inside a 6 mm margin: made
through the command line as a person makes them, rendered with pdftoppm, and no dark pixel found
within 6 mm of any edge of any page (printers leave a few mm unprinted; 6 mm is safe on all).
And the nets worksheet of 2,263 shapes keeps every shape above its page's footer on every paper."""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from foldkit import options as opt
from foldkit.cli import main
from foldkit.drawing import Group
from foldkit.errors import EXIT_UNFINISHED
from foldkit.kinds.net.worksheet import nets_document
from foldkit.paper.nets_sheet import BOTTOM_MM
from solver.nets import NetsResult
from solver.nets.find import find_nets
from tests.conftest import EXAMPLES, require_program
from tests.paper.test_papers import extent

MARGIN_MM = 6.0
DPI = 50
DARK = 200  # of 255: ink, not the paper or a pale tint's anti-aliased edge
EDGE_PX = int(MARGIN_MM / 25.4 * DPI) - 1  # the band checked; one pixel less for anti-aliasing


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.txt")


def runs(folder: Path, paper: str) -> dict[str, list[str]]:
    """The command lines that write every kind of PDF, into folder."""
    def build(name: str, only: str) -> list[str]:
        return ["build", example(name), "--only", only, "--paper", paper, "--quiet", "-o", str(folder / name)]

    return {
        "shutbox": build("nov2025-sample", "template.pdf,puzzle.pdf,hints.pdf,fold-steps.pdf"),
        "number cross": build("number-cross-example", "puzzle.pdf,solution.pdf,hints.pdf"),
        "block party": build("block-party-4", "puzzle.pdf,solution.pdf,hints.pdf"),
        "net": build("two-boxes", "template.pdf,two-way.pdf,fold-steps.pdf"),
        "packing": build("soma", "assembly.pdf,hints.pdf,fold-steps.pdf"),
        "plain template": ["template", example("nov2025-sample"), "--plain", "--paper", paper,
                           "-o", str(folder / "plain" / "template.pdf")],
        "tiled template": ["template", example("nov2025-sample"), "--paper-cell-mm", "40", "--paper", paper,
                           "-o", str(folder / "tiled" / "template.pdf")],
        "silhouette template": ["template", example("nov2025-sample"), "--cutter", "silhouette", "--paper", paper,
                                "-o", str(folder / "silhouette" / "template.pdf")],
        "cricut template": ["template", example("nov2025-sample"), "--cutter", "cricut", "--paper", paper,
                            "-o", str(folder / "cricut" / "template.pdf")],
        "worksheet": ["nets", "1x1x5", "1x2x3", "--limit", "40", "--pdf", str(folder / "common.pdf"), "--paper", paper],
        "mixed worksheet": ["nets", "1x1x1", "--mix", "--pdf", str(folder / "mixed.pdf"), "--paper", paper],
        "challenges": ["generate", "packing", "--from", example("soma"), "--seed", "1", "--paper", paper,
                       "-o", str(folder / "challenges")],
    }


def ink_near_the_edge(png: Path) -> list[str]:
    """Which edges of a rendered page have ink within the margin, and how near."""
    page = np.asarray(Image.open(png).convert("L")) < DARK
    bands = {"top": page[:EDGE_PX], "bottom": page[-EDGE_PX:][::-1], "left": page[:, :EDGE_PX].T,
             "right": page[:, -EDGE_PX:][:, ::-1].T}
    out = []
    for edge, band in bands.items():
        rows = np.flatnonzero(band.any(axis=1))
        if rows.size:
            out.append(f"{edge} {rows[-1] / DPI * 25.4:.1f} mm from the edge")  # the band runs from the edge in
    return out


# One paper in the quick set (each is about 6 CPU-s: every PDF of every kind rendered); the others are slow.
SOME_PAPERS = [paper if paper == "a4" else pytest.param(paper, marks=pytest.mark.slow) for paper in opt.PAPERS]


@pytest.mark.parametrize("paper", SOME_PAPERS)
def test_every_pdf_keeps_its_ink_inside_a_6_mm_margin_on_every_paper(tmp_path, paper, capsys):
    pdftoppm = require_program("pdftoppm")
    for name, argv in runs(tmp_path / "out", paper).items():
        assert main(argv) == (EXIT_UNFINISHED if "--limit" in argv else 0), name  # a limit: the nets so far
    capsys.readouterr()
    pdfs = sorted((tmp_path / "out").rglob("*.pdf"))
    assert len(pdfs) == 23
    faults = []
    for n, pdf in enumerate(pdfs):
        subprocess.run([pdftoppm, "-r", str(DPI), "-gray", "-png", str(pdf), str(tmp_path / f"p{n}")], check=True)
        for png in sorted(tmp_path.glob(f"p{n}-*.png")):
            faults += [f"{pdf.relative_to(tmp_path)} page {png.stem.split('-')[-1]}: {where}"
                       for where in ink_near_the_edge(png)]
    assert not faults, "\n".join(faults)


@cache
def common_nets() -> NetsResult:
    """The 2,263 common nets of the 1 x 1 x 5 and 1 x 2 x 3 boxes (a shelf of them overflowed Letter)."""
    return find_nets([(1, 1, 5), (1, 2, 3)])


@pytest.mark.parametrize("paper", opt.PAPERS)
def test_every_shape_of_a_long_worksheet_stays_above_the_footer(paper):
    document = nets_document(common_nets(), paper)
    for number, page in enumerate(document.pages, 1):
        width, height = page.size
        shapes = [s for s in page.shapes if isinstance(s, Group) and s.layer.startswith("net ")]
        low = np.array(extent(shapes)).min(axis=0) if shapes else np.array([MARGIN_MM, MARGIN_MM])
        high = np.array(extent(shapes)).max(axis=0) if shapes else low
        where = f"page {number} on {paper}: shapes from {low.round(1)} to {high.round(1)} of {page.size}"
        assert low.min() >= MARGIN_MM and high[0] <= width - MARGIN_MM, where
        assert high[1] <= height - BOTTOM_MM + 1e-6, where  # the footer's line is below
