"""An independent check of a completed Number Cross grid against every rule.

Written apart from the search and as plainly as possible: it recovers the region digits by trying
every digit each region could have, and decides whether the tiles can share their digits out
to make the grid with a small maximum flow (tiles -> neighbouring cells), one for each part of the
grid that tiles and the cells beside them join. ``broken_rules`` lists every rule broken and where
(``foldkit check``); ``solution_problem`` is the first of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import chain

from solver.broken import Broken
from solver.grid import cell_text
from solver.numbercross.rules.model import Cell, Grid, NumberCross, numbers, runs

Node = Cell | tuple[str]  # a node of the flow network: a tile, a cell, or ("source",) / ("sink",)


def broken_rules(puzzle: NumberCross, grid: Grid, region_digits: dict[int, int] | None = None) -> Iterator[Broken]:
    """Every rule the grid breaks, and where, lazily (the first costs little). A grid of the wrong
    shape is judged no further; the digits are judged only once tiles and numbers are sound.

    region_digits (region id -> digit), if given, are the only region digits tried: a solver's claim
    is checked quickly, where trying every digit of a thousand regions could take long."""
    shape = list(_shape_broken(puzzle, grid))
    if shape:
        yield from shape
        return
    placed = list(chain(_tile_broken(puzzle, grid), _number_broken(puzzle, grid)))
    yield from placed
    if not placed:
        yield from _digit_broken(puzzle, grid, region_digits)


def solution_problem(puzzle: NumberCross, grid: Grid, region_digits: dict[int, int] | None = None) -> str | None:
    """What rule the grid breaks (a sentence), or None if it keeps every rule (region_digits: as
    for broken_rules)."""
    first = next(broken_rules(puzzle, grid, region_digits), None)
    return first.text if first else None


def _shape_broken(puzzle: NumberCross, grid: Grid) -> Iterator[Broken]:
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        yield Broken("shape", "the grid", f"the grid is not {puzzle.rows} rows of {puzzle.cols} cells")
        return
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is not None and (type(value) is not int or not 1 <= value <= 9):
                yield Broken("shape", cell_text((r, c)), f"{cell_text((r, c))} holds {value!r}, not a digit 1-9 "
                                                         "or a tile")


def _tile_broken(puzzle: NumberCross, grid: Grid) -> Iterator[Broken]:
    for cell in _tiles(grid):
        if cell in puzzle.highlighted:
            yield Broken("tile", cell_text(cell), f"a tile stands on the highlighted cell at {cell_text(cell)}")
        for other in puzzle.neighbours(cell):
            if other > cell and grid[other[0]][other[1]] is None:
                yield Broken("tile", cell_text(cell), f"the tiles at {cell_text(cell)} and {cell_text(other)} "
                                                      "share an edge")


def _number_broken(puzzle: NumberCross, grid: Grid) -> Iterator[Broken]:
    for r, row in enumerate(grid):
        for first, last in runs(row):
            if first == last:
                yield Broken("run", cell_text((r, first)), f"row {r + 1}: the run at column {first + 1} has a "
                                                           "single digit")
    seen: dict[int, int] = {}
    for placed in numbers(grid):
        if placed.cols[0] == placed.cols[1]:
            continue  # a single digit is no number: the run rule has named it
        clue = puzzle.clues[placed.row]
        where = f"row {placed.row + 1}, columns {placed.cols[0] + 1}-{placed.cols[1] + 1}"
        if not clue.holds(placed.value):
            yield Broken("clue", where, f"row {placed.row + 1}: {placed.value} is not '{clue.text}'")
        if placed.value in seen:
            yield Broken("repeat", where, f"{placed.value} appears twice (rows {seen[placed.value] + 1} and "
                                          f"{placed.row + 1})")
        seen.setdefault(placed.value, placed.row)


def _digit_broken(puzzle: NumberCross, grid: Grid, given: dict[int, int] | None) -> Iterator[Broken]:
    """A region no one digit explains (of the given ones, if any); else, when no region digits and
    no split of the tiles' digits make the grid, that."""
    cells = _cells_by_region(puzzle)
    options = {region: _possible_digits(puzzle, grid, members) for region, members in cells.items()}
    if given is not None:
        options = {region: [d for d in digits if d == given.get(region)] for region, digits in options.items()}
    empty = [region for region, digits in options.items() if not digits]
    for region in empty:
        yield Broken("region", f"region {region}", _why_no_digit(puzzle, grid, region, cells[region]))
    if empty or _region_digits_exist(puzzle, grid, options):
        return
    yield Broken("sharing", "the tiles", "no region digits and no split of the tiles' digits make this grid")


def _why_no_digit(puzzle: NumberCross, grid: Grid, region: int, members: list[Cell]) -> str:
    """Why no one digit fits the region: two cells no tile can add to hold different digits, or
    one holds more than another cell of the region."""
    fixed = [cell for cell in members if grid[cell[0]][cell[1]] is not None and not _can_receive(puzzle, grid, cell)]
    digits = [cell for cell in members if grid[cell[0]][cell[1]] is not None]
    low = min(digits, key=lambda cell: grid[cell[0]][cell[1]] or 0)
    for a in fixed:
        for b in (*fixed, low):
            if grid[a[0]][a[1]] != grid[b[0]][b[1]]:
                va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
                return (f"region {region} has one digit, but {cell_text(a)} holds {va} and no tile can add to it, "
                        f"while {cell_text(b)} holds {vb}")
    return f"no digit for region {region} explains its cells"


def _region_digits_exist(puzzle: NumberCross, grid: Grid, options: dict[int, list[int]]) -> bool:
    """Whether some digits, one per region from its options, differing across region borders,
    let the tiles share their digits out to make the grid."""
    touching = _touching_regions(puzzle)
    parts = _flow_parts(puzzle, grid)
    order = _region_order(puzzle, options, parts)
    place = {region: i for i, region in enumerate(order)}
    checks: list[list[set[Cell]]] = [[] for _ in order]  # the parts whose regions all have a digit once order[i] has
    for part in parts:
        checks[max(place[puzzle.region_of(cell)] for cell in part)].append(part)
    chosen: dict[int, int] = {}
    # Backtracking with an explicit stack (one iterator of digits per region placed), so that a
    # thousand regions do not reach Python's recursion limit; each part of the tiles' sharing is
    # checked as soon as its regions have digits, so that a grid of many tiles is not exponential.
    stack = [iter(options[order[0]])]  # a puzzle has at least one region
    while stack:
        i = len(stack) - 1
        chosen.pop(order[i], None)
        for digit in stack[-1]:
            if all(chosen.get(other) != digit for other in touching[order[i]]):
                chosen[order[i]] = digit
                if all(_shares_out(puzzle, grid, chosen, part) for part in checks[i]):
                    break
                del chosen[order[i]]
        if order[i] not in chosen:
            stack.pop()
        elif len(stack) < len(order):
            stack.append(iter(options[order[len(stack)]]))
        else:
            return True
    return False


def _cells_by_region(puzzle: NumberCross) -> dict[int, list[Cell]]:
    out: dict[int, list[Cell]] = {}
    for cell in puzzle.cells():
        out.setdefault(puzzle.region_of(cell), []).append(cell)
    return out


def _possible_digits(puzzle: NumberCross, grid: Grid, members: list[Cell]) -> list[int]:
    """The digits a region could have: no more than any of its cells, equal to each cell nothing can add to."""
    digits = set(range(1, 10))
    for r, c in members:
        value = grid[r][c]
        if value is None:
            continue
        digits &= set(range(1, value + 1))
        if not _can_receive(puzzle, grid, (r, c)):
            digits &= {value}
    return sorted(digits)


def _can_receive(puzzle: NumberCross, grid: Grid, cell: Cell) -> bool:
    return cell not in puzzle.highlighted and any(grid[r][c] is None for r, c in puzzle.neighbours(cell))


def _touching_regions(puzzle: NumberCross) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {puzzle.region_of(cell): set() for cell in puzzle.cells()}
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            if puzzle.region_of(other) != puzzle.region_of(cell):
                out[puzzle.region_of(cell)].add(puzzle.region_of(other))
    return out


def _tiles(grid: Grid) -> list[Cell]:
    return [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value is None]


def _flow_parts(puzzle: NumberCross, grid: Grid) -> list[set[Cell]]:
    """The tiles and the cells beside them that can receive, in parts joined by tile-cell edges
    (each part shares its tiles' digits out on its own)."""
    parts: list[set[Cell]] = []
    placed: set[Cell] = set()
    for tile in _tiles(grid):
        if tile in placed:
            continue
        part, todo = {tile}, [tile]
        while todo:
            for other in _flow_neighbours(puzzle, grid, todo.pop()):
                if other not in part:
                    part.add(other)
                    todo.append(other)
        placed |= part
        parts.append(part)
    return parts


def _flow_neighbours(puzzle: NumberCross, grid: Grid, cell: Cell) -> list[Cell]:
    """A tile's neighbours that can receive from it, or a receiving cell's neighbouring tiles."""
    tile = grid[cell[0]][cell[1]] is None
    return [n for n in puzzle.neighbours(cell) if n not in puzzle.highlighted and cell not in puzzle.highlighted
            and (grid[n[0]][n[1]] is None) != tile]


def _region_order(puzzle: NumberCross, options: dict[int, list[int]], parts: list[set[Cell]]) -> list[int]:
    """The regions with one possible digit, then the others part by part (fewest digits first within a
    part), then the rest: a part's regions meet the digits they must differ from before it is checked."""
    order = dict.fromkeys(sorted(k for k in options if len(options[k]) == 1))
    for part in parts:
        order.update(dict.fromkeys(sorted({puzzle.region_of(cell) for cell in part}, key=lambda k: len(options[k]))))
    order.update(dict.fromkeys(sorted(options, key=lambda k: len(options[k]))))
    return list(order)


def _shares_out(puzzle: NumberCross, grid: Grid, digit: dict[int, int], part: set[Cell]) -> bool:
    """Whether every tile of the part can give exactly its region's digit to neighbours so each cell gets
    exactly its excess."""
    supply = {cell: digit[puzzle.region_of(cell)] for cell in part if grid[cell[0]][cell[1]] is None}
    demand = {}
    for r, c in part:
        value = grid[r][c]
        if value is not None and value > digit[puzzle.region_of((r, c))]:
            demand[(r, c)] = value - digit[puzzle.region_of((r, c))]
    if sum(supply.values()) != sum(demand.values()):
        return False
    edges = {tile: _flow_neighbours(puzzle, grid, tile) for tile in supply}
    return _max_flow(supply, demand, edges) == sum(supply.values())


def _max_flow(supply: dict[Cell, int], demand: dict[Cell, int], edges: dict[Cell, list[Cell]]) -> int:
    """The most that can flow source -> tiles (supply) -> cells (demand) -> sink (Edmonds-Karp)."""
    source: Node = ("source",)
    sink: Node = ("sink",)
    capacity: dict[Node, dict[Node, int]] = {source: {}, sink: {}}

    def add(a: Node, b: Node, amount: int) -> None:
        capacity.setdefault(a, {})[b] = capacity.get(a, {}).get(b, 0) + amount
        capacity.setdefault(b, {}).setdefault(a, 0)

    for tile, amount in supply.items():
        add(source, tile, amount)
        for cell in edges[tile]:
            add(tile, cell, 9)
    for cell, amount in demand.items():
        add(cell, sink, amount)
    total = 0
    while True:
        parent: dict[Node, Node | None] = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for nxt, cap in capacity[node].items():
                if cap > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if sink not in parent:
            return total
        path, node = [], sink
        while (before := parent[node]) is not None:
            path.append((before, node))
            node = before
        pushed = min(capacity[a][b] for a, b in path)
        for a, b in path:
            capacity[a][b] -= pushed
            capacity[b][a] += pushed
        total += pushed
