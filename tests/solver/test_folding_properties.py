"""Invariants of folding that must hold for every polyomino and box, checked on random nets,
plus two published facts about small nets."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from solver.box import Box, square_center, squares, symmetries
from solver.folding import Folding, box_foldings, foldings
from solver.folding_check import folding_problem
from solver.grid import Layout
from solver.polyomino import canonical, parse_net, transformed
from solver.shutbox.generate import random_net

boxes = st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3)).map(lambda sides: tuple(sorted(sides)))
seeds = st.integers(0, 2**32 - 1)
depths = st.sampled_from([0.0, 0.5, 0.9])
quick = settings(max_examples=60, deadline=None)


def net_of(box: Box, seed: int, depth: float) -> Layout:
    return random_net(box, random.Random(seed), depth)


@lru_cache(maxsize=32)
def square_maps(box: Box) -> list[dict]:
    """For each isometry of the box, where it sends each surface square."""
    doubled = {p: np.append(np.rint(2 * square_center(box, p)), 1).astype(int) for p in squares(box)}
    at = {tuple(v[:3]): p for p, v in doubled.items()}
    return [{p: at[tuple((g @ v)[:3])] for p, v in doubled.items()} for g in symmetries(box)]


def moved(folding: Folding, k: int) -> Folding:
    """The folding carried by the k-th isometry of its box."""
    g, to = symmetries(folding.box)[k], square_maps(folding.box)[k]

    def turn(vectors: dict) -> dict:
        return {cell: tuple(int(x) for x in g[:3, :3] @ v) for cell, v in vectors.items()}

    placement = {cell: to[p] for cell, p in folding.placement.items()}
    return Folding(folding.box, placement, turn(folding.up), turn(folding.right))


def folding_class(folding: Folding) -> tuple:
    """The smallest image of the folding's placements under the box's isometries: two foldings
    are the same up to symmetry exactly when their classes are equal."""
    return min(tuple(sorted((cell, to[p]) for cell, p in folding.placement.items())) for to in square_maps(folding.box))


def shifted(cells: Layout, dr: int, dc: int) -> Layout:
    return frozenset((r + dr, c + dc) for r, c in cells)


# Main properties


@quick
@given(boxes, seeds, depths)
def test_random_nets_fold_back_onto_their_box(box, seed, depth):
    net = net_of(box, seed, depth)
    a, b, c = box
    assert len(net) == 2 * (a * b + b * c + c * a)
    assert min(r for r, _ in net) == 0 and min(c for _, c in net) == 0
    assert foldings(net, box), f"a net of {box} does not fold back onto it"


@quick
@given(boxes, seeds, depths)
def test_every_folding_covers_the_surface_once_and_keeps_every_adjacency(box, seed, depth):
    net = net_of(box, seed, depth)
    for found in box_foldings(net).values():
        for folding in found:
            assert folding_problem(net, folding) is None
            assert folding.printed_outside


@quick
@given(boxes, seeds, depths)
def test_a_folding_moved_by_a_box_symmetry_is_sound_and_in_the_same_class(box, seed, depth):
    net = net_of(box, seed, depth)
    folding = foldings(net, box)[0]
    for k in range(len(symmetries(box))):
        image = moved(folding, k)
        assert folding_problem(net, image) is None
        assert folding_class(image) == folding_class(folding)


@quick
@given(boxes, seeds, depths)
@example((1, 2, 3), 13, 0.5)  # nets found by search to have 2 or 3 foldings
@example((1, 2, 2), 113, 0.0)
@example((1, 1, 2), 141, 0.0)
def test_foldings_are_distinct_up_to_box_symmetry(box, seed, depth):
    net = net_of(box, seed, depth)
    for found in box_foldings(net).values():
        classes = [folding_class(f) for f in found]
        assert len(set(classes)) == len(classes), f"{len(classes)} foldings, {len(set(classes))} classes"


@quick
@given(boxes, seeds, st.integers(-50, 50), st.integers(-50, 50))
def test_foldings_do_not_change_when_the_net_moves(box, seed, dr, dc):
    net = net_of(box, seed, 0.5)
    before = {folding_class(f) for f in foldings(net, box)}
    after = {folding_class(f) for f in foldings(shifted(net, dr, dc), box)}
    assert {tuple(((r - dr, c - dc), p) for (r, c), p in k) for k in after} == before


@quick
@given(boxes, seeds, st.integers(1, 7))
def test_a_turned_or_mirrored_net_folds_into_the_same_boxes_as_often(box, seed, k):
    net = net_of(box, seed, 0.5)
    counts = {b: len(f) for b, f in box_foldings(net).items()}
    assert {b: len(f) for b, f in box_foldings(transformed(net, k)).items()} == counts
    assert box in counts


# Published facts


def free_polyominoes(size: int) -> set[tuple]:
    """Every free polyomino of the given size, each as its canonical form."""
    found = {canonical(frozenset([(0, 0)]))}
    for _ in range(size - 1):
        grown = set()
        for shape in found:
            for r, c in shape:
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell not in shape:
                        grown.add(canonical(frozenset(shape) | {cell}))
        found = grown
    return found


def test_eleven_of_the_35_hexominoes_fold_into_a_cube():
    hexominoes = free_polyominoes(6)
    assert len(hexominoes) == 35
    assert sum(1 for h in hexominoes if foldings(frozenset(h), (1, 1, 1))) == 11


def test_a_22_cell_net_folds_into_both_a_1x1x5_and_a_1x2x3_box(examples):
    net = parse_net((examples / "two-boxes.txt").read_text(), "two-boxes.txt")
    assert len(net) == 22
    found = box_foldings(net)
    assert set(found) == {(1, 1, 5), (1, 2, 3)}
    for folding in found[(1, 1, 5)] + found[(1, 2, 3)]:
        assert folding_problem(net, folding) is None
