"""Packing challenges: a few pieces put in place first, so that the rest can go in one way only.

A challenge is a planted packing of a puzzle and the pieces of it that are given (pre-placed).
Its completion puzzle is what the person solves: the target less the given pieces' cubes, filled
with the other pieces. The given pieces must stand: each rests on the floor (level 0) or on
another given piece, since a person puts them in first (on a flat board every piece stands).

The given set is made minimal by taking pieces out, in an order the seed shuffles, while the
completion stays unique and the rest still stand. Uniqueness is proven by searching the
completion for a second packing (none exists). Minimality is kept as witnesses, one per given
piece, that a checker verifies from the rules alone (``challenge_problem``): a second completion
once that piece is taken out, or the given piece that would then hang in the air.

Taking a piece out can only add completions (the completions of a smaller given set include
those of a larger one), so a piece whose removal let a second completion in stays needed. A
piece kept only to hold another up may be freed when that one goes: the passes repeat until
nothing more can be taken out.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.packing.check import packing_problem
from solver.packing.engine import search
from solver.packing.model import Packing, PackingPuzzle, Piece, Placement, make_packing
from solver.packing.solve import as_packing, impossibility, reference_engine, solve_one
from solver.packing.table import build_table


class OutOfTime(Exception):
    """The challenge could not be made within its time bound."""


@dataclass(frozen=True)
class Challenge:
    """A planted packing, which of its placements are given, and the proof that no fewer will do."""

    puzzle: PackingPuzzle
    packing: Packing  # the planted packing: the given pieces and the one completion
    given: tuple[int, ...]  # indices into packing of the pre-placed pieces, ascending
    witnesses: tuple[Packing | int, ...]  # for each given piece but the kept ones, why it is needed: a packing
    # of the whole puzzle that keeps the other given pieces and differs from the planted one, or the index of the
    # given piece that would hang in the air without it
    nodes: int  # placements the search made to prove the completion unique: how much search it needs
    kept: tuple[int, ...] = ()  # given pieces that stay only because the completion without them is not one
    # ``make_challenge``'s keeps takes (harder than asked): they have no witness

    @property
    def witnessed(self) -> tuple[int, ...]:
        """The given pieces that have a witness (all but the kept ones), in order."""
        return tuple(i for i in self.given if i not in self.kept)

    @property
    def given_placements(self) -> tuple[Placement, ...]:
        return tuple(self.packing[i] for i in self.given)

    @property
    def to_find(self) -> tuple[Placement, ...]:
        """The pieces the person places, in the planted packing's order."""
        return tuple(p for i, p in enumerate(self.packing) if i not in set(self.given))


def completion_puzzle(puzzle: PackingPuzzle, given: Sequence[Placement], name: str | None = None) -> PackingPuzzle:
    """What is left to solve once the given placements are in: the target less their cubes, and
    the pieces not given (a piece with every copy given is left out)."""
    taken = Counter(placement.piece for placement in given)
    left = tuple(Piece(p.name, p.cubes, p.count - taken[p.name]) for p in puzzle.pieces if p.count > taken[p.name])
    filled = frozenset(cube for placement in given for cube in placement.cubes)
    return PackingPuzzle(puzzle.box, left, name or puzzle.name, puzzle.target_cubes - filled, puzzle.one_sided)


def completions(puzzle: PackingPuzzle, given: Sequence[Placement], limit: int = 2) -> tuple[list[Packing], int]:
    """Up to limit packings of the whole puzzle that keep the given placements, and the search's
    node count: with limit 2, one packing proves the completion unique."""
    rest = completion_puzzle(puzzle, given)
    if not rest.pieces:
        return [make_packing(given)], 0
    table = build_table(rest)
    if impossibility(table):
        return [], 0
    found = search(table, limit=limit, engine=reference_engine())  # nodes grade the card: the same tree everywhere
    return [make_packing((*given, *as_packing(table, row))) for row in found.rows], found.nodes


def make_challenge(puzzle: PackingPuzzle, seed: int, deadline: float | None = None,
                   clock: Callable[[], float] = time.monotonic,
                   keeps: Callable[[PackingPuzzle], bool] = lambda completion: True) -> Challenge:
    """A challenge of the puzzle for a seed: a packing found with that seed, then its pieces taken
    out of the given set in the seed's order while the completion stays unique, ``keeps`` takes
    it (a difficulty to keep to), and the rest stand. OutOfTime when the clock passes the
    deadline; ValueError when there is no packing."""
    packing = solve_one(puzzle, seed, reference_engine())
    if packing is None:
        raise ValueError(f"{puzzle.name} has no packing: there is nothing to make a challenge of")
    order = list(range(len(packing)))
    random.Random(seed).shuffle(order)
    given, needed = set(order), set()  # needed: taking it out let a second completion in, for good
    kept = set()  # taking it out made the completion harder than keeps takes, for good
    changed = True
    while changed:
        changed = False
        for index in order:
            if index not in given or index in needed or hanging(packing, given - {index}) is not None:
                continue
            if deadline is not None and clock() > deadline:
                raise OutOfTime(f"no challenge within the time bound ({len(given)} pieces still given)")
            rest = [packing[i] for i in sorted(given - {index})]
            found, _ = completions(puzzle, rest)
            if len(found) == 1 and keeps(completion_puzzle(puzzle, rest)):
                given.discard(index)
                changed = True
            else:
                needed.add(index)
                if len(found) == 1:
                    kept.add(index)
    chosen = tuple(sorted(given))
    _, nodes = completions(puzzle, [packing[i] for i in chosen])
    witnesses = tuple(witness(puzzle, packing, chosen, i) for i in chosen if i not in kept)
    return Challenge(puzzle, packing, chosen, witnesses, nodes, tuple(sorted(kept)))


def hanging(packing: Packing, given: set[int]) -> int | None:
    """A given piece that neither touches the floor nor rests on another given piece, or None."""
    return next((index for index in sorted(given) if not stands(packing, given, index)), None)


def stands(packing: Packing, given: set[int], index: int) -> bool:
    """Whether the given piece ``index`` touches the floor or rests on another of the given pieces."""
    below = {cube for i in given if i != index for cube in packing[i].cubes}
    return any(z == 0 or (x, y, z - 1) in below for x, y, z in packing[index].cubes)


def witness(puzzle: PackingPuzzle, packing: Packing, given: Sequence[int], index: int) -> Packing | int:
    """Why given piece ``index`` is needed: the piece that would hang without it, or a second
    completion once it is taken out."""
    rest = [i for i in given if i != index]
    floating = hanging(packing, set(rest))
    if floating is not None:
        return floating
    found, _ = completions(puzzle, [packing[i] for i in rest])
    other = [p for p in found if p != packing]
    if not other:
        raise RuntimeError(f"given piece {index + 1} is not needed: the challenge is not minimal")
    return other[0]


def challenge_problem(challenge: Challenge) -> str | None:
    """What is wrong with a challenge by the rules alone, or None: the planted packing packs the
    puzzle, the given pieces stand, and each witness shows its piece is needed (the piece it names
    hangs without it; or it packs the puzzle, keeps every other given piece in place and differs
    from the planted packing). That the completion is unique is a search's result, not checked here."""
    problem = packing_problem(challenge.puzzle, challenge.packing)
    if problem:
        return f"the planted packing: {problem}"
    floating = hanging(challenge.packing, set(challenge.given))
    if floating is not None:
        return f"given piece {floating + 1} hangs in the air"
    if len(challenge.witnesses) != len(challenge.witnessed):
        return "not one witness for each given piece"
    for index, other in zip(challenge.witnessed, challenge.witnesses, strict=True):
        problem = needed_problem(challenge, index, other)
        if problem:
            return f"the witness for given piece {index + 1}: {problem}"
    return None


def needed_problem(challenge: Challenge, index: int, other: Packing | int) -> str | None:
    """What is wrong with the witness that given piece ``index`` is needed, or None."""
    rest = set(challenge.given) - {index}
    if isinstance(other, int):
        if other not in rest or stands(challenge.packing, rest, other):
            return f"piece {other + 1} does not hang without it"
        return None
    problem = packing_problem(challenge.puzzle, other)
    if problem:
        return problem
    if not {challenge.packing[i] for i in rest} <= set(other):
        return "it moves another given piece"
    if set(other) == set(challenge.packing):
        return "it is the planted packing"
    return None


def harder_last(challenges: Sequence[Challenge]) -> list[Challenge]:
    """Challenges from easiest to hardest: more given pieces first, then less search to complete."""
    return sorted(challenges, key=lambda c: (-len(c.given), c.nodes))
