"""The count does not depend on where the search pins its first cell.

The compiled search keeps one find of each net by rules that depend on the pinned square (the turns that keep
it, the other squares of its orbit, the runs of the other boxes): pinned on a square of each orbit of each box,
in turn, it must meet every net exactly once all the same. Area 22's 1x2x3 has the pinned square of area 46's
1x3x5 in small: an orbit of 2 on a box of 8 symmetries (4 keep the square).
"""

from __future__ import annotations

import pytest

from solver.nets.find import as_box
from solver.nets.plan import FRAMES, make_plan
from solver.nets.search import compiled, compiled_run
from solver.surface import surface_states

pytestmark = pytest.mark.skipif(not compiled(), reason="the compiled nets search is not built")


def count_pinned(boxes: tuple, pin: tuple[int, int] | None) -> int:
    """The nets of the boxes with the first cell pinned on (box, square), or where the search pins it (None)."""
    plan = make_plan(boxes, pin)
    return sum(compiled_run(plan, roots, 0, False)[1] for roots in plan.runs)


def one_square_per_orbit(boxes: tuple) -> list[tuple[int, int]]:
    """(box, square) for the first square of each orbit of each box, boxes in the order of their sides."""
    pins = []
    for b, graph in enumerate(sorted((surface_states(box) for box in boxes), key=lambda g: g.box)):
        orbits = set()
        for square in range(len(graph.square) // FRAMES):
            orbit = frozenset((graph.symmetry[:, FRAMES * square] // FRAMES).tolist())
            if orbit not in orbits:
                orbits.add(orbit)
                pins.append((b, square))
    return pins


BOXES = {"1x1x5 1x2x3": ((1, 1, 5), (1, 2, 3)), "1x1x3": ((1, 1, 3),), "1x2x2": ((1, 2, 2),)}
CASES = [(name, pin) for name, sides in BOXES.items() for pin in one_square_per_orbit(tuple(map(as_box, sides)))]


@pytest.fixture(scope="module")
def default_counts() -> dict[str, int]:
    """Each case's count with the first cell pinned where the search pins it."""
    return {name: count_pinned(tuple(map(as_box, sides)), None) for name, sides in BOXES.items()}


def test_area_22_count_is_the_published_one(default_counts):
    assert default_counts["1x1x5 1x2x3"] == 2263


@pytest.mark.parametrize(("name", "pin"), CASES, ids=[f"{name} box {b + 1} square {q + 1}" for name, (b, q) in CASES])
def test_every_pin_meets_every_net_once(name, pin, default_counts):
    assert count_pinned(tuple(map(as_box, BOXES[name])), pin) == default_counts[name]


def test_each_box_has_several_orbits_to_pin():
    assert all(sum(case[0] == name for case in CASES) >= 2 for name in BOXES)
