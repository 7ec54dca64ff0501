"""The deductions of a Number Cross that list a row's numbers (see ``deduce`` for the others):

3. number candidates: a run of cells known to be a whole number (tiles or the edge at both ends)
   can hold only the numbers its clue allows from the digits left, listed when they are few, and
   none written in whole elsewhere (no number twice).
4. row candidates: each way the row's tiles can still stand, and for each number it leaves the
   candidates its clue allows from the digits left (listed only within a budget of steps; a
   number with too many is judged by its last and first digits alone); a cell keeps what some
   way still allows. The rows beside narrow it through the cells' digits and tiles (deduce).

Every number a row's list holds is checked by the clue itself, so the lists are exact; a list
cut off by the budget only keeps candidates, never strikes one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from math import prod

from solver.numbercross.deduce.deductions import (
    DIGITS,
    TILE,
    State,
    Step,
    digit_words,
    row_text,
    step,
    values_words,
    where,
)
from solver.numbercross.deduce.digits import first_digits, last_digits
from solver.numbercross.rules.clues import Clue
from solver.numbercross.rules.model import NumberCross

Domains = tuple[frozenset[int], ...]  # the digits each cell of a number can still hold
Support = tuple[frozenset[int], ...]  # per cell of a number: the digits some allowed number puts there

SEGMENT_STEPS = 2_000  # digits tried listing one number's candidates; past it, only first and last digits count
LISTED = 400  # numbers a list keeps; past it, the same
MAX_WAYS = 1_000  # a row whose tiles can stand in more ways than this is not weighed whole
SPLIT_DIGITS = 4  # a row tries each digit of a region with at most this many left
SHOWN_NUMBERS = 4  # numbers named in a step's words
SHOWN_CELLS = 2  # cells named in a step's words



# ---------------------------------------------------------------------------------------------
# Listing a number's candidates


STRONG = frozenset({"square", "cube", "fibonacci", "triangular", "power", "product", "sum", "more-than-square"})
# (clues that cut a number short after a few digits: worth listing whatever the digits left)


@lru_cache(maxsize=256)
def _tester(clue: Clue) -> Callable[[int, int, int], bool]:
    return clue.tester()


@lru_cache(maxsize=65_536)
def numbers(clue: Clue, domains: Domains) -> tuple[int, ...] | None:
    """Every number with these digits the clue allows, or None past SEGMENT_STEPS or LISTED (at
    once when the digits allow more numbers than that and the clue cannot cut a number short)."""
    if prod(map(len, domains)) > SEGMENT_STEPS and not any(c.word in STRONG for c in clue.conditions):
        return None
    length, found, steps, test = len(domains), [], [SEGMENT_STEPS], _tester(clue)
    order = [sorted(d) for d in domains]

    def walk(k: int, prefix: int) -> bool:
        if k == length:
            found.append(prefix)
            return len(found) <= LISTED
        for d in order[k]:
            steps[0] -= 1
            if steps[0] < 0:
                return False
            if test(prefix * 10 + d, k + 1, length) and not walk(k + 1, prefix * 10 + d):
                return False
        return True

    return tuple(found) if walk(0, 0) else None


def allowed(clue: Clue, domains: Domains, used: frozenset[int]) -> tuple[int, ...] | None:
    """The numbers listed for these digits but those used elsewhere in the grid (no number twice)."""
    listed = numbers(clue, domains)
    return None if listed is None else tuple(n for n in listed if n not in used)


@lru_cache(maxsize=65_536)
def support(clue: Clue, domains: Domains, used: frozenset[int] = frozenset()) -> Support:
    """Per cell, the digits some allowed number puts there (all empty: no number fits); for an
    unlisted number, its digits with the first and last ones judged by the clue alone."""
    listed = allowed(clue, domains, used)
    if listed is None:
        out = list(domains)
        out[0], out[-1] = out[0] & first_digits(clue), out[-1] & last_digits(clue)
        return tuple(out) if all(out) else tuple(frozenset() for _ in domains)
    return tuple(frozenset(int(str(n)[k]) for n in listed) for k in range(len(domains)))


def _domains(state: State, r: int, first: int, last: int) -> Domains:
    return tuple(state.digits((r, c)) for c in range(first, last + 1))


def number_candidates(puzzle: NumberCross, state: State) -> Iterator[Step]:
    """A run of cells with tiles or the edge at both ends is one number: it holds what its clue allows."""
    for r, clue in enumerate(puzzle.clues):
        used = used_elsewhere(puzzle, state, r)
        for first, last in whole_numbers(puzzle, state, r):
            domains = _domains(state, r, first, last)
            listed = allowed(clue, domains, used)
            if listed is None:
                continue
            kept = support(clue, domains, used)
            said = ", ".join(map(str, listed[:SHOWN_NUMBERS])) + (", ..." if len(listed) > SHOWN_NUMBERS else "")
            text = (f"columns {first + 1}-{last + 1} of {row_text(r)} are one number ('{clue.text}'): "
                    f"from the digits left, {len(listed)} can stand there ({said or 'none'}).")
            found = step("number candidates", state, text, {(r, first + k): kept[k] for k in range(len(kept))})
            if found:
                yield found


def used_elsewhere(puzzle: NumberCross, state: State, r: int) -> frozenset[int]:
    """The numbers written in whole (every digit known, tiles or the edge at both ends) in the other rows."""
    out = set()
    for other in range(puzzle.rows):
        for first, last in whole_numbers(puzzle, state, other) if other != r else ():
            digits = _domains(state, other, first, last)
            if all(len(d) == 1 for d in digits):
                out.add(int("".join(str(min(d)) for d in digits)))
    return frozenset(out)


def whole_numbers(puzzle: NumberCross, state: State, r: int) -> Iterator[tuple[int, int]]:
    """(first, last) column of each run of 2+ cells known to hold digits, with tiles or the edge at both ends."""
    c = 0
    while c < puzzle.cols:
        end = c
        while end < puzzle.cols and not state.can_tile((r, end)):
            end += 1
        bounded = (c == 0 or state.is_tile((r, c - 1))) and (end == puzzle.cols or state.is_tile((r, end)))
        if end - c >= 2 and bounded:
            yield c, end - 1
        c = end + 1


# ---------------------------------------------------------------------------------------------
# A whole row


@lru_cache(maxsize=4_096)
def layouts(can_tile: tuple[bool, ...], must_tile: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """The tile columns of every way a row's tiles can stand: only where a tile can, wherever one
    must, none side by side, numbers of two or more digits between them."""
    cols, out = len(can_tile), []

    def extend(c: int, run: int, tiles: tuple[int, ...]) -> None:
        if c == cols:
            if run != 1:
                out.append(tiles)
            return
        if not must_tile[c]:
            extend(c + 1, run + 1, tiles)
        if can_tile[c] and run != 1 and not (tiles and tiles[-1] == c - 1):
            extend(c + 1, 0, (*tiles, c))

    extend(0, 0, ())
    return tuple(out)


def row_candidates(puzzle: NumberCross, state: State) -> Iterator[Step]:
    for r, clue in enumerate(puzzle.clues):
        found = _row_step(puzzle, state, r, clue)
        if found:
            yield found


RowCell = tuple[frozenset[int], int, bool]  # a cell's digits left, its region id, whether a tile across can add to it
RowSupport = tuple[list[frozenset[int]], list[tuple[int, frozenset[int]]], int]


def _row_view(puzzle: NumberCross, state: State, r: int) -> tuple[tuple[RowCell, ...], tuple, tuple]:
    """(each cell of row r as a RowCell, the row's regions with their digits, its tile layouts)."""
    row = [(r, c) for c in range(puzzle.cols)]
    across = tuple((state.digits(cell), puzzle.region_of(cell), cell not in puzzle.highlighted and any(
        state.can_tile(other) for other in puzzle.neighbours(cell) if other[0] != r)) for cell in row)
    regions = tuple(sorted((k, state.regions[k]) for k in {puzzle.region_of(cell) for cell in row}))
    ways = layouts(tuple(state.can_tile(cell) for cell in row), tuple(state.is_tile(cell) for cell in row))
    return across, regions, ways


def living_layouts(puzzle: NumberCross, state: State, r: int) -> list[tuple[int, ...]]:
    """The tile columns of each way row r's tiles can stand that leaves numbers its clue allows."""
    across, regions, ways = _row_view(puzzle, state, r)
    if len(ways) > MAX_WAYS:
        return []
    numbers_at: dict = {}
    clue = puzzle.clues[r]
    return [tiles for tiles in ways if _layout_support(clue, across, dict(regions), tiles, numbers_at) is not None]


def _row_step(puzzle: NumberCross, state: State, r: int, clue: Clue) -> Step | None:
    row = [(r, c) for c in range(puzzle.cols)]
    across, regions, ways = _row_view(puzzle, state, r)
    if len(ways) > MAX_WAYS:
        return None  # a long open row: too many ways for a person to weigh (and for the grade to stay quick)
    keep, region_keep, alive = row_support(clue, across, regions, ways, used_elsewhere(puzzle, state, r))
    found = step("row candidates", state, "", {cell: keep[c] for c, cell in enumerate(row)}, dict(region_keep))
    if found is None:
        return None
    changed = sorted(found.cells, key=lambda change: len(change[1]))  # decided cells first
    named = [f"{where(cell)} {values_words(values)}" for cell, values in changed[:SHOWN_CELLS]]
    named += [f"region {k}'s digit is {digit_words(digits)}" for k, digits in found.regions]
    left = len(changed) - SHOWN_CELLS
    more = f"; {left} more cell{'s' if left > 1 else ''} narrowed" if left > 0 else ""
    text = (f"{row_text(r)} ('{clue.text}'): {alive} of its {len(ways)} tile layouts leave numbers the clue allows: "
            f"{'; '.join(named) or 'nothing fits'}{more}.")
    return Step(found.rule, found.cells, found.regions, text, found.writes)


@lru_cache(maxsize=4_096)
def row_support(clue: Clue, across: tuple[RowCell, ...], regions: tuple[tuple[int, frozenset[int]], ...],
                ways: tuple[tuple[int, ...], ...], used: frozenset[int] = frozenset()) -> RowSupport:
    """(what each cell can show, the digits each region of the row can have, how many tile
    layouts some region digit leaves alive): each digit of a region with at most SPLIT_DIGITS
    left tried in turn, the other regions' digits left open (all of them, if no region has so few)."""
    cols = len(across)
    keep = [frozenset(DIGITS | {TILE})] * cols
    region_keep, alive = [], 0
    split: list[tuple[int | None, frozenset[int]]] = [(k, digits) for k, digits in regions
                                                      if len(digits) <= SPLIT_DIGITS] or [(None, frozenset({0}))]
    for k, digits in split:
        union: list[set[int]] = [set() for _ in range(cols)]
        kept, living = set(), set()
        for d in digits:
            assumed = dict(regions) if k is None else {**dict(regions), k: frozenset({d})}
            numbers_at: dict[tuple[int, int], tuple[Support, int | None]] = {}
            for n, tiles in enumerate(ways):
                found = _layout_support(clue, across, assumed, tiles, numbers_at, used)
                if found is not None:
                    kept.add(d)
                    living.add(n)
                    for c, values in enumerate(found):
                        union[c] |= values
        keep = [keep[c] & frozenset(union[c]) for c in range(cols)]
        if k is not None:
            region_keep.append((k, frozenset(kept)))
        alive = max(alive, len(living))
    return keep, region_keep, alive


def _layout_support(clue: Clue, across: tuple[RowCell, ...], digits: dict[int, frozenset[int]],
                    tiles: tuple[int, ...], numbers_at: dict, used: frozenset[int] = frozenset()
                    ) -> list[frozenset[int]] | None:
    """What each cell of the row can show with the tiles at these columns and these region digits,
    or None if some number fits nowhere (or two numbers can only be the same one). numbers_at
    keeps each number's (support, its only number or None) for the next layouts."""
    cols = len(across)
    out: list[frozenset[int]] = [frozenset({TILE})] * cols
    bounds = [-1, *tiles, cols]
    single: set[int] = set()
    for before, after in zip(bounds, bounds[1:], strict=False):
        first, last = before + 1, after - 1
        if first > last:
            continue
        if (first, last) not in numbers_at:
            numbers_at[(first, last)] = _number_support(clue, across, digits, first, last, used)
        kept, only = numbers_at[(first, last)]
        if not kept[0] or only in single:
            return None  # a number fits nowhere, or two numbers can only be the same one
        if only is not None:
            single.add(only)
        out[first : last + 1] = kept
    return out


def _number_support(clue: Clue, across: tuple[RowCell, ...], digits: dict[int, frozenset[int]], first: int,
                    last: int, used: frozenset[int]) -> tuple[Support, int | None]:
    """(the support of the number from first to last, with tiles or the edge at both ends; the one
    number it can be, if only one)."""
    cols = len(across)
    domains = tuple(_cell_digits(across[c], digits, (c == first and c > 0) or (c == last and c < cols - 1))
                    for c in range(first, last + 1))
    listed = allowed(clue, domains, used)
    return support(clue, domains, used), listed[0] if listed is not None and len(listed) == 1 else None
def _cell_digits(cell: RowCell, digits: dict[int, frozenset[int]], tile_beside: bool) -> frozenset[int]:
    """The digits a cell can show: its region's digit if nothing can be added to it, else at least that."""
    left, k, receives = cell
    region = digits[k]
    if receives or tile_beside:
        return left & frozenset(range(min(region), 10))
    return left & region
