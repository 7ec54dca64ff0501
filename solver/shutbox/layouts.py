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

from pysat.solvers import Solver

from solver.grid import DIRECTIONS, Cell, Layout
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.rules import is_layout, king_neighbourhood, ray

Clause = list[int]

SAT_BACKEND = "minisat22"  # MiniSat 2.2: the steadiest on sparse puzzles (bench/generate_speed.py)
RING_STEPS = 3  # how many rings beyond a hole's own rim are tried as cuts
PIECE_STEPS = 0  # and beyond a piece's own rim


class Grid:
    """The grid's cells as indices 0..n-1 (row by row). A set of cells is a Python int with bit i
    for cell i, so that a flood grows a whole front with a few shifts instead of cell by cell."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.near: list[list[int]] = [self._near(i) for i in range(self.size)]
        self.full = (1 << self.size) - 1
        first = sum(1 << (r * cols) for r in range(rows))
        self.not_first_col, self.not_last_col = self.full & ~first, self.full & ~(first << (cols - 1))
        self.border = sum(1 << i for i in range(self.size) if len(self.near[i]) < 4)

    def _near(self, i: int) -> list[int]:
        r, c = divmod(i, self.cols)
        steps = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        return [y * self.cols + x for y, x in steps if 0 <= y < self.rows and 0 <= x < self.cols]

    def grow(self, cells: int) -> int:
        """The cells and their four neighbours."""
        return (cells | (cells & self.not_last_col) << 1 | (cells & self.not_first_col) >> 1
                | cells << self.cols | cells >> self.cols) & self.full

    def flood(self, start: int, allowed: int) -> int:
        """Every cell of allowed that start reaches through allowed cells."""
        reached = start & allowed
        while True:
            wider = self.grow(reached) & allowed
            if wider == reached:
                return reached
            reached = wider

    def pieces(self, cells: int) -> list[int]:
        """The 4-connected groups of a set of cells, each a set."""
        out = []
        while cells:
            piece = self.flood(cells & -cells, cells)
            out.append(piece)
            cells &= ~piece
        return out

    def holes(self, box: int) -> list[int]:
        """The groups of non-box cells that cannot reach the border through non-box cells."""
        outside = self.full & ~box
        return self.pieces(outside & ~self.flood(outside & self.border, outside))

    def rim(self, region: int) -> int:
        """The cells next to a region and outside it."""
        return self.grow(region) & ~region


def indices(cells: int) -> list[int]:
    """The cell indices of a set, ascending (read off its binary digits, lowest first)."""
    return [i for i, bit in enumerate(reversed(bin(cells))) if bit == "1"]


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
        self.numbered = sum(1 << (self.box(cell) - 1) for cell in puzzle.numbers)  # always box cells

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
        cols = self.puzzle.cols
        box = sum(1 << (r * cols + c) for r, c in layout)
        return self._piece_cuts(box) + self._hole_cuts(box)

    def _piece_cuts(self, box: int) -> list[Clause]:
        """For two pieces P and Q: if a cell of P and one of Q are box cells, then some cell of
        P's rim is too; and so for every region around P, grown through non-box cells up to
        RING_STEPS times, that stays clear of Q. Each piece is cut against the largest, the
        largest against the next."""
        pieces = sorted(self.grid.pieces(box), key=lambda p: (-p.bit_count(), p & -p))
        if len(pieces) < 2:
            return []
        pairs = [(piece, pieces[0]) for piece in pieces[1:]] + [(pieces[0], pieces[1])]
        out = []
        for piece, other in pairs:
            anchor = self._anchor(other)
            cells = indices(piece)
            region = piece
            for _ in range(PIECE_STEPS + 1):
                rim = self.grid.rim(region)
                if rim & box or (1 << (anchor - 1)) & (region | rim):
                    break
                lits = [j + 1 for j in indices(rim)]
                out += [[-(i + 1), -anchor] + lits for i in cells]
                region |= rim
        return out

    def _anchor(self, piece: int) -> int:
        """A cell of the piece to stand for it: a number cell if it has one (always a box cell)."""
        numbered = piece & self.numbered
        return indices((numbered or piece) & -(numbered or piece))[0] + 1

    def _hole_cuts(self, box: int) -> list[Clause]:
        """For each hole, and each ring of box cells around it up to RING_STEPS out: while the
        ring is all box cells, every cell it encloses is a box cell."""
        out = []
        for region in self.grid.holes(box):
            for _ in range(RING_STEPS + 1):
                ring = self.grid.rim(region)
                if ring & ~box or region & self.grid.border:
                    break
                lits = [-(j + 1) for j in indices(ring & ~self.numbered)]
                out += [[i + 1] + lits for i in indices(region)]
                region |= ring
        return out

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
        n = len(model.cells)
        while sat.solve():
            values = sat.get_model()
            layout = model.layout_of(values)
            cuts = model.cuts(layout)
            if cuts:
                sat.append_formula(cuts)
                continue
            yield layout
            sat.add_clause([-v for v in values[:n]])  # this very picture of box cells, never again
