"""Print-then-cut marks (--cutter): each machine's marks where its software looks for them, on
every paper, in the PDF and the SVG, on their own layer beside the cut layer; the template's ink
kept out of the marks' corners (Silhouette) or inside the Print Then Cut area (Cricut)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import numpy as np
import pytest

from foldkit import options as opt
from foldkit.cli import main
from foldkit.drawing import Drawing, Group, Line, Rect
from foldkit.paper.page import paper_size
from foldkit.paper.template import TemplateOptions, template_document, template_svg
from foldkit.paper.template.registration import ARM_MM, CUTTERS, INSET_MM, LINE_MM, REGMARK_LAYER, SQUARE_MM
from tests.conftest import EXAMPLES, puzzle_fold
from tests.paper.test_papers import extent

INCH = 25.4
SVG = "{http://www.w3.org/2000/svg}"
LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"


@cache
def sample():
    return puzzle_fold(EXAMPLES / "nov2025-sample.txt")


def marks_and_rest(page: Drawing) -> tuple[list, list]:
    """The shapes of the page's regmarks layer, and every other shape."""
    marks = [s for s in page.shapes if isinstance(s, Group) and s.layer == REGMARK_LAYER]
    assert len(marks) == 1
    return list(marks[0].shapes), [s for s in page.shapes if s is not marks[0]]


def ells(lines: list[Line]) -> set[tuple]:
    """Each pair of lines meeting at a corner, as (corner, the other ends) rounded to a micrometre."""
    ends = [(tuple(np.round(line.start, 3)), tuple(np.round(line.end, 3))) for line in lines]
    corners = {a for a, _ in ends}
    return {(c, frozenset(b for a, b in ends if a == c)) for c in corners}


def expected_ell(x: float, y: float, dx: int, dy: int) -> tuple:
    def at(px: float, py: float) -> tuple:
        return tuple(np.round((px, py), 3))

    return at(x, y), frozenset({at(x + dx * ARM_MM, y), at(x, y + dy * ARM_MM)})


@pytest.mark.parametrize("paper", opt.PAPERS)
@pytest.mark.parametrize("cutter", CUTTERS)
def test_the_marks_stand_where_each_machine_looks_for_them_on_every_paper(paper, cutter):
    document = template_document(sample(), TemplateOptions(paper=paper, cutter=cutter))
    page = document.pages[0]
    width, height = page.size
    assert sorted(page.size) == pytest.approx(sorted(paper_size(paper)))
    marks, rest = marks_and_rest(page)
    lines = [m for m in marks if isinstance(m, Line)]
    squares = [m for m in marks if isinstance(m, Rect)]
    ink = np.array(extent(rest))
    if cutter == "cricut":
        short, long = 6.75 * INCH, 9.25 * INCH
        w, h = (long, short) if width > height else (short, long)
        w, h = min(w, width - 30), min(h, height - 30)
        x, y = (width - w) / 2, (height - h) / 2
        corners = {tuple(np.round(p, 3)) for line in lines for p in (line.start, line.end)}
        assert corners == {tuple(np.round(p, 3)) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))}
        (square,) = squares
        assert square.x + square.width < x and square.y + square.height < y  # off the frame's top-left corner
        assert (ink.min(axis=0) >= (x, y)).all() and (ink.max(axis=0) <= (x + w, y + h)).all()
        return
    assert all(line.width == LINE_MM and line.colour == (0, 0, 0) for line in lines)
    right, bottom = width - INSET_MM, height - INSET_MM
    top_right, bottom_left = expected_ell(right, INSET_MM, -1, 1), expected_ell(INSET_MM, bottom, 1, -1)
    if cutter == "silhouette":
        (square,) = squares
        assert (square.x, square.y, square.width, square.height) == (INSET_MM, INSET_MM, SQUARE_MM, SQUARE_MM)
        assert square.fill == (0, 0, 0)
        assert ells(lines) == {top_right, bottom_left}
    else:
        assert not squares
        assert ells(lines) == {expected_ell(INSET_MM, INSET_MM, 1, 1), top_right, bottom_left,
                               expected_ell(right, bottom, -1, -1)}
    # Nothing printed inside the squares the marks span (Silhouette's software keeps designs out of them).
    reach = INSET_MM + ARM_MM
    for x0, x1 in ((0, reach), (width - reach, width)):
        for y0, y1 in ((0, reach), (height - reach, height)):
            inside = (ink[:, 0] > x0) & (ink[:, 0] < x1) & (ink[:, 1] > y0) & (ink[:, 1] < y1)
            assert not inside.any(), (paper, cutter, ink[inside][:3])


@pytest.mark.parametrize("cutter", CUTTERS)
def test_the_svg_is_the_printed_page_with_marks_cut_and_fold_on_their_own_layers(cutter):
    options = TemplateOptions(paper="letter", cutter=cutter)
    root = ET.fromstring(template_svg(sample(), options))
    assert (root.get("width"), root.get("height")) == ("215.9mm", "279.4mm")
    layers = {g.get(LABEL): g for g in root.iter(f"{SVG}g") if g.get(LABEL)}
    assert {REGMARK_LAYER, "cut", "fold", "print"} <= set(layers)
    page = template_document(sample(), options).pages[0]
    marks, _ = marks_and_rest(page)
    drawn = [e for e in layers[REGMARK_LAYER] if e.tag in (f"{SVG}line", f"{SVG}rect")]
    assert len(drawn) == len(marks)
    assert not any(e.get("stroke") == "#ff0000" for e in layers[REGMARK_LAYER])
    assert {e.get("stroke") for e in layers["cut"] if e.get("stroke")} == {"#ff0000"}


def test_the_assembly_page_has_no_marks_and_the_net_must_fit_one_page(tmp_path, capsys):
    document = template_document(sample(), TemplateOptions(paper="a4", cutter="silhouette"))
    assert not any(isinstance(s, Group) and s.layer == REGMARK_LAYER for s in document.pages[-1].shapes)
    sample_file = str(EXAMPLES / "nov2025-sample.txt")
    assert main(["template", sample_file, "--cutter", "cricut", "--paper-cell-mm", "40",
                 "-o", str(tmp_path / "t.pdf")]) == 2
    error = capsys.readouterr().err
    assert "cricut" in error and "one page" in error and len(error.strip().splitlines()) == 1
    assert not (tmp_path / "t.pdf").exists()
    with pytest.raises(SystemExit) as refused:
        main(["build", sample_file, "--cutter", "brother", "-o", str(tmp_path / "no")])
    assert refused.value.code == 2 and "--cutter" in capsys.readouterr().err
