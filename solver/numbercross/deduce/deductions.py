"""Number Cross solved the way a person solves it: named deductions, tried in a fixed order from
easy to hard, each a true consequence of the rules (none assumes the solution is unique).

The state is what each cell can still show (a digit 1-9, or TILE) and the digit each region can
still have. A cell shows its region's digit plus whatever the tiles beside it add. The
deductions, easiest first (cells are (row, col), 0-based):

1. no tile here: a highlighted cell, a cell beside a tile, or one whose tile would leave a
   one-digit number beside it, is no tile;
1. as its region: a cell nothing can be added to (highlighted, or no neighbour can be a tile)
   shows its region's digit, and a cell shows at least its region's digit;
1. region borders: a region whose digit is known rules that digit out for the regions it touches;
2. clue digits (see ``deduce_digits``): a row whose clue is a product of digits holds only digits dividing it; a cell
   that ends a number holds a digit such numbers can end with (odd, even, prime, multiple of N,
   square), and one that starts a palindrome one it can end with;
2. tile sharing: what tiles can give and cells can take (see ``deduce_tiles``);
3. number candidates, 4. row candidates: see ``deduce_rows``;
5. what if: see ``deduce_whatif``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from solver.grid import cell_text
from solver.numbercross.rules.model import Cell, NumberCross
from solver.text import listed

TILE = 0  # among a cell's candidates: the cell holds a tile
DIGITS = frozenset(range(1, 10))
ANYTHING = DIGITS | {TILE}
SHOWN = 3  # cells a step names before 'and N more'
Candidates = Mapping[Cell, frozenset[int]]  # what each cell can still show

RULE_LEVELS = {"no tile here": 1, "as its region": 1, "region borders": 1, "clue digits": 2, "tile sharing": 2,
               "number candidates": 3, "row candidates": 4, "what if": 5}


@dataclass(frozen=True)
class State:
    """What a solver knows: each cell's candidates (TILE among them) and each region's digits."""

    cells: Candidates
    regions: Mapping[int, frozenset[int]]

    def digits(self, cell: Cell) -> frozenset[int]:
        """The digits the cell can still show (without TILE)."""
        return self.cells[cell] - {TILE}

    def can_tile(self, cell: Cell) -> bool:
        return TILE in self.cells[cell]

    def is_tile(self, cell: Cell) -> bool:
        return self.cells[cell] == {TILE}

    def open_cells(self) -> list[Cell]:
        return [cell for cell, values in self.cells.items() if len(values) > 1]

    @property
    def solved(self) -> bool:
        return all(len(values) == 1 for values in self.cells.values())

    def broken(self) -> str | None:
        """Where the state contradicts itself (a cell or region with nothing left), or None."""
        cell = next((cell for cell, values in self.cells.items() if not values), None)
        if cell is not None:
            return f"{where(cell)} can show nothing"
        region = next((k for k, values in self.regions.items() if not values), None)
        return None if region is None else f"region {region} can have no digit"


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, what each cell and region it narrows keeps, and why, in words."""

    rule: str
    cells: tuple[tuple[Cell, frozenset[int]], ...]
    regions: tuple[tuple[int, frozenset[int]], ...]
    text: str
    writes: bool  # some cell is decided by it (a digit or a tile written in)

    @property
    def level(self) -> int:
        return RULE_LEVELS[self.rule]


where = cell_text  # a cell as a person counts it: 'row 1, column 1' for (0, 0)


def row_text(r: int) -> str:
    """A row as a person counts it: 'row 1' for row 0."""
    return f"row {r + 1}"


def columns_text(columns: tuple[int, ...]) -> str:
    """Columns as a person counts them: '1, 4 and 7' for (0, 3, 6)."""
    return listed([c + 1 for c in columns])


def values_words(values: frozenset[int]) -> str:
    """'is a tile', 'holds 5', 'is no tile', 'holds 1 or 5', 'is a tile or holds 2-4 or 6'."""
    digits = values - {TILE}
    if not digits:
        return "is a tile"
    if TILE in values:
        return f"is a tile or holds {digit_words(digits)}"
    return "is no tile" if len(digits) == 9 else f"holds {digit_words(digits)}"


def digit_words(digits: frozenset[int]) -> str:
    """'5', '1 or 5', '1, 3 or 5-9': runs of three or more digits as a range."""
    parts: list[str] = []
    run: list[int] = []
    for d in [*sorted(digits), None]:
        if d is not None and run and d == run[-1] + 1:
            run.append(d)
            continue
        if run:
            parts += [f"{run[0]}-{run[-1]}"] if len(run) >= 3 else list(map(str, run))
        run = [] if d is None else [d]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}" if parts else "nothing"


def narrowed(state: State, cells: Mapping[Cell, frozenset[int]] | None = None,
             regions: Mapping[int, frozenset[int]] | None = None) -> tuple[tuple, tuple, bool] | None:
    """(cells narrowed, regions narrowed, whether a cell is decided): what intersecting the state
    with these candidates changes; None when it changes nothing."""
    cell_changes = tuple((cell, state.cells[cell] & keep) for cell, keep in (cells or {}).items()
                         if state.cells[cell] - keep)
    region_changes = tuple((k, state.regions[k] & keep) for k, keep in (regions or {}).items()
                           if state.regions[k] - keep)
    if not cell_changes and not region_changes:
        return None
    return cell_changes, region_changes, any(len(values) <= 1 for _, values in cell_changes)


def step(rule: str, state: State, text: str, cells: Mapping[Cell, frozenset[int]] | None = None,
         regions: Mapping[int, frozenset[int]] | None = None) -> Step | None:
    """The step that narrows the state this way, or None if it changes nothing."""
    found = narrowed(state, cells, regions)
    return None if found is None else Step(rule, found[0], found[1], text, found[2])


def start(puzzle: NumberCross, known: Candidates) -> State:
    """Every cell a tile or any digit, every region any digit, then what is known written in."""
    cells = {cell: ANYTHING & known.get(cell, ANYTHING) for cell in puzzle.cells()}
    regions = {k: DIGITS for row in puzzle.regions for k in row}
    return State(cells, regions)


def after(state: State, done: Step) -> State:
    return State({**state.cells, **dict(done.cells)}, {**state.regions, **dict(done.regions)})


# ---------------------------------------------------------------------------------------------
# Level 1: tiles apart, runs of two, a cell and its region


def no_tile_here(puzzle: NumberCross, state: State) -> Iterator[Step]:
    yield from _never_tiles(puzzle, state)
    for cell in puzzle.cells():
        if state.can_tile(cell) and len(state.cells[cell]) > 1 and (why := _no_tile_reason(puzzle, state, cell)):
            yield Step("no tile here", ((cell, state.digits(cell)),), (), f"{where(cell)} is no tile: {why}.",
                       len(state.digits(cell)) == 1)


def _never_tiles(puzzle: NumberCross, state: State) -> Iterator[Step]:
    """The rules themselves, all at once: no tile on a highlighted cell, nor next to the edge's cell."""
    edge = (1, puzzle.cols - 2)
    cells = [cell for cell in puzzle.cells() if cell in puzzle.highlighted or cell[1] in edge]
    found = step("no tile here", state, f"No tile stands on a highlighted cell, nor in column "
                 f"{edge[0] + 1} or {edge[1] + 1} (it would leave a one-digit number at the edge): "
                 f"{len(cells)} cells are no tiles.",
                 {cell: DIGITS for cell in cells})
    if found:
        yield found


def _no_tile_reason(puzzle: NumberCross, state: State, cell: Cell) -> str | None:
    tile = next((other for other in puzzle.neighbours(cell) if state.is_tile(other)), None)
    if tile is not None:
        return f"it is beside the tile at {where(tile)}"
    r, c = cell
    for side, beyond in ((c - 1, c - 2), (c + 1, c + 2)):
        if 0 <= side < puzzle.cols and 0 <= beyond < puzzle.cols and state.is_tile((r, beyond)):
            return f"a tile there would leave {where((r, side))}, next to the tile at {where((r, beyond))}, " \
                   "a one-digit number"
    return None


def receivers(puzzle: NumberCross, cell: Cell) -> list[Cell]:
    """The neighbours a tile here could add to: those not highlighted."""
    return [other for other in puzzle.neighbours(cell) if other not in puzzle.highlighted]


def can_receive(puzzle: NumberCross, state: State, cell: Cell) -> bool:
    """Whether a tile beside the cell could add to it."""
    return cell not in puzzle.highlighted and any(state.can_tile(other) for other in puzzle.neighbours(cell))


def as_its_region(puzzle: NumberCross, state: State) -> Iterator[Step]:
    for k, members in region_cells(puzzle).items():
        fixed = [cell for cell in members if not can_receive(puzzle, state, cell)]
        yield from _shows_its_region(puzzle, state, k, fixed)
    for k, members in region_cells(puzzle).items():
        found = _at_least_its_region(puzzle, state, k, members)
        if found:
            yield found
    for cell in puzzle.cells():
        found = _caps_its_region(puzzle, state, cell)
        if found:
            yield found


def _at_least_its_region(puzzle: NumberCross, state: State, k: int, members: list[Cell]) -> Step | None:
    """A cell shows at least its region's digit."""
    low = min(state.regions[k], default=9)
    keep = frozenset(range(low, 10)) | {TILE}
    narrowed_cells = [cell for cell in members if state.cells[cell] - keep]
    return step("as its region", state, f"Region {k}'s digit is at least {low}, so each of its cells shows at least "
                f"{low}: {named_cells(narrowed_cells)} narrowed.", {cell: keep for cell in narrowed_cells})


def _caps_its_region(puzzle: NumberCross, state: State, cell: Cell) -> Step | None:
    """A cell that is no tile caps its region's digit at its own largest digit."""
    if state.can_tile(cell):
        return None
    k, high = puzzle.region_of(cell), max(state.digits(cell), default=0)
    return step("as its region", state, f"{where(cell)} is no tile and shows at most {high}, so region {k}'s digit "
                f"is at most {high}.", None, {k: frozenset(range(1, high + 1))})


def named_cells(cells: list[Cell]) -> str:
    """'row 1, column 2; row 1, column 3; row 1, column 4 and 4 more'."""
    more = f" and {len(cells) - SHOWN} more" if len(cells) > SHOWN else ""
    return "; ".join(map(where, cells[:SHOWN])) + more


def _shows_its_region(puzzle: NumberCross, state: State, k: int, fixed: list[Cell]) -> Iterator[Step]:
    """Cells nothing can be added to show their region's digit: each keeps the region's digits, and
    the region keeps the digits of each that is no tile."""
    region = state.regions[k]
    for cell in fixed:
        region &= state.cells[cell] if not state.can_tile(cell) else DIGITS
    if not fixed:
        return
    found = step("as its region", state, f"Nothing can be added to {named_cells(fixed)} (highlighted, or no "
                 f"neighbour can be a tile): a digit there is region {k}'s, {digit_words(region)}.",
                 {cell: region | {TILE} for cell in fixed}, {k: region})
    if found:
        yield found


@lru_cache(maxsize=16)
def region_cells(puzzle: NumberCross) -> dict[int, list[Cell]]:
    out: dict[int, list[Cell]] = {}
    for cell in puzzle.cells():
        out.setdefault(puzzle.region_of(cell), []).append(cell)
    return out


def region_borders(puzzle: NumberCross, state: State, touching: Mapping[int, frozenset[int]]) -> Iterator[Step]:
    for k, digits in state.regions.items():
        if len(digits) == 1:
            (d,) = digits
            others = {j: DIGITS - {d} for j in touching[k]}
            regions = sorted(touching[k])
            them = f"region {regions[0]}, which it touches, does" if len(regions) == 1 else \
                f"the regions it touches, {listed(regions)}, do"
            found = step("region borders", state, f"Region {k} has digit {d}, so {them} not.", None, others)
            if found:
                yield found


def touching_regions(puzzle: NumberCross) -> dict[int, frozenset[int]]:
    """Region id -> the ids of the regions that share an edge with it."""
    out: dict[int, set[int]] = {k: set() for row in puzzle.regions for k in row}
    for cell in puzzle.cells():
        for other in puzzle.neighbours(cell):
            if puzzle.region_of(other) != puzzle.region_of(cell):
                out[puzzle.region_of(cell)].add(puzzle.region_of(other))
    return {k: frozenset(v) for k, v in out.items()}
