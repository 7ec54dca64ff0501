"""Seam letters a person can match: each letter names one edge only, no two texts on a page
overlap, tabs and letters keep a size a hand can use (or the template says so), the letters
inside the net can be left off, and every page of a PDF is turned the same way."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from shapely import LineString, Polygon, STRtree, box
from shapely.geometry import Point

from foldkit.look import MARK_RADIUS
from foldkit.paper.template import TemplateOptions, template_pdf
from foldkit.paper.template.fit import MIN_TAB_MM, fitted_marks, template_facts
from foldkit.paper.template.geometry import outline_edges
from foldkit.paper.template.letters import LETTER_MM
from foldkit.paper.template.text import text_box
from tests.conftest import net_fold, puzzle_fold


@pytest.fixture(scope="module")
def nov2025():
    return puzzle_fold(None)


@pytest.fixture(scope="module")
def two_boxes(examples):
    return net_fold(examples / "two-boxes.txt", 2)


@pytest.fixture(scope="module")
def sample(examples):
    return puzzle_fold(examples / "nov2025-sample.txt")


def ambiguous_letters(subject, options: TemplateOptions) -> list[str]:
    """The seam letters that are not strictly nearer an edge of their own seam than any other
    cut edge of the net (distances from the letter's ink box)."""
    geometry, _, marks = fitted_marks(subject, options)
    own = {seam.label: [e for side in seam.sides for e in side.edges] for seam in geometry.seams}
    edges = outline_edges(subject.cells)
    lines = [LineString(e.segment) for e in edges]
    tree = STRtree(lines)
    out = []
    for letter in marks.seam_labels:
        shape = text_box(letter)
        mine = set(own[letter.text])
        near_own = min(shape.distance(LineString(e.segment)) for e in mine)
        candidates = tree.query(shape.buffer(near_own + 1e-6))
        if any(edges[i] not in mine and shape.distance(lines[i]) <= near_own for i in candidates):
            out.append(letter.text)
    return out


@pytest.mark.parametrize("name,paper", [("nov2025", "a4"), ("nov2025", "a3"), ("two_boxes", "a4"),
                                        ("sample", "letter")])
def test_every_letter_names_one_edge(name, paper, request):
    subject = request.getfixturevalue(name)
    assert ambiguous_letters(subject, TemplateOptions(paper=paper)) == []


@pytest.mark.parametrize("name", ["nov2025", "two_boxes", "sample"])
def test_every_seam_has_its_letter_on_both_sides(name, request):
    subject = request.getfixturevalue(name)
    geometry, _, marks = fitted_marks(subject, TemplateOptions())
    labels = sorted(t.text for t in marks.seam_labels)
    assert labels == sorted(2 * [s.label for s in geometry.seams])


@pytest.mark.parametrize("name,paper", [("nov2025", "a4"), ("nov2025", "a3"), ("two_boxes", "a4"),
                                        ("sample", "a4")])
def test_no_two_texts_on_the_net_overlap(name, paper, request):
    subject = request.getfixturevalue(name)
    _, _, marks = fitted_marks(subject, TemplateOptions(paper=paper))
    texts = marks.numbers + marks.face_labels + marks.seam_labels
    boxes = [text_box(t) for t in texts]
    overlapping = [(texts[i].text, texts[j].text) for i, j in combinations(range(len(boxes)), 2)
                   if boxes[i].intersection(boxes[j]).area > 1e-9]
    assert overlapping == []


def mark_lines(marks) -> list:
    """The strips the ring and square lines ink, in net coordinates."""
    r, half = MARK_RADIUS, 0.04
    rings = [Point(x, y).buffer(r + half).difference(Point(x, y).buffer(r - half)) for x, y in marks.circles]
    squares = [box(x - r - half, y - r - half, x + r + half, y + r + half).difference(
        box(x - r + half, y - r + half, x + r - half, y + r - half)) for x, y in marks.squares]
    return rings + squares


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_letters_keep_off_rings_unless_backed(nov2025, paper):
    """A letter over a ring or square line has a patch of its cell's colour under it; every
    other letter keeps off those lines."""
    _, _, marks = fitted_marks(nov2025, TemplateOptions(paper=paper))
    lines = mark_lines(marks)
    for letter in marks.seam_labels:
        if letter.backing is None:
            assert not any(text_box(letter).intersects(line) for line in lines), letter
    backed = [t.text for t in marks.seam_labels if t.backing is not None]
    assert len(backed) <= 7  # only sides whose every cell has a ringed or squared number


# ---------------------------------------------------------------------------------------------
# Sizes a hand can use


def test_tabs_and_letters_are_big_on_a3(nov2025):
    facts = template_facts(nov2025, TemplateOptions(paper="a3"))
    assert facts.smallest_tab_mm >= MIN_TAB_MM - 0.01
    assert facts.smallest_letter_mm >= LETTER_MM - 0.01
    assert facts.warnings == ()


def test_a_page_that_forces_small_tabs_says_what_to_do(nov2025):
    facts = template_facts(nov2025, TemplateOptions(paper="a4"))
    assert facts.pages == 1
    assert facts.smallest_tab_mm < MIN_TAB_MM or facts.smallest_letter_mm < LETTER_MM
    (warning,) = facts.warnings
    assert "--paper a3" in warning and "--paper-cell-mm" in warning
    assert f"{facts.cell_mm:g} mm" in warning


def test_most_tabs_are_five_mm_deep_even_on_a4(nov2025):
    geometry, plan, _ = fitted_marks(nov2025, TemplateOptions(paper="a4"))
    deep = [t for t in geometry.tabs if t.depth * plan.cell_mm >= MIN_TAB_MM - 0.01]
    assert len(deep) >= 0.9 * len(geometry.tabs)


def test_big_cells_need_no_warning(sample):
    facts = template_facts(sample, TemplateOptions(cell_mm=20))
    assert facts.cell_mm == 20 and facts.warnings == ()


# ---------------------------------------------------------------------------------------------
# Letters off, one orientation


def test_no_letters_keeps_only_the_tab_letters(nov2025):
    geometry, _, marks = fitted_marks(nov2025, TemplateOptions(letters=False))
    assert sorted(t.text for t in marks.seam_labels) == sorted(t.label for t in geometry.tabs
                                                               if t is _biggest_of(geometry, t))
    assert all(not geometry.net.intersects(text_box(t)) for t in marks.seam_labels)


def _biggest_of(geometry, tab):
    mine = [t for t in geometry.tabs if t.label == tab.label and t.side == tab.side]
    return max(mine, key=lambda t: Polygon(t.polygon).area)


@pytest.mark.parametrize("name,options", [("nov2025", TemplateOptions()), ("two_boxes", TemplateOptions()),
                                          ("sample", TemplateOptions(cell_mm=40))])
def test_every_page_of_a_pdf_is_turned_the_same_way(name, options, request):
    pdf = template_pdf(request.getfixturevalue(name), options)
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) >= 2
    assert len({float(w) > float(h) for w, h in boxes}) == 1


@pytest.mark.slow  # about 6 CPU-s: two template commands on the built-in puzzle
def test_template_command_prints_the_note_and_takes_no_letters(tmp_path, capsys):
    from foldkit.cli import main

    assert main(["template", "-o", str(tmp_path / "a4.pdf")]) == 0
    assert "--paper a3" in capsys.readouterr().err
    assert main(["template", "--paper", "a3", "--no-letters", "-o", str(tmp_path / "a3.pdf")]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "a3.pdf" in captured.out


SMALL_NETS = {"cross": frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)}),
              "stairs": frozenset({(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3)})}


@pytest.mark.parametrize("net", sorted(SMALL_NETS))
@pytest.mark.parametrize("options", [TemplateOptions(), TemplateOptions(cell_mm=40), TemplateOptions(cell_mm=6)],
                         ids=["fitted", "tiled", "small"])
def test_small_nets_have_clear_letters_at_any_size(net, options):
    from foldkit.fold.subject import Subject
    from solver.folding import box_foldings

    (folding,) = box_foldings(SMALL_NETS[net])[(1, 1, 1)]
    subject = Subject(net, folding, {})
    assert ambiguous_letters(subject, options) == []
    _, _, marks = fitted_marks(subject, options)
    texts = marks.face_labels + marks.seam_labels
    assert not any(text_box(a).intersection(text_box(b)).area > 1e-9 for a, b in combinations(texts, 2))
