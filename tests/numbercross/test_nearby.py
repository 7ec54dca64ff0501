"""Band searches for a second Number Cross grid: every row outside a band held to its planted
numbers. Held to the whole search's answers: a band search finds a second grid exactly when one
of every grid the puzzle has differs from the planted one only inside the band."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from solver.numbercross.generate.generator import Generated, generate, other_grid
from solver.numbercross.generate.nearby import around, band_around, every_band, held_to, other_in_bands
from solver.numbercross.generate.plant import row_values
from solver.numbercross.rules.check import solution_problem
from solver.numbercross.rules.clues import Clue
from solver.numbercross.rules.model import Grid, NumberCross
from solver.numbercross.search import grids


@cache
def made(seed: int) -> Generated:
    return generate(5, 5, random.Random(seed))


def open_row(new: Generated, r: int) -> NumberCross:
    """The puzzle with row r's clue taken away."""
    return replace(new.puzzle, clues=new.puzzle.clues[:r] + (Clue(()),) + new.puzzle.clues[r + 1:])


def held_outside(grid: Grid, planted: Grid, band: range) -> bool:
    """Whether every number of each row outside the band is one of the planted row's numbers."""
    mine, theirs = row_values(grid), row_values(planted)
    return all(set(mine[r]) <= set(theirs[r]) for r in range(len(grid)) if r not in band)


def test_a_held_row_lets_through_only_prefixes_of_its_numbers():
    test = held_to([472, 35])
    assert test(4, 1, 3) and test(47, 2, 3) and test(472, 3, 3) and test(3, 1, 2) and test(35, 2, 2)
    assert not test(4, 1, 2) and not test(473, 3, 3) and not test(36, 2, 2) and not test(47, 2, 4)


@pytest.mark.parametrize(("seed", "r"), [(1, 4), (3, 2), (2, 0)])
def test_a_band_search_finds_a_second_grid_exactly_when_one_differs_only_inside_the_band(seed, r):
    new = made(seed)
    puzzle = open_row(new, r)
    every = {grid for grid, _ in grids(puzzle)}
    assert new.solution in every
    for band in every_band(puzzle.rows, 2) + every_band(puzzle.rows):
        inside = {grid for grid in every - {new.solution} if held_outside(grid, new.solution, band)}
        found = other_in_bands(puzzle, new.solution, [band], 10**9)
        assert (found is not None) == bool(inside), band
        if found is not None:
            assert found[0] in inside and solution_problem(puzzle, *found) is None


def test_a_band_search_of_a_generated_puzzle_finds_nothing():
    new = made(2)
    assert other_in_bands(new.puzzle, new.solution, every_band(new.puzzle.rows), 10**9) is None


def test_bands_lie_inside_the_grid_and_the_bottom_one_comes_first():
    assert [band_around(11, r) for r in (0, 5, 10)] == [range(0, 3), range(4, 7), range(8, 11)]
    assert every_band(5) == [range(2, 5), range(1, 4), range(0, 3)]
    assert every_band(2) == [range(0, 2)]


def test_around_a_row_comes_its_band_then_the_row_with_each_other_row_nearest_first():
    bands = around(5, 1)
    assert bands[0] == range(0, 3)
    assert [sorted(b) for b in bands[1:]] == [[0, 1], [1, 2], [1, 3], [1, 4]]


def test_a_check_near_a_row_answers_as_the_whole_search_does():
    """A check that first searches the band around the row whose condition was taken away gives a
    second grid exactly when the whole search has one, and one the rules accept."""
    for seed, r in ((1, 0), (2, 4)):
        new = made(seed)
        puzzle = open_row(new, r)
        every = {grid for grid, _ in grids(puzzle)}
        other = other_grid(puzzle, new.solution, 10**9, near=r)
        assert (other is not None) == (len(every) > 1)
        assert other is None or (other in every and other != new.solution)
