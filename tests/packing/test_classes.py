"""--classes: one packing per class, the symmetry broken in the search, held to the full census (the same
total, the same canonical classes) on the examples and on random small puzzles, and to the brute force."""

from __future__ import annotations

import json
import random

import pytest

from foldkit.cli import main
from foldkit.kinds.packing import KIND
from solver.packing import PackingPuzzle, Piece, census, packing_problem, parse_packing
from solver.packing import classes as by_class
from solver.packing.geometry import orientations
from solver.packing.parts import Plan
from solver.packing.solve import as_packing
from solver.packing.table import build_table
from tests.conftest import EXAMPLES, ROOT
from tests.packing import brute

EXAMPLE_NAMES = ["l-tricubes", "soma", "mixed-2x3x4", "scott-pentominoes"]  # and y-pentacube, below


def example(name: str) -> PackingPuzzle:
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"examples/{name}.txt", name)


def assert_matches_the_census(puzzle: PackingPuzzle) -> by_class.ClassCensus:
    """The class census of a puzzle against the full census: the same total, the same canonical classes,
    every representative a packing, and the classes' orbits adding up to the total."""
    plan = Plan(build_table(puzzle))
    found = by_class.class_census(plan)
    whole = census(puzzle)
    assert found.packings == whole.packings
    assert len(found.forms) == whole.classes
    assert tuple(as_packing(plan.table, form) for form in found.forms) == whole.representatives
    assert sum(found.symmetries // order for order in found.stabilisers) == found.packings
    assert sum(found.histogram.values()) == len(found.forms)
    for form in found.forms:
        assert packing_problem(puzzle, as_packing(plan.table, form)) is None
    return found


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_the_classes_of_every_example_are_the_census_classes(name):
    assert_matches_the_census(example(name))


def test_the_symmetric_packings_have_their_stabilisers():
    """The four L-tricubes in a 2x2x3 box: 44 packings in 6 classes, 5 of them symmetric (Conway's census
    of the box agrees with the brute force): 16/1 + 2 x 16/2 + 3 x 16/4 = 44."""
    found = assert_matches_the_census(example("l-tricubes"))
    assert (found.packings, found.histogram, found.symmetries) == (44, {1: 1, 2: 2, 4: 3}, 16)


def test_the_search_walks_one_packing_per_class_on_6x10():
    """6x10's X held to one place per orbit of the board's 4 symmetries: each of the 2,339 classes is met
    once, not its 4 copies."""
    path = ROOT / "bench" / "packing" / "pentominoes-6x10.txt"
    found = by_class.class_census(Plan(build_table(parse_packing(path.read_text(), str(path)))))
    assert (found.packings, len(found.forms), found.found, found.anchor) == (9356, 2339, 2339, "piece X")


def test_the_symmetries_keeping_the_piece_in_place_are_broken_too():
    """Scott's X at the board's centre lines is kept in place by a reflection: broken further, each of the
    65 classes (none symmetric) is met once."""
    found = assert_matches_the_census(example("scott-pentominoes"))
    assert (found.found, len(found.forms), found.histogram, found.anchor) == (65, 65, {1: 65}, "piece X")


def test_a_puzzle_without_a_piece_of_one_copy_falls_back_to_the_census_anchors():
    found = assert_matches_the_census(example("y-pentacube"))
    assert found.anchor == "the census's anchors"


def test_mirror_image_pieces_are_not_held_fixed():
    """Soma's screw pieces A and B swap under a reflection: neither may anchor the classes."""
    table = build_table(example("soma"))
    plan = Plan(table)
    fixed = {table.puzzle.pieces[kind].name for kind in by_class.fixed_pieces(table, list(plan.group))}
    assert fixed == {"V", "L", "T", "Z", "P"}


def test_classes_that_do_not_add_up_are_an_error(monkeypatch):
    monkeypatch.setattr(by_class, "stabiliser_orders", lambda forms, group: [len(group)] * len(forms))
    with pytest.raises(RuntimeError, match="the classes do not add up"):
        by_class.class_census(Plan(build_table(example("soma"))))


# ---------------------------------------------------------------------------------------------
# Random small puzzles: a box cut into random polycubes


def random_puzzle(seed: int) -> PackingPuzzle:
    """A small box cut into 2 to 5 random connected pieces of 2 to 4 cubes, equal shapes made one piece with
    copies (drawn again until it is so: single cubes and many pieces make the brute force slow)."""
    rng = random.Random(seed)
    while True:
        box = tuple(sorted(rng.choice([(1, 3, 4), (2, 2, 3), (2, 2, 2), (1, 2, 6), (1, 3, 3), (1, 2, 5)])))
        cut = random_cut(rng, box)
        if len(cut) <= 5 and min(map(len, cut)) >= 2:
            break
    shapes: dict[tuple, list] = {}
    for part in cut:
        turned = orientations(frozenset(part))
        shapes.setdefault(tuple(sorted(turned[0])), []).append(turned[0])
    pieces = tuple(Piece(f"P{k + 1}", copies[0], len(copies)) for k, copies in enumerate(shapes.values()))
    return PackingPuzzle(box, pieces, f"random-{seed}")  # type: ignore[arg-type]


def random_cut(rng: random.Random, box: tuple[int, ...]) -> list[set]:
    """The box's cells cut into connected parts of up to 4 cells, each grown from a random cell."""
    left = {(x, y, z) for x in range(box[0]) for y in range(box[1]) for z in range(box[2])}
    steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
    cut = []
    while left:
        grown = {rng.choice(sorted(left))}
        for _ in range(rng.randint(1, 3)):
            near = sorted({(x + dx, y + dy, z + dz) for x, y, z in grown for dx, dy, dz in steps} & left - grown)
            if near:
                grown.add(rng.choice(near))
        left -= grown
        cut.append(grown)
    return cut


@pytest.mark.parametrize("seed", range(40))
def test_random_small_puzzles_match_the_census_and_the_brute_force(seed):
    puzzle = random_puzzle(seed)
    found = assert_matches_the_census(puzzle)
    pieces = [(p.name, p.cubes, p.count) for p in puzzle.pieces]
    every = brute.packings(puzzle.box, pieces)
    mine = [frozenset((p.piece, p.cubes) for p in as_packing(Plan(build_table(puzzle)).table, form))
            for form in found.forms]
    assert found.packings == len(every)
    # the representatives are in distinct classes, and adding them to every packing makes no new class
    assert brute.class_count(mine, puzzle.box, pieces) == len(mine) == brute.class_count(every, puzzle.box, pieces)
    assert brute.class_count(every + mine, puzzle.box, pieces) == len(mine)


def test_the_random_puzzles_hold_symmetric_packings_and_fixed_pieces():
    """The random puzzles test what they should: some have symmetric packings, some a piece to anchor."""
    anchors, symmetric = set(), 0
    for seed in range(40):
        found = by_class.class_census(Plan(build_table(random_puzzle(seed))))
        anchors.add(found.anchor.startswith("piece"))
        symmetric += any(order > 1 for order in found.stabilisers)
    assert anchors == {True, False} and symmetric >= 3


# ---------------------------------------------------------------------------------------------
# The command line


def test_the_report_lists_the_classes_and_their_stabilisers():
    report = KIND.solve(example("l-tricubes"), KIND.solve_options(every=True, classes=True))
    assert KIND.outcome(report).summary == "44 packings, 6 classes under the box's 16 symmetries"
    assert ("classes by stabiliser order (symmetries that map a packing onto itself): order 1: 1, order 2: 2, "
            "order 4: 3") in KIND.text(report)
    data = KIND.json(report)
    assert (data["packings"], data["classes"], data["symmetries"]) == (44, 6, 16)
    assert data["stabilisers"] == {"1": 1, "2": 2, "4": 3} and len(data["representatives"]) == 6
    assert KIND.json(KIND.solve(example("l-tricubes"), KIND.solve_options(every=True)))["stabilisers"] is None


def test_the_streamed_json_has_the_stabilisers(capsys):
    assert main(["solve", str(EXAMPLES / "soma.txt"), "--all", "--classes", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["packings"], data["classes"], data["stabilisers"]) == (11520, 240, {"1": 240})


@pytest.mark.parametrize("extra", [[], ["--all", "--jobs", "2"], ["--all", "--part", "1/2"], ["--all", "--limit", "5"],
                                   ["--all", "--checkpoint", "c.json"]])
def test_classes_refuse_what_they_cannot_do_in_one_line(extra, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["solve", str(EXAMPLES / "soma.txt"), "--classes", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--classes" in err
    assert not (tmp_path / "c.json").exists()


@pytest.mark.parametrize("flags", [["--all"], ["--all", "--classes"]])
def test_no_packing_counts_zero_under_the_symmetries_it_names(flags, capsys, tmp_path):
    """A box the pieces cannot fill: zero packings and classes, under a number of symmetries (not 'None')."""
    path = tmp_path / "none.txt"
    path.write_text("packing 1 2 3\npiece A: 0 0 0, 1 0 0, 1 1 0\npiece B: 0 0 0, 1 0 0, 2 0 0\n")
    assert main(["solve", str(path), *flags]) == 1
    assert "every packing: 0; classes under the box's 4 symmetries: 0" in capsys.readouterr().out
    assert main(["solve", str(path), *flags, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["packings"], data["classes"], data["symmetries"]) == (0, 0, 4)
    assert data["stabilisers"] == ({} if "--classes" in flags else None)
