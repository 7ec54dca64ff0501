"""Real searches through a sanitized build of the compiled search (run by test_sanitizers in a child
process, with the sanitizer runtime preloaded): python sanitized_searches.py DIRECTORY_OF_CORE.

Every branch of _core.c is walked: packings found and counted in threads (with their stabilisers, a
shared limit and a bound on the rows kept), a search with no packing, a limit, a node budget, a stop
flag, a search that looks at the signal handlers, a search without the region check, inconsistent tables
refused, the classes' canonical forms (rows that do not fit refused), the Bedlam cube's first packings (one
word of cells, counts past the counters' cap), a strip of two words of cells."""

from __future__ import annotations

import sys
from array import array

sys.path.insert(0, sys.argv[1])
import _core  # noqa: E402  (the sanitized build, put in the package's place before the engine loads it)

sys.modules["solver.packing._core"] = _core
sys.modules["solver.packing._front"] = None  # type: ignore[assignment]  # so engine "auto" runs _core.c too

from solver.packing import parse_packing, solve  # noqa: E402
from solver.packing.engine import search  # noqa: E402
from solver.packing.table import build_table  # noqa: E402
from tests.packing.sanitized_common import example, walk_the_bookkeeping  # noqa: E402


def main() -> None:
    walk_the_bookkeeping("c")
    for rows, width in [(array("i", [0, 1, 2]).tobytes(), 2), (array("i", [0, 7]).tobytes(), 2)]:
        try:
            _core.forms(rows, width, array("i", [0, 1, 2, 3]).tobytes(), 4)
            raise AssertionError("forms took rows that do not fit")
        except ValueError:
            pass
    none = solve(parse_packing("packing 3 3 1\npiece V x3: 0 0 0, 1 0 0, 0 1 0\n", "none.txt"), every=True)
    assert none.failure == "no packing"
    table = build_table(example("soma"))
    wide = parse_packing("packing 30 5 1\npiece I x30: 0 0 0, 0 1 0, 0 2 0, 0 3 0, 0 4 0\n", "wide.txt")
    assert search(build_table(wide), engine="c").finished  # 150 cells: three 64-bit words
    two = parse_packing("packing 14 5 1\npiece I x14: 0 0 0, 0 1 0, 0 2 0, 0 3 0, 0 4 0\n", "two.txt")
    assert len(search(build_table(two), engine="c").rows) == 26  # 70 cells: two words, regions grown by shifts
    types, offsets, cells, cover_offsets, cover = table.buffers
    bad = array("i", [99] * (len(cells) // 4)).tobytes()
    try:
        _core.search(len(table.cell_cubes), types, offsets, bad, cover_offsets, cover,
                     array("i", table.counts).tobytes(), bytes(len(table.cell_cubes)), 0, 0)
    except ValueError:
        pass
    else:
        raise AssertionError("an inconsistent table was not refused")
    counts, empty = array("i", table.counts).tobytes(), bytes(len(table.cell_cubes))
    assert _core.search(len(table.cell_cubes), types, offsets, cells, cover_offsets, cover, counts, empty)[1] == 11520
    near_offsets, near = table.neighbour_buffers
    try:  # a neighbour out of range
        _core.search(len(table.cell_cubes), types, offsets, cells, cover_offsets, cover, counts, empty,
                     cell_neighbour_offsets=near_offsets, cell_neighbours=array("i", [99] * (len(near) // 4)).tobytes())
    except ValueError:
        pass
    else:
        raise AssertionError("an inconsistent neighbour table was not refused")
    bedlam = build_table(example("bedlam"))  # 64 cells, all of one word; cells counted past the bit-sliced cap
    assert len(search(bedlam, limit=2, engine="c").rows) == 2
    print("sanitized: ok")


if __name__ == "__main__":
    main()
