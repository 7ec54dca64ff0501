"""An independent check of a completed Number Cross grid against every rule.

Written apart from the search and as plainly as possible: it recovers the region digits by trying
every digit each region could have, and decides whether the tiles can share their digits out
to make the grid with a small maximum flow (tiles -> neighbouring cells). ``broken_rules`` lists
every rule broken and where (``foldkit check``); ``solution_problem`` is the first of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import chain

from solver.broken import Broken
from solver.grid import cell_text
from solver.numbercross.model import Cell, Grid, NumberCross, numbers, runs

Node = Cell | tuple[str]  # a node of the flow network: a tile, a cell, or ("source",) / ("sink",)


def broken_rules(puzzle: NumberCross, grid: Grid) -> Iterator[Broken]:
    """Every rule the grid breaks, and where, lazily (the first costs little). A grid of the wrong
    shape is judged no further; the digits are judged only once tiles and numbers are sound."""
    shape = list(_shape_broken(puzzle, grid))
    if shape:
        yield from shape
        return
    placed = list(chain(_tile_broken(puzzle, grid), _number_broken(puzzle, grid)))
    yield from placed
    if not placed:
        yield from _digit_broken(puzzle, grid)


def solution_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    """What rule the grid breaks (a sentence), or None if it keeps every rule."""
    first = next(broken_rules(puzzle, grid), None)
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


def _digit_broken(puzzle: NumberCross, grid: Grid) -> Iterator[Broken]:
    """A region no one digit explains; else, when no region digits and no split of the tiles'
    digits make the grid, that."""
    cells = _cells_by_region(puzzle)
    options = {region: _possible_digits(puzzle, grid, members) for region, members in cells.items()}
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
    order = sorted(options, key=lambda region: len(options[region]))
    chosen: dict[int, int] = {}

    def assign(i: int) -> bool:
        if i == len(order):
            return _shares_out(puzzle, grid, chosen)
        region = order[i]
        for digit in options[region]:
            if all(chosen.get(other) != digit for other in touching[region]):
                chosen[region] = digit
                if assign(i + 1):
                    return True
                del chosen[region]
        return False

    return assign(0)


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


def _shares_out(puzzle: NumberCross, grid: Grid, digit: dict[int, int]) -> bool:
    """Whether every tile can give exactly its region's digit to neighbours so each cell gets exactly its excess."""
    supply = {tile: digit[puzzle.region_of(tile)] for tile in _tiles(grid)}
    demand = {}
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is not None and value > digit[puzzle.region_of((r, c))]:
                demand[(r, c)] = value - digit[puzzle.region_of((r, c))]
    if sum(supply.values()) != sum(demand.values()):
        return False
    edges = {tile: [n for n in puzzle.neighbours(tile) if n not in puzzle.highlighted and grid[n[0]][n[1]] is not None]
             for tile in supply}
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
