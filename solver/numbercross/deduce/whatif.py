"""The hardest deduction of the human-style Number Cross solver (see ``deduce``):

5. what if: give a region one of its few digits left, put a row's tiles in one of the few ways
   they can still stand, or write one of a cell's two candidates in, and follow the easier
   deductions (1-4) for a while; if they run into a contradiction (a cell that can show nothing,
   a region with no digit), the region does not have that digit, the tiles do not stand that
   way, the cell does not hold that.

Only regions with at most TRIAL_DIGITS digits left, rows with at most TRIAL_WAYS ways left and
cells with TRIAL_VALUES candidates are tried, and each trial follows at most TRIAL_STEPS
deductions, so a person could follow it on paper (and the grade costs a few seconds at most). A
trial that ends without a contradiction proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solver.numbercross.deduce.deductions import TILE, State, Step, after, columns_text, row_text, step, where
from solver.numbercross.deduce.rows import living_layouts
from solver.numbercross.rules.model import NumberCross

TRIAL_DIGITS = 3  # a region is tried when it has at most this many digits left
TRIAL_WAYS = 3  # a row is tried when its tiles can stand in at most this many ways
TRIAL_VALUES = 2  # a cell is tried when it has at most this many candidates left
TRIAL_STEPS = 150  # deductions a trial follows before it gives up

Rule = Callable[[NumberCross, State], Iterator[Step]]


def what_if(puzzle: NumberCross, state: State, easier: tuple[Rule, ...]) -> Iterator[Step]:
    """Each trial that fails: a region's digit, then a row's tile layout, then a cell's candidate."""
    tried = sorted((len(digits), k) for k, digits in state.regions.items() if 1 < len(digits) <= TRIAL_DIGITS)
    for _, k in tried:
        for d in sorted(state.regions[k]):
            trial = State(state.cells, {**state.regions, k: frozenset({d})})
            count, broken = _follow(puzzle, trial, easier)
            if broken is None:
                continue
            found = step("what if", state, f"What if region {k}'s digit were {d}? Following the deductions above, "
                         f"after {count} steps {broken}: so it is not {d}.", None, {k: state.regions[k] - {d}})
            if found:
                yield found
    yield from _what_if_ways(puzzle, state, easier)
    yield from _what_if_cells(puzzle, state, easier)


def _what_if_cells(puzzle: NumberCross, state: State, easier: tuple[Rule, ...]) -> Iterator[Step]:
    """A cell left with two candidates tried each way."""
    for cell, values in state.cells.items():
        if not 1 < len(values) <= TRIAL_VALUES:
            continue
        for value in sorted(values):
            count, why = _follow(puzzle, State({**state.cells, cell: frozenset({value})}, state.regions), easier)
            if why is not None:
                shown = "a tile" if value == TILE else f"a {value}"
                found = step("what if", state, f"What if {where(cell)} were {shown}? After {count} steps {why}: it "
                             "is not.", {cell: values - {value}})
                if found:
                    yield found


def _what_if_ways(puzzle: NumberCross, state: State, easier: tuple[Rule, ...]) -> Iterator[Step]:
    for r in range(puzzle.rows):
        ways = living_layouts(puzzle, state, r)
        if not 2 <= len(ways) <= TRIAL_WAYS:
            continue
        broken = []
        for tiles in ways:
            count, why = _follow(puzzle, State({**state.cells, **_with_tiles(puzzle, state, r, tiles)}, state.regions),
                                 easier)
            if why is not None:
                broken.append((tiles, count, why))
        if not broken:
            continue
        tiles, count, why = broken[0]
        keep: dict = {}
        for other in (t for t in ways if t not in [b[0] for b in broken]):
            for cell, values in _with_tiles(puzzle, state, r, other).items():
                keep[cell] = keep.get(cell, frozenset()) | values
        if not keep:
            keep = {(r, c): frozenset() for c in range(puzzle.cols)}  # no way is left: a contradiction
        others = f" ({len(broken) - 1} other of its ways fails too)" if len(broken) > 1 else ""
        found = step("what if", state, f"What if {row_text(r)}'s tiles stood at {_columns(tiles)} (one of its "
                     f"{len(ways)} ways left)? After {count} steps {why}: they do not{others}.", keep)
        if found:
            yield found


def _with_tiles(puzzle: NumberCross, state: State, r: int, tiles: tuple[int, ...]) -> dict:
    """The row's cells with tiles at these columns and digits everywhere else."""
    return {(r, c): state.cells[(r, c)] & frozenset({TILE}) if c in tiles else state.digits((r, c))
            for c in range(puzzle.cols)}


def _columns(tiles: tuple[int, ...]) -> str:
    """'columns 2 and 6', or none."""
    if not tiles:
        return "no column (one number fills the row)"
    return f"column{'s' if len(tiles) > 1 else ''} {columns_text(tiles)}"


def _follow(puzzle: NumberCross, state: State, easier: tuple[Rule, ...]) -> tuple[int, str | None]:
    """(how many deductions were followed, the contradiction they met or None)."""
    for count in range(TRIAL_STEPS + 1):
        broken = state.broken()
        if broken is not None:
            return count, broken
        found = next((s for rule in easier for s in rule(puzzle, state)), None)
        if found is None:
            return count, None
        state = after(state, found)
    return TRIAL_STEPS, None
