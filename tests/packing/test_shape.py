"""Target shapes: a `shape:` block draws the cubes of the box to fill; placements, symmetries, the
cell count, the solution text and the artifacts follow it. Dana Scott's problem checks the count."""

from __future__ import annotations

import json

import pytest

from foldkit.cli import main
from solver.packing import (
    PackingPuzzle,
    census,
    packing_problem,
    parse_packing,
    parse_solution,
    picture,
    solution_picture,
    solve,
)
from solver.packing.geometry import box_symmetries, placements
from solver.text import InputError
from tests.conftest import EXAMPLES

SCOTT = EXAMPLES / "scott-pentominoes.txt"
DOMINO = "piece D x3: 0 0 0, 1 0 0\n"
# An L of six cells in a 3x3 board, drawn with a row that starts with '#' (a row, not a comment).
L_SHAPE = "packing 3 3 1\n" + DOMINO + "shape:\n#..\n#..\n###\n# a comment after the block\n"


def scott() -> PackingPuzzle:
    return parse_packing(SCOTT.read_text(), str(SCOTT))


def test_a_shape_block_gives_the_target():
    puzzle = parse_packing(L_SHAPE, "l.txt")
    assert puzzle.target == frozenset({(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0), (2, 2, 0)})
    assert puzzle.volume == 5 and [p.name for p in puzzle.pieces] == ["D"]


def test_the_shape_may_come_before_the_pieces_and_span_levels():
    text = "packing 2 1 2\nshape:\n##\n\n#.\npiece L: 0 0 0, 1 0 0, 0 0 1\n"
    puzzle = parse_packing(text, "t.txt")
    assert puzzle.target == frozenset({(0, 0, 0), (1, 0, 0), (0, 0, 1)})
    assert parse_packing(picture(puzzle), "t.txt") == puzzle
    assert solve(puzzle).packing is not None


def test_scott_round_trips_and_has_the_published_count():
    puzzle = scott()
    assert parse_packing(picture(puzzle), str(SCOTT)) == puzzle
    assert puzzle.volume == 60 == puzzle.piece_volume
    assert all(not {(3, 3, 0), (4, 4, 0)} & cubes for found in placements(puzzle).values() for cubes in found)
    counted = census(puzzle)
    assert (counted.packings, counted.classes, counted.symmetries) == (520, 65, 8)  # Scott's 65 (1958)
    assert all(packing_problem(puzzle, p) is None for p in counted.representatives)


def test_only_symmetries_of_the_target_are_used():
    # The L has one mirror symmetry (the diagonal), which with the box's 3x3 square makes 2 of its 8.
    puzzle = parse_packing(L_SHAPE.replace("x3", "x1") + "piece M: 0 0 0, 1 0 0, 2 0 0\n", "l.txt")
    assert len(box_symmetries(puzzle)) == 4  # identity, the diagonal flip: each as a turn and as a reflection
    report = solve(puzzle, every=True)
    assert (report.packings, report.classes, report.symmetries) == (2, 1, 2)


def test_the_cell_count_check_counts_the_shape():
    report = solve(parse_packing("packing 3 3 1\n" + DOMINO + "shape:\n###\n#..\n###\n", "t.txt"))
    assert report.failure == "the pieces' volume 6 differs from the shape's 7"


def test_the_solution_text_marks_cubes_outside_the_target():
    puzzle = scott()
    report = solve(puzzle)
    text = solution_picture(report.packing, puzzle.box)
    assert text.splitlines()[4].split()[3:5] == [".", "."]
    assert parse_solution(text, "s.txt", puzzle) == report.packing
    assert packing_problem(puzzle, report.packing) is None


@pytest.mark.slow  # about 13 CPU-s: a whole build of a shaped target
def test_build_handles_a_shaped_target(tmp_path, capsys):
    folder = tmp_path / "scott"
    code = main(["build", str(SCOTT), "-o", str(folder), "--quiet", "--skip", "assembly.gif"])
    assert code == 0, capsys.readouterr().err
    assert " .  . " in (folder / "solution.txt").read_text()
    assert len(json.loads((folder / "solution.json").read_text())["packing"]) == 12
    assert (folder / "assembly.pdf").stat().st_size > 0 and (folder / "box.stl").exists()


BAD_SHAPES = [
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape: x\n##\n##\n", 3, 1, "expected 'shape:' alone"),
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape:\n##\n", 4, 1, "level 1 of the shape has 1 rows, expected 2"),
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape:\n##\n#x\n", 5, 2, "expected '#' (a cube to fill) or '.'"),
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape:\n##\n###\n", 5, 3, "has 3 characters, expected 2"),
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape:\n##\n#\n", 5, 2, "has 1 characters, expected 2"),
    ("packing 2 2 1\n" + "piece D x2: 0 0 0, 1 0 0\nshape:\n##\n##\n##\n", 6, 1, "more rows than its 1 levels"),
    ("packing 2 1 2\n" + "piece D: 0 0 0, 1 0 0\nshape:\n##\n##\n", 5, 1, "more than 1 rows (expected a blank"),
    ("packing 2 1 2\n" + "piece D: 0 0 0, 1 0 0\nshape:\n##\n\n\n##\n", 6, 1, "separated by one blank line"),
    ("packing 2 1 2\n" + "piece D: 0 0 0, 1 0 0\nshape:\n##\n", 4, 1, "the shape has 1 levels, expected 2"),
    ("packing 2 1 1\n" + "piece D: 0 0 0, 1 0 0\nshape:\n..\n", 3, 1, "no cube to fill"),
    ("packing 2 1 1\n" + "shape:\n##\npiece D: 0 0 0, 1 0 0\nshape:\n##\n", 5, 1, "a second 'shape:' block"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), BAD_SHAPES)
def test_a_malformed_shape_says_where(text, line, column, message):
    with pytest.raises(InputError) as caught:
        parse_packing(text, "bad.txt")
    assert message in caught.value.message
    assert (caught.value.line, caught.value.column) == (line, column)
