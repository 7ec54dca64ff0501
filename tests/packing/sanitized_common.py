"""What the sanitized packing drivers (sanitized_searches.py, sanitized_sparse.py, sanitized_front.py) walk alike:
the bookkeeping every packing search shares (solver/packing/search.h). Import it after the sanitized module is put
in the package's place."""

from __future__ import annotations

from solver.packing import PackingPuzzle, census, parse_packing
from solver.packing.engine import Counting, Task, search
from solver.packing.solve import count_packings
from solver.packing.table import build_table
from tests.conftest import EXAMPLES


def example(name: str) -> PackingPuzzle:
    return parse_packing((EXAMPLES / f"{name}.txt").read_text(), f"{name}.txt")


def walk_the_bookkeeping(engine: str) -> None:
    """One engine's packings counted in threads with their stabilisers (engine "auto" must take it), pieces with
    many copies, a limit the threads share with a bound on the rows kept, a stop flag, a node budget, and a task
    that is a packing already."""
    soma = census(example("soma"))
    assert (soma.packings, soma.classes) == (11520, 240)
    assert census(example("mixed-2x3x4")).packings == 11172
    assert census(example("l-tricubes")).packings == 44  # four copies of one piece
    table = build_table(example("soma"))
    assert len(search(table, limit=3, engine=engine).rows) == 3
    limited = count_packings(table, engine=engine, limit=500, keep=7)  # threads share the limit and the rows kept
    assert limited.limited and limited.packings >= 500 and len(limited.representatives) <= 7
    stopped = Counting()
    stopped.stop()
    assert search(table, engine=engine, counting=stopped).nodes == 0
    assert search(table, max_nodes=10, engine=engine).nodes == 10
    row = search(table, limit=1, engine=engine).rows[0]
    whole = search(table, Task(row, (0,) * len(table.counts)), engine=engine)  # a packing already
    assert (whole.packings, whole.rows) == (1, [row])
