"""The nets worksheet (`foldkit nets ... --pdf`): one drawing per shape, drawn to one scale, the
pages it needs, near-nets that the folding verifier refuses, and an answer key that agrees with
`foldkit boxes` on every shape, read back from the drawing itself."""

from __future__ import annotations

import re
import subprocess

import pytest

from foldkit.cli import main
from foldkit.drawing import Document, Group, Rect, label_texts
from foldkit.kinds.net.worksheet import near_net_count, nets_document, nets_sheet
from foldkit.paper.page import paper_size
from solver.folding import box_foldings
from solver.grid import Layout
from solver.nets import find_nets
from solver.nets.near import near_nets
from solver.polyomino import canonical
from tests.conftest import require_program

CUBE = (1, 1, 1)


@pytest.fixture(scope="module")
def cube_nets():
    return find_nets([CUBE])


def drawn_shapes(document: Document) -> dict[int, Layout]:
    """Each shape's number and its cells, read back from the tiles of its group."""
    out: dict[int, Layout] = {}
    for page in document.pages:
        for group in (s for s in page.shapes if isinstance(s, Group) and s.layer.startswith("net ")):
            tiles = [s for s in group.shapes if isinstance(s, Rect)]
            size = tiles[0].width
            x0, y0 = min(t.x for t in tiles), min(t.y for t in tiles)
            number = int(group.layer.split()[1])
            assert number not in out, "one drawing per shape"
            out[number] = frozenset((round((t.y - y0) / size), round((t.x - x0) / size)) for t in tiles)
    return out


def key_answers(document: Document) -> dict[int, str]:
    """number -> the answer key's line after it, from the pages titled 'Answers'."""
    out = {}
    for texts in label_texts(document):
        if texts and texts[0].startswith("Answers"):
            for text in texts:
                found = re.fullmatch(r"(\d+)  (yes|no.*)", text)
                if found:
                    out[int(found[1])] = found[2]
    return out


def test_the_cube_sheet_draws_each_of_the_eleven_nets_once_on_one_page(cube_nets):
    document = nets_document(cube_nets, "a4")
    shapes = drawn_shapes(document)
    assert sorted(shapes) == list(range(1, 12))
    assert {canonical(cells) for cells in shapes.values()} == {canonical(net) for net in cube_nets.nets}
    assert len(document.pages) == 1 and document.pages[0].size == paper_size("a4")
    sizes = {s.width for page in document.pages for g in page.shapes if isinstance(g, Group)
             for s in g.shapes if isinstance(s, Rect)}
    assert sizes == {10.0}, "every square of every shape drawn at one scale"
    assert key_answers(document) == {}, "a sheet of nets alone asks nothing"


def test_a_mixed_sheet_has_near_nets_and_an_answer_key_that_agrees_with_boxes(cube_nets):
    document = nets_document(cube_nets, "letter", mix=True, seed=3)
    shapes, answers = drawn_shapes(document), key_answers(document)
    assert len(shapes) == 11 + near_net_count(11) and sorted(answers) == sorted(shapes)
    assert len(document.pages) == 2 and label_texts(document)[1][0].startswith("Answers")
    for number, cells in shapes.items():
        folds = CUBE in box_foldings(cells)  # what `foldkit boxes` says of the shape as drawn
        assert answers[number] == ("yes" if folds else "no"), number
    assert sum(a == "yes" for a in answers.values()) == 11


def test_the_mix_is_the_same_for_a_seed_and_another_for_another_seed(cube_nets):
    one, again, other = (nets_sheet(cube_nets, True, seed) for seed in (5, 5, 6))
    assert one == again
    assert [n.cells for n in one.nets] != [n.cells for n in other.nets]


def test_near_nets_are_one_square_from_a_net_and_fold_into_no_box_asked(cube_nets):
    import random

    found = near_nets(cube_nets.nets, [CUBE], 8, random.Random(1))
    images = {canonical(cells) for cells in found}
    assert len(found) == len(images) == 8
    assert not images & {canonical(net) for net in cube_nets.nets}
    assert all(len(cells) == 6 and CUBE not in box_foldings(cells) for cells in found)


def test_the_key_of_common_nets_says_which_box_a_near_net_still_folds_into():
    result = find_nets([(1, 1, 5), (1, 2, 3)], limit=12)
    document = nets_document(result, "a4", mix=True)
    shapes, answers = drawn_shapes(document), key_answers(document)
    assert len(shapes) == 12 + near_net_count(12)
    for number, cells in shapes.items():
        into = sorted(set(box_foldings(cells)) & {(1, 1, 5), (1, 2, 3)})
        only = f"no: folds into {' × '.join(map(str, into[0]))} only" if len(into) == 1 else ""
        expected = "yes" if len(into) == 2 else only or "no"
        assert answers[number] == expected, number


def test_the_command_writes_the_worksheet_pdf_with_its_pages(tmp_path, capsys):
    pdfinfo = require_program("pdfinfo")
    path = tmp_path / "cube.pdf"
    assert main(["nets", "1x1x1", "--pdf", str(path), "--mix", "--paper", "letter"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["1x1x1: 11 nets", f"wrote {path} (2 pages)"]
    info = subprocess.run([pdfinfo, str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Pages:\s+2\b", info) and re.search(r"Page size:\s+612 x 792 pts", info)


@pytest.mark.parametrize("argv", [["--mix"], ["--pdf", "x.pdf", "--seed", "3"], ["--output", "d"],
                                  ["--pdf", "x.pdf", "--count"], ["--pdf", "x.png"], ["--pick", "12"]])
def test_options_out_of_place_are_one_line_errors(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["nets", "1x1x1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("foldkit: error:") and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir()), "nothing written"
