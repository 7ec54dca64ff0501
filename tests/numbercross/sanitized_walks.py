"""Real walks through a sanitized build of the compiled row walk (run by test_sanitizers in a child
process, with the sanitizer runtime preloaded): python sanitized_walks.py DIRECTORY_OF_WALK.

Every branch of _walk.c is walked: a generation (search walks with and without sketch filters,
one word and several, bands held to a planted grid, sketch listings over budget and over their
cap, the planting's shuffled walks), the Number Cross 5 solve, a budget and a most, Memo tables
that grow, and bad arguments refused."""

from __future__ import annotations

import random
import sys

sys.path.insert(0, sys.argv[1])
import _walk  # noqa: E402  (the sanitized build, put in the package's place before the solver loads it)

sys.modules["solver.numbercross._walk"] = _walk

from solver.numbercross import search  # noqa: E402
from solver.numbercross.generate.generator import generate  # noqa: E402
from solver.numbercross.rules.parse import parse_number_cross  # noqa: E402
from solver.numbercross.solve import solve  # noqa: E402
from solver.numbercross.walk import compiled, rows, sketch  # noqa: E402
from tests.conftest import EXAMPLES  # noqa: E402


def main() -> None:
    assert compiled.ENGINE is _walk
    generate(5, 5, random.Random(1))
    generate(7, 7, random.Random(3))
    assert len(solve(parse_number_cross((EXAMPLES / "number-cross-5.txt").read_text())).solutions) == 1
    puzzle = parse_number_cross((EXAMPLES / "number-cross-example.txt").read_text())
    view = search.frame(puzzle)
    digits = (0,) * len(view.neighbours)
    for budget in (1, 5, 50, 500):
        try:
            rows.row_ways(view, 0, None, None, False, True, digits, budget)
        except rows.OverBudget:
            pass
    wide = sketch.layout_filter([p[0] for p in view.layouts[1]] * 3)  # more than 64 layouts: several words
    rows.row_ways(view, 0, None, None, False, True, digits, None, (None, wide))
    assert len(rows.first_ways(view, 0, None, None, False, True, digits, 3, (None, None))[0]) == 3
    memo = _walk.Memo(lambda prefix, k, length: prefix % 7 != 3)
    assert all(memo(p, 1, 9) == (p % 7 != 3) for p in range(5000))  # the table grows several times
    assert memo(10**40, 41, 41)
    for bad in ((puzzle.cols,), ()):
        try:
            _walk.fill(*bad)
        except TypeError:
            pass
    print("sanitized: ok")


if __name__ == "__main__":
    main()
