"""A packing solved the way a person packs it: named deductions first, the most constrained
choice when they run out.

The state is the pieces placed and the placements still possible (inside the target, clear of
the pieces placed, of a piece with copies left). The deductions, easiest first:

1. only placement: an empty cube that only one placement can still reach gets it;
1. one place left: a piece with copies left and only one place left goes there;
2. dead end: a placement that would leave some empty cube unreachable (or a piece with no place
   for its copies) is struck.

When none applies, the empty cube the fewest placements reach is the most constrained choice:
the step takes the one of them that a packing of the rest exists for (found by the search), so
every step stays on the way to a packing. Those steps are the search a person is left with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from solver.packing.geometry import placements
from solver.packing.model import Cube, PackingPuzzle, Piece, Placement, reading_key
from solver.packing.solve import reference_engine, solve_one

RULE_LEVELS = {"only placement": 1, "one place left": 1, "dead end": 2, "most constrained choice": 3}


def cube_words(cube: Cube) -> str:
    """A cube as a person finds it in the solution file's levels: 'level 1, row 2, column 3'."""
    x, y, z = cube
    return f"level {z + 1}, row {y + 1}, column {x + 1}"


def placement_words(placement: Placement) -> str:
    """'piece Y at (level, row, column) 1,1,1 1,1,2 ...': its cubes in reading order."""
    cubes = sorted(placement.cubes, key=reading_key)
    return f"piece {placement.piece} on " + " ".join(f"{z + 1},{y + 1},{x + 1}" for x, y, z in cubes)


@dataclass(frozen=True)
class Table:
    """The static problem as the deductions use it: every placement, and which reach each cube."""

    puzzle: PackingPuzzle

    @cached_property
    def all(self) -> tuple[Placement, ...]:
        return tuple(Placement(name, cubes) for name, found in placements(self.puzzle).items() for cubes in found)

    @cached_property
    def reaching(self) -> dict[Cube, int]:
        """Cube -> the placements that cover it, as a bit mask over ``all``."""
        out = dict.fromkeys(self.puzzle.target_cubes, 0)
        for k, placement in enumerate(self.all):
            for cube in placement.cubes:
                out[cube] |= 1 << k
        return out

    @cached_property
    def clashing(self) -> tuple[int, ...]:
        """Per placement, the placements that share a cube with it (itself included), as a bit mask."""
        out = []
        for placement in self.all:
            mask = 0
            for cube in placement.cubes:
                mask |= self.reaching[cube]
            out.append(mask)
        return tuple(out)

    @cached_property
    def nearby(self) -> tuple[tuple[Cube, ...], ...]:
        """Per placement, the other cubes it takes some placements from: the only ones it can cut off."""
        return tuple(tuple(c for c, mask in self.reaching.items() if mask & clash and c not in p.cubes)
                     for p, clash in zip(self.all, self.clashing, strict=True))

    def piece_mask(self, name: str) -> int:
        return sum(1 << k for k, p in enumerate(self.all) if p.piece == name)


def members(mask: int) -> list[int]:
    """The indices of a bit mask's set bits, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class State:
    placed: tuple[Placement, ...]
    live: int  # the placements still possible, a bit mask over Table.all

    def empty(self, table: Table) -> list[Cube]:
        filled = {cube for p in self.placed for cube in p.cubes}
        return sorted((c for c in table.puzzle.target_cubes if c not in filled), key=reading_key)

    def copies_left(self, puzzle: PackingPuzzle) -> dict[str, int]:
        used = Counter(p.piece for p in self.placed)
        return {piece.name: piece.count - used[piece.name] for piece in puzzle.pieces}


@dataclass(frozen=True)
class Step:
    rule: str
    placed: Placement | None
    struck: int  # placements struck, a bit mask
    text: str
    options: int = 1  # how many placements there were to choose among (a most constrained choice)

    @property
    def level(self) -> int:
        return RULE_LEVELS[self.rule]


def start(table: Table, placed: tuple[Placement, ...] = ()) -> State:
    state = State((), (1 << len(table.all)) - 1)
    for placement in placed:
        state = _with(table, state, placement)
    return state


def _with(table: Table, state: State, placement: Placement) -> State:
    """The state after placing a piece: what clashes with it, and its piece once all copies are in, struck."""
    clash = 0
    for cube in placement.cubes:
        clash |= table.reaching.get(cube, 0)
    placed = (*state.placed, placement)
    live = state.live & ~clash
    used = Counter(p.piece for p in placed)
    for piece in table.puzzle.pieces:
        if used[piece.name] >= piece.count:
            live &= ~table.piece_mask(piece.name)
    return State(placed, live)


def after(table: Table, state: State, step: Step) -> State:
    state = State(state.placed, state.live & ~step.struck)
    return _with(table, state, step.placed) if step.placed is not None else state


def only_placement(table: Table, state: State) -> Step | None:
    for cube in state.empty(table):
        reach = table.reaching[cube] & state.live
        if reach and reach & (reach - 1) == 0:
            placement = table.all[reach.bit_length() - 1]
            return Step("only placement", placement, 0, f"Only one placement can still reach the cube at "
                        f"{cube_words(cube)}: {placement_words(placement)} (level, row, column).")
    return None


def one_place_left(table: Table, state: State) -> Step | None:
    for name, left in state.copies_left(table.puzzle).items():
        places = members(state.live & table.piece_mask(name))
        if left > 0 and len(places) == 1:
            placement = table.all[places[0]]
            return Step("one place left", placement, 0, f"Piece {name} has one place left: "
                        f"{placement_words(placement)} (level, row, column).")
    return None


def dead_ends(table: Table, state: State) -> Step | None:
    cut = {k: cube for k in members(state.live) if (cube := _cut_off(table, state, k)) is not None}
    if not cut:
        return None
    first = min(cut)
    struck = sum(1 << k for k in cut)
    return Step("dead end", None, struck, f"{len(cut)} placement{'s' if len(cut) > 1 else ''} would leave a cube no "
                f"piece can reach, and cannot be: {placement_words(table.all[first])}, for one, would cut off the "
                f"cube at {cube_words(cut[first])}.")


def _cut_off(table: Table, state: State, k: int) -> Cube | None:
    """An empty cube that no placement could reach once placement k is in, or None."""
    left = state.live & ~table.clashing[k]
    return next((c for c in table.nearby[k] if not table.reaching[c] & left and table.reaching[c] & state.live), None)


DEDUCTIONS = (only_placement, one_place_left, dead_ends)


def most_constrained(table: Table, state: State, plan: tuple[Placement, ...]) -> Step | None:
    """The empty cube the fewest placements reach, and the one of them a packing of the rest (the
    plan) uses."""
    empty = state.empty(table)
    cube = min(empty, key=lambda c: ((table.reaching[c] & state.live).bit_count(), reading_key(c)))
    options = members(table.reaching[cube] & state.live)
    placement = next((p for p in plan if cube in p.cubes), None)
    if placement is None:
        return None
    return Step("most constrained choice", placement, 0, f"No deduction applies: the cube at {cube_words(cube)} is "
                f"the most constrained, with {len(options)} placements to try; the one that works is "
                f"{placement_words(placement)} (level, row, column).", len(options))


def completion(table: Table, state: State) -> tuple[Placement, ...] | None:
    """The pieces that pack the rest of the target, or None when no packing of the rest exists."""
    rest = frozenset(state.empty(table))
    if not rest:
        return ()
    pieces = tuple(Piece(p.name, p.cubes, left) for p, left in zip(
        table.puzzle.pieces, state.copies_left(table.puzzle).values(), strict=True) if left > 0)
    return solve_one(PackingPuzzle(table.puzzle.box, pieces, table.puzzle.name, rest,
                                   table.puzzle.one_sided), engine=reference_engine())


def _still_fits(table: Table, state: State, plan: tuple[Placement, ...] | None) -> bool:
    """Whether every piece of a plan is placed or still possible (deductions never strike one:
    whatever they force is in every packing of the rest)."""
    if plan is None:
        return False
    live = {table.all[k] for k in members(state.live)}
    return all(p in live or p in state.placed for p in plan)


def steps(table: Table, state: State) -> Iterator[tuple[Step, State]]:
    """Each step on the way to a packing, the easiest deduction first, else the most constrained
    choice that a packing of the rest uses, with the state after it; they stop when the target is
    full or cannot be packed."""
    plan: tuple[Placement, ...] | None = None
    while state.empty(table):
        step = next((s for s in (rule(table, state) for rule in DEDUCTIONS) if s is not None), None)
        if step is None:
            plan = plan if _still_fits(table, state, plan) else completion(table, state)
            step = most_constrained(table, state, plan) if plan is not None else None
        if step is None:
            return
        state = after(table, state, step)
        yield step, state
