"""The search for every layout that keeps the grid rules.

The local rules (numbers, arrows, no lone box cell, no lone hole) become a SAT formula.
Connectivity and hole-freedom are global; they are added lazily: whenever the SAT solver
offers a layout that falls into pieces or encloses a hole, cuts that forbid that kind of
picture are added and the solver tries again. Each complete layout is blocked once found, so
the generator yields every layout exactly once.

The cuts are what makes large grids fast. A hole is cut not only along its own rim but along
every ring of box cells around it a few steps out: whatever such a ring encloses must be all
box cells while the ring stands, so one cut rules out every hole inside it at once, and ring
cells that are numbers (always box cells) drop out of the clause.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np
from pysat.solvers import Solver

from solver.grid import DIRECTIONS, Cell, Layout
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.rules import arrow_holds, king_neighbourhood, number_holds, ray, unmet_clue

Clause = list[int]

SAT_BACKEND = "minisat22"  # MiniSat 2.2: the steadiest on sparse puzzles (bench/generate_speed.py)
RING_STEPS = 3  # how many rings beyond a hole's own rim are tried as cuts
LARGE_CUT = 256  # literals past which a cut goes through a fresh variable


class Grid:
    """The grid's cells as indices 0..n-1 (row by row), with neighbour lists for fast floods."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.near: list[list[int]] = [self._near(i) for i in range(self.size)]
        self.border = [i for i in range(self.size) if len(self.near[i]) < 4]

    def _near(self, i: int) -> list[int]:
        r, c = divmod(i, self.cols)
        steps = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        return [y * self.cols + x for y, x in steps if 0 <= y < self.rows and 0 <= x < self.cols]

    def pieces(self, member: bytearray, value: int, seen: bytearray | None = None,
               among: list[int] | None = None) -> list[list[int]]:
        """The 4-connected groups of indices whose member flag equals value (skipping seen ones),
        each found from its smallest index; among: the sorted indices to look at, if not all."""
        seen = bytearray(self.size) if seen is None else seen
        out = []
        for start in range(self.size) if among is None else among:
            if member[start] == value and not seen[start]:
                out.append(self._flood([start], member, value, seen))
        return out

    def holes(self, box: bytearray) -> list[list[int]]:
        """The groups of non-box cells that cannot reach the border through non-box cells."""
        seen = bytearray(self.size)
        self._flood([i for i in self.border if not box[i]], box, 0, seen)
        return self.pieces(box, 0, seen)

    def euler_number(self, box: bytearray) -> int:
        """Pieces minus holes of the box cells, pieces joined at corners counting as one (so at
        least the 4-connected pieces minus the holes), counted over 2x2 windows without a flood."""
        image = np.zeros((self.rows + 2, self.cols + 2), dtype=np.int8)
        image[1:-1, 1:-1] = np.frombuffer(bytes(box), dtype=np.uint8).reshape(self.rows, self.cols)
        corner, right, below, diagonal = image[:-1, :-1], image[:-1, 1:], image[1:, :-1], image[1:, 1:]
        window = corner + right + below + diagonal
        ones, threes = int((window == 1).sum()), int((window == 3).sum())
        crossed = int(((window == 2) & (corner == diagonal)).sum())
        return (ones - threes - 2 * crossed) // 4

    def _flood(self, starts: list[int], member: bytearray, value: int, seen: bytearray) -> list[int]:
        for i in starts:
            seen[i] = 1
        todo, out = list(starts), list(starts)
        while todo:
            for j in self.near[todo.pop()]:
                if member[j] == value and not seen[j]:
                    seen[j] = 1
                    todo.append(j)
                    out.append(j)
        return out

    def rim(self, region: set[int]) -> set[int]:
        """The cells next to a region and outside it."""
        return {j for i in region for j in self.near[i] if j not in region}


class LayoutModel:
    """The SAT variables and local clauses of a puzzle's grid rules, and the lazy cuts."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.grid = Grid(puzzle.rows, puzzle.cols)
        self.cells = puzzle.cells()
        self.next_var = len(self.cells) + 1
        self.clauses: list[Clause] = [[self.box(x) for x in self.cells]]  # a layout is never empty
        self.clauses += self.clue_clauses(puzzle)
        self._add_no_lone_cells()
        self.numbered = bytearray(self.grid.size)  # 1 for number cells: always box cells
        for cell in puzzle.numbers:
            self.numbered[self.box(cell) - 1] = 1
        self.anchors = self.numbered  # cells a piece cut prefers to stand for the piece: box cells now

    def new_var(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    def box(self, cell: Cell) -> int:
        """The variable that is true when cell is a box cell."""
        return cell[0] * self.puzzle.cols + cell[1] + 1

    # Main constraints

    def clue_clauses(self, puzzle: Puzzle) -> list[Clause]:
        """The clauses of the clues of puzzle (same grid), on fresh auxiliary variables.

        Clue cells: number cells are box cells, arrow cells are not."""
        clauses = [[self.box(x)] for x in puzzle.numbers] + [[-self.box(x)] for x in puzzle.arrows]
        for cell, number in puzzle.numbers.items():
            clauses += self._number(cell, number.value)
        for cell, pointed in puzzle.arrows.items():
            clauses += self._arrow(cell, pointed)
        return clauses

    def _number(self, cell: Cell, n: int) -> list[Clause]:
        """Exactly n box cells in the 3x3 block (direct encoding: at most 9 cells)."""
        lits = [self.box(x) for x in king_neighbourhood(self.puzzle, cell)]
        at_most = [[-v for v in group] for group in combinations(lits, n + 1)]
        return at_most + [list(group) for group in combinations(lits, len(lits) - n + 1)]

    def _arrow(self, cell: Cell, pointed: str) -> list[Clause]:
        """One distance variable per feasible d; the first box cell at d wherever it points."""
        rays = {p: ray(self.puzzle, cell, p) for p in DIRECTIONS}
        clauses: list[Clause] = []
        empty = {p: self._empty_prefixes(cells, clauses) for p, cells in rays.items()}
        choices = []
        for d in range(1, max(len(r) for r in rays.values()) + 1):
            if all(len(rays[p]) >= d for p in pointed):
                choices.append(self._arrow_distance(rays, empty, pointed, d, clauses))
        return clauses + [choices]

    def _empty_prefixes(self, cells: list[Cell], clauses: list[Clause]) -> list[int | None]:
        """Variables e[k] meaning 'the first k cells of a ray are not box cells' (e[0] is None:
        always true). Only the forward implication is needed, so each costs two clauses."""
        prefixes: list[int | None] = [None]
        for x in cells:
            e = self.new_var()
            clauses.append([-e, -self.box(x)])
            if prefixes[-1] is not None:
                clauses.append([-e, prefixes[-1]])
            prefixes.append(e)
        return prefixes

    def _arrow_distance(self, rays, empty, pointed: str, d: int, clauses: list[Clause]) -> int:
        y = self.new_var()
        for p, cells in rays.items():
            prefix = empty[p][min(d - 1 if p in pointed else d, len(cells))]
            if prefix is not None:
                clauses.append([-y, prefix])
            if p in pointed:
                clauses.append([-y, self.box(cells[d - 1])])
        return y

    # Redundant constraints: the smallest pieces and holes, stated locally

    def _add_no_lone_cells(self) -> None:
        """A box cell has a box neighbour; an inner non-box cell has a non-box neighbour.

        The first holds for every layout of two or more cells; the lone-cell layouts are
        found separately (``single_cell_layouts``)."""
        for i, near in enumerate(self.grid.near):
            self.clauses.append([-(i + 1)] + [j + 1 for j in near])
            if len(near) == 4:
                self.clauses.append([i + 1] + [-(j + 1) for j in near])

    # Lazy cuts

    def cuts(self, layout: Layout) -> list[Clause]:
        """Clauses that forbid the pieces and holes of a layout; empty if it has none."""
        box, cells = bytearray(self.grid.size), sorted(r * self.puzzle.cols + c for r, c in layout)
        for i in cells:
            box[i] = 1
        pieces = self.grid.pieces(box, 1, among=cells)
        # holes <= pieces - Euler number: when that is 0, there is no hole and no flood is needed
        holes = self._hole_cuts(box) if len(pieces) > self.grid.euler_number(box) else []
        return self._piece_cuts(pieces) + holes

    def _piece_cuts(self, pieces: list[list[int]]) -> list[Clause]:
        """For two pieces P and Q: if a cell of P and one of Q are box cells, then some cell of
        P's rim is too. Each piece is cut against the largest, the largest against the next."""
        pieces = sorted(pieces, key=len, reverse=True)
        if len(pieces) < 2:
            return []
        pairs = [(piece, pieces[0]) for piece in pieces[1:]] + [(pieces[0], pieces[1])]
        out = []
        for piece, other in pairs:
            rim = [j + 1 for j in self.grid.rim(set(piece))]
            out += self._implies_one_of([i + 1 for i in piece], [-self._anchor(other)] + rim)
        return out

    def _implies_one_of(self, cells: list[int], clause: Clause) -> list[Clause]:
        """Clauses saying: each of the literals cells implies the clause. A large pair (a piece
        of thousands of cells, a rim of hundreds) goes through one fresh variable, so that it
        costs |cells| + |clause| literals, not their product."""
        if len(cells) * len(clause) <= LARGE_CUT:
            return [[-x] + clause for x in cells]
        some = self.new_var()  # true if some literal of cells is
        return [[-x, some] for x in cells] + [[-some] + clause]

    def _anchor(self, piece: list[int]) -> int:
        """A cell of the piece to stand for it: a number cell if it has one. Any cell keeps the
        cut valid; a cell that must be a box cell makes it bite at once."""
        anchored = [i for i in piece if self.anchors[i]]
        return min(anchored or piece) + 1

    def _hole_cuts(self, box: bytearray) -> list[Clause]:
        """For each hole, and each ring of box cells around it up to RING_STEPS out: while the
        ring is all box cells, every cell it encloses is a box cell."""
        out = []
        for hole in self.grid.holes(box):
            region = set(hole)
            for _ in range(RING_STEPS + 1):
                ring = self.grid.rim(region)
                if not all(box[j] for j in ring) or any(len(self.grid.near[i]) < 4 for i in region):
                    break
                lits = [-(j + 1) for j in ring if not self.numbered[j]]
                out += self._implies_one_of([-(i + 1) for i in sorted(region)], lits)
                region |= ring
        return out

    def layout_of(self, model: list[int]) -> Layout:
        n = len(self.cells)
        return frozenset(self.cells[v - 1] for v in model[:n] if v > 0)

    def blocking_clause(self, layout: Layout) -> Clause:
        """A clause only this picture breaks: some cell differs."""
        return [-self.box(x) if x in layout else self.box(x) for x in self.cells]

    def piece_blocking_clause(self, layout: Layout) -> Clause:
        """A clause that, among connected layouts, only this one breaks: it loses a cell or
        gains one of its rim (a connected layout holding it and more holds a rim cell). Short,
        so the solver looks for the next layout near this one, not anywhere on the grid."""
        cells = {self.box(x) - 1 for x in layout}
        return [-(i + 1) for i in sorted(cells)] + [j + 1 for j in sorted(self.grid.rim(cells))]


def single_cell_layouts(puzzle: Puzzle) -> Iterator[Layout]:
    """Every layout of exactly one box cell (the lone-cell clauses exclude these), lazily.

    One cell is always connected and never encloses a hole (a cell off the border has four
    straight ways out, and one box cell blocks only one), so only the clues are checked."""
    if len(puzzle.numbers) > 1:
        return
    if puzzle.numbers:
        candidates = list(puzzle.numbers)
    elif puzzle.arrows:
        cell, pointed = min(puzzle.arrows.items())
        candidates = ray(puzzle, cell, pointed[0])
    else:
        candidates = puzzle.cells()
    for x in candidates:
        layout = frozenset([x])
        if all(number_holds(puzzle, layout, c) for c in puzzle.numbers) and \
                all(arrow_holds(puzzle, layout, c) for c in puzzle.arrows):
            yield layout


def layouts(puzzle: Puzzle) -> Iterator[Layout]:
    """Every layout that keeps the grid rules, each once, in no particular order.

    The solver tries cells as non-box first, so the first layouts are small ones: a few
    clues on a large grid give a layout at once instead of a grid-filling one."""
    if unmet_clue(puzzle) is not None:
        return
    yield from single_cell_layouts(puzzle)
    model = LayoutModel(puzzle)
    with Solver(name=SAT_BACKEND, bootstrap_with=model.clauses) as sat:
        sat.set_phases([-model.box(x) for x in model.cells])
        while sat.solve():
            layout = model.layout_of(sat.get_model())
            cuts = model.cuts(layout)
            if cuts:
                sat.append_formula(cuts)
                continue
            yield layout
            sat.add_clause(model.piece_blocking_clause(layout))
