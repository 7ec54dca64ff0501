"""The assembly order: every piece lowered straight down onto the floor or onto placed pieces,
lowest first, the same every time; interlocked packings say so and offer a supported fallback.
And the colours: pieces that share a face never share a colour."""

from __future__ import annotations

import pytest

from solver.packing.assembly import (
    NoAssemblyOrder,
    assembly_order,
    order_problem,
    piece_colours,
    supported_order,
)
from tests.assembly.packings import Y_BOX, Placement, dominoes, hook_over_post, interlocked, mixed, y_packing

SMALL = {"dominoes": dominoes, "hook": hook_over_post, "mixed": mixed}


def broken_step(box, packing, order) -> str | None:
    """An independent check, cube by cube: the first step whose piece floats or is lowered past a
    placed cube, or None."""
    filled: set = set()
    for step, i in enumerate(order, 1):
        cubes = packing[i].cubes
        if not any(z == 0 or (x, y, z - 1) in filled for x, y, z in cubes):
            return f"step {step} floats"
        for x, y, z in cubes:
            if any((x, y, above) in filled for above in range(z + 1, box[2])):
                return f"step {step} is blocked from above"
        filled |= cubes
    return None


def all_cases():
    yield "y", Y_BOX, y_packing()
    for name, make in SMALL.items():
        yield (name, *make())


@pytest.mark.parametrize("name, box, packing", list(all_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_order_places_every_piece_once_supported_and_from_above(name, box, packing):
    order = assembly_order(box, packing)
    assert sorted(order) == list(range(len(packing)))
    assert broken_step(box, packing, order) is None
    assert order_problem(box, packing, order) is None
    assert assembly_order(box, packing) == order  # deterministic


def test_y_packing_is_25_pieces_filling_the_box():
    packing = y_packing()
    assert len(packing) == 25 and all(len(p.cubes) == 5 for p in packing)
    assert len(set().union(*(p.cubes for p in packing))) == 125


def test_y_order_goes_up_level_by_level():
    packing = y_packing()
    order = assembly_order(Y_BOX, packing)
    bottoms = [min(z for _, _, z in packing[i].cubes) for i in order]
    # Lowest first: a piece starting higher never comes before one that was free to go and lower,
    # and the first pieces all lie on the floor.
    assert bottoms[0] == 0 and bottoms[-1] > 0
    assert sum(b == 0 for b in bottoms[:8]) >= 7


def test_post_goes_in_before_the_hook_that_overhangs_it():
    box, packing = hook_over_post()
    assert assembly_order(box, packing) == (1, 0)
    assert "cannot be lowered" in order_problem(box, packing, (0, 1))
    assert broken_step(box, packing, (0, 1)) == "step 2 is blocked from above"


def test_lowest_level_first_with_dominoes():
    box, packing = dominoes()
    assert assembly_order(box, packing) == (0, 1, 2, 3)


def test_interlocked_pieces_raise_with_a_supported_fallback():
    box, packing = interlocked()
    with pytest.raises(NoAssemblyOrder, match="no assembly order.*pieces 1 \\(S\\), 2 \\(S\\)") as caught:
        assembly_order(box, packing)
    fallback = caught.value.fallback
    assert sorted(fallback) == [0, 1]
    assert fallback == supported_order(box, packing)
    # Every piece is still supported; only lowering it straight down is impossible.
    assert broken_step(box, packing, fallback) == "step 2 is blocked from above"


def test_a_piece_over_a_hole_rests_on_nothing():
    box = (2, 1, 2)
    packing = (Placement("I1", frozenset({(0, 0, 0)})), Placement("I1", frozenset({(1, 0, 1)})))
    with pytest.raises(NoAssemblyOrder, match="pieces 2 \\(I1\\) rest on nothing") as caught:
        assembly_order(box, packing)
    assert caught.value.fallback == (0, 1)
    beside = (*packing, Placement("I1", frozenset({(0, 0, 1)})))  # touching a piece beside it holds nothing up
    with pytest.raises(NoAssemblyOrder, match="rest on nothing"):
        assembly_order(box, beside)
    held = (Placement("L", frozenset({(0, 0, 0), (0, 0, 1), (1, 0, 1)})),)  # an overhang with a hole under it
    assert assembly_order(box, held) == (0,)


def test_order_problem_catches_floating_missing_and_repeated_pieces():
    box, packing = dominoes()
    assert "floor" in order_problem(box, packing, (2, 0, 1, 3))
    assert "once" in order_problem(box, packing, (0, 1, 2))
    assert "once" in order_problem(box, packing, (0, 1, 2, 2))


def test_overlapping_or_outside_cubes_are_refused():
    box, packing = dominoes()
    with pytest.raises(ValueError, match="outside the box"):
        assembly_order((1, 2, 2), packing)
    with pytest.raises(ValueError, match="in pieces 1 and 2"):
        assembly_order(box, (packing[0], packing[0]))


@pytest.mark.parametrize("name, box, packing", list(all_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_pieces_sharing_a_face_get_different_colours(name, box, packing):
    colours = piece_colours(box, packing, assembly_order(box, packing))
    assert len(colours) == len(packing)
    owner = {cube: i for i, p in enumerate(packing) for cube in p.cubes}
    pairs = 0
    for (x, y, z), i in owner.items():
        for other in ((x + 1, y, z), (x, y + 1, z), (x, y, z + 1)):
            j = owner.get(other)
            if j is not None and j != i:
                pairs += 1
                assert colours[i] != colours[j], (i, j)
    assert pairs > 0


def test_y_colours_stay_in_the_palette_and_use_most_of_it():
    packing = y_packing()
    colours = piece_colours(Y_BOX, packing, assembly_order(Y_BOX, packing))
    assert max(colours) < 8 and len(set(colours)) >= 6
    assert piece_colours(Y_BOX, packing, assembly_order(Y_BOX, packing)) == colours


def test_a_small_palette_grows_only_when_a_piece_needs_it():
    packing = y_packing()
    colours = piece_colours(Y_BOX, packing, assembly_order(Y_BOX, packing), palette_size=2)
    assert max(colours) >= 2  # two colours cannot do: three Ys meet around some piece


# ---------------------------------------------------------------------------------------------
# Random packings against a brute force over every order


def random_packing(seed: int, box=(3, 2, 3), pieces: int = 5):
    """The box cut into face-connected pieces grown at random from random seeds."""
    import random

    rng = random.Random(seed)
    cells = [(x, y, z) for x in range(box[0]) for y in range(box[1]) for z in range(box[2])]
    owner = dict(zip(rng.sample(cells, pieces), range(pieces), strict=True))
    while len(owner) < len(cells):
        x, y, z = rng.choice(sorted(owner))
        dx, dy, dz = rng.choice([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)])
        other = (x + dx, y + dy, z + dz)
        if other in cells and other not in owner:
            owner[other] = owner[x, y, z]
    return box, tuple(Placement(f"P{i}", frozenset(c for c, o in owner.items() if o == i)) for i in range(pieces))


@pytest.mark.parametrize("seed", range(60))
def test_an_order_is_found_exactly_when_one_exists(seed):
    from itertools import permutations

    box, packing = random_packing(seed)
    exists = any(broken_step(box, packing, order) is None for order in permutations(range(len(packing))))
    try:
        order = assembly_order(box, packing)
    except NoAssemblyOrder as error:
        assert not exists
        assert sorted(error.fallback) == list(range(len(packing)))
        assert "floats" not in (broken_step(box, packing, error.fallback) or "")  # supported all the same
    else:
        assert exists and broken_step(box, packing, order) is None
