"""The independent checker accepts packings and names what is wrong with broken ones."""

from __future__ import annotations

import re

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_WRONG
from solver.packing import (
    Placement,
    make_packing,
    packing_problem,
    parse_packing,
    parse_solution,
    solution_picture,
    solve,
)
from solver.packing.check import TURNS, broken_rules, is_rotation_of
from tests.conftest import EXAMPLES, ROOT

SOLUTION = ROOT / "tests" / "packing" / "data" / "y-pentacube.solution.txt"


@pytest.fixture(scope="module")
def y_puzzle():
    return parse_packing((EXAMPLES / "y-pentacube.txt").read_text(), "y.txt")


@pytest.fixture(scope="module")
def published(y_puzzle):
    return parse_solution(SOLUTION.read_text(), "y.solution.txt", y_puzzle)


def test_the_published_packing_passes(y_puzzle, published):
    assert packing_problem(y_puzzle, published) is None


def _moved(placement: Placement, dx: int) -> Placement:
    return Placement(placement.piece, frozenset((x + dx, y, z) for x, y, z in placement.cubes))


def test_a_missing_piece_leaves_cubes_uncovered(y_puzzle, published):
    assert packing_problem(y_puzzle, published[1:]).startswith("5 cubes of the box are not covered")


def test_an_overlap_is_found(y_puzzle, published):
    broken = make_packing([*published[:-1], published[0]])
    assert "is covered 2 times" in packing_problem(y_puzzle, broken)


def test_a_cube_outside_the_box_is_found(y_puzzle, published):
    broken = make_packing([*published[1:], _moved(published[0], -1)])
    assert "outside the box" in packing_problem(y_puzzle, broken)


def test_a_shape_that_is_not_the_piece_is_found(y_puzzle, published):
    first = published[0]
    cubes = set(first.cubes)
    cubes.remove(max(cubes))
    cubes.add((9, 9, 9))
    broken = make_packing([Placement("Y", frozenset(cubes)), *published[1:]])
    assert packing_problem(y_puzzle, broken).endswith("is not a rotation of piece Y")


def test_an_unknown_piece_name_is_found(y_puzzle, published):
    broken = make_packing([Placement("Q", published[0].cubes), *published[1:]])
    assert "'Q'" in packing_problem(y_puzzle, broken)


def test_a_mirror_image_of_a_chiral_piece_is_not_a_rotation():
    puzzle = parse_packing("packing 2 2 2\npiece A: 0 0 0, 1 0 0, 1 1 0, 1 1 1\npiece R x4: 0 0 0\n", "t.txt")
    rest = {(x, y, z) for x in range(2) for y in range(2) for z in range(2)}
    screw = {(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)}
    mirrored = {(1 - x, y, z) for x, y, z in screw}
    for cubes, ok in ((screw, True), (mirrored, False)):
        singles = [Placement("R", frozenset({c})) for c in rest - cubes]
        problem = packing_problem(puzzle, make_packing([Placement("A", frozenset(cubes)), *singles]))
        assert (problem is None) == ok


def test_counts_must_match():
    puzzle = parse_packing("packing 2 1 1\npiece I: 0 0 0, 1 0 0\npiece C x2: 0 0 0\n", "t.txt")
    packing = make_packing([Placement("I", frozenset({(0, 0, 0), (1, 0, 0)}))])
    assert packing_problem(puzzle, packing) == "piece C is used 0 times, the puzzle has 2"


def test_the_checker_builds_its_own_24_rotations():
    assert len(TURNS) == 24 and len(set(TURNS)) == 24
    screw = frozenset({(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)})
    assert is_rotation_of(frozenset({(5, 5, 5), (5, 6, 5), (4, 6, 5), (4, 6, 6)}), screw)
    assert not is_rotation_of(frozenset((1 - x, y, z) for x, y, z in screw), screw)


# ---------------------------------------------------------------------------------------------
# foldkit check


def check_run(capsys, *argv):
    code = main(["check", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_accepts_a_packing_and_names_what_a_moved_piece_breaks(tmp_path, capsys):
    puzzle_path = EXAMPLES / "soma.txt"
    puzzle = parse_packing(puzzle_path.read_text(), str(puzzle_path))
    packing = solve(puzzle).packing
    right = tmp_path / "right.txt"
    right.write_text(solution_picture(packing, puzzle.box))
    code, out, _ = check_run(capsys, puzzle_path, right)
    assert code == 0 and "is right" in out
    first = packing[0]
    moved = make_packing([Placement(first.piece, frozenset((x, y, z + 1) for x, y, z in first.cubes)), *packing[1:]])
    rules = {b.rule for b in broken_rules(puzzle, moved)}
    assert {"overlap", "cover"} <= rules or "box" in rules
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(solution_picture(moved, puzzle.box))
    code, out, _ = check_run(capsys, puzzle_path, wrong)
    assert code == EXIT_WRONG and "rule:" in out


def test_check_names_pieces_whose_cubes_were_swapped(tmp_path, capsys):
    puzzle_path = EXAMPLES / "y-pentacube.txt"
    puzzle = parse_packing(puzzle_path.read_text(), str(puzzle_path))
    lines = solution_picture(solve(puzzle).packing, puzzle.box).splitlines()
    row = lines[1].split()
    k = next(i for i in range(len(row) - 1) if row[i] != row[i + 1])
    row[k], row[k + 1] = row[k + 1], row[k]
    lines[1] = " ".join(row)
    swapped = tmp_path / "swapped.txt"
    swapped.write_text("\n".join(lines) + "\n")
    code, out, _ = check_run(capsys, puzzle_path, swapped)
    assert code == EXIT_WRONG
    assert sum(line.startswith("piece rule: the cubes of piece") for line in out.splitlines()) == 2
    code, _, err = check_run(capsys, puzzle_path, "123")
    assert code == 2 and "no number answer" in err


def test_check_names_a_wrong_piece_by_the_number_the_file_gives_it(tmp_path, capsys):
    """The file's piece 1 is written last and broken: check says 'piece 1', the file's own label,
    not the number of its place among the packing's pieces."""
    broken = "level 1\n7 2 2\n2 2 3\n4 3 3\nlevel 2\n7 5 6\n7 6 6\n4 1 3\nlevel 3\n5 5 5\n4 6 1\n4 1 5\n"
    (tmp_path / "mine.txt").write_text(broken)
    code, out, _ = check_run(capsys, EXAMPLES / "soma.txt", tmp_path / "mine.txt")
    named = sorted(re.findall(r"the cubes of piece (\d+) ", out))
    assert code == EXIT_WRONG and named == ["1", "5"]
    assert "(from level 2, row 3, column 2)" in out.split("piece 1 ")[1].splitlines()[0]


def test_a_cube_off_the_target_shape_is_named_as_a_person_counts(tmp_path):
    puzzle = parse_packing("packing 2 1 1\nshape:\n#.\npiece A: 0 0 0\n", "mine.txt")
    wrong = make_packing([Placement("A", frozenset({(1, 0, 0)}))])
    texts = [broken.text for broken in broken_rules(puzzle, wrong)]
    assert "the cube at level 1, row 1, column 2 is not part of the shape" in texts
