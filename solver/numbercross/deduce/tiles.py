"""The deductions of a Number Cross about what tiles share out (level 2; see ``deduce``): a cell
that must show more than its region's digit needs tiles beside it (one whose help the others
cannot make up for is a tile); a tile gives its whole digit away (a neighbour gets what the
others cannot take; no tile where the neighbours cannot take its digit); a cell shows at most its
region's digit plus the digits of the neighbours that can be tiles."""

from __future__ import annotations

from collections.abc import Iterator

from solver.numbercross.deduce.deductions import DIGITS, TILE, State, Step, can_receive, receivers, step, where
from solver.numbercross.rules.model import Cell, NumberCross


def tile_sharing(puzzle: NumberCross, state: State) -> Iterator[Step]:
    for cell in puzzle.cells():
        for found in (_needs_a_tile(puzzle, state, cell), _no_room(puzzle, state, cell),
                      _most_it_gets(puzzle, state, cell), *_gives_it_all(puzzle, state, cell)):
            if found:
                yield found


def _needs_a_tile(puzzle: NumberCross, state: State, cell: Cell) -> Step | None:
    """A cell that must show more than its region's digit gets it from tiles beside it: one whose
    help the others cannot make up for is a tile."""
    k = puzzle.region_of(cell)
    need = min(state.digits(cell), default=0) - max(state.regions[k])
    if state.can_tile(cell) or need <= 0:
        return None
    tiles = [other for other in puzzle.neighbours(cell) if state.can_tile(other)]
    gives = {t: max(state.regions[puzzle.region_of(t)]) for t in tiles}
    for t in tiles:
        others = sum(gives.values()) - gives[t]
        if not state.is_tile(t) and others < need:
            said = f"the other neighbours that can be tiles give at most {others}" if len(tiles) > 1 else \
                "no other neighbour can be a tile"
            return step("tile sharing", state, f"{where(cell)} shows at least {need} more than region {k}'s digit, "
                        f"and {said}: {where(t)} is a tile.", {t: frozenset({TILE})})
    return None


def _gives_it_all(puzzle: NumberCross, state: State, cell: Cell) -> Iterator[Step | None]:
    """A tile gives its whole digit away: each neighbour gets at least what the others cannot
    take, and one that no other tile can reach gets at most what the others leave over."""
    if not state.is_tile(cell):
        return
    low_gift, high_gift = min(state.regions[puzzle.region_of(cell)]), max(state.regions[puzzle.region_of(cell)])
    takers = receivers(puzzle, cell)
    spans = {n: _takes(puzzle, state, n, cell) for n in takers}
    for n in takers:
        most_others = sum(spans[m][1] for m in takers if m != n)
        least_others = sum(spans[m][0] for m in takers if m != n)
        least, most = low_gift - most_others, high_gift - least_others
        region = state.regions[puzzle.region_of(n)]
        sole = _sole_source(puzzle, state, n, cell)
        low = min(region) + max(least, 0)
        high = max(region) + most if sole else 9
        if low > min(region) or high < 9:
            gets = [f"at least {least}"] if least > 0 else []
            gets += [f"at most {most}, no other tile reaching it"] if sole else []
            if sole and least == most:
                gets = [f"exactly {most}, no other tile reaching it"]
            yield step("tile sharing", state, f"The tile at {where(cell)} gives away {_span(low_gift, high_gift)} and "
                       f"its other neighbours take {_span(least_others, most_others)}: {where(n)} gets "
                       f"{' and '.join(gets)}, so it shows {_span(low, min(high, 9))}.",
                       {n: frozenset(range(low, min(high, 9) + 1)) | (state.cells[n] & {TILE})})


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


def _sole_source(puzzle: NumberCross, state: State, cell: Cell, tile: Cell) -> bool:
    """Whether no neighbour of the cell but this tile can be a tile."""
    return not any(state.can_tile(other) for other in puzzle.neighbours(cell) if other != tile)


def _takes(puzzle: NumberCross, state: State, cell: Cell, tile: Cell) -> tuple[int, int]:
    """(the least, the most) a cell beside the tile takes from it: at least its least extra when
    no other tile can reach it, at most the most it could take."""
    region, digits = state.regions[puzzle.region_of(cell)], state.digits(cell)
    if not digits:
        return 0, 0
    least = max(0, min(digits) - max(region)) if _sole_source(puzzle, state, cell, tile) else 0
    return least, _room(puzzle, state, cell)


def _room(puzzle: NumberCross, state: State, cell: Cell) -> int:
    """The most a tile beside the cell could add to it."""
    return max(0, max(state.digits(cell), default=0) - min(state.regions[puzzle.region_of(cell)]))


def _no_room(puzzle: NumberCross, state: State, cell: Cell) -> Step | None:
    """A tile gives its whole digit to its neighbours: no tile where they cannot take it."""
    if not state.can_tile(cell) or state.is_tile(cell):
        return None
    room = sum(_room(puzzle, state, other) for other in receivers(puzzle, cell))
    least = min(state.regions[puzzle.region_of(cell)])
    if room >= least:
        return None
    return step("tile sharing", state, f"{where(cell)} is no tile: its neighbours could take only {room} more, and "
                f"a tile there gives away at least {least}.", {cell: DIGITS})


def _most_it_gets(puzzle: NumberCross, state: State, cell: Cell) -> Step | None:
    """A cell shows at most its region's digit plus all the digits of the neighbours that can be tiles."""
    if not can_receive(puzzle, state, cell):
        return None
    k = puzzle.region_of(cell)
    most = max(state.regions[k]) + sum(max(state.regions[puzzle.region_of(other)])
                                       for other in puzzle.neighbours(cell) if state.can_tile(other))
    if most >= 9:
        return None
    return step("tile sharing", state, f"{where(cell)} shows at most {most}: region {k}'s digit plus what the "
                "neighbours that can be tiles could give.", {cell: frozenset(range(1, most + 1)) | {TILE}})
