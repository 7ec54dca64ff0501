"""The search for every completed grid, one whole row at a time, the most constrained row first.

What passes between two neighbouring rows is small. Seen from the row that was filled first,
each column holds either a tile that sends some amount across, or a cell that needs some amount
from a tile across (0 if none): an ``Edge``. A row is filled given the edges its filled
neighbours left (or with a side still open, if that neighbour is not filled yet): first where its
tiles go (runs of 2+ cells, no tile beside or across a tile, a tile across from each cell that
needs one), then each cell's digit left to right, its region's digit plus what the tiles beside
and across give it. The row's clue prunes each number digit by digit (``Clue.can_start``); a
finished number must keep the clue and not be used twice. Region digits are chosen when a row
first meets the region, never equal to a neighbouring region's digit.

Which row first: the top or the bottom row (the one whose clue can reject partial numbers, else
the one quicker to list, counted with a budget of steps doubled until one of them fits, or the top
one if neither fits in LAST_BUDGET). Then the
filled block grows from that end, one row at a time, except that a row without a clue is passed
over (at an end too) and filled once the rows on both sides of it are. (Rows are filled by the same code whatever
sides are known or open, so other orders can be tried.)

A neighbouring row that is not filled yet prunes the row being filled through its sketches (see
``sketch``): where its tiles can be and how much its cells can take, if its clue allows few of them.

A row's ways are gathered without repeats (splits of a tile's digit that leave the same digits and
the same edges are one way), in the order the walk finds them, and only as far as the search reads
them (see ``rows.RowWays``): a trivially ambiguous puzzle, whose rows have millions of ways, stops
at its second grid after listing a few thousand. A state that leads nowhere, whatever numbers
were used elsewhere, is remembered and not searched again.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass

from solver.numbercross.rules.model import Grid, NumberCross, Row
from solver.numbercross.walk import compiled, sketch
from solver.numbercross.walk.layouts import every_placement, fitting
from solver.numbercross.walk.order import beside, clued_ends
from solver.numbercross.walk.rows import OverBudget, RowWays, first_ways, row_ways
from solver.numbercross.walk.rowtypes import (
    DOWN,
    UNLIMITED,
    UP,
    Digits,
    Edge,
    PuzzleView,
    with_assigned,
)

FIRST_BUDGET = 4_000  # search steps for counting an end row's ways; doubled until one of them fits
LAST_BUDGET = 16_000  # past this, counting costs more than a poor choice of the first row
SKETCH_BUDGET = 5_000  # search steps for listing the sketches of a neighbouring row
SKETCH_CAP = 2_000  # more sketches than this prune too little to be worth their masks
SKETCH_TRIES = 1  # a row whose sketches ran over the budget this often is not sketched again


def region_graph(puzzle: NumberCross) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(region index 0..K-1 per cell, the indices of the regions each region touches)."""
    ids = sorted({i for row in puzzle.regions for i in row})
    index = {i: k for k, i in enumerate(ids)}
    region = tuple(tuple(index[i] for i in row) for row in puzzle.regions)
    touching: list[set[int]] = [set() for _ in ids]
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            a, b = region[cell[0]][cell[1]], region[other[0]][other[1]]
            if a != b:
                touching[a].add(b)
    return region, tuple(tuple(sorted(t)) for t in touching)


def frame(puzzle: NumberCross) -> PuzzleView:
    """The search's view of a puzzle."""
    region, touching = region_graph(puzzle)
    lit = tuple(tuple((r, c) in puzzle.highlighted for c in range(puzzle.cols)) for r in range(puzzle.rows))
    layouts = tuple(every_placement(pattern) for pattern in lit)  # rows highlighted alike share one tuple
    row_regions = tuple(frozenset(row) for row in region)
    testers = tuple(clue.tester() for clue in puzzle.clues)
    return PuzzleView(puzzle, region, lit, touching, layouts, row_regions, testers)


def relevant_digits(view: PuzzleView, rows: list[int], digits: Digits) -> tuple[tuple[int, int], ...]:
    """The digits that filling these rows can depend on: their regions', and their free regions' neighbours'."""
    regions = set().union(*(view.row_regions[r] for r in rows)) if rows else set()
    for k in list(regions):
        if not digits[k]:
            regions.update(view.neighbours[k])
    return tuple((k, digits[k]) for k in sorted(regions))


# ---------------------------------------------------------------------------------------------
# The search over rows


@dataclass
class _Search:
    """The search's memory: the frame, dead states, and each row's ways by context."""

    view: PuzzleView
    dead: set
    ways: dict
    filters: dict
    too_many: list  # per row: how often listing its sketches ran over the budget
    steps: list[int]  # [steps left]: the bound on the whole search, shared with its row walks
    start: str | None = None  # "top" or "bottom": the end row with a clue to start from; None: the quicker


def grids(puzzle: NumberCross, budget: int | None = None,
          start: str | None = None) -> Iterator[tuple[Grid, dict[int, int]]]:
    """Every completed grid that keeps every rule, with the digit of each region id that makes it
    (a grid may come more than once); rows.OverBudget once the search has taken `budget` steps
    (states visited and steps of the row walks). start: "top" or "bottom", the end to fill from
    (by default the one whose first row is quicker to list)."""
    yield from view_grids(frame(puzzle), budget, start)


def view_grids(view: PuzzleView, budget: int | None = None,
               start: str | None = None) -> Iterator[tuple[Grid, dict[int, int]]]:
    """``grids`` of a puzzle as the search reads it (its rows' testers may be narrower than its clues)."""
    puzzle, steps = view.puzzle, [UNLIMITED if budget is None else budget]
    search = _Search(view, set(), {}, {}, [0] * puzzle.rows, steps, start)
    filled: tuple[Row | None, ...] = (None,) * puzzle.rows
    edges: tuple[tuple[Edge | None, Edge | None], ...] = ((None, None),) * puzzle.rows
    digits: Digits = (0,) * len(search.view.neighbours)
    ids = sorted({i for row in puzzle.regions for i in row})  # region index -> region id, as region_graph numbers them
    for grid, chosen in _fill(search, filled, edges, digits, frozenset()):
        yield grid, dict(zip(ids, chosen, strict=True))


def first_end(puzzle: NumberCross) -> str:
    """The end the search starts from by default: "top" or "bottom"."""
    search = _Search(frame(puzzle), set(), {}, {}, [0] * puzzle.rows, [UNLIMITED])
    todo = list(range(puzzle.rows))
    first = _first_row(search, (None,) * puzzle.rows, ((None, None),) * puzzle.rows,
                       (0,) * len(search.view.neighbours), todo)
    return "top" if first == clued_ends(search.view.puzzle.clues, todo)[0] else "bottom"


def _fill(search: _Search, filled: tuple, edges: tuple, digits: Digits,
          used: frozenset[int]) -> Generator[tuple[Grid, Digits], None, bool]:
    """Every completion of the rows not filled yet, with its region digits. Returns whether `used`
    played no part in a dead end."""
    search.steps[0] -= 1
    if search.steps[0] <= 0:
        raise OverBudget
    todo = [r for r, row in enumerate(filled) if row is None]
    if not todo:
        yield tuple(filled), digits
        return True
    key = (_frontier(filled, edges), relevant_digits(search.view, todo, digits))
    if key in search.dead:
        return True
    r, ways = _next_row(search, filled, edges, digits, todo)
    found, clean = False, True
    for row, up, down, assigned, made in ways:
        if used.intersection(made):
            clean = False
            continue
        deeper = _fill(search, filled[:r] + (row,) + filled[r + 1 :], edges[:r] + ((up, down),) + edges[r + 1 :],
                       with_assigned(digits, assigned), used.union(made))
        while True:
            try:
                done = next(deeper)
            except StopIteration as end:
                clean = clean and end.value
                break
            found = True
            yield done
    if not found and clean:
        search.dead.add(key)
    return clean


def _frontier(filled: tuple, edges: tuple) -> tuple:
    """What the rows not filled yet can see of the filled ones: which are filled, and their open edges."""
    rows = len(filled)
    out = []
    for r, row in enumerate(filled):
        if row is not None:
            up_open = r > 0 and filled[r - 1] is None
            down_open = r + 1 < rows and filled[r + 1] is None
            out.append((r, edges[r][UP] if up_open else None, edges[r][DOWN] if down_open else None))
    return tuple(out)


def _next_row(search: _Search, filled: tuple, edges: tuple, digits: Digits,
              todo: list[int]) -> tuple[int, RowWays]:
    """The row to fill next and its ways: an end row to start with, then the row beside the filled block."""
    done = [r for r in range(len(filled)) if filled[r] is not None]
    if not done:
        r = _first_row(search, filled, edges, digits, todo)
    else:
        r = beside(search.view.puzzle.clues, filled, todo)
    ways = _ways(search, r, filled, edges, digits, None)
    assert ways is not None, "with no budget, every way is counted"
    return r, ways


def _first_row(search: _Search, filled: tuple, edges: tuple, digits: Digits, todo: list[int]) -> int:
    """Where to start: the top or the bottom row with a clue, whichever is quicker to list every way of.

    If only one of them has a clue that can reject partial numbers, that one. Else both are counted
    with the same budget of steps, doubled until one of them fits in it (the top first, so that it
    wins a tie), up to LAST_BUDGET; the top if neither does."""
    ends = clued_ends(search.view.puzzle.clues, todo)
    if search.start is not None:
        return ends[0] if search.start == "top" else ends[1]
    prunes = [search.view.puzzle.clues[r].prunes_prefixes for r in ends]
    if prunes[0] != prunes[1]:
        return ends[0] if prunes[0] else ends[1]
    budget = FIRST_BUDGET
    while budget <= LAST_BUDGET:
        for r in dict.fromkeys(ends):
            if _ways(search, r, filled, edges, digits, budget) is not None:
                return r
        budget *= 2
    return ends[0]


def _ways(search: _Search, r: int, filled: tuple, edges: tuple, digits: Digits,
          budget: int | None) -> RowWays | None:
    """Row r's ways in its context: listed as far as they are read, or with a budget, listed whole
    (None if that takes more than budget steps)."""
    rows = len(filled)
    above = edges[r - 1][DOWN] if r > 0 and filled[r - 1] is not None else None
    below = edges[r + 1][UP] if r + 1 < rows and filled[r + 1] is not None else None
    open_up = r > 0 and filled[r - 1] is None
    open_down = r + 1 < rows and filled[r + 1] is None
    near = [a for a in (r - 1, r, r + 1) if 0 <= a < rows]
    key = (r, above, below, open_up, open_down, relevant_digits(search.view, near, digits))
    known = search.ways.get(key)
    if known is not None and (known[0] is not None or budget is not None and known[1] >= budget):
        return known[0]
    filters = (_filter(search, r, UP, filled, edges, digits) if open_up else None,
               _filter(search, r, DOWN, filled, edges, digits) if open_down else None)
    if budget is None:
        ways = RowWays(lambda most: first_ways(search.view, r, above, below, open_up, open_down, digits, most,
                                               filters, search.steps))
    else:
        try:
            ways = RowWays.every(row_ways(search.view, r, above, below, open_up, open_down, digits, budget, filters))
        except OverBudget:
            search.ways[key] = (None, budget)
            return None
    search.ways[key] = (ways, budget)
    return ways


def _filter(search: _Search, r: int, side: int, filled: tuple, edges: tuple, digits: Digits) -> sketch.Filter:
    """The masks of the sketches of the open row on this side of row r (of its tile layouts alone, if
    its sketches are too many)."""
    s = r - 1 if side == UP else r + 1
    found = _row_sketches(search, s, filled, edges, digits)
    if found is None:
        alike = ("layouts", search.view.lit[s])  # rows highlighted alike have the same layouts
        if alike not in search.filters:
            search.filters[alike] = sketch.layout_filter([placement[0] for placement in search.view.layouts[s]])
        return search.filters[alike]
    key = ("masks", s, id(found))
    if key not in search.filters:
        search.filters[key] = (sketch.make_filter(found, search.view.region[s]), found)
    return search.filters[key][0]


def _row_sketches(search: _Search, s: int, filled: tuple, edges: tuple, digits: Digits) -> list | None:
    """The sketches of row s (not filled) beside the filled rows (None if there are too many)."""
    view, rows = search.view, len(filled)
    key = (s, *_near_edges(s, filled, edges),
           relevant_digits(view, [a for a in (s - 1, s, s + 1) if 0 <= a < rows], digits))
    if key in search.filters:
        return search.filters[key]
    if search.too_many[s] >= SKETCH_TRIES:
        return None
    try:
        found = _sketches(view, s, filled, edges, digits, SKETCH_BUDGET, SKETCH_CAP)
    except sketch.TooManySketches:
        search.too_many[s] += 1
        found = None
    search.filters[key] = found
    return found


def _near_edges(s: int, filled: tuple, edges: tuple) -> tuple[Edge | None, Edge | None]:
    """The edges the filled rows above and below row s left it (None where that row is not filled)."""
    above = edges[s - 1][DOWN] if s > 0 and filled[s - 1] is not None else None
    below = edges[s + 1][UP] if s + 1 < len(filled) and filled[s + 1] is not None else None
    return above, below


def _sketches(view: PuzzleView, s: int, filled: tuple, edges: tuple, digits: Digits, budget: int, cap: int) -> list:
    """The sketches of row s given its filled neighbours' edges; sketch.TooManySketches past budget or cap."""
    rows = len(filled)
    above, below = _near_edges(s, filled, edges)
    placements = fitting(view.layouts[s], above, below)
    can_take = tuple(any(0 <= a < rows and not view.lit[a][c] and (edge is None or edge[c][0])
                         for a, edge in ((s - 1, above), (s + 1, below))) for c in range(view.puzzle.cols))
    if compiled.usable(view.puzzle.cols):
        found = compiled.sketches(view, s, placements, can_take, digits, budget, cap)
        if found is None:
            raise sketch.TooManySketches
        return found
    return sketch.sketches([placement[:3] for placement in placements], view.region[s], view.lit[s], can_take,
                           lambda k, d: list(region_choices(view, k, d)), view.testers[s], digits, budget, cap)


def region_choices(view: PuzzleView, k: int, digits: Digits) -> Iterator[tuple[int, Digits]]:
    """(digit, region digits) for region k: its digit, or each digit it may take beside its neighbours."""
    if digits[k]:
        yield digits[k], digits
        return
    taken = {digits[j] for j in view.neighbours[k]}
    for d in range(1, 10):
        if d not in taken:
            yield d, digits[:k] + (d,) + digits[k + 1 :]
