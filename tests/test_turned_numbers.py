"""Numbers that read as other numbers upside down (6 and 9, 16 and 91) are underlined, as
printed dice mark them, by one rule (foldkit.look.underlined) in every artifact that draws a
number: the label outlines (the animation and box.stl), the GLB's texture, the template and its
assembly page, the puzzle sheet. Each test draws a 6 and a 7 and finds the bar under the 6 only.
(The web page's flags: tests/page/test_page.py.)"""

from __future__ import annotations

import io
from dataclasses import replace

import numpy as np
import pytest
import trimesh
from PIL import Image

from foldkit.drawing import Group, Line
from foldkit.exchange.stl import stl_bytes
from foldkit.files import built_in_text
from foldkit.fold.animation import AnimationOptions, animation_bytes
from foldkit.fold.gltf import cell_atlas
from foldkit.fold.glyphs import label_outline, text_outline
from foldkit.fold.printed import box_mesh, net_engrave_mm, net_mesh, relief_mm
from foldkit.fold.subject import CellLabel, Subject
from foldkit.kinds.shutbox.sheet import puzzle_drawing
from foldkit.look import DIGIT_HEIGHT, underlined
from foldkit.paper.template import TemplateOptions, net_drawing
from foldkit.paper.template.pages import template_document
from solver.shutbox.puzzle import parse_puzzle
from tests.conftest import net_fold

CUBE = ".#..\n####\n.#..\n"
SIX, SEVEN = (1, 1), (1, 2)  # two cells of the cube's net, on different faces


@pytest.fixture(scope="module")
def cube(tmp_path_factory) -> Subject:
    path = tmp_path_factory.mktemp("net") / "cube.txt"
    path.write_text(CUBE)
    return net_fold(path)


def labelled(cube: Subject, **texts: str) -> Subject:
    """The cube with labels on the cells SIX and SEVEN (six="6", seven="7")."""
    cells = {"six": SIX, "seven": SEVEN}
    return replace(cube, labels={cells[name]: CellLabel(text) for name, text in texts.items()})


@pytest.fixture
def no_rule(monkeypatch):
    """Turns the rule off everywhere it is used, as if no number were underlined."""
    def off():
        for module in ("foldkit.fold.glyphs", "foldkit.fold.gltf", "foldkit.paper.template.marks",
                       "foldkit.paper.template.assembly", "foldkit.kinds.shutbox.sheet"):
            monkeypatch.setattr(f"{module}.underlined", lambda text: False)
        label_outline.cache_clear()
    yield off
    label_outline.cache_clear()


@pytest.mark.parametrize("text", ["6", "9", "16", "91", "18", "81", "66", "99", "68", "86", "109", "901"])
def test_a_number_that_reads_as_another_upside_down_is_underlined(text):
    assert underlined(text)


@pytest.mark.parametrize("text", ["7", "8", "0", "1", "11", "69", "96", "88", "10", "60", "90", "609", "12", "",
                                  "A"])
def test_a_number_that_reads_as_itself_or_as_no_number_is_not(text):
    assert not underlined(text)  # 69 turns into 69; 60 into 09, no number; 7 and 2 turn into no digit


def test_the_outline_of_a_6_has_a_bar_under_its_digits_and_a_7_none():
    six, seven = label_outline(CellLabel("6")), label_outline(CellLabel("7"))
    assert six.area > text_outline("6").area + 0.01  # the bar: about 0.35 x 0.06 of a cell
    assert six.bounds[1] < -DIGIT_HEIGHT / 2 - 0.05  # it reaches below the digits' foot
    assert seven.area == pytest.approx(text_outline("7").area)
    assert seven.bounds[1] == pytest.approx(-DIGIT_HEIGHT / 2)
    for label in (CellLabel("6", "circle"), CellLabel("9", "square")):  # digits and bar stay inside the mark
        shape = label_outline(label)
        assert len(shape.geoms) == len(label_outline(CellLabel(label.text)).geoms) + 1


def test_box_stl_carries_the_bar_under_a_6(cube):
    cell = 10.0
    relief = relief_mm(cell)

    def label_volume(subject: Subject) -> float:
        blank = box_mesh(subject, cell, None, False).volume
        mesh = trimesh.load(io.BytesIO(stl_bytes(box_mesh(subject, cell))), file_type="stl")
        assert mesh.is_watertight
        return abs(mesh.volume - blank)

    # Neither cell is on the face the box lies on: each label stands out by the relief.
    for text, name in (("6", "six"), ("7", "seven")):
        volume = label_volume(labelled(cube, **{name: text}))
        assert volume == pytest.approx(label_outline(CellLabel(text)).area * cell ** 2 * relief, rel=0.02)
    assert label_outline(CellLabel("6")).area > text_outline("6").area + 0.01


def test_net_stl_carries_the_bar_under_a_6(cube):
    cell = 10.0
    blank = net_mesh(cube, cell, labels=False).volume
    for text, name in (("6", "six"), ("7", "seven")):
        mesh = net_mesh(labelled(cube, **{name: text}), cell)
        assert mesh.is_watertight
        sunk = label_outline(CellLabel(text)).area * cell ** 2 * net_engrave_mm(cell)
        assert blank - mesh.volume == pytest.approx(sunk, rel=0.02)


def test_the_animation_shows_the_bar(cube, no_rule):
    options = AnimationOptions(width=160, height=120, fps=2, seconds=0.5)

    def last_frame(subject: Subject) -> np.ndarray:
        image = Image.open(io.BytesIO(animation_bytes(subject, ".gif", options)))
        image.seek(image.n_frames - 1)
        return np.asarray(image.convert("RGB"), dtype=int)

    with_rule = {text: last_frame(labelled(cube, six=text)) for text in ("6", "7")}
    no_rule()
    without = {text: last_frame(labelled(cube, six=text)) for text in ("6", "7")}
    assert np.abs(with_rule["6"] - without["6"]).sum() > 0
    assert np.array_equal(with_rule["7"], without["7"])


def test_the_glb_texture_shows_the_bar(cube, no_rule):
    subject = labelled(cube, six="6", seven="7")
    png, per_row = cell_atlas(subject, subject.tree)
    no_rule()
    plain, _ = cell_atlas(subject, subject.tree)
    before, after = (np.asarray(Image.open(io.BytesIO(p)).convert("L"), dtype=int) for p in (png, plain))
    tile = 64
    changed = {(y // tile) * per_row + x // tile for y, x in zip(*np.nonzero(before != after), strict=True)}
    assert changed == {subject.tree.cells.index(SIX)}


def lines(shapes, role: str) -> list[Line]:
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += lines(shape.shapes, role)
        elif isinstance(shape, Line) and shape.role == role:
            out.append(shape)
    return out


def test_the_template_underlines_the_6_on_the_net_and_on_the_box_drawn(cube):
    subject = labelled(cube, six="6", seven="7")
    options = TemplateOptions(cell_mm=20.0)
    net = net_drawing(subject, options)
    (bar,) = lines(net.shapes, "underline")
    numbers = {s.text: s for g in net.shapes if isinstance(g, Group) for s in g.shapes if hasattr(s, "text")}
    six = numbers["6"]
    assert abs((bar.start[0] + bar.end[0]) / 2 - six.x) < 0.01 and bar.start[1] > six.y  # centred, under it
    assembly = template_document(subject, options).pages[-1]
    assert len(lines(assembly.shapes, "underline")) == 1  # each cell shows in one of the two views


def test_the_puzzle_sheet_underlines_every_6_and_9():
    puzzle = parse_puzzle(built_in_text(), "nov2025")
    wanted = sum(underlined(str(n.value)) for n in puzzle.numbers.values())
    assert wanted > 0
    assert len(lines(puzzle_drawing(puzzle).shapes, "underline")) == wanted
