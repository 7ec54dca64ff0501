"""Real searches through a sanitized build of the nets search (run by tests/sanitizers.py in a child process,
with the sanitizer runtime preloaded): python sanitized_nets.py DIRECTORY_OF_SEARCH.

Every branch of _search.c is walked: one box (the cube, 1x1x2), two boxes with the pair flood (1x1x5 and 1x2x3's
2263 common nets), two and three copies of one box (every orbit of the others), a limit met by the first finds
(every_find), a run split into parts, and inconsistent tables refused."""

from __future__ import annotations

import sys

sys.path.insert(0, sys.argv[1])
import _search  # noqa: E402  (the sanitized build, put in the package's place before the search loads it)

sys.modules["solver.nets._search"] = _search

from solver.nets import search  # noqa: E402
from solver.nets.find import _search_plan, count_nets, find_nets  # noqa: E402
from solver.nets.plan import make_plan  # noqa: E402
from solver.nets.search import compiled_run  # noqa: E402


def main() -> None:
    assert search._search is _search
    assert find_nets([(1, 1, 1)], engine="c").count == 11
    assert find_nets([(1, 1, 2)], engine="c", jobs=1).count == 723
    assert count_nets([(1, 1, 5), (1, 2, 3)], engine="c", jobs=1) == 2263
    for copies in (2, 3):
        found, count, complete = _search_plan(((1, 1, 2),) * copies, 0, True, True)
        assert complete and count == len(set(found)) == 723
    first = find_nets([(2, 2, 2)], limit=50, engine="c")
    assert first.count == 50 and not first.complete
    plan = make_plan(((1, 1, 2),))
    assert sum(compiled_run(plan, plan.runs[0], 0, True, part=part, parts=3)[1] for part in range(3)) == \
        compiled_run(plan, plan.runs[0], 0, False)[1]
    try:
        _search.search(area=plan.area, steps=plan.steps.tobytes()[:-4], orbits=plan.orbits.tobytes(),
                       roots=plan.runs[0], pinned_symmetry=plan.pinned_symmetry.tobytes(),
                       frame_turns=plan.frame_turns.tobytes(), limit=0, want_cells=False, every_find=False, part=0,
                       parts=1)
    except ValueError:
        pass
    else:
        raise AssertionError("inconsistent tables were not refused")
    print("sanitized: ok")


if __name__ == "__main__":
    main()
