"""The nets count held to a second, independent count: every polyomino of the box's area (grown a
cell at a time, as test_nets grows them), folded by rolling it over the box in 3D, with nothing
shared with the search (no ``solver.surface`` state tables, no ``solver.folding``). Published
counts: the cube has 11 nets; 1x1x2 has 723 (hidny, github.com/hidny/weirdMathStuff,
cuboidNetSearch/READ_ME.md).

The convention the two share: two nets are the same when one is the other turned or turned over;
every grid adjacency of the polyomino is a fold or a flat crease on the box (no "invisible cut",
a slit between two cells side by side), so the count is of polyominoes, not of cut patterns.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from solver.grid import Cell
from solver.nets import find_nets
from solver.polyomino import canonical
from tests.nets.test_nets import free_polyominoes  # grows the polyominoes only: no folding in it

Vector = tuple[int, int, int]
Place = tuple[Vector, Vector, Vector, Vector]  # (doubled centre, normal, up, right) of a cell on the box
GRID_STEPS = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}  # row/col step -> up, right, down, left


def surface_places(box: Vector) -> list[Place]:
    """Every unit square of the box's surface with each of its 8 frames (up, right in the face)."""
    sides = np.array(box)
    out = []
    for axis, high in product(range(3), (0, 1)):
        normal = np.zeros(3, int)
        normal[axis] = 1 if high else -1
        others = [a for a in range(3) if a != axis]
        for u, v in product(range(box[others[0]]), range(box[others[1]])):
            centre = np.zeros(3, int)
            centre[axis] = 2 * sides[axis] * high
            centre[others[0]], centre[others[1]] = 2 * u + 1, 2 * v + 1
            for up in _in_face(axis):
                for right in (np.cross(normal, up), -np.cross(normal, up)):
                    out.append((_t(centre), _t(normal), _t(up), _t(right)))
    return out


def _in_face(axis: int) -> list[np.ndarray]:
    return [sign * np.eye(3, dtype=int)[a] for a in range(3) if a != axis for sign in (1, -1)]


def _t(v: np.ndarray) -> Vector:
    return int(v[0]), int(v[1]), int(v[2])


def roll(box: Vector, place: Place, step: int) -> Place:
    """The place of the cell one grid step away (0 up, 1 right, 2 down, 3 left): straight on in
    the face, or over the edge onto the next face, the frame turning with the paper."""
    centre, normal, up, right = (np.array(v) for v in place)
    move = (up, right, -up, -right)[step]
    ahead = centre + 2 * move
    axis = int(np.flatnonzero(move)[0])
    if 0 < ahead[axis] < 2 * box[axis]:
        return _t(ahead), place[1], place[2], place[3]

    def over(v: np.ndarray) -> np.ndarray:
        return v if not v @ move else (v @ move) * -normal

    return _t(centre + move - normal), _t(move), _t(over(up)), _t(over(right))


def roll_table(box: Vector) -> tuple[list[list[int]], list[Vector]]:
    """(per place, by index in ``surface_places``: the place one grid step away, up right down
    left; per place, its square's doubled centre)."""
    places = surface_places(box)
    index = {place: i for i, place in enumerate(places)}
    return [[index[roll(box, place, step)] for step in range(4)] for place in places], [p[0] for p in places]


def folds(cells: tuple[Cell, ...], moves: list[list[int]], square: list[Vector]) -> bool:
    """True if the polyomino, its first cell laid on some place, rolls over the box keeping every
    grid adjacency and covering each square once."""
    present = set(cells)
    for start in range(len(moves)):
        placed, squares, queue, ok = {cells[0]: start}, {square[start]}, [cells[0]], True
        while queue and ok:
            cell = queue.pop()
            for (dr, dc), step in GRID_STEPS.items():
                nb = (cell[0] + dr, cell[1] + dc)
                if nb not in present:
                    continue
                there = moves[placed[cell]][step]
                if nb in placed:
                    ok = placed[nb] == there
                elif square[there] in squares:
                    ok = False
                else:
                    placed[nb] = there
                    squares.add(square[there])
                    queue.append(nb)
                if not ok:
                    break
        if ok:
            return True
    return False


def independent_nets(box: Vector) -> set[tuple[Cell, ...]]:
    a, b, c = box
    moves, square = roll_table(box)
    return {p for p in free_polyominoes(2 * (a * b + b * c + c * a)) if folds(p, moves, square)}


def test_rolling_a_step_and_back_returns_to_the_same_place_on_every_square():
    box = (1, 2, 3)
    for place in surface_places(box):
        for step in range(4):
            assert roll(box, roll(box, place, step), (step + 2) % 4) == place


@pytest.mark.parametrize("box, published", [((1, 1, 1), 11), ((1, 1, 2), 723)])
def test_the_search_lists_exactly_the_nets_of_the_independent_count(box, published):
    independent = independent_nets(box)
    assert len(independent) == published
    result = find_nets([box], jobs=1)
    assert result.complete and {canonical(net) for net in result.nets} == independent


def test_the_parallel_search_lists_the_same_nets_as_one_process():
    box = (1, 1, 2)
    assert find_nets([box], jobs=2).nets == find_nets([box], jobs=1).nets
