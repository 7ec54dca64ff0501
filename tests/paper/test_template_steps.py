"""The template's "How to fold it": a picture a stage for a short fold, consecutive stages grouped
into a few readable pictures for a long one (the built-in's 21 steps), measured on the drawing."""

from __future__ import annotations

import re

import pytest

from foldkit.drawing import Drawing, Group, Label, Line, Rect, Shape
from foldkit.fold.subject import Subject
from foldkit.paper.page import Sheet, paper_size
from foldkit.paper.template import TemplateOptions, template_document
from foldkit.paper.template.assembly import NOW, draw_assembly_page
from foldkit.paper.template.fit import fitted_marks
from foldkit.paper.template.step_grid import MAX_PICTURES, MIN_PICTURE_MM, stage_groups, step_grid
from solver.folding import box_foldings
from tests.conftest import example_fold

CAPTION = re.compile(r"Steps? (\d+)(?:–(\d+))? of (\d+)$")
CROSS = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)})
STRIP = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 3)})


@pytest.fixture(scope="module")
def built_in() -> Subject:
    return example_fold("nov2025")


@pytest.fixture(scope="module")
def built_in_page(built_in) -> Drawing:
    """The built-in's assembly page, as `foldkit build` makes it (A4)."""
    return template_document(built_in, TemplateOptions()).pages[-1]


def flat(shapes) -> list[Shape]:
    """Every shape, groups opened."""
    out: list[Shape] = []
    for shape in shapes:
        out += flat(shape.shapes) if isinstance(shape, Group) else [shape]
    return out


def picture_sizes(page: Drawing, subject: Subject) -> list[float]:
    """How far across (the wider side) each step picture is drawn, in mm: a picture is the net's
    cells, one square each, the only cell squares on the page."""
    squares = [s for s in flat(page.shapes) if isinstance(s, Rect) and s.role == "cell"]
    n = len(subject.cells)
    assert len(squares) % n == 0
    sizes = []
    for k in range(0, len(squares), n):
        chunk = squares[k:k + n]
        xs = [s.x for s in chunk] + [s.x + s.width for s in chunk]
        ys = [s.y for s in chunk] + [s.y + s.height for s in chunk]
        sizes.append(max(max(xs) - min(xs), max(ys) - min(ys)))
    return sizes


def captions(page: Drawing) -> list[tuple[int, int, int]]:
    """(first, last, of) of each picture's caption, as printed."""
    out = []
    for label in flat(page.shapes):
        if isinstance(label, Label) and (match := CAPTION.match(label.text)):
            first, last, total = match.groups()
            out.append((int(first), int(last or first), int(total)))
    return out


def page_text(page: Drawing) -> str:
    return " ".join(s.text for s in flat(page.shapes) if isinstance(s, Label))


def assembly_page(subject: Subject, size: tuple[float, float], plain: bool = False) -> Drawing:
    """The assembly page alone, on a page of that size (mm)."""
    geometry = fitted_marks(subject, TemplateOptions(plain=plain))[0]
    sheet = Sheet(size)
    draw_assembly_page(sheet, subject, geometry, size, (2, 2), plain)
    return sheet.drawing("test")


# ---------------------------------------------------------------------------------------------
# The built-in fold: 21 steps in a few pictures


def test_the_built_in_fold_has_few_pictures_each_readable(built_in, built_in_page):
    sizes = picture_sizes(built_in_page, built_in)
    assert built_in.tree.stage_count == 21
    assert 2 <= len(sizes) <= MAX_PICTURES
    assert min(sizes) >= MIN_PICTURE_MM  # on A4, about 53 mm


def test_every_step_is_in_one_picture_in_order_counted_from_1(built_in, built_in_page):
    stage_count = built_in.tree.stage_count
    caught = captions(built_in_page)
    assert len(caught) == len(picture_sizes(built_in_page, built_in))
    steps = [step for first, last, _ in caught for step in range(first, last + 1)]
    assert steps == list(range(1, stage_count + 1))
    assert {total for _, _, total in caught} == {stage_count}  # numbered as fold-steps.pdf numbers them


def test_each_hinge_is_marked_thick_in_its_group_picture_only(built_in, built_in_page):
    thick = [s for s in flat(built_in_page.shapes) if isinstance(s, Line) and s.width == NOW.width
             and s.colour == NOW.colour]
    assert len(thick) == len(built_in.tree.hinges)


def test_grouped_steps_point_to_fold_steps_pdf(built_in, built_in_page):
    text = page_text(built_in_page)
    assert "fold-steps.pdf" in text
    assert "3. Fold the thick red lines" in text and "4. Glue each tab" in text
    assert "Fold the thick red line to" not in text  # no paragraph per step


@pytest.mark.parametrize("paper", ["letter", "a3", "legal", "tabloid"])
def test_every_paper_keeps_the_built_in_readable(built_in, paper):
    page = assembly_page(built_in, paper_size(paper))
    sizes = picture_sizes(page, built_in)
    assert 2 <= len(sizes) <= MAX_PICTURES and min(sizes) >= MIN_PICTURE_MM


def test_a_plain_template_groups_without_face_names(built_in):
    page = assembly_page(built_in, paper_size("a4"), plain=True)
    text = page_text(page)
    assert len(captions(page)) == len(picture_sizes(page, built_in)) <= MAX_PICTURES
    assert "faces " not in text and "one step at a time" in text


# ---------------------------------------------------------------------------------------------
# Short folds keep a picture and a paragraph a stage


@pytest.mark.parametrize("name", ["nov2025-sample", "two-boxes 1"])
def test_a_short_fold_keeps_a_picture_a_stage(name):
    subject = example_fold(name)
    options = TemplateOptions()
    page = template_document(subject, options).pages[-1]
    stage_count = subject.tree.stage_count
    text = page_text(page)
    assert stage_count <= 5
    assert captions(page) == [] and "fold-steps.pdf" not in text
    sizes = picture_sizes(page, subject)
    assert len(sizes) == stage_count and min(sizes) >= MIN_PICTURE_MM
    for k in range(stage_count):
        assert f"{k + 3}. Fold the thick red line" in text


@pytest.mark.parametrize("net", [CROSS, STRIP])
def test_cube_nets_keep_a_picture_a_stage(net):
    (folding, *_) = box_foldings(net)[(1, 1, 1)]
    cube = Subject("cube", folding, {})
    page = assembly_page(cube, paper_size("a4"), plain=True)
    assert captions(page) == []
    assert len(picture_sizes(page, cube)) == cube.tree.stage_count


# ---------------------------------------------------------------------------------------------
# The layout's numbers


def test_groups_are_consecutive_and_even():
    for stage_count in range(1, 40):
        for count in range(1, min(stage_count, MAX_PICTURES) + 1):
            groups = stage_groups(stage_count, count)
            assert [s for g in groups for s in g] == list(range(stage_count))
            assert max(map(len, groups)) - min(map(len, groups)) <= 1


@pytest.mark.parametrize("stage_count", [9, 21, 33, 60])
def test_long_folds_get_few_pictures_of_the_least_size_when_there_is_room(stage_count):
    span = (19, 20)  # the built-in net's columns and rows
    grid = step_grid(stage_count, span, (190.0, 140.0), lambda width: 12.0)
    assert grid.grouped and len(grid.groups) <= MAX_PICTURES
    assert grid.picture_mm(span) >= MIN_PICTURE_MM
    low = step_grid(stage_count, span, (277.0, 30.0), lambda width: 12.0)  # no room for 40 mm
    assert 6 <= len(low.groups) <= MAX_PICTURES  # still a few steps a picture, not the whole fold in one
