"""fold-steps.pdf: one frame per stage, numbered from 1, the next stage's creases marked valley or
mountain as the reader sees them (held to the tree and to the pose's own geometry), every mark
inside the 6 mm margin, poppler reads and renders it; a net of two boxes gets both boxes' steps, a
packing one frame per piece; the build makes it with --only and leaves it out with --skip."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from foldkit.assembly.view import camera
from foldkit.build import chosen
from foldkit.cli import main
from foldkit.drawing import PT_MM, Circle, Document, Group, Label, Line, Polygon, Rect, Shape, label_texts
from foldkit.exchange.pdf import drawing_pdf, text_width
from foldkit.fold.panels import PanelTree, panel_tree
from foldkit.fold.pose import cell_corners
from foldkit.fold.subject import Subject
from foldkit.kinds.shutbox import KIND as SHUTBOX
from foldkit.paper.fold_steps import MOUNTAIN, VALLEY, VIEW, fold_steps, fold_steps_document, two_way_steps_document
from foldkit.paper.packing_steps import packing_steps_document
from foldkit.paper.page import PAPERS, paper_size
from foldkit.paper.step_pages import MARGIN_MM
from solver.packing.assembly import assembly_order, plan_assembly
from tests.assembly.packings import Y_BOX, interlocked, y_packing
from tests.conftest import net_fold, puzzle_fold, require_program

STEP = re.compile(r"Step (\d+) of (\d+)")


@cache
def nov2025() -> Subject:
    return puzzle_fold()


def root_first(tree: PanelTree) -> PanelTree:
    """The same tree folded the other way round: a hinge's stage is its depth from the root, so
    parents turn before their children and carry the children's creases up off the table."""
    depth: dict[int, int] = {tree.root: -1}
    hinges = []
    for hinge in tree.hinges:  # parents first
        depth[hinge.child] = depth[hinge.parent] + 1
        hinges.append(dataclasses.replace(hinge, stage=depth[hinge.child]))
    return dataclasses.replace(tree, hinges=hinges, stage_count=max(depth.values()) + 1)


def blank_side_faces_reader(tree: PanelTree, t: float, cell, view) -> bool:
    """From the cell's own corners at fold fraction t: is its blank side (the net's +z, corners
    counter-clockwise seen from it) turned towards the viewer?"""
    corners = cell_corners(tree, t)[tree.cells.index(cell)]
    normal = np.cross(corners[1] - corners[0], corners[3] - corners[0])
    return float(normal @ view.toward) > 0


def crease_lines(shapes) -> list[Line]:
    """The valley and mountain marks among shapes (groups opened)."""
    out: list[Line] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += crease_lines(shape.shapes)
        elif isinstance(shape, Line) and shape.dash in (VALLEY.dash, MOUNTAIN.dash):
            out.append(shape)
    return out


# ---------------------------------------------------------------------------------------------
# The model


@pytest.mark.parametrize("order", ["leaves first", "root first", "closing"])
def test_each_step_marks_its_stage_creases_as_the_reader_sees_them(order):
    own = panel_tree(nov2025().folding)  # staged leaves first (its fold collides; the closing order is another)
    tree = {"leaves first": own, "root first": root_first(own), "closing": nov2025().tree}[order]
    steps = fold_steps(tree)
    assert [s.number for s in steps] == list(range(1, tree.stage_count + 1))
    kinds = []
    for step in steps:
        assert step.total == tree.stage_count and step.t == pytest.approx((step.number - 1) / step.total)
        marked = [k for k, _ in step.creases]
        assert marked == [k for k, h in enumerate(tree.hinges) if h.stage == step.number - 1]
        for k, kind in step.creases:
            parent_cell = tree.hinges[k].edges[0][0]
            blank = blank_side_faces_reader(tree, step.t, parent_cell, VIEW)
            assert kind == ("valley" if blank else "mountain")
            kinds.append(kind)
    # leaves first, each part turns off a panel still flat on the table: every fold a valley;
    # root first carries creases up on turned panels, some seen from their printed side
    assert set(kinds) == ({"valley"} if order == "leaves first" else {"valley", "mountain"})


def test_seen_from_below_every_first_fold_is_a_mountain():
    steps = fold_steps(nov2025().tree, camera(azimuth=118.0, elevation=-52.0))
    assert {kind for _, kind in steps[0].creases} == {"mountain"}


def test_the_document_numbers_every_step_and_marks_each_crease_edge_once():
    subject = nov2025()
    tree = subject.tree
    document = fold_steps_document(subject)
    texts = [text for page in label_texts(document) for text in page]
    numbers = [tuple(map(int, m.groups())) for m in map(STEP.fullmatch, texts) if m]
    assert numbers == [(k, tree.stage_count) for k in range(1, tree.stage_count + 1)]
    assert texts.count("Done") == 1
    marks = [line for page in document.pages for line in crease_lines(page.shapes)]
    legend = 2 * len(document.pages)  # a valley and a mountain sample on each page
    assert len(marks) == sum(len(h.edges) for h in tree.hinges) + legend
    heads = [s for page in document.pages for s in page.shapes if isinstance(s, Polygon) and s.role == "arrow"]
    assert len(heads) == len(tree.hinges) + len(document.pages), "an arrow for each turning part, one in each legend"


def test_a_net_of_two_boxes_gets_the_steps_of_each(examples):
    first, second = net_fold(examples / "two-boxes.txt", 1), net_fold(examples / "two-boxes.txt", 2)
    texts = [t for page in label_texts(two_way_steps_document(first, second)) for t in page]
    for k, subject in enumerate((first, second), 1):
        count = subject.tree.stage_count
        ours = [t for t in texts if t.startswith(f"Box {k} (")]
        assert [STEP.search(t).groups() for t in ours if STEP.search(t)] == [(str(n), str(count))
                                                                          for n in range(1, count + 1)]
        assert sum(t.endswith(": Done") for t in ours) == 1


def test_a_packing_gets_one_frame_per_piece_in_assembly_order():
    packing = y_packing()
    order = assembly_order(Y_BOX, packing)
    document = packing_steps_document(Y_BOX, packing, plan_assembly(Y_BOX, packing), "Y")
    texts = [t for page in label_texts(document) for t in page]
    assert [t for t in texts if STEP.fullmatch(t)] == [f"Step {k} of {len(packing)}" for k in range(1, 26)]
    pieces = [int(re.match(r"piece (\d+)", t).group(1)) - 1 for t in texts if t.startswith("piece ")]
    assert pieces == list(order)


def test_an_interlocked_packing_says_some_pieces_slide_in():
    box, packing = interlocked()
    plan = plan_assembly(box, packing)
    texts = [t for page in label_texts(packing_steps_document(box, packing, plan, "locked")) for t in page]
    assert not plan.lowered and any("slide it in from the side" in t for t in texts)
    y = y_packing()
    lowered = [t for page in label_texts(packing_steps_document(Y_BOX, y, plan_assembly(Y_BOX, y), "Y"))
               for t in page]
    assert not any("slide" in t for t in lowered)


# ---------------------------------------------------------------------------------------------
# The page


def ink_box(shape: Shape) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in page mm of what a shape inks (text by its font's widths)."""
    if isinstance(shape, Line):  # a rectangle about the line, a square cap half a width longer
        a, b = np.array(shape.start), np.array(shape.end)
        along = (b - a) / max(float(np.linalg.norm(b - a)), 1e-12) * shape.width / 2
        across = np.array([-along[1], along[0]])
        if shape.cap == "square":
            a, b = a - along, b + along
        corners = np.array([a + across, a - across, b + across, b - across])
        return (*corners.min(axis=0), *corners.max(axis=0))
    if isinstance(shape, Polygon):
        xs, ys = zip(*shape.points, strict=True)
        half = shape.width / 2 if shape.stroke else 0.0
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    if isinstance(shape, Label):
        width = text_width(shape.text, shape.font, shape.size_pt)
        left = shape.x - {"left": 0.0, "centre": width / 2, "right": width}[shape.align]
        return left, shape.y - shape.size_pt * PT_MM, left + width, shape.y + 0.25 * shape.size_pt * PT_MM
    if isinstance(shape, Circle):
        (x, y), r = shape.centre, shape.radius
        return x - r, y - r, x + r, y + r
    assert isinstance(shape, Rect)
    return shape.x, shape.y, shape.x + shape.width, shape.y + shape.height


def shapes_of(document: Document):
    for page in document.pages:
        for shape in page.shapes:
            assert not isinstance(shape, Group), "the diagram draws no groups"
            yield page.size, shape


@pytest.mark.parametrize("paper", PAPERS)
def test_every_mark_lies_inside_the_margin(paper, examples):
    packing = y_packing()
    plan = plan_assembly(*interlocked())
    documents = (fold_steps_document(nov2025(), paper),
                 two_way_steps_document(net_fold(examples / "two-boxes.txt", 1),
                                        net_fold(examples / "two-boxes.txt", 2), paper),
                 packing_steps_document(Y_BOX, packing, plan_assembly(Y_BOX, packing), "Y", paper),
                 packing_steps_document(*interlocked(), plan, "locked", paper))
    for document in documents:
        assert {page.size for page in document.pages} == {paper_size(paper)}
        for (width, height), shape in shapes_of(document):
            left, top, right, bottom = ink_box(shape)
            assert left >= MARGIN_MM - 1e-6 and top >= MARGIN_MM - 1e-6, shape
            assert right <= width - MARGIN_MM + 1e-6 and bottom <= height - MARGIN_MM + 1e-6, shape


def test_poppler_reads_the_steps_and_renders_the_margin_blank(tmp_path):
    subject = nov2025()
    path = tmp_path / "fold-steps.pdf"
    path.write_bytes(drawing_pdf(fold_steps_document(subject, "letter")))
    text = subprocess.run([require_program("pdftotext"), str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    total = subject.tree.stage_count
    assert STEP.findall(text) == [(str(k), str(total)) for k in range(1, total + 1)]
    dpi = 50
    subprocess.run([require_program("pdftoppm"), "-r", str(dpi), "-png", str(path), str(tmp_path / "page")],
                   check=True, capture_output=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) == -(-(total + 1) // 6)
    band = int(MARGIN_MM / 25.4 * dpi) - 1  # whole pixels inside the margin
    for page in pages:
        pixels = np.asarray(Image.open(page).convert("L"))
        assert pixels.min() < 128, "the page has ink"
        for strip in (pixels[:band], pixels[-band:], pixels[:, :band], pixels[:, -band:]):
            assert strip.min() >= 250


# ---------------------------------------------------------------------------------------------
# The build


def test_build_makes_it_alone_and_skip_leaves_it_out(tmp_path, examples, capsys):
    only = tmp_path / "only"
    sample = str(examples / "nov2025-sample.txt")
    assert main(["build", sample, "--only", "fold-steps.pdf", "-o", str(only), "--quiet"]) == 0
    assert [p.name for p in only.iterdir() if not p.name.startswith(".")] == ["fold-steps.pdf"]
    assert (only / "fold-steps.pdf").read_bytes().startswith(b"%PDF-")
    capsys.readouterr()
    assert main(["build", sample, "--list"]) == 0
    assert "fold-steps.pdf" in capsys.readouterr().out
    assert "fold-steps.pdf" not in chosen(SHUTBOX.artifacts, None, None, None, ["fold-steps.pdf"])


def test_the_two_way_net_and_the_packing_build_it(tmp_path, examples):
    for args, name in ((["--net", str(examples / "two-boxes.txt")], "net"), ([str(examples / "soma.txt")], "soma")):
        folder = tmp_path / name
        assert main(["build", *args, "--only", "fold-steps.pdf", "-o", str(folder), "--quiet"]) == 0
        assert Path(folder / "fold-steps.pdf").read_bytes().startswith(b"%PDF-")
