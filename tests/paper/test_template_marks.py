"""What a template says and where: a title that reads as a sentence, face titles well clear of
the seam letters on small nets, the printed side outside the box as the fold lines say, and
the plain template (`--plain`): cut, fold and glue marks only, folded with the print inside."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from foldkit.cli import main
from foldkit.drawing import Circle, Group, Label, Line, Rect, label_texts
from foldkit.fold.pose import cell_corners
from foldkit.fold.subject import Subject
from foldkit.paper.template import TemplateOptions, net_drawing, template_document
from foldkit.paper.template.fit import fitted_marks
from foldkit.paper.template.letters import wanted_size
from foldkit.paper.template.text import CAP, text_box
from solver.folding import box_foldings
from tests.conftest import net_fold, puzzle_fold

CUBE = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)})


@pytest.fixture(scope="module")
def cube() -> Subject:
    (folding,) = box_foldings(CUBE)[(1, 1, 1)]
    return Subject("cube", folding, {})


@pytest.fixture(scope="module")
def two_boxes(examples) -> Subject:
    return net_fold(examples / "two-boxes.txt")


@pytest.fixture(scope="module")
def sample(examples) -> Subject:
    return puzzle_fold(examples / "nov2025-sample.txt")


def shapes_of(shapes) -> list:
    """Every shape, groups opened."""
    out = []
    for shape in shapes:
        out += shapes_of(shape.shapes) if isinstance(shape, Group) else [shape]
    return out


def cut_and_fold(net) -> tuple:
    """The net's fold and flat lines, and the cut layer's shapes."""
    lines = sorted((s.start, s.end) for s in shapes_of(net.shapes) if isinstance(s, Line) and s.role == "line")
    cut = [s for g in net.shapes if isinstance(g, Group) and g.layer == "cut" for s in g.shapes]
    return lines, cut


def test_the_title_names_the_puzzle_and_the_page(sample, cube):
    document = template_document(sample, TemplateOptions())
    assert label_texts(document)[0][0] == "nov2025-sample: cut-and-fold template of the 1 × 2 × 4 box"
    assert label_texts(template_document(cube, TemplateOptions(plain=True)))[-1][0] == \
        "cube: plain cut-and-fold template of the 1 × 1 × 1 box"
    assert not any("(puzzle)" in text or "(net)" in text for page in label_texts(document) for text in page)


@pytest.mark.parametrize("name", ["cube", "two_boxes", "sample"])
@pytest.mark.parametrize("options", [TemplateOptions(), TemplateOptions(paper="letter"), TemplateOptions(cell_mm=15),
                                     TemplateOptions(cell_mm=30)], ids=["a4", "letter", "15mm", "30mm"])
def test_face_titles_keep_well_clear_of_letters_and_numbers(name, options, request):
    # Clear by half a letter's height, so that a title never reads into a letter ("face DE").
    subject = request.getfixturevalue(name)
    _, plan, marks = fitted_marks(subject, options)
    room = CAP * wanted_size(plan.cell_mm) / 2
    titles = [text_box(title, room) for title in marks.face_labels]
    assert len(titles) >= 3  # the titles give way by shrinking, not by vanishing
    others = [text_box(text) for text in marks.seam_labels + marks.numbers]
    assert not any(title.intersects(other) for title in titles for other in others)
    bare = [text_box(title) for title in marks.face_labels]
    assert not any(a.intersects(b) for a, b in combinations(bare, 2))


def test_the_folds_take_the_printed_side_outside(sample):
    # The printed side of the net faces -z (the person looking at the print stands there);
    # folding away from them, every panel swings to +z, behind the paper, and the box closes
    # there with the printed side out (tests/fold/test_gltf.py checks the outside).
    tree = sample.tree
    for t in np.linspace(0.05, 1.0, 8):
        assert cell_corners(tree, t)[..., 2].min() >= -1e-9
    assert cell_corners(tree, 1.0)[..., 2].max() > 0.5
    legend = " ".join(label_texts(template_document(sample, TemplateOptions()))[0])
    assert "fold away from you: the printed side ends up outside" in legend


def test_a_plain_template_has_cut_fold_and_glue_marks_only(sample):
    plain = template_document(sample, TemplateOptions(plain=True))
    usual = template_document(sample, TemplateOptions())
    net_page = shapes_of(plain.pages[0].shapes)
    texts = [s.text for s in net_page if isinstance(s, Label)]
    assert not any(text.isdigit() or text.startswith("face") for text in texts)  # no numbers, no face titles
    assert not any(isinstance(s, Rect) and s.role == "cell" for s in net_page)  # no tints
    assert not any(isinstance(s, Circle) and s.role == "mark" for s in net_page)  # no rings
    assert not any("face sums" in text for text in texts)
    # The same cut outline, fold lines, tabs and letters as the usual template.
    assert cut_and_fold(net_drawing(sample, TemplateOptions(plain=True))) == \
        cut_and_fold(net_drawing(sample, TemplateOptions()))
    usual_letters = sorted(t for t in label_texts(usual)[0] if t.isalpha() and t.isupper())
    assert sorted(t for t in texts if t.isalpha() and t.isupper()) == usual_letters
    # It folds the other way, so that the lines end up inside and the box is blank outside.
    words = " ".join(texts) + " " + " ".join(label_texts(plain)[-1])
    assert "fold towards you: the printed side ends up inside" in words
    assert "towards you, so the print ends up inside" in words and "away from you" not in words
    assert not any(isinstance(s, Label) and s.text.startswith("face") for s in shapes_of(plain.pages[-1].shapes))


def test_build_and_template_take_plain(tmp_path, examples):
    out = tmp_path / "out"
    code = main(["build", "--net", str(examples / "two-boxes.txt"), "--plain", "--only", "template.pdf,template.svg",
                 "-o", str(out)])
    assert code == 0
    svg = (out / "template.svg").read_text()
    assert "face" not in svg and "<rect" not in svg  # the net alone: no titles, no tinted cells
    code = main(["template", str(examples / "nov2025-sample.txt"), "--plain", "-o", str(tmp_path / "t.pdf")])
    assert code == 0 and (tmp_path / "t.pdf").stat().st_size > 1000
