"""Real searches through a sanitized build of the front search (run by test_sanitizers in a child process,
with the sanitizer runtime preloaded): python sanitized_front.py DIRECTORY_OF_FRONT.

Every branch of _front.c is walked: packings counted in threads with their stabilisers, a shared limit and
a bound on the rows kept; the pockets (one copy of each piece) and every empty cell (many copies); regions
grown by shifts in one word (6x10) and two (the Y cube), and cell by cell (a board with holes); a task
that is a packing already; a node budget, a stop flag, the signal handlers; inconsistent input refused."""

from __future__ import annotations

import sys
from array import array

sys.path.insert(0, sys.argv[1])
import _front  # noqa: E402  (the sanitized build, put in the package's place before the engine loads it)

sys.modules["solver.packing._front"] = _front

from solver.packing import parse_packing  # noqa: E402
from solver.packing.challenge import completion_puzzle  # noqa: E402
from solver.packing.engine import Counting, Task, search  # noqa: E402
from solver.packing.records import search_records, task_records  # noqa: E402
from solver.packing.solve import solve_one  # noqa: E402
from solver.packing.table import build_table  # noqa: E402
from tests.conftest import ROOT  # noqa: E402
from tests.packing.sanitized_common import example, walk_the_bookkeeping  # noqa: E402


def main() -> None:
    walk_the_bookkeeping("front")
    table = build_table(example("soma"))
    for name in ("soma", "l-tricubes"):  # the work a stopped search hands off (pockets; every cell counted)
        puzzle_table = build_table(example(name))
        rest: list[Task] = []
        first = search(puzzle_table, max_nodes=40, engine="front", rest=rest)
        assert rest and first.packings + sum(search(puzzle_table, task, engine="front").packings for task in rest) \
            == search(puzzle_table, engine="front").packings
    for name in ("soma", "l-tricubes"):  # a unit's tasks in one call, its budget dealing out the work left
        unit_table = build_table(example(name))
        whole = search(unit_table, engine="front")
        first = search_records(unit_table, task_records([Task((), unit_table.counts, 2)]), 40, Counting(keep=-1),
                               keep=3, ways=2)
        after = [search_records(unit_table, records, 0, Counting()) for records in first.rest]
        assert first.packings + sum(found.packings for found in after) == 2 * whole.packings
    try:
        _front.search_tasks(table.front, array("i", [1, 2, 0, 0]).tobytes())
    except ValueError:
        pass
    else:
        raise AssertionError("a task placing a placement twice was not refused")
    board = ROOT / "bench" / "packing" / "pentominoes-6x10.txt"
    assert len(search(build_table(parse_packing(board.read_text(), str(board))), limit=20).rows) == 20
    y_cube = build_table(example("y-pentacube"))  # 125 cells: two words
    assert len(search(y_cube, limit=5, engine="front").rows) == 5
    scott = example("scott-pentominoes")
    rest = completion_puzzle(scott, list(solve_one(scott, 1))[:4])  # a board with holes
    assert search(build_table(rest), engine="front").packings >= 1
    types, offsets, cells = table.buffers[:3]
    order, copies = array("i", range(len(table.cell_cubes))).tobytes(), array("i", table.counts).tobytes()
    for bad in (array("i", [99] * (len(cells) // 4)).tobytes(), cells[:-4]):
        try:
            _front.prepare(len(table.cell_cubes), types, offsets, bad, *table.neighbour_buffers, order, copies)
        except ValueError:
            pass
        else:
            raise AssertionError("an inconsistent table was not refused")
    print("sanitized: ok")


if __name__ == "__main__":
    main()
