"""The common-net question as a SAT formula: is there a polyomino of area A inside a grid of
rows x cols cells that folds onto each of the boxes (each of surface area A)?

Variables (all numbered in a fixed order, so the formula of a question is always the same text):

- ``in[c]``: grid cell c is in the net;
- ``state[b][c][s]``: cell c lies on box b in state s (a surface square and a frame,
  ``solver.surface``), for the states kept (see symmetry breaking below);
- ``square[b][c][q]``: cell c lies on square q of box b, in some frame;
- ``reach[k][c]``: cell c is joined to the first cell by a path of at most k net cells.

Constraints, per box: a cell of the net takes one state and a cell outside takes none; two
cells side by side in the grid lie side by side on the box the way the folding carries them (the
state the surface graph's step gives: every grid adjacency kept, no invisible cut); every square
of the box is covered by exactly one cell. Then the net is connected (every cell of it is reached
from the first cell within A - 1 steps) and touches the grid's top row and left column.

Symmetry breaking (each step keeps at least one image of every common net):
- the first cell is the one on square ``PINNED_SQUARE`` of the first box, in frame 0, or on a
  rectangle that is not square also in a frame a quarter turn away (a net turned a quarter
  turn fits the grid turned: see ``pinned_frames``); the turns and mirrors of the plane move
  any net to one of those;
- so every state of the first box has the frame-0 state's handedness (a step keeps it); on
  every other box the states have one handedness and the first cell's state is the smallest of
  its orbit under that box's symmetries (mirrors turn the handedness over);
- translations: the net touches row 0 and column 0.

The formula is the whole statement a certificate of "none" proves (``solver.nets.certificate``):
its clauses are the definition, and the tests hold its models to foldkit's folding checker and
its model count on small grids to the enumeration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from solver.box import Box, face_normal, squares, surface_area
from solver.grid import Cell, Layout, normalise
from solver.nets.plan import FRAMES, frame_turns
from solver.surface import SurfaceStates, surface_states

Clause = list[int]  # DIMACS literals: variable v true is v, false is -v
ENCODING = "foldkit.nets-sat/1"  # names this encoding: a certificate made by another is not checked against it
PINNED_SQUARE = 0  # the first box's square that the first cell lies on
QUARTER_TURNS = (5, 6)  # the turns of the plane by a quarter (``solver.nets.plan.turn_cell``'s numbering)
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # grid directions U R D L, as in the state tables


@dataclass(frozen=True)
class Question:
    """Is there a common net of the boxes (distinct, of one surface area, the first one pinned)
    that fits a grid of rows x cols cells?"""

    boxes: tuple[Box, ...]
    rows: int
    cols: int

    @property
    def area(self) -> int:
        return surface_area(self.boxes[0])

    def statement(self, answer: str) -> str:
        """What an answer to the question says, in words: 'no polyomino of area 22 ...'."""
        names = " and ".join(", ".join("x".join(map(str, b)) for b in self.boxes).rsplit(", ", 1))
        return (f"{answer} polyomino of area {self.area} that fits in a {self.rows} x {self.cols} grid (turned "
                f"or not) folds along grid lines onto each of {names}, covering each surface once and keeping "
                "every grid adjacency")


def full_grid(area: int) -> tuple[int, int]:
    """(rows, cols) of the smallest grid that holds every polyomino of the area, turned if need be:
    a polyomino of width w and height h has w + h <= area + 1, so turned to w <= h it fits
    ceil((area + 1) / 2) x area."""
    return (area + 2) // 2, area


@dataclass
class Formula:
    """The clauses of a question and its variable tables; ``variables`` the highest in use.

    ``in_net`` shape (rows, cols); ``state[b]`` shape (rows, cols, 8A), 0 where a state is not
    kept; ``square[b]`` shape (rows, cols, A)."""

    question: Question
    clauses: list[Clause] = field(default_factory=list)
    variables: int = 0
    in_net: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    state: list[np.ndarray] = field(default_factory=list)
    square: list[np.ndarray] = field(default_factory=list)

    def new(self, shape: tuple[int, ...]) -> np.ndarray:
        """Fresh variables, numbered in order, in an array of the shape."""
        count = int(np.prod(shape))
        out = np.arange(self.variables + 1, self.variables + 1 + count, dtype=np.int64).reshape(shape)
        self.variables += count
        return out

    def add(self, clause: list[int] | np.ndarray) -> None:
        self.clauses.append([int(x) for x in clause])

    def dimacs(self) -> str:
        """The formula as DIMACS CNF text."""
        lines = [f"c {ENCODING}", f"p cnf {self.variables} {len(self.clauses)}"]
        lines += [" ".join(map(str, clause)) + " 0" for clause in self.clauses]
        return "\n".join(lines) + "\n"

    @cached_property
    def graphs(self) -> list[SurfaceStates]:
        return [surface_states(box) for box in self.question.boxes]


def encode(question: Question) -> Formula:
    """The formula of the question; satisfiable exactly when such a net exists."""
    formula = Formula(question)
    rows, cols = question.rows, question.cols
    formula.in_net = formula.new((rows, cols))
    kept = [kept_states(question, b, graph) for b, graph in enumerate(formula.graphs)]
    formula.state = [_state_variables(formula, keep) for keep in kept]
    formula.square = [formula.new((rows, cols, question.area)) for _ in question.boxes]
    for b, graph in enumerate(formula.graphs):
        _fold_onto(formula, b, graph)
    _exactly(formula, formula.in_net.ravel(), question.area)
    _connected(formula)
    _first_cell(formula, kept)
    _touch_the_corner(formula)
    return formula


# ---------------------------------------------------------------------------------------------
# Which states are kept


def printed_outside(graph: SurfaceStates) -> np.ndarray:
    """Per state, True where the paper's front (grid up x grid right... right x up) faces out, shape (8A,)."""
    normals = np.array([face_normal(face) for face, _, _ in squares(graph.box)])[graph.square]
    up, right = graph.frames[:, 0], graph.frames[:, 1]
    return (np.cross(right, up) == normals).all(axis=1)


def pinned_frames(question: Question, graph: SurfaceStates) -> list[int]:
    """The frames the first cell may take on the pinned square: 0, and on a grid that is not square
    also one a quarter turn away (a net that fits only turned is met there)."""
    if question.rows == question.cols:
        return [0]
    turns = frame_turns(graph, PINNED_SQUARE).tolist()
    return [0, next(f for f in range(FRAMES) if turns[f] in QUARTER_TURNS)]


def kept_states(question: Question, b: int, graph: SurfaceStates) -> np.ndarray:
    """Per state of box b, True if a cell may take it: those of one handedness (the frame-0 state's
    on the first box), and on the pinned square of the first box only its pinned frames."""
    outside = printed_outside(graph)
    keep = outside == (outside[0] if b == 0 else True)
    if b == 0:
        pinned = np.zeros(FRAMES, dtype=bool)
        pinned[pinned_frames(question, graph)] = True
        keep[FRAMES * PINNED_SQUARE: FRAMES * (PINNED_SQUARE + 1)] = pinned
    return keep


def first_states(graph: SurfaceStates) -> np.ndarray:
    """The states the first cell may take on a box other than the first: the smallest printed-outside
    state of each orbit of the box's symmetries."""
    outside = printed_outside(graph)
    images = np.where(outside[graph.symmetry], graph.symmetry, len(outside))
    return np.unique(images.min(axis=0))


def _state_variables(formula: Formula, keep: np.ndarray) -> np.ndarray:
    q = formula.question
    out = np.zeros((q.rows, q.cols, len(keep)), dtype=np.int64)
    out[:, :, keep] = formula.new((q.rows, q.cols, int(keep.sum())))
    return out


# ---------------------------------------------------------------------------------------------
# The clauses


def _fold_onto(formula: Formula, b: int, graph: SurfaceStates) -> None:
    """A cell of the net takes one state on box b, its grid neighbours the states its steps give,
    and every square of the box is covered once."""
    q = formula.question
    state, square, in_net = formula.state[b], formula.square[b], formula.in_net
    for r in range(q.rows):
        for c in range(q.cols):
            kept = np.flatnonzero(state[r, c])
            # Main constraint: one state per cell of the net, none outside
            formula.add([-in_net[r, c], *state[r, c, kept]])
            for s in kept:
                formula.add([-state[r, c, s], in_net[r, c]])
                formula.add([-state[r, c, s], square[r, c, graph.square[s]]])
            for sq in range(q.area):
                frames = state[r, c, FRAMES * sq: FRAMES * (sq + 1)]
                formula.add([-square[r, c, sq], *frames[frames > 0]])
                _at_most_one(formula, frames[frames > 0])
            _at_most_one(formula, square[r, c])
            _steps(formula, graph, state, (r, c))
    # Main constraint: every square covered exactly once
    for sq in range(q.area):
        formula.add(square[:, :, sq].ravel())
        _at_most_one(formula, square[:, :, sq].ravel())


def _steps(formula: Formula, graph: SurfaceStates, state: np.ndarray, cell: Cell) -> None:
    """Each grid neighbour in the net of a cell in state s takes the state one step from s."""
    q, (r, c) = formula.question, cell
    in_net = formula.in_net
    for d, (dr, dc) in enumerate(STEPS):
        nr, nc = r + dr, c + dc
        if not (0 <= nr < q.rows and 0 <= nc < q.cols):
            continue
        for s in np.flatnonzero(state[r, c]):
            there = state[nr, nc, graph.step[s, d]]
            formula.add([-state[r, c, s], -in_net[nr, nc], *([there] if there else [])])


def _at_most_one(formula: Formula, given: np.ndarray) -> None:
    """At most one of the literals true: pairwise up to 5 of them, else the sequential counter
    (Sinz 2005) with one new variable per literal but the last."""
    literals = [int(x) for x in given]
    if len(literals) <= 5:
        for i, a in enumerate(literals):
            for z in literals[i + 1:]:
                formula.add([-a, -z])
        return
    seen = formula.new((len(literals) - 1,))  # seen[i]: some literal up to i is true
    for i, x in enumerate(literals[:-1]):
        formula.add([-x, seen[i]])
        if i:
            formula.add([-seen[i - 1], seen[i]])
            formula.add([-x, -seen[i - 1]])
    formula.add([-literals[-1], -seen[-1]])


def _exactly(formula: Formula, literals: np.ndarray, k: int) -> None:
    """Redundant constraint: exactly k of the literals true (the covering implies it, but only through
    counting, which clause learning finds hard: 1x1x5 in a 5 x 5 grid is refuted in 0.1 s with it and
    not in 60 s without). A unary counter: ``atleast[i, j]`` holds when j + 1 of the first i + 1
    literals are true, defined both ways."""
    n = len(literals)
    atleast = formula.new((n, k + 1))
    for i, x in enumerate(map(int, literals)):
        for j in range(k + 1):
            here = int(atleast[i, j])
            below = [int(atleast[i - 1, j])] if i else []  # [] stands for false
            fewer = [int(atleast[i - 1, j - 1])] if i and j else []  # [] stands for true when j == 0
            if i == 0 and j > 0:
                formula.add([-here])
                continue
            formula.add([-x, *[-f for f in fewer], here])
            formula.add([-here, *below, x])
            if j:
                formula.add([-here, *below, *fewer])
            if below:
                formula.add([-below[0], here])
    formula.add([atleast[n - 1, k - 1]])
    formula.add([-atleast[n - 1, k]])


def _connected(formula: Formula) -> None:
    """Every cell of the net is reached from the first cell through net cells within A - 1 steps."""
    q = formula.question
    in_net = formula.in_net
    first = _first_cell_variables(formula)
    before = first
    for _ in range(1, q.area):
        reach = formula.new((q.rows, q.cols))
        for r in range(q.rows):
            for c in range(q.cols):
                around = [before[r + dr, c + dc] for dr, dc in STEPS if 0 <= r + dr < q.rows and 0 <= c + dc < q.cols]
                formula.add([-reach[r, c], before[r, c], *around])
                formula.add([-reach[r, c], in_net[r, c]])
        before = reach
    for r in range(q.rows):
        for c in range(q.cols):
            formula.add([-in_net[r, c], before[r, c]])


def _first_cell_variables(formula: Formula) -> np.ndarray:
    """The cells on the pinned square of the first box: the first cell, wherever it is."""
    return formula.square[0][:, :, PINNED_SQUARE]


def _first_cell(formula: Formula, kept: list[np.ndarray]) -> None:
    """Symmetry breaking: on each other box the first cell takes the smallest state of its orbit."""
    first = _first_cell_variables(formula)
    for b, graph in enumerate(formula.graphs[1:], 1):
        allowed = first_states(graph)
        state = formula.state[b]
        for r in range(formula.question.rows):
            for c in range(formula.question.cols):
                formula.add([-first[r, c], *state[r, c, allowed]])


def _touch_the_corner(formula: Formula) -> None:
    """Symmetry breaking: the net touches row 0 and column 0."""
    in_net = formula.in_net
    formula.add(in_net[0, :])
    formula.add(in_net[:, 0])


# ---------------------------------------------------------------------------------------------
# Models


def net_of(formula: Formula, model: list[int] | set[int]) -> Layout:
    """The net a model describes, normalised."""
    true = {x for x in model if x > 0}
    in_net = formula.in_net
    cells = {(r, c) for r in range(formula.question.rows) for c in range(formula.question.cols)
             if int(in_net[r, c]) in true}
    return normalise(frozenset(cells))


def blocking_clause(formula: Formula, model: list[int]) -> Clause:
    """The clause that rules out this model's cells (the same net at the same place) and no other."""
    true = {x for x in model if x > 0}
    in_net = formula.in_net
    return [-v if v in true else v for v in map(int, in_net.ravel())]
