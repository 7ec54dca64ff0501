"""An independent check of a completed Number Cross grid against every rule.

Written apart from the search and as plainly as possible: it recovers the region digits by trying
every digit each region could have, and decides whether the tiles can share their digits out
to make the grid with a small maximum flow (tiles -> neighbouring cells).
"""

from __future__ import annotations

from collections import deque

from solver.numbercross.model import Cell, Grid, NumberCross, numbers, runs

Node = Cell | tuple[str]  # a node of the flow network: a tile, a cell, or ("source",) / ("sink",)


def solution_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    """What rule the grid breaks (a sentence), or None if it keeps every rule."""
    for check in (_shape_problem, _tile_problem, _number_problem, _digit_problem):
        problem = check(puzzle, grid)
        if problem is not None:
            return problem
    return None


def _shape_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        return f"the grid is not {puzzle.rows} rows of {puzzle.cols} cells"
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is not None and (type(value) is not int or not 1 <= value <= 9):
                return f"cell ({r}, {c}) holds {value!r}, not a digit 1-9 or a tile"
    return None


def _tile_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    for cell in _tiles(grid):
        if cell in puzzle.highlighted:
            return f"a tile stands on the highlighted cell {cell}"
        for other in puzzle.neighbours(cell):
            if grid[other[0]][other[1]] is None:
                return f"the tiles at {cell} and {other} share an edge"
    return None


def _number_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    for r, row in enumerate(grid):
        for first, last in runs(row):
            if first == last:
                return f"row {r}: the run at column {first} has a single digit"
    seen: dict[int, int] = {}
    for placed in numbers(grid):
        clue = puzzle.clues[placed.row]
        if not clue.holds(placed.value):
            return f"row {placed.row}: {placed.value} is not '{clue.text}'"
        if placed.value in seen:
            return f"{placed.value} appears twice (rows {seen[placed.value]} and {placed.row})"
        seen[placed.value] = placed.row
    return None


def _digit_problem(puzzle: NumberCross, grid: Grid) -> str | None:
    """None if some region digits and some split of the tiles' digits make the grid."""
    cells = _cells_by_region(puzzle)
    options = {region: _possible_digits(puzzle, grid, members) for region, members in cells.items()}
    for region, digits in options.items():
        if not digits:
            return f"no digit for region {region} explains its cells"
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

    if assign(0):
        return None
    return "no region digits and no split of the tiles' digits make this grid"


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
