"""An independent check of a completed Number Cross grid against every rule.

Written apart from the search and as plainly as possible: it recovers the region digits by trying
every digit each region could have, and decides whether the tiles can share their digits out
to make the grid with a small maximum flow (tiles -> neighbouring cells), one for each part of the
grid that tiles and the cells beside them join.
"""

from __future__ import annotations

from collections import deque

from solver.numbercross.model import Cell, Grid, NumberCross, numbers, runs

Node = Cell | tuple[str]  # a node of the flow network: a tile, a cell, or ("source",) / ("sink",)


def solution_problem(puzzle: NumberCross, grid: Grid, region_digits: dict[int, int] | None = None) -> str | None:
    """What rule the grid breaks (a sentence), or None if it keeps every rule.

    region_digits (region id -> digit), if given, are the only region digits tried: a solver's claim
    is checked quickly, where trying every digit of a thousand regions could take long."""
    for check in (_shape_problem, _tile_problem, _number_problem):
        problem = check(puzzle, grid)
        if problem is not None:
            return problem
    return _digit_problem(puzzle, grid, region_digits)


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


def _digit_problem(puzzle: NumberCross, grid: Grid, given: dict[int, int] | None) -> str | None:
    """None if some region digits (the given ones, if any) and some split of the tiles' digits make the grid."""
    cells = _cells_by_region(puzzle)
    options = {region: _possible_digits(puzzle, grid, members) for region, members in cells.items()}
    if given is not None:
        options = {region: [d for d in digits if d == given.get(region)] for region, digits in options.items()}
    for region, digits in options.items():
        if not digits:
            return f"no digit for region {region} explains its cells"
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
