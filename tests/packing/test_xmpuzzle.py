"""BurrTools .xmpuzzle files: read into the same puzzle as their foldkit text twin (same counts), and
one-line errors for what foldkit cannot take."""

from __future__ import annotations

import gzip
import re

import pytest

from foldkit.cli import main
from foldkit.kinds import load
from solver.packing import parse_packing
from solver.packing.xmpuzzle import parse_xmpuzzle
from solver.text import InputError
from tests.conftest import EXAMPLES
from tests.packing.burrtools import document, voxel_xml, xmpuzzle


def text_twin(name: str):
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt", name)


def same_puzzle(a, b) -> bool:
    return (a.box, a.pieces, a.target) == (b.box, b.pieces, b.target)


def test_the_example_is_what_the_writer_makes_of_its_text_twin():
    assert (EXAMPLES / "scott-pentominoes.xmpuzzle").read_bytes() == xmpuzzle(text_twin("scott-pentominoes"))


def test_the_example_reads_as_its_text_twin_and_counts_the_same(capsys):
    read = load(EXAMPLES / "scott-pentominoes.xmpuzzle")
    assert read.kind.name == "packing" and same_puzzle(read.puzzle, text_twin("scott-pentominoes"))
    outputs = []
    for suffix in (".xmpuzzle", ".txt"):
        assert main(["solve", str(EXAMPLES / f"scott-pentominoes{suffix}"), "--all", "--jobs", "1"]) == 0
        outputs.append(capsys.readouterr().out.split("\n", 1))
    assert outputs[0][1] == outputs[1][1]  # all but the first line, which names the file
    assert "every packing: 520; classes under the box's 8 symmetries: 65" in outputs[0][1]


@pytest.mark.parametrize("name", ["soma", "l-tricubes", "mixed-2x3x4", "y-pentacube", "scott-pentominoes"])
def test_puzzles_round_trip_through_burrtools(name):
    puzzle = text_twin(name)
    assert same_puzzle(parse_xmpuzzle(xmpuzzle(puzzle), f"{name}.xmpuzzle"), puzzle)


CUBE = voxel_xml((1, 1, 1), {(0, 0, 0): "#"}, "C")
DOMINO = voxel_xml((2, 1, 1), {(0, 0, 0): "#", (1, 0, 0): "#"}, "D")


def row(states: str) -> str:
    """A result one row long: its voxels' states in x order, each maybe with a colour ('#1+#2')."""
    found = re.findall(r"[_#+]\d*", states)
    return voxel_xml((len(found), 1, 1), {(x, 0, 0): s for x, s in enumerate(found) if s != "_"}, "Result")


def test_variable_voxels_of_the_result_are_taken_when_the_volume_decides_them():
    empty = parse_xmpuzzle(document([CUBE, row("##+#")], ['<shape id="0" count="3"/>'], 1))
    assert empty.box == (4, 1, 1) and empty.target == frozenset({(0, 0, 0), (1, 0, 0), (3, 0, 0)})
    filled = parse_xmpuzzle(document([CUBE, row("_##+#_")], ['<shape id="0" count="4"/>'], 1))
    assert filled.box == (4, 1, 1) and filled.target is None  # moved to the corner: the whole box


def test_colours_that_constrain_nothing_are_ignored():
    coloured_result = parse_xmpuzzle(document([CUBE, row("#1#2")], ['<shape id="0" count="2"/>'], 1, colours=2))
    assert coloured_result.box == (2, 1, 1)
    undefined = voxel_xml((1, 1, 1), {(0, 0, 0): "#1"}, "C")  # a colour number, but no colours defined
    assert parse_xmpuzzle(document([undefined, row("#1#1")], ['<shape id="0" count="2"/>'], 1)).box == (2, 1, 1)


def test_texts_in_latin_1_are_read():
    data = gzip.decompress(document([CUBE, row("##")], ['<shape id="0" count="2"/>'], 1))
    data = data.replace(b'name="C"', 'name="W\u00fcrfel"'.encode("latin-1"))
    puzzle = parse_xmpuzzle(gzip.compress(data))
    assert [piece.name for piece in puzzle.pieces] == ["W-rfel"]


def stable_gzip(data: bytes) -> bytes:
    """gzip with no time stamp: the same bytes, so the same test ids, in every process (pytest-xdist
    workers must collect the same tests)."""
    return gzip.compress(data, mtime=0)


@pytest.mark.parametrize(("data", "message"), [
    (document([CUBE, row("##")], ['<shape id="0" count="2"/>'], 1, grid=3),
     "a BurrTools puzzle of rhombic dodecahedra: foldkit packs cubes only"),
    (document([CUBE, row("##")], ['<shape id="0" min="1" max="2"/>'], 1),
     "piece C may be used 1 to 2 times: foldkit takes fixed counts only"),
    (document([voxel_xml((1, 1, 1), {(0, 0, 0): "#1"}, "C"), row("#1#2")], ['<shape id="0" count="2"/>'], 1,
              colours=2, pairs='<pair piece="0" result="0"/>'),
     "the BurrTools problem constrains where coloured voxels may go"),
    (document([voxel_xml((2, 1, 1), {(0, 0, 0): "#", (1, 0, 0): "+"}, "P"), row("##")], ['<shape id="0"/>'], 1),
     "piece P has variable voxels ('+')"),
    (document([CUBE, row("##++#")], ['<shape id="0" count="4"/>'], 1),
     "the pieces' volume 4 fills some of the result's 2 variable voxels"),
    (document([CUBE, row("##")], ['<shape id="5" count="2"/>'], 1), "names shape 6, and there are 2"),
    (document([CUBE, row("##")], ['<shape id="0" count="2"/>'], 7), "names shape 8, and there are 2"),
    (document([CUBE, '<voxel x="2" y="1" z="1" type="0">###</voxel>'], ['<shape id="0" count="2"/>'], 1),
     "BurrTools shape 2 does not list its 2x1x1 voxels"),
    (document([CUBE, '<voxel x="2" y="1" z="1" type="0">#x</voxel>'], ['<shape id="0" count="2"/>'], 1),
     "BurrTools shape 2 does not list its 2x1x1 voxels"),
    (document([voxel_xml((3, 1, 1), {(0, 0, 0): "#", (2, 0, 0): "#"}, "Gap"), row("####")],
              ['<shape id="0" count="2"/>'], 1), "piece Gap is not face-connected"),
    (document([CUBE, DOMINO, row("###")], ['<shape id="0" count="1"/>', '<shape id="1" count="1"/>'], 2)
     .replace(b"\x1f\x8b", b"\x1f\x8b", 1)[:30], "not a readable gzip file"),
    (stable_gzip(b"<?xml version='1.0'?>\n<puzzle version='2'>\n<shapes>\n</puzzle>"),
     "4:3: not well-formed XML (mismatched tag)"),
    (stable_gzip(b"<?xml version='1.0'?><puzzle version='3'/>"), "not a BurrTools puzzle"),
    (stable_gzip(b"<?xml version='1.0'?><model/>"), "not a BurrTools puzzle"),
    (stable_gzip(b"<?xml version='1.0'?><puzzle version='2'><shapes/><problems/></puzzle>"),
     "the BurrTools puzzle has no problem to solve"),
])
def test_what_foldkit_cannot_take_is_one_line(capsys, tmp_path, data, message):
    path = tmp_path / "puzzle.xmpuzzle"
    path.write_bytes(data)
    with pytest.raises(InputError, match="."):
        parse_xmpuzzle(data, str(path)) if message != "piece Gap is not face-connected" else load(path)
    assert main(["solve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"foldkit: error: {path}") and message in err and len(err.splitlines()) == 1


def test_a_gzip_bomb_is_refused(tmp_path):
    data = gzip.compress(b"<" + b" " * (65 * 2**20))
    with pytest.raises(InputError, match="unpacks to more than 64 MB"):
        parse_xmpuzzle(data)


def test_other_files_are_read_as_before(capsys, tmp_path):
    binary = tmp_path / "puzzle.bin"
    binary.write_bytes(b"\x00\x01packing")
    assert main(["solve", str(binary)]) == 2
    assert "not a text file" in capsys.readouterr().err
