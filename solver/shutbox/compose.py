"""New Shut the Box puzzles: a planted box net, every clue that is true of it, then clues taken
away one at a time, in random order, for as long as the planted solution stays the only one.

What is left is minimal: taking away any one more clue (an arrow, a number, or a pair of circles or
squares, which become plain numbers) lets a second solution in, or lets more than ``difficulty``
layouts keep the grid rules. Every check is decided: a draft in which one runs out of rounds twice
is given up for another net. The larger that bound (`--layouts`), the more the box, its folding and
the marks have to decide. A ``keeps`` test (`--difficulty`) can keep a clue too: it stays when the
puzzle without it is not one keeps takes; so can the spread of the clues (``solver.shutbox.spread``).
Everything follows from the seed; the time bound only decides whether an answer comes at all.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.box import Box, boxes_of_area, surface_area
from solver.folding import Folding, foldings
from solver.grid import Cell, Layout
from solver.invariant import BrokenInvariant, require
from solver.shutbox.clues import clue_problem
from solver.shutbox.generate import mark_pairs, placed_at_random, random_net, true_clue
from solver.shutbox.limits import DEFAULT_DIFFICULTY
from solver.shutbox.oracle import AMBIGUOUS, UNDECIDED, UNIQUE, GridClue, Oracle, Witness
from solver.shutbox.puzzle import Number, Puzzle
from solver.shutbox.solve import solve
from solver.shutbox.spread import CLUE_GAP_SHARE, still_spread

Mark = tuple[str, Cell, Cell]  # 'o' (circles) or 's' (squares) on two cells

FIRST_MARKS = {"o": 2, "s": 2}  # pairs of circles and of squares a puzzle starts with
BOX_SHARE = (0.18, 0.36)  # default box: its surface as a share of the grid
PLACING_TRIES = 50
MARK_TRADES = 2  # new pairs of marks tried to let one clue go
RETRY_ROUNDS = 1000  # SAT calls for a second look at a clue whose first check ran out of rounds


class TimedOut(Exception):
    """No puzzle could be made within the time given."""


class Undecidable(Exception):
    """Whether a clue can go was not decided within RETRY_ROUNDS: this draft is given up."""


@dataclass(frozen=True)
class Generated:
    """A new puzzle (its notes say how it was made), its only layout and folding, and how many
    layouts keep its grid rules."""

    puzzle: Puzzle
    layout: Layout
    folding: Folding
    layouts: int
    witnesses: dict[Cell, Witness] = field(default_factory=dict)  # clue cell -> why it cannot go


@dataclass
class Draft:
    """A puzzle being thinned: every true clue of the planted layout, those still there, the marks."""

    rows: int
    cols: int
    clues: list[GridClue]
    active: set[int]
    marks: list[Mark] = field(default_factory=list)
    witnesses: dict[Cell, Witness] = field(default_factory=dict)
    undecided: set[int] = field(default_factory=set)  # clues whose first check ran out of rounds
    keeps: Callable[[Puzzle], bool] = lambda puzzle: True  # may the clues be as few as that (a difficulty)
    kept: set[int] = field(default_factory=set)  # clues that stay only because of keeps: no witness
    spread: set[int] = field(default_factory=set)  # clues that stay to keep the clues spread: no witness

    def puzzle(self, marks: list[Mark] | None = None, without: int | None = None) -> Puzzle:
        """The puzzle of the clues still there (but clue ``without``), with these marks (default: the draft's)."""
        mark_of = {cell: m for m, *cells in (self.marks if marks is None else marks) for cell in cells}
        numbers, arrows = {}, {}
        for i in sorted(self.active - {without}):
            cell, clue = self.clues[i]
            if isinstance(clue, Number):
                numbers[cell] = Number(clue.value, mark_of.get(cell, ""))
            else:
                arrows[cell] = clue
        return Puzzle(self.rows, self.cols, numbers, arrows)

    def marked(self) -> set[Cell]:
        return {cell for _, *cells in self.marks for cell in cells}


def deadline_stop(timeout: float | None) -> Callable[[], None]:
    """A stop() that raises TimedOut once timeout seconds have passed (never, for None)."""
    end = None if timeout is None else time.monotonic() + timeout

    def stop() -> None:
        if end is not None and time.monotonic() > end:
            raise TimedOut(f"no puzzle within {timeout:g} s")
    return stop


def generate(rows: int, cols: int, seed: int, box: Box | None = None, difficulty: int = DEFAULT_DIFFICULTY,
             timeout: float | None = None, keeps: Callable[[Puzzle], bool] = lambda puzzle: True) -> Generated:
    """A new puzzle with exactly one solution, its clue set minimal (a clue also stays when
    ``keeps`` refuses the puzzle without it); TimedOut after timeout seconds."""
    rng, stop = random.Random(seed), deadline_stop(timeout)
    while True:
        stop()
        chosen = box or default_box(rows, cols, rng)
        placed = plant(rows, cols, chosen, rng)
        if placed is None:
            continue
        layout, folding = placed
        made = _thin(rows, cols, layout, folding, difficulty, rng, stop, keeps)
        if made is not None:
            return _finished(made, layout, folding, seed, difficulty)


def default_box(rows: int, cols: int, rng: random.Random) -> Box:
    """A random box whose surface is a fair share of the grid, no side longer than half the grid."""
    low, high = (int(share * rows * cols) for share in BOX_SHARE)
    longest = max(1, min(rows, cols) // 2)
    boxes = [b for area in range(max(6, low), max(6, high) + 1) for b in boxes_of_area(area) if b[2] <= longest]
    return rng.choice(boxes or [(1, 1, 1)])


def plant(rows: int, cols: int, box: Box, rng: random.Random) -> tuple[Layout, Folding] | None:
    """A random net of the box placed at random in the grid, hole-free, with a random folding of
    it; None if no net tried fits."""
    if surface_area(box) > rows * cols:
        return None
    empty = Puzzle(rows, cols)
    for _ in range(PLACING_TRIES):
        layout = placed_at_random(empty, random_net(box, rng, rng.uniform(0.5, 0.9)), rng)
        if layout is not None:
            return layout, rng.choice(foldings(layout, box))
    return None


def _every_true_clue(rows: int, cols: int, layout: Layout) -> list[GridClue]:
    """The true clue of every cell that can carry one, row by row (numbers unmarked)."""
    puzzle = Puzzle(rows, cols)
    found = ((cell, true_clue(puzzle, layout, cell)) for cell in puzzle.cells())
    return [(cell, clue) for cell, clue in found if clue is not None]


def _first_marks(draft: Draft, layout: Layout, folding: Folding, rng: random.Random) -> list[Mark] | None:
    """Random circle and square pairs, true of the folding, until no other folding of the planted
    layout keeps them; None if the pairs run out first."""
    others = [f for box in boxes_of_area(len(layout)) for f in foldings(layout, box)
              if f.placement != folding.placement]
    marks: list[Mark] = []
    wanted = [m for m, count in FIRST_MARKS.items() for _ in range(count)]
    while wanted or any(clue_problem(draft.puzzle(marks), f) is None for f in others):
        used = {cell for _, *cells in marks for cell in cells}
        kind = wanted.pop() if wanted else rng.choice("os")
        free = {m: open_pairs(folding, m, marks, set(draft.puzzle().numbers) - used) for m in "os"}
        if not free[kind]:
            kind = "os".replace(kind, "")
        if not free[kind]:
            return None if any(clue_problem(draft.puzzle(marks), f) is None for f in others) else marks
        marks.append((kind, *rng.choice(free[kind])))
    return marks


def open_pairs(folding: Folding, kind: str, marks: list[Mark], cells: set[Cell]) -> list[tuple[Cell, Cell]]:
    """Pairs of the cells that may carry the mark together, apart from the marks there: a new
    pair of squares touches no square already there, so that each square has exactly one partner."""
    squares = {folding.placement[x] for m, *pair in marks if m == "s" for x in pair}
    out = []
    for pair in mark_pairs(folding, kind):
        near = {(f, u + du, v + dv) for f, u, v in (folding.placement[x] for x in pair)
                for du, dv in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        if set(pair) <= cells and not (kind == "s" and near & squares):
            out.append(pair)
    return out


def _thin(rows: int, cols: int, layout: Layout, folding: Folding, difficulty: int, rng: random.Random,
          stop: Callable[[], None], keeps: Callable[[Puzzle], bool]) -> Draft | None:
    """Every true clue, then as few as keep the planted solution the only one; None if the
    planted layout has another folding that circles and squares cannot rule out, or if some
    clue's removal could not be decided within the rounds (the clue set would not be proven
    minimal: such a clue usually guards a wide empty stretch, where a proof of no other layout
    takes the lazy cuts minutes, so another net is tried instead)."""
    clues = _every_true_clue(rows, cols, layout)
    draft = Draft(rows, cols, clues, set(range(len(clues))), keeps=keeps)
    marks = _first_marks(draft, layout, folding, rng)
    if marks is None:
        return None
    draft.marks = marks
    if not keeps(draft.puzzle()):
        return None  # too hard even with every clue: no clue could go, so another net is planted
    oracle = Oracle(rows, cols, clues, layout, folding)
    try:
        _settle(draft, oracle, difficulty, rng, stop)
        if _decorate(draft, folding, rng):
            _settle(draft, oracle, difficulty, rng, stop)
        draft.witnesses = _witnesses(draft, oracle, difficulty)
    except Undecidable:
        return None
    finally:
        oracle.close()
    return draft


def _settle(draft: Draft, oracle: Oracle, cap: int, rng: random.Random, stop: Callable[[], None]) -> None:
    """Thinning passes until no clue goes; then once more with RETRY_ROUNDS for the clues whose
    check ran out of rounds (by then the solver has learnt most cuts, so rounds go further)."""
    while True:
        while _thinning_pass(draft, oracle, cap, rng, stop):
            pass
        if not draft.undecided or oracle.rounds >= RETRY_ROUNDS:
            return
        oracle.rounds = RETRY_ROUNDS
        draft.undecided.clear()


def _witnesses(draft: Draft, oracle: Oracle, cap: int) -> dict[Cell, Witness]:
    """For each clue left, why it cannot go: what the checks found, kept so that anyone can
    check the clue set is minimal from the rules alone."""
    out: dict[Cell, Witness] = {}
    for i in sorted(draft.active - draft.kept - draft.spread):
        cell = draft.clues[i][0]
        witness = oracle.witness(i, draft.puzzle(_without(draft.marks, cell)), cap)
        if witness is None:
            raise BrokenInvariant("every clue left must have been found needed")
        out[cell] = witness
    return out


def _thinning_pass(draft: Draft, oracle: Oracle, cap: int, rng: random.Random, stop: Callable[[], None]) -> bool:
    """Try taking away each clue once, in random order, marked numbers last; True if any went.
    A clue whose check ran out of rounds once is not tried again."""
    changed = False
    order = sorted(draft.active)
    rng.shuffle(order)
    marked = draft.marked()
    for i in sorted(order, key=lambda i: draft.clues[i][0] in marked):
        stop()
        if i in draft.active and i not in draft.undecided | draft.kept | draft.spread and \
                _goes(draft, oracle, i, cap, rng, stop):
            draft.active.discard(i)
            oracle.take_away(i)
            changed = True
    return changed


def _without(marks: list[Mark], cell: Cell) -> list[Mark]:
    """The marks but the pair on cell: a number taken away takes its partner's mark with it."""
    return [m for m in marks if cell not in m[1:]]


def _goes(draft: Draft, oracle: Oracle, i: int, cap: int, rng: random.Random, stop: Callable[[], None]) -> bool:
    """True if clue i can go (and then its marks are gone): alone, or for a new pair of circles
    or squares that rules out the second solution it would let in."""
    cell = draft.clues[i][0]
    marks = _without(draft.marks, cell)
    now = [draft.clues[k][0] for k in draft.active]
    if not still_spread(now, [draft.clues[k][0] for k in draft.active - {i}], draft.rows, draft.cols):
        draft.spread.add(i)  # for good: fewer clues never close a band
        return False
    if not draft.keeps(draft.puzzle(marks, without=i)):
        draft.kept.add(i)  # for good: fewer clues never make the puzzle easier
        return False
    verdict = oracle.verdict(draft.active, i, draft.puzzle(marks), cap, stop)
    for _ in range(MARK_TRADES):
        if verdict.status != AMBIGUOUS:
            break
        if verdict.other is None:
            raise BrokenInvariant("an ambiguous verdict comes with the other solution's folding")
        mark = _ruling_out(draft, marks, oracle.planted_folding, verdict.other, cell, rng)
        if mark is None:
            return False
        verdict = oracle.verdict(draft.active, i, draft.puzzle(marks + [mark]), cap, stop)
        if verdict.status == UNIQUE:
            marks = marks + [mark]
    if verdict.status == UNIQUE:
        draft.marks = marks
    if verdict.status == UNDECIDED and oracle.rounds >= RETRY_ROUNDS:
        raise Undecidable(i)  # the second look failed too: the clue set could not be proven minimal
    (draft.undecided.add if verdict.status == UNDECIDED else draft.undecided.discard)(i)
    return verdict.status == UNIQUE


def _decorate(draft: Draft, folding: Folding, rng: random.Random) -> bool:
    """Pairs of circles and squares on the numbers left, as the published puzzle has them, up to
    FIRST_MARKS of each; True if any were added."""
    added = False
    for kind, wanted in FIRST_MARKS.items():
        for _ in range(wanted - sum(1 for m in draft.marks if m[0] == kind)):
            pairs = open_pairs(folding, kind, draft.marks, set(draft.puzzle().numbers) - draft.marked())
            if pairs:
                draft.marks.append((kind, *rng.choice(pairs)))
                added = True
    return added


def _ruling_out(draft: Draft, marks: list[Mark], planted: Folding, other: Folding, going: Cell,
                rng: random.Random) -> Mark | None:
    """A random new pair of circles or squares on numbers still there, true of the planted folding
    and broken by the other one; None if there is none."""
    used = {cell for _, *cells in marks for cell in cells}
    numbered = {cell for cell in draft.puzzle().numbers if cell != going} - used
    pairs = [(m, *p) for m in "os" for p in open_pairs(planted, m, marks, numbered)]
    breaking = [m for m in pairs if clue_problem(draft.puzzle(marks + [m]), other) is not None]
    return rng.choice(breaking) if breaking else None


def _finished(draft: Draft, layout: Layout, folding: Folding, seed: int, difficulty: int) -> Generated:
    """The thinned puzzle, proven unique by the solver, with notes on how it was made."""
    puzzle = draft.puzzle()
    report = solve(puzzle, limit=None)
    require(len(report.solutions) == 1 and report.solutions[0].layout == layout,
            "a generated puzzle must have exactly its planted solution")
    require(len(report.layouts) <= difficulty, "a generated puzzle must keep to its difficulty")
    clued = len(puzzle.numbers) + len(puzzle.arrows)
    cells = puzzle.rows * puzzle.cols
    notes = ("Shut the Box puzzle made by foldkit generate", f"seed: {seed}",
             f"box: {'x'.join(map(str, folding.box))}",
             f"layouts: {len(report.layouts)} keep the grid rules (at most {difficulty})",
             f"clues: {clued} of {cells} cells ({100 * clued / cells:.0f}%)",
             "minimal: taking away any one clue lets in a second solution or more layouts"
             + (" or makes it harder than asked" if draft.kept else "")
             + (f" or leaves more than {CLUE_GAP_SHARE:.0%} of the rows or columns side by side without a clue"
                if draft.spread else ""))
    named = Puzzle(puzzle.rows, puzzle.cols, puzzle.numbers, puzzle.arrows, "generated", notes)
    return Generated(named, layout, report.solutions[0].folding, len(report.layouts), draft.witnesses)

