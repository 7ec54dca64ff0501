"""Is a planted solution still the only one when one clue is taken away? Asked hundreds of times
while a generated puzzle loses clues, so each question reuses what earlier ones learned.

One SAT solver holds the local rules, and the clauses of every clue behind a switch (a
selector variable passed as an assumption), so that taking a clue away is dropping one
assumption. Every layout the solver offers is remembered and blocked for good, with the one
clue it breaks: the clue set only shrinks, and all layouts of the current set are known, so a
layout found while clue X is switched off breaks X and nothing else that is still there.
Connectivity and hole cuts do not depend on the clues, so they stay valid throughout. As in the
layout search, the solver tries small pictures first, and a piece cut lets a number cell still
there stand for its piece, so that the cut bites at once (any cell would keep it valid).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pysat.solvers import Solver

from solver.box import boxes_of_area
from solver.folding import Folding, foldings
from solver.grid import Cell, Layout
from solver.shutbox.clues import clue_problem
from solver.shutbox.layouts import SAT_BACKEND, LayoutModel
from solver.shutbox.puzzle import Number, Puzzle

GridClue = tuple[Cell, Number | str]  # a number (value only) or an arrow on a cell
Witness = Folding | tuple[Layout, ...]  # a second solution, or more layouts than the difficulty

UNIQUE, AMBIGUOUS, TOO_MANY, UNDECIDED = "unique", "ambiguous", "too many layouts", "undecided"
ROUND_LIMIT = 200  # SAT calls one question may take; past it the answer is UNDECIDED


@dataclass(frozen=True)
class Verdict:
    """What taking clues away came to, and the other solution's folding when there is one."""

    status: str  # UNIQUE, AMBIGUOUS, TOO_MANY or UNDECIDED (out of rounds)
    other: Folding | None = None


@dataclass
class Known:
    """Layouts met so far: those keeping every clue still there, and those breaking one clue."""

    keeping: list[Layout] = field(default_factory=list)
    breaking: dict[int, list[Layout]] = field(default_factory=dict)  # clue index -> layouts
    folds: dict[Layout, list[Folding]] = field(default_factory=dict)  # every folding on every box


class Oracle:
    """The planted layout and every clue that may be taken away, with the layouts met so far."""

    def __init__(self, rows: int, cols: int, clues: list[GridClue], planted: Layout, planted_folding: Folding):
        self.rows, self.cols, self.planted, self.planted_folding = rows, cols, planted, planted_folding
        self.model = LayoutModel(Puzzle(rows, cols))
        self.model.numbered = bytearray(self.model.grid.size)  # cuts that hold whatever clues are there
        self.model.anchors = bytearray(self.model.grid.size)  # the number cells still there
        self.clues = clues
        self.switch: list[int] = []
        clauses = list(self.model.clauses)
        for cell, clue in clues:
            on = self.model.new_var()
            numbers, arrows = ({cell: clue}, {}) if isinstance(clue, Number) else ({}, {cell: clue})
            single = Puzzle(rows, cols, numbers, arrows)
            clauses += [clause + [-on] for clause in self.model.clue_clauses(single)]
            self.switch.append(on)
            self._anchor(cell, clue, 1)
        self.sat = Solver(name=SAT_BACKEND, bootstrap_with=clauses)
        self.sat.set_phases([-self.model.box(x) for x in self.model.cells])  # small pictures first
        self.rounds = ROUND_LIMIT  # SAT calls a question may take
        self.known = Known(keeping=[planted])
        self._remember(planted)
        self.sat.add_clause(self.model.piece_blocking_clause(planted))

    def close(self) -> None:
        self.sat.delete()

    def _anchor(self, cell: Cell, clue: Number | str, on: int) -> None:
        """Let a number cell stand for its piece in later cuts (on=1) or not (0): only while its
        clue is there is it a box cell."""
        if isinstance(clue, Number):
            self.model.anchors[self.model.box(cell) - 1] = on

    def _remember(self, layout: Layout) -> None:
        boxes = boxes_of_area(len(layout))
        self.known.folds[layout] = [f for box in boxes for f in foldings(layout, box)]

    def verdict(self, active: set[int], without: int | None, marked: Puzzle, cap: int,
                stop: Callable[[], None] = lambda: None) -> Verdict:
        """UNIQUE, AMBIGUOUS (with the other solution's folding) or TOO_MANY for the clues in
        active minus without, with the circles and squares of marked, or UNDECIDED after
        self.rounds calls of the SAT solver; stop() may raise to give up."""
        candidates = list(self.known.keeping)
        if without is not None:
            candidates += self.known.breaking.get(without, [])
        for layout in candidates:
            if (other := self._another_solution(layout, marked)) is not None:
                return Verdict(AMBIGUOUS, other)
        count = len(candidates)
        if count > cap:
            return Verdict(TOO_MANY)
        if without is None:
            return Verdict(UNIQUE)
        assumptions = [self.switch[i] for i in sorted(active) if i != without] + [-self.switch[without]]
        self._anchor(*self.clues[without], 0)
        try:
            return self._search(assumptions, without, marked, count, cap, stop)
        finally:
            self._anchor(*self.clues[without], 1)

    def _search(self, assumptions: list[int], without: int, marked: Puzzle, count: int, cap: int,
                stop: Callable[[], None]) -> Verdict:
        """The SAT rounds of a question: layouts that keep the clues switched on but break
        clue without."""
        for _ in range(self.rounds):
            if not self.sat.solve(assumptions=assumptions):
                return Verdict(UNIQUE)
            stop()
            layout = self.model.layout_of(self.sat.get_model())
            cuts = self.model.cuts(layout)
            if cuts:
                self.sat.append_formula(cuts)
                continue
            self.sat.add_clause(self.model.piece_blocking_clause(layout))
            self._remember(layout)
            self.known.breaking.setdefault(without, []).append(layout)
            if (other := self._another_solution(layout, marked)) is not None:
                return Verdict(AMBIGUOUS, other)
            count += 1
            if count > cap:
                return Verdict(TOO_MANY)
        return Verdict(UNDECIDED)

    def take_away(self, index: int) -> None:
        """Clue index is gone for good: the layouts that broke only it now keep every clue."""
        self.known.keeping += self.known.breaking.pop(index, [])
        self._anchor(*self.clues[index], 0)
        self.sat.add_clause([-self.switch[index]])  # its clauses are satisfied for good: the solver drops them

    def witness(self, index: int, marked: Puzzle, cap: int) -> Witness | None:
        """Why clue index cannot go, from the layouts met so far: another solution of the puzzle
        without it (marked: its circles and squares then), else more than cap layouts that keep
        its grid rules; None if they show neither."""
        candidates = self.known.keeping + self.known.breaking.get(index, [])
        for layout in candidates:
            if (other := self._another_solution(layout, marked)) is not None:
                return other
        return tuple(candidates[:cap + 1]) if len(candidates) > cap else None

    def _another_solution(self, layout: Layout, marked: Puzzle) -> Folding | None:
        """A folding of the layout, other than the planted one, that keeps the circles and squares."""
        for f in self.known.folds[layout]:
            planted = layout == self.planted and f.placement == self.planted_folding.placement
            if not planted and clue_problem(marked, f) is None:
                return f
        return None
