"""The search for every layout that keeps the grid rules.

The local rules (numbers, arrows, no lone box cell, no lone hole) become a SAT formula.
Connectivity and hole-freedom are global; they are added lazily: whenever the SAT solver
offers a layout that falls into pieces or encloses a hole, a cut that forbids that kind of
picture is added and the solver tries again. Each complete layout is blocked once found, so
the generator yields every layout exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from pysat.solvers import Solver

from solver.puzzle import Cell, Layout, Puzzle, components, neighbours
from solver.rules import is_layout, king_neighbourhood, ray, touches_border

Clause = list[int]

SAT_BACKEND = "cadical153"


class LayoutModel:
    """The SAT variables and local clauses of a puzzle's grid rules."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.cells = puzzle.cells()
        self.var = {cell: i + 1 for i, cell in enumerate(self.cells)}
        self.next_var = len(self.cells) + 1
        self.clauses: list[Clause] = []
        self._fix_clue_cells()
        self._add_numbers()
        self._add_arrows()
        self._add_no_lone_cells()

    def new_var(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    def box(self, cell: Cell) -> int:
        return self.var[cell]

    # Main constraints

    def _fix_clue_cells(self) -> None:
        """Number cells are box cells; arrow cells are not; a layout is never empty."""
        self.clauses.append([self.box(x) for x in self.cells])
        self.clauses += [[self.box(x)] for x in self.puzzle.numbers]
        self.clauses += [[-self.box(x)] for x in self.puzzle.arrows]

    def _add_numbers(self) -> None:
        """Exactly n box cells in each number's 3x3 block (direct encoding: at most 9 cells)."""
        for cell, number in self.puzzle.numbers.items():
            lits = [self.box(x) for x in king_neighbourhood(self.puzzle, cell)]
            n = number.value
            self.clauses += [[-v for v in group] for group in combinations(lits, n + 1)]
            self.clauses += [list(group) for group in combinations(lits, len(lits) - n + 1)]

    def _add_arrows(self) -> None:
        """One distance variable per feasible d; exactly the first box cell at d where it points."""
        for cell, pointed in self.puzzle.arrows.items():
            rays = {p: ray(self.puzzle, cell, p) for p in "URDL"}
            empty = {p: self._empty_prefixes(cells) for p, cells in rays.items()}
            choices = []
            for d in range(1, max(len(r) for r in rays.values()) + 1):
                if all(len(rays[p]) >= d for p in pointed):
                    choices.append(self._arrow_distance(rays, empty, pointed, d))
            self.clauses.append(choices)

    def _empty_prefixes(self, cells: list[Cell]) -> list[int | None]:
        """Variables e[k] meaning 'the first k cells of a ray are not box cells' (e[0] is None:
        always true). Only the forward implication is needed, so each costs two clauses."""
        prefixes: list[int | None] = [None]
        for x in cells:
            e = self.new_var()
            self.clauses.append([-e, -self.box(x)])
            if prefixes[-1] is not None:
                self.clauses.append([-e, prefixes[-1]])
            prefixes.append(e)
        return prefixes

    def _arrow_distance(self, rays, empty, pointed: str, d: int) -> int:
        y = self.new_var()
        for p, cells in rays.items():
            prefix = empty[p][min(d - 1 if p in pointed else d, len(cells))]
            if prefix is not None:
                self.clauses.append([-y, prefix])
            if p in pointed:
                self.clauses.append([-y, self.box(cells[d - 1])])
        return y

    # Redundant constraints: the smallest pieces and holes, stated locally

    def _add_no_lone_cells(self) -> None:
        """A box cell has a box neighbour; an inner non-box cell has a non-box neighbour.

        The first holds for every layout of two or more cells; the lone-cell layouts are
        found separately (``single_cell_layouts``).
        """
        for cell in self.cells:
            near = [n for n in neighbours(cell) if self.puzzle.inside(n)]
            self.clauses.append([-self.box(cell)] + [self.box(n) for n in near])
            if not touches_border(self.puzzle, cell):
                self.clauses.append([self.box(cell)] + [-self.box(n) for n in near])

    # Lazy cuts

    def cuts(self, layout: Layout) -> list[Clause]:
        """Clauses that forbid the pieces and holes of a layout; empty if it has none."""
        return self._piece_cuts(layout) + self._hole_cuts(layout)

    def _piece_cuts(self, layout: Layout) -> list[Clause]:
        """For each piece that is not the largest: if a cell of it is a box cell and a cell of
        the largest piece is too, some cell of its rim must be a box cell."""
        pieces = sorted(components(layout), key=len, reverse=True)
        out = []
        for piece in pieces[1:]:
            rim = [self.box(n) for n in self._rim(piece)]
            anchor = self._anchor(pieces[0])
            out += [[-self.box(x), -anchor] + rim for x in piece]
        if len(pieces) > 1:
            rim = [self.box(n) for n in self._rim(pieces[0])]
            out += [[-self.box(x), -self._anchor(pieces[1])] + rim for x in pieces[0]]
        return out

    def _anchor(self, piece: Layout) -> int:
        """A cell of the piece to stand for it: a number cell if it has one (always a box cell)."""
        numbered = [x for x in piece if x in self.puzzle.numbers]
        return self.box(min(numbered or piece))

    def _hole_cuts(self, layout: Layout) -> list[Clause]:
        """For each enclosed hole: if a cell of it is not a box cell, some rim cell is not either."""
        outside = frozenset(self.cells) - layout
        out = []
        for hole in components(outside):
            if any(touches_border(self.puzzle, x) for x in hole):
                continue
            rim = [-self.box(n) for n in self._rim(hole)]
            out += [[self.box(x)] + rim for x in hole]
        return out

    def _rim(self, piece: Layout) -> set[Cell]:
        return {n for x in piece for n in neighbours(x) if self.puzzle.inside(n) and n not in piece}

    def layout_of(self, model: list[int]) -> Layout:
        n = len(self.cells)
        return frozenset(self.cells[v - 1] for v in model[:n] if v > 0)

    def blocking_clause(self, layout: Layout) -> Clause:
        return [-self.box(x) if x in layout else self.box(x) for x in self.cells]


def single_cell_layouts(puzzle: Puzzle) -> list[Layout]:
    """Every layout of exactly one box cell (the lone-cell clauses exclude these)."""
    if len(puzzle.numbers) > 1:
        return []
    if puzzle.numbers:
        candidates = list(puzzle.numbers)
    elif puzzle.arrows:
        cell, pointed = min(puzzle.arrows.items())
        candidates = ray(puzzle, cell, pointed[0])
    else:
        candidates = puzzle.cells()
    return [frozenset([x]) for x in candidates if is_layout(puzzle, frozenset([x]))]


def layouts(puzzle: Puzzle) -> Iterator[Layout]:
    """Every layout that keeps the grid rules, each once, in no particular order."""
    yield from single_cell_layouts(puzzle)
    model = LayoutModel(puzzle)
    with Solver(name=SAT_BACKEND, bootstrap_with=model.clauses) as sat:
        while sat.solve():
            layout = model.layout_of(sat.get_model())
            cuts = model.cuts(layout)
            if cuts:
                sat.append_formula(cuts)
                continue
            yield layout
            sat.add_clause(model.blocking_clause(layout))
