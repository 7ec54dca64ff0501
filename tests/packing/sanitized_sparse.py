"""Real searches through a sanitized build of the search for large targets (run by tests/sanitizers.py in a child
process, with the sanitizer runtime preloaded): python sanitized_sparse.py DIRECTORY_OF_SPARSE.

Every branch of _sparse.c is walked: engine.WIDE_CELLS is set to 0, so every target goes to it (and _front.c is
hidden, so engine "auto" takes it too): packings found and counted in threads (with their stabilisers, a shared
limit and a bound on the rows kept), pieces with many copies, a search with no packing, a node budget, a stop
flag, a task that is a packing already, the signal handlers looked at, a target of five words of cells, and
inconsistent tables refused."""

from __future__ import annotations

import sys
from array import array

sys.path.insert(0, sys.argv[1])
import _sparse  # noqa: E402  (the sanitized build, put in the package's place before the engine loads it)

sys.modules["solver.packing._sparse"] = _sparse
sys.modules["solver.packing._front"] = None  # type: ignore[assignment]  # so engine "auto" runs _sparse.c too

from solver.packing import engine, parse_packing, solve  # noqa: E402
from solver.packing.engine import search  # noqa: E402
from solver.packing.table import build_table  # noqa: E402
from tests.packing.sanitized_common import example, walk_the_bookkeeping  # noqa: E402

engine.WIDE_CELLS = 0  # every target is wide: _sparse.c searches them all


def refused(**table) -> bool:
    """Whether _sparse.search refuses the table with a ValueError."""
    try:
        _sparse.search(**table)
    except ValueError:
        return True
    return False


def main() -> None:
    assert engine.core_module(1) is _sparse
    walk_the_bookkeeping("c")
    none = solve(parse_packing("packing 3 3 1\npiece V x3: 0 0 0, 1 0 0, 0 1 0\n", "none.txt"), every=True)
    assert none.failure == "no packing"
    table = build_table(example("soma"))
    wide = build_table(parse_packing("packing 30 10 1\npiece I x60: 0 0 0, 0 1 0, 0 2 0, 0 3 0, 0 4 0\n", "w.txt"))
    assert len(search(wide, limit=3, engine="c").rows) == 3  # 300 cells: five 64-bit words
    assert search(wide, max_nodes=20_000, engine="c").packings > 0  # past a look at the signal handlers
    plain = dict(table.search_arguments, counts=array("i", table.counts).tobytes(),
                 occupied=bytes(len(table.cell_cubes)))
    assert _sparse.search(**plain)[1] == 11520
    cells = plain["placement_cells"]
    assert isinstance(cells, bytes)
    assert refused(**dict(plain, placement_cells=array("i", [99] * (len(cells) // 4)).tobytes()))
    assert refused(**dict(plain, placement_cells=cells[:-4]))
    assert refused(**dict(plain, ncells=len(table.cell_cubes) + 1))
    assert refused(**plain, chosen=array("i", [10 ** 6]).tobytes())
    print("sanitized: ok")


if __name__ == "__main__":
    main()
