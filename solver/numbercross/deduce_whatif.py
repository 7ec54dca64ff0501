"""The hardest deduction of the human-style Number Cross solver (see ``deduce``):

5. what if: give a region one of its few digits left and follow the easier deductions (1-4) for
   a while; if they run into a contradiction (a cell that can show nothing, a region with no
   digit, a row whose numbers fit nowhere), the region does not have that digit.

Only regions with at most TRIAL_DIGITS digits left are tried, fewest first, and each trial
follows at most TRIAL_STEPS deductions, so a person could follow it on paper (and the grade
costs a few seconds at most). A trial that ends without a contradiction proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solver.numbercross.deduce import State, Step, after, step
from solver.numbercross.model import NumberCross

TRIAL_DIGITS = 3  # a region is tried when it has at most this many digits left
TRIAL_STEPS = 150  # deductions a trial follows before it gives up

Rule = Callable[[NumberCross, State], Iterator[Step]]


def what_if(puzzle: NumberCross, state: State, easier: tuple[Rule, ...]) -> Iterator[Step]:
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
