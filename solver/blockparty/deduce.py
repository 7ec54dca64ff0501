"""Block Party solved the way a person solves it: named deductions, tried in a fixed order from
easy to hard, each a true consequence of the rules (none assumes the solution is unique).

The state is what each cell can still hold (its candidates) and which cells have their number
written in. Writing K in a cell strikes K from the rest of its region and from every cell closer
than K (the rules themselves, no deduction). The deductions, easiest first:

1. last number: a cell that can hold only one number gets it;
1. only place: a region's K that only one of its cells can hold goes there;
2. partner: a written K needs another K exactly K away; when only one cell on that ring can
   still hold a K, it gets one;
3. no partner: a cell cannot hold K when no cell exactly K away from it can hold a K;
4. crowded: every place left for a region's K (or for a written K's partner) is closer than K
   to some other cell, which therefore cannot hold K;
5. what if: writing K in a cell of at most three candidates and following deductions 1-4 runs
   into a contradiction (a cell with no number left, a region with no place for a number, a K
   with no partner), so the cell does not hold K.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from solver.blockparty.model import BlockParty, Cell
from solver.grid import cell_text
from solver.text import sentence

Candidates = Mapping[Cell, frozenset[int]]  # what each cell can still hold

RULE_LEVELS = {"last number": 1, "only place": 1, "partner": 2, "no partner": 3, "crowded": 4, "what if": 5}


@dataclass(frozen=True)
class State:
    """What a solver knows: every cell's candidates and the cells whose number is written in."""

    candidates: Candidates
    placed: frozenset[Cell]

    def value(self, cell: Cell) -> int | None:
        """The number written in a cell, or None."""
        return next(iter(self.candidates[cell])) if cell in self.placed else None

    @property
    def solved(self) -> bool:
        return len(self.placed) == len(self.candidates)


@dataclass(frozen=True)
class Step:
    """One deduction: its rule, the numbers it writes in, the candidates it strikes, and why, in words."""

    rule: str
    placed: tuple[tuple[Cell, int], ...]
    removed: tuple[tuple[Cell, int], ...]
    text: str

    @property
    def level(self) -> int:
        return RULE_LEVELS[self.rule]


# ---------------------------------------------------------------------------------------------
# Geometry


@lru_cache(maxsize=65536)
def ring(rows: int, cols: int, cell: Cell, k: int) -> tuple[Cell, ...]:
    """The cells of the grid exactly k steps (taxicab) from cell."""
    r, c = cell
    out = set()
    for dr in range(-k, k + 1):
        dc = k - abs(dr)
        for x in ((r + dr, c + dc), (r + dr, c - dc)):
            if 0 <= x[0] < rows and 0 <= x[1] < cols:
                out.add(x)
    return tuple(sorted(out))


@lru_cache(maxsize=65536)
def near(rows: int, cols: int, cell: Cell, k: int) -> tuple[Cell, ...]:
    """The other cells of the grid closer than k to cell."""
    return tuple(x for d in range(1, k) for x in ring(rows, cols, cell, d))


def distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# ---------------------------------------------------------------------------------------------
# Writing numbers in, striking candidates


def start(puzzle: BlockParty, known: Mapping[Cell, int]) -> State:
    """The state with every region's numbers as candidates and the known numbers written in."""
    candidates = {cell: frozenset(range(1, puzzle.size_of(cell) + 1)) for cell in puzzle.cells()}
    return applied(puzzle, State(candidates, frozenset()), tuple(sorted(known.items())), ())


def applied(puzzle: BlockParty, state: State, placed: tuple[tuple[Cell, int], ...],
            removed: tuple[tuple[Cell, int], ...]) -> State:
    """The state after writing numbers in (each striking itself from its region and from the cells
    closer than it) and striking candidates."""
    candidates = dict(state.candidates)
    for cell, k in removed:
        candidates[cell] = candidates[cell] - {k}
    for cell, k in placed:
        candidates[cell] = candidates[cell] & {k}
        region = puzzle.region_cells[puzzle.region_of(cell)]
        for other in (*region, *near(puzzle.rows, puzzle.cols, cell, k)):
            if other != cell and k in candidates[other]:
                candidates[other] = candidates[other] - {k}
    return State(candidates, state.placed | {cell for cell, _ in placed})


def after(puzzle: BlockParty, state: State, step: Step) -> State:
    return applied(puzzle, state, step.placed, step.removed)


# ---------------------------------------------------------------------------------------------
# Contradictions


def contradiction(puzzle: BlockParty, state: State) -> str | None:
    """What is impossible in a state, in words, or None: a cell with no number left, a region
    with no place for one of its numbers, a written K with no partner left."""
    cands = state.candidates
    for cell, left in cands.items():
        if not left:
            return f"{cell_text(cell)} would have no number left"
    for region, cells in puzzle.region_cells.items():
        for k in range(1, len(cells) + 1):
            if not any(k in cands[cell] for cell in cells):
                return f"{region_name(puzzle, region)} would have no place for its {k}"
    for cell in sorted(state.placed):
        written = state.value(cell)
        if written is not None and not any(written in cands[x] for x in ring(puzzle.rows, puzzle.cols, cell, written)):
            return f"the {written} at {cell_text(cell)} would have no other {written} exactly {written} away"
    return None


# ---------------------------------------------------------------------------------------------
# The deductions, each the first place it applies (reading order), or None


def last_number(puzzle: BlockParty, state: State) -> Step | None:
    for cell in puzzle.cells():
        left = state.candidates[cell]
        if cell not in state.placed and len(left) == 1:
            k = next(iter(left))
            return Step("last number", ((cell, k),), (), f"{sentence(cell_text(cell))} must hold {k}: "
                        f"{_only_number(puzzle, state, cell, k)}.")
    return None


def _only_number(puzzle: BlockParty, state: State, cell: Cell, k: int) -> str:
    """Why a cell can hold only k, in words: each other number of its region is written in the
    region already, or a written one is too close (when few), else in general."""
    size = puzzle.size_of(cell)
    if size == 1:
        return "it is a region of one cell"
    others = [j for j in range(1, size + 1) if j != k]
    if len(others) > 3:
        return f"of 1 to {size}, the numbers of its region, every other is written in the region or ruled out there"
    return "; ".join(_why_not(puzzle, state, cell, j) for j in others)


def _why_not(puzzle: BlockParty, state: State, cell: Cell, j: int) -> str:
    """Why a cell cannot hold j: its region's j is written elsewhere, or a written j is too close."""
    for other in puzzle.region_cells[puzzle.region_of(cell)]:
        if other != cell and state.value(other) == j:
            return f"its region's {j} is at {cell_text(other)}"
    for other in near(puzzle.rows, puzzle.cols, cell, j):
        if state.value(other) == j:
            return f"the {j} at {cell_text(other)} is closer than {j}"
    return f"{j} was ruled out there before"


def only_place(puzzle: BlockParty, state: State) -> Step | None:
    for region, cells in puzzle.region_cells.items():
        for k in range(1, len(cells) + 1):
            spots = [cell for cell in cells if k in state.candidates[cell]]
            if len(spots) == 1 and spots[0] not in state.placed:
                named = sentence(region_name(puzzle, region))
                return Step("only place", ((spots[0], k),), (), f"{named} needs {_a(k)}, and {cell_text(spots[0])} is "
                            "the only cell of it that can still hold one.")
    return None


def partner(puzzle: BlockParty, state: State) -> Step | None:
    for cell in sorted(state.placed):
        k = state.value(cell)
        assert k is not None
        spots = [x for x in ring(puzzle.rows, puzzle.cols, cell, k) if k in state.candidates[x]]
        if len(spots) == 1 and spots[0] not in state.placed:
            return Step("partner", ((spots[0], k),), (), f"The {k} at {cell_text(cell)} needs another {k} exactly "
                        f"{k} away, and {cell_text(spots[0])} is the only cell at that distance that can hold one.")
    return None


def no_partner(puzzle: BlockParty, state: State) -> Step | None:
    for cell in puzzle.cells():
        if cell in state.placed:
            continue
        lonely = sorted(k for k in state.candidates[cell]
                        if not any(k in state.candidates[x] for x in ring(puzzle.rows, puzzle.cols, cell, k)))
        if lonely:
            return Step("no partner", (), tuple((cell, k) for k in lonely), f"{sentence(cell_text(cell))} cannot hold "
                        f"{_numbers(lonely)}: a K needs another K exactly K away, and no cell that far from it can "
                        "hold one.")
    return None


def crowded(puzzle: BlockParty, state: State) -> Step | None:
    for k, spots, whose in _pending_places(puzzle, state):
        if len(spots) > 1:
            shut = [cell for cell in puzzle.cells() if cell not in spots and k in state.candidates[cell]
                    and cell not in state.placed and all(0 < distance(cell, s) < k for s in spots)]
            if shut:
                where = "; ".join(cell_text(s) for s in spots)
                return Step("crowded", (), tuple((cell, k) for cell in shut), f"{whose} must go in one of: {where}. "
                            f"Each is closer than {k} to {_cells(shut)}, which therefore cannot hold {_a(k)}.")
    return None


def _pending_places(puzzle: BlockParty, state: State) -> Iterator[tuple[int, list[Cell], str]]:
    """(K, the cells where a K must still go, whose K it is in words): each region's K not yet
    written in, and each written K whose partner is not yet written in."""
    for region, cells in puzzle.region_cells.items():
        for k in range(1, len(cells) + 1):
            if not any(state.value(cell) == k for cell in cells):
                spots = [cell for cell in cells if k in state.candidates[cell]]
                yield k, spots, f"The {k} of {region_name(puzzle, region)}"
    for cell in sorted(state.placed):
        written = state.value(cell)
        assert written is not None
        spots = [x for x in ring(puzzle.rows, puzzle.cols, cell, written) if written in state.candidates[x]]
        if not any(x in state.placed for x in spots):
            yield written, spots, f"The partner of the {written} at {cell_text(cell)}"


EASY: tuple[Callable[[BlockParty, State], Step | None], ...] = (last_number, only_place, partner, no_partner, crowded)


TRIED = 3  # the most candidates a cell may have for a what-if trial on it


def what_if(puzzle: BlockParty, state: State) -> Step | None:
    """A candidate whose trial, followed by the easier deductions, runs into a contradiction;
    cells with the fewest candidates first, and only cells with at most TRIED of them (as a
    person tries: a cell of two or three; it also bounds the work on a large grid)."""
    open_cells = sorted((cell for cell in puzzle.cells() if cell not in state.placed
                         and len(state.candidates[cell]) <= TRIED),
                        key=lambda cell: (len(state.candidates[cell]), cell))
    for cell in open_cells:
        for k in sorted(state.candidates[cell]):
            trial = applied(puzzle, state, ((cell, k),), ())
            why = closure(puzzle, trial, EASY)[1]
            if why is not None:
                return Step("what if", (), ((cell, k),), f"If {cell_text(cell)} held {k}, then, following the "
                            f"easier deductions, {why}; so it does not hold {k}.")
    return None


DEDUCTIONS = (*EASY, what_if)


def next_step(puzzle: BlockParty, state: State,
              deductions: tuple[Callable[[BlockParty, State], Step | None], ...] = DEDUCTIONS) -> Step | None:
    """The easiest deduction that applies, or None when they have run out."""
    for deduction in deductions:
        step = deduction(puzzle, state)
        if step is not None:
            return step
    return None


def closure(puzzle: BlockParty, state: State,
            deductions: tuple[Callable[[BlockParty, State], Step | None], ...]) -> tuple[State, str | None]:
    """The state after every deduction that applies, and the contradiction met on the way (or None)."""
    while (why := contradiction(puzzle, state)) is None:
        step = next_step(puzzle, state, deductions)
        if step is None:
            return state, None
        state = after(puzzle, state, step)
    return state, why


def region_name(puzzle: BlockParty, region: int) -> str:
    """A region as a person finds it on the sheet: 'the 6-cell region at row 1, column 2' (its first cell)."""
    cells = puzzle.region_cells[region]
    return f"the {len(cells)}-cell region at {cell_text(cells[0])}"


def _a(k: int) -> str:
    """'a 5', 'an 8', 'an 11'."""
    return f"an {k}" if str(k).startswith("8") or k in (11, 18) else f"a {k}"


def _numbers(ks: list[int]) -> str:
    return " or ".join(map(str, ks)) if len(ks) < 3 else ", ".join(map(str, ks[:-1])) + f" or {ks[-1]}"


def _cells(cells: list[Cell]) -> str:
    shown = [cell_text(cell) for cell in cells[:4]]
    more = f" and {len(cells) - 4} more cells" if len(cells) > 4 else ""
    return "; ".join(shown) + more
