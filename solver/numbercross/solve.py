"""Solving a Number Cross: every completed grid up to a limit, whether the search finished, the answers."""

from __future__ import annotations

from dataclasses import dataclass

from solver.numbercross.rules.check import solution_problem
from solver.numbercross.rules.model import Grid, NumberCross, Placed, answer, numbers
from solver.numbercross.search import grids, region_graph

DEFAULT_LIMIT = 10
HELD_CELLS = 5_000_000  # cells of the grids a solve keeps (a few hundred MB); `--all` stops there and says so


@dataclass(frozen=True)
class NumberCrossReport:
    """What a solve found: the completed grids (up to the limit), their numbers and answers."""

    puzzle: NumberCross
    solutions: tuple[Grid, ...]
    complete: bool  # the search ran to its end: there are no other completed grids
    more: bool = False  # the search stopped at the limit, having found a further grid
    failure: str | None = None  # why there is no completed grid, when there is none
    numbers: tuple[tuple[Placed, ...], ...] = ()  # per solution, its numbers row by row
    answers: tuple[int, ...] = ()  # per solution, the sum of its numbers

    @property
    def unique(self) -> bool:
        return self.complete and len(self.solutions) == 1

    @property
    def ambiguous(self) -> bool:
        return len(self.solutions) + self.more > 1


def solve(puzzle: NumberCross, limit: int | None = DEFAULT_LIMIT) -> NumberCrossReport:
    """Every completed grid of the puzzle (at most limit of them, then complete=False, more=True; None: all
    that fit in HELD_CELLS)."""
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    held = max(1, HELD_CELLS // (puzzle.rows * puzzle.cols))
    limit = held if limit is None else min(limit, held)
    if not _nine_colourable(region_graph(puzzle)[1]):
        return NumberCrossReport(puzzle, (), True, failure="no assignment of region digits keeps adjacent regions "
                                 "different")
    found: list[Grid] = []
    seen: set[Grid] = set()
    more = False
    for grid, region_digits in grids(puzzle):
        if grid in seen:
            continue
        problem = solution_problem(puzzle, grid, region_digits)
        if problem is not None:
            raise RuntimeError(f"the search produced a grid that breaks a rule: {problem}")
        if len(found) == limit:
            more = True
            break
        found.append(grid)
        seen.add(grid)
    solutions = tuple(found)
    failure = None if solutions else "no completed grid keeps every rule"
    return NumberCrossReport(puzzle, solutions, not more, more, failure,
                             tuple(numbers(g) for g in solutions), tuple(answer(g) for g in solutions))


def _nine_colourable(neighbours: tuple[tuple[int, ...], ...]) -> bool:
    """Whether regions can take digits 1-9 with touching regions different (backtracking, with
    an explicit stack so a thousand regions do not reach Python's recursion limit).

    Digits are interchangeable here, so a region only tries the digits already in use and one new one."""
    count = len(neighbours)
    colour = [0] * count
    order = sorted(range(count), key=lambda k: -len(neighbours[k]))
    used = [0] * (count + 1)  # used[i]: the largest digit among the regions placed before order[i]
    i = 0
    while 0 <= i < count:
        k = order[i]
        d, top = colour[k] + 1, min(used[i] + 1, 9)
        while d <= top and any(colour[j] == d for j in neighbours[k]):
            d += 1
        if d <= top:
            colour[k], used[i + 1] = d, max(used[i], d)
            i += 1
        else:
            colour[k] = 0  # no digit left here: back to the region before
            i -= 1
    return i == count
