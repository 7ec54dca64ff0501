"""One-sided pieces (`packing X Y 1 one-sided`): they turn on their board, never over. The header and its
errors, the orientations, the symmetries that count for classes (a mirror image of the board only when
the piece set is closed under mirror images, each piece renamed to its mirror piece), the checker, and
the counts held to a published census and to the brute force on random small boards."""

from __future__ import annotations

import random

import pytest

from foldkit.cli import main
from solver.packing import PackingPuzzle, Piece, census, orientations, parse_packing, picture
from solver.packing import classes as by_class
from solver.packing.check import packing_problem
from solver.packing.geometry import box_symmetries
from solver.packing.model import Placement, make_packing
from solver.packing.parts import Plan
from solver.packing.solve import as_packing
from solver.packing.symmetry import symmetry_group
from solver.packing.table import build_table
from solver.text import InputError
from tests.conftest import EXAMPLES
from tests.packing import brute
from tests.packing.test_classes import assert_matches_the_census, random_cut

F = frozenset({(1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0), (1, 2, 0)})
F_MIRROR = frozenset({(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0), (1, 2, 0)})


def pentominoes_3x30() -> PackingPuzzle:
    return parse_packing((EXAMPLES / "one-sided-3x30.txt").read_text(), "examples/one-sided-3x30.txt")


# ---------------------------------------------------------------------------------------------
# The header


def test_the_header_word_makes_the_pieces_one_sided_and_prints_back():
    puzzle = parse_packing("packing 3 2 1 one-sided\npiece L: 0 0 0, 0 1 0, 1 1 0\npiece I: 0 0 0, 1 0 0, 2 0 0\n")
    assert puzzle.one_sided and not parse_packing(picture(puzzle).replace(" one-sided", "")).one_sided
    assert parse_packing(picture(puzzle)) == puzzle
    assert picture(puzzle).startswith("packing 3 2 1 one-sided\n")


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("packing 3 2 1 two-sided\npiece A: 0 0 0\n", 1, 15, "expected 'one-sided' or nothing after the box's sides"),
    ("packing 3 2 2 one-sided\npiece A: 0 0 0\n", 1, 15, "one-sided pieces lie on a board one level high"),
    ("# a comment\npacking 3 2 1 one-sided\npiece A: 0 0 0, 0 0 1\n", 3, 17, "piece A is not flat"),
    ("packing 3 2 1 one-sided extra\npiece A: 0 0 0\n", 1, 1, "expected a header 'packing X Y Z [one-sided]'"),
])
def test_misused_one_sided_is_a_one_line_error_with_its_place(text, line, column, words):
    with pytest.raises(InputError) as caught:
        parse_packing(text, "p.txt")
    message = str(caught.value)
    assert words in message and message.startswith(f"p.txt:{line}:{column}:") and "\n" not in message


def test_a_flat_piece_on_a_raised_level_is_flat(tmp_path, capsys):
    """A one-sided piece given at z = 2 is flat all the same: it is moved down like any piece."""
    path = tmp_path / "raised.txt"
    path.write_text("packing 3 1 1 one-sided\npiece I: 0 0 2, 1 0 2, 2 0 2\n")
    assert main(["solve", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "every packing: 1;" in out and "raised: box 3x1x1, 1 one-sided piece of 1 shape" in out


# ---------------------------------------------------------------------------------------------
# Orientations and symmetries


def test_a_one_sided_piece_turns_in_the_plane_only():
    assert len(orientations(F, True)) == 4 and F_MIRROR not in orientations(F, True)
    assert all(z == 0 for shape in orientations(F, True) for _, _, z in shape)
    assert F_MIRROR in orientations(F)  # turned freely in space, it may be turned over


def cell_symmetries(puzzle: PackingPuzzle) -> int:
    return len(symmetry_group(build_table(puzzle))[0])


def test_the_mirror_closed_set_keeps_the_mirror_symmetries_with_its_pieces_swapped():
    puzzle = pentominoes_3x30()
    assert cell_symmetries(puzzle) == 4
    mirrors = [renaming for transform, renaming in box_symmetries(puzzle) if renaming["F"] != "F"]
    assert mirrors and all(r["F"] == "F'" and r["F'"] == "F" and r["X"] == "X" for r in mirrors)


def test_a_set_that_is_not_mirror_closed_keeps_the_turns_only():
    """Without F' the board's mirror images map F to no piece: only the identity and the half turn count."""
    whole = pentominoes_3x30()
    puzzle = PackingPuzzle((15, 3, 1), tuple(p for p in whole.pieces if p.name in "FILNPTUV"), "half", None, True)
    assert cell_symmetries(puzzle) == 2
    free = PackingPuzzle((15, 3, 1), puzzle.pieces, "half")
    assert cell_symmetries(free) == 4  # the same pieces turning freely: every mirror image is a turn


def test_the_checker_refuses_a_piece_turned_over():
    """F turned over fills a 3x3 board with four single cells: a packing of free pieces, not of one-sided ones."""
    pieces = (Piece("F", F), Piece("O", frozenset({(0, 0, 0)}), 4))
    singles = [Placement("O", frozenset({cell})) for cell in ((2, 0, 0), (0, 1, 0), (0, 2, 0), (2, 2, 0))]
    flipped = make_packing([Placement("F", F_MIRROR), *singles])
    assert packing_problem(PackingPuzzle((3, 3, 1), pieces, "f"), flipped) is None
    assert packing_problem(PackingPuzzle((3, 3, 1), pieces, "f", None, True), flipped) == \
        "placement 1 is not a rotation of piece F (one-sided pieces turn on the board, never over)"


# ---------------------------------------------------------------------------------------------
# Counts: a published census, the classes' search, the brute force


def test_the_one_sided_pentominoes_fill_3x30_in_46_classes():
    """Polyform Puzzler's OneSidedPentominoes3x30: 46 solutions up to the rectangle's 4 symmetries."""
    found = assert_matches_the_census(pentominoes_3x30())
    assert (found.packings, len(found.forms), found.symmetries, found.histogram) == (184, 46, 4, {1: 46})


def random_one_sided(seed: int) -> PackingPuzzle:
    """A small board cut into 2 to 6 random pieces of 2 to 4 cells, one-sided: a piece and its mirror image
    are two pieces, equal shapes under turns in the plane one piece with copies."""
    rng = random.Random(seed)
    while True:
        box = rng.choice([(3, 4, 1), (4, 3, 1), (3, 3, 1), (4, 4, 1), (2, 6, 1), (5, 2, 1), (6, 2, 1)])
        cut = random_cut(rng, box)
        if len(cut) <= 6 and min(map(len, cut)) >= 2:
            break
    shapes: dict[frozenset, list] = {}
    for part in cut:
        turned = orientations(frozenset(part), True)
        shapes.setdefault(turned[0], []).append(turned[0])
    pieces = tuple(Piece(f"P{k + 1}", shape, len(copies)) for k, (shape, copies) in enumerate(shapes.items()))
    return PackingPuzzle(box, pieces, f"one-sided-{seed}", None, True)


@pytest.mark.parametrize("seed", range(30))
def test_random_one_sided_boards_match_the_census_the_classes_and_the_brute_force(seed):
    puzzle = random_one_sided(seed)
    found = assert_matches_the_census(puzzle)
    pieces = [(p.name, p.cubes, p.count) for p in puzzle.pieces]
    every = brute.packings(puzzle.box, pieces, one_sided=True)
    assert found.packings == census(puzzle).packings == len(every)
    mine = [frozenset((p.piece, p.cubes) for p in as_packing(Plan(build_table(puzzle)).table, form))
            for form in found.forms]
    classes = brute.class_count(every, puzzle.box, pieces, one_sided=True)
    assert brute.class_count(mine, puzzle.box, pieces, one_sided=True) == len(mine) == classes
    assert found.symmetries == len({tuple(sorted(m.items())) for m in
                                    (brute._cell_map(puzzle.box, g) for g in
                                     brute.symmetries(puzzle.box, pieces, one_sided=True))})


def test_the_random_boards_test_what_they_should():
    """Some random boards have a mirror-closed set (mirror symmetries kept), some not, some symmetric packings;
    and turning their pieces over would change some counts."""
    kept, dropped, symmetric, differ = 0, 0, 0, 0
    for seed in range(30):
        puzzle = random_one_sided(seed)
        found = by_class.class_census(Plan(build_table(puzzle)))
        planar = 8 if puzzle.box[0] == puzzle.box[1] else 4
        kept += found.symmetries == planar
        dropped += found.symmetries == planar // 2
        symmetric += any(order > 1 for order in found.stabilisers)
        differ += census(PackingPuzzle(puzzle.box, puzzle.pieces)).packings != found.packings
    assert kept and dropped and symmetric and differ
