"""The whole job on one puzzle: layouts -> boxes -> foldings -> circle and square rules.

Every stage is a plain function so that the bench can time each one; ``solve`` strings them
together and reports every complete solution, so that uniqueness is proven, not assumed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

from solver.box import Box, boxes_of_area
from solver.folding import Folding, foldings
from solver.folding_check import folding_problem
from solver.grid import Layout
from solver.invariant import require
from solver.shutbox.clues import answer, clue_problem, face_sums
from solver.shutbox.layouts import layouts
from solver.shutbox.limits import DEFAULT_LAYOUT_LIMIT
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.rules import broken_rule, unmet_clue

# Where a puzzle with no solution died, furthest stage reached last.
NO_LAYOUT = "no layout keeps the grid rules"
NO_BOX = "no layout has the surface area of a box"
NO_FOLDING = "no layout folds into a box of its area"
NO_CLUES = "no folding keeps the circle and square rules"


@dataclass(frozen=True)
class Solution:
    """A complete solution: the layout, the box, where each cell lands, and the face sums."""

    layout: Layout
    folding: Folding
    face_sums: tuple[int, ...]
    answer: int

    @property
    def box(self) -> Box:
        return self.folding.box


@dataclass(frozen=True)
class Candidate:
    """One layout on one box of its area, with its foldings and what each folding breaks."""

    layout: Layout
    box: Box
    foldings: list[Folding]
    problems: list[str | None]


@dataclass
class Report:
    """Everything the solver learned about a puzzle."""

    puzzle: Puzzle
    layouts: list[Layout] = field(default_factory=list)
    layouts_complete: bool = True
    candidates: list[Candidate] = field(default_factory=list)
    solutions: list[Solution] = field(default_factory=list)

    @property
    def boxed_layouts(self) -> list[Layout]:
        """The layouts whose cell count is the surface area of some box."""
        return [layout for layout in self.layouts if boxes_of_area(len(layout))]

    @property
    def folding_count(self) -> int:
        return sum(len(c.foldings) for c in self.candidates)

    @property
    def failure(self) -> str | None:
        """Where the search died when there is no solution, else None."""
        if self.solutions:
            return None
        if not self.layouts:
            unmet = unmet_clue(self.puzzle) if self.layouts_complete else None
            return f"{NO_LAYOUT}: {unmet}" if unmet else NO_LAYOUT
        if not self.boxed_layouts:
            return NO_BOX
        if not self.folding_count:
            return NO_FOLDING
        return NO_CLUES

    @property
    def unique(self) -> bool:
        return len(self.solutions) == 1 and self.layouts_complete


def find_layouts(puzzle: Puzzle, limit: int | None = DEFAULT_LAYOUT_LIMIT) -> tuple[list[Layout], bool]:
    """(every layout that keeps the grid rules, sorted; True if the list is complete)."""
    found = list(islice(layouts(puzzle), limit + 1 if limit else None))
    complete = limit is None or len(found) <= limit
    return sorted(found[:limit] if limit else found, key=sorted), complete


def fold_layouts(puzzle: Puzzle, found: list[Layout]) -> list[Candidate]:
    """Every (layout, box) pair with at least one folding, each folding judged by the clues."""
    out = []
    for layout in found:
        for box in boxes_of_area(len(layout)):
            folds = foldings(layout, box)
            if folds:
                out.append(Candidate(layout, box, folds, [clue_problem(puzzle, f) for f in folds]))
    return out


def solutions_of(puzzle: Puzzle, candidates: list[Candidate]) -> list[Solution]:
    """The foldings that keep every rule, as solutions."""
    out = []
    for candidate in candidates:
        for folding, problem in zip(candidate.foldings, candidate.problems, strict=True):
            if problem is None:
                sums = tuple(face_sums(puzzle, folding))
                out.append(Solution(candidate.layout, folding, sums, answer(puzzle, folding)))
    return out


def solve(puzzle: Puzzle, limit: int | None = DEFAULT_LAYOUT_LIMIT) -> Report:
    """Solve the puzzle completely: every layout, box and folding, and every solution."""
    found, complete = find_layouts(puzzle, limit)
    candidates = fold_layouts(puzzle, found)
    report = Report(puzzle, found, complete, candidates, solutions_of(puzzle, candidates))
    for solution in report.solutions:
        require(is_solution(puzzle, solution), "the solver produced a solution that breaks a rule")
    return report


def solution_problem(puzzle: Puzzle, solution: Solution) -> str | None:
    """What a proposed solution breaks, checked from scratch, or None if it keeps every rule."""
    return (
        broken_rule(puzzle, solution.layout)
        or folding_problem(solution.layout, solution.folding)
        or clue_problem(puzzle, solution.folding)
    )


def is_solution(puzzle: Puzzle, solution: Solution) -> bool:
    return solution_problem(puzzle, solution) is None
