"""Random box nets and random puzzles with a planted solution, for tests and the bench.

A net is grown on the box surface square by square along a random spanning tree and unfolded
into the plane as it grows; a puzzle plants such a net in a grid and gains clues that are true
of it until the solver finds the planted solution and nothing else. Everything is a pure
function of its arguments and the ``random.Random`` it is given, so a seed fixes the result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pysat.solvers import Solver

from solver.box import Box, boxes_of_area
from solver.folding import Folding, SurfaceStates, foldings, surface_states
from solver.grid import DIRECTIONS, STEP, Cell, Layout, normalise
from solver.invariant import require
from solver.shutbox.clues import clue_problem
from solver.shutbox.layouts import SAT_BACKEND, Clause, LayoutModel
from solver.shutbox.puzzle import Number, Puzzle
from solver.shutbox.rules import arrow_holds, first_box_distance, is_hole_free, king_neighbourhood, number_holds
from solver.shutbox.solve import solve

Clue = Number | str  # a number on a box cell, or the directions of an arrow on any other cell
Growth = tuple[Cell, int, int]  # (cell of a placed square, its state, grid direction index) to grow along

NET_ATTEMPTS = 10_000
PUZZLE_ATTEMPTS = 1_000

# ---------------------------------------------------------------------------------------------
# Random nets


def random_net(box: Box, rng: random.Random, depth: float = 0.5) -> Layout:
    """A random net of the box: a polyomino that folds onto it, normalised.

    depth (0-1) is how often the growth follows its newest edge rather than a random one:
    0 gives round blobs, values near 1 long branching arms."""
    graph = surface_states(box)
    for _ in range(NET_ATTEMPTS):
        cells = _grow_net(graph, rng, depth)
        if cells is not None:
            return normalise(cells)
    raise RuntimeError(f"no net of {box} found in {NET_ATTEMPTS} attempts")


def _grow_net(graph: SurfaceStates, rng: random.Random, depth: float) -> Layout | None:
    """The cells of one unfolding, or None if it got stuck.

    Starts from a random state (square and frame) at cell (0, 0), then keeps taking a frontier
    edge (cell, state, direction) to an unplaced square. A step whose cell is taken, or whose
    cell has a plane neighbour that is not its neighbour on the box, is dropped for good: the
    plane only fills up, so it can never become possible again."""
    start, total = rng.randrange(len(graph.square)), len(graph.square) // 8
    state_at: dict[Cell, int] = {(0, 0): start}
    placed = {int(graph.square[start])}
    frontier = _edges_from(graph, (0, 0), start, rng)
    while frontier and len(placed) < total:
        i = len(frontier) - 1 if rng.random() < depth else rng.randrange(len(frontier))
        frontier[i], frontier[-1] = frontier[-1], frontier[i]
        cell, state, d = frontier.pop()
        new, target = int(graph.step[state, d]), _neighbour(cell, d)
        if int(graph.square[new]) in placed or not _fits(graph, state_at, target, new):
            continue
        state_at[target] = new
        placed.add(int(graph.square[new]))
        frontier += _edges_from(graph, target, new, rng)
    return frozenset(state_at) if len(placed) == total else None


def _edges_from(graph: SurfaceStates, cell: Cell, state: int, rng: random.Random) -> list[Growth]:
    """The four ways on from a placed cell, in random order."""
    return [(cell, state, d) for d in rng.sample(range(4), 4)]


def _neighbour(cell: Cell, d: int) -> Cell:
    dr, dc = STEP[DIRECTIONS[d]]
    return cell[0] + dr, cell[1] + dc


def _fits(graph: SurfaceStates, state_at: dict[Cell, int], cell: Cell, state: int) -> bool:
    """True if cell is free and each placed plane neighbour is that neighbour on the box too."""
    if cell in state_at:
        return False
    for d in range(4):
        other = state_at.get(_neighbour(cell, d))
        if other is not None and int(graph.step[state, d]) != other:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Clues that are true of a planted layout


def true_clue(puzzle: Puzzle, layout: Layout, cell: Cell) -> Clue | None:
    """The clue the cell can carry for this layout: its number if it is a box cell, else the
    arrow towards its nearest box cells; None if no box cell lies in any direction."""
    if cell in layout:
        return Number(sum(1 for x in king_neighbourhood(puzzle, cell) if x in layout))
    found = {p: first_box_distance(puzzle, layout, cell, p) for p in DIRECTIONS}
    near = [d for d in found.values() if d is not None]
    if not near:
        return None
    return "".join(p for p in DIRECTIONS if found[p] == min(near))


def with_clue(puzzle: Puzzle, cell: Cell, clue: Clue) -> Puzzle:
    """The puzzle with one more clue (replacing any clue on that cell), row-major order kept."""
    numbers = {x: n for x, n in puzzle.numbers.items() if x != cell}
    arrows = {x: a for x, a in puzzle.arrows.items() if x != cell}
    if isinstance(clue, Number):
        numbers[cell] = clue
    else:
        arrows[cell] = clue
    numbers, arrows = dict(sorted(numbers.items())), dict(sorted(arrows.items()))
    return Puzzle(puzzle.rows, puzzle.cols, numbers, arrows, puzzle.name)


def clue_holds(puzzle: Puzzle, layout: Layout, cell: Cell) -> bool:
    """True if the clue on cell (number or arrow) holds for the layout."""
    if cell in puzzle.numbers:
        return cell in layout and number_holds(puzzle, layout, cell)
    return cell not in layout and arrow_holds(puzzle, layout, cell)


def _free_cells(puzzle: Puzzle) -> list[Cell]:
    return [x for x in puzzle.cells() if x not in puzzle.numbers and x not in puzzle.arrows]


def _add_true_clues(puzzle: Puzzle, layout: Layout, cells: list[Cell]) -> Puzzle:
    for cell in cells:
        clue = true_clue(puzzle, layout, cell)
        if clue is not None:
            puzzle = with_clue(puzzle, cell, clue)
    return puzzle


def _breaking_clue(puzzle: Puzzle, planted: Layout, other: Layout, rng: random.Random) -> Puzzle | None:
    """The puzzle with one more clue, true of the planted layout and broken by the other one,
    chosen at random; None if every cell that could carry such a clue already has one."""
    free = _free_cells(puzzle)
    rng.shuffle(free)
    for cell in free:
        clue = true_clue(puzzle, planted, cell)
        if clue is not None and not clue_holds(with_clue(puzzle, cell, clue), other, cell):
            return with_clue(puzzle, cell, clue)
    return None


def _pin_layout(puzzle: Puzzle, planted: Layout, rng: random.Random, cut_rounds: int) -> Puzzle | None:
    """The puzzle with true clues added until the planted layout is its only layout; None if
    another layout agrees with it on every cell that can carry a clue.

    A SAT solver holding the local rules (``LayoutModel``) offers pictures other than the
    planted one. A picture that falls into pieces or has a hole is cut away, up to cut_rounds
    times in a row, so that the puzzle leans on connectivity as the real one does; any other
    picture gets a random clue that breaks it, added to the solver on the spot."""
    model = LayoutModel(puzzle)
    in_a_row = 0
    with Solver(name=SAT_BACKEND, bootstrap_with=model.clauses + [model.blocking_clause(planted)]) as sat:
        while sat.solve():
            other = model.layout_of(sat.get_model())
            cuts = model.cuts(other)
            richer = None if cuts and in_a_row < cut_rounds else _breaking_clue(puzzle, planted, other, rng)
            if richer is not None:
                sat.append_formula(_new_clue_clauses(model, puzzle, richer))
                puzzle, in_a_row = richer, 0
            elif cuts:
                sat.append_formula(cuts)
                in_a_row += 1
            else:
                return None
    return puzzle


def _new_clue_clauses(model: LayoutModel, before: Puzzle, after: Puzzle) -> list[Clause]:
    """The clauses of the clues after has and before lacks, numbered on from the model's
    variables."""
    numbers = {x: n for x, n in after.numbers.items() if x not in before.numbers}
    arrows = {x: a for x, a in after.arrows.items() if x not in before.arrows}
    model.puzzle = after
    return model.clue_clauses(Puzzle(after.rows, after.cols, numbers, arrows))


# ---------------------------------------------------------------------------------------------
# Circles and squares that are true of a planted folding


def mark_pairs(folding: Folding, mark: str) -> list[tuple[Cell, Cell]]:
    """Pairs of cells that may both carry the mark: opposite each other ('o') or edge-adjacent
    on one face ('s')."""
    at = {p: cell for cell, p in folding.placement.items()}
    pairs = []
    for cell, (f, u, v) in sorted(folding.placement.items()):
        partners = [(f ^ 1, u, v)] if mark == "o" else [(f, u + 1, v), (f, u, v + 1)]
        pairs += [(cell, at[p]) for p in partners if p in at and at[p] > cell]
    return pairs


def _with_mark_pair(puzzle: Puzzle, layout: Layout, pair: tuple[Cell, Cell], mark: str) -> Puzzle:
    for cell in pair:
        value = sum(1 for x in king_neighbourhood(puzzle, cell) if x in layout)
        puzzle = with_clue(puzzle, cell, Number(value, mark))
    return puzzle


def _add_marks(puzzle: Puzzle, layout: Layout, folding: Folding, rng: random.Random, count: int) -> Puzzle:
    """Add up to count random circle or square pairs on unmarked cells, true of the folding."""
    for _ in range(count):
        mark = rng.choice("os")
        pairs = [p for p in mark_pairs(folding, mark) if all(_unmarked(puzzle, x) for x in p)]
        if pairs:
            puzzle = _with_mark_pair(puzzle, layout, rng.choice(pairs), mark)
    return puzzle


def _unmarked(puzzle: Puzzle, cell: Cell) -> bool:
    return cell not in puzzle.numbers or puzzle.numbers[cell].mark == ""


def _pin_folding(puzzle: Puzzle, layout: Layout, planted: Folding, rng: random.Random) -> Puzzle:
    """Add circle or square pairs until no other folding of the layout keeps the clues."""
    every = [f for box in boxes_of_area(len(layout)) for f in foldings(layout, box)]
    others = [f for f in every if f.placement != planted.placement]
    while any(clue_problem(puzzle, f) is None for f in others):
        before = puzzle
        puzzle = _add_marks(puzzle, layout, planted, rng, 1)
        if puzzle == before and not _mark_pairs_left(puzzle, planted):
            raise AssertionError("ran out of circle and square pairs")
    return puzzle


def _mark_pairs_left(puzzle: Puzzle, folding: Folding) -> bool:
    return any(all(_unmarked(puzzle, x) for x in p) for m in "os" for p in mark_pairs(folding, m))


# ---------------------------------------------------------------------------------------------
# Random puzzles


def random_box(area_limit: int, rng: random.Random, longest: int) -> Box:
    """A random box whose surface is between half of area_limit and area_limit, no side longer
    than longest."""
    areas = range(max(6, area_limit // 2), area_limit + 1)
    boxes = [box for area in areas for box in boxes_of_area(area) if box[2] <= longest]
    return rng.choice(boxes or [(1, 1, 1)])


def placed_at_random(empty: Puzzle, net: Layout, rng: random.Random) -> Layout | None:
    """The net moved to a random place in the grid of an empty puzzle; None if it does not fit
    or encloses a hole there."""
    height, width = max(r for r, _ in net) + 1, max(c for _, c in net) + 1
    if height > empty.rows or width > empty.cols:
        return None
    dr, dc = rng.randrange(empty.rows - height + 1), rng.randrange(empty.cols - width + 1)
    layout = frozenset((r + dr, c + dc) for r, c in net)
    return layout if is_hole_free(empty, layout) else None


def plant_net(rows: int, cols: int, rng: random.Random, fill: float, depth: float) -> tuple[Box, Layout]:
    """A random box and a random net of it placed at random in the grid, hole-free."""
    empty = Puzzle(rows, cols)
    for _ in range(PUZZLE_ATTEMPTS):
        box = random_box(max(6, int(fill * rows * cols)), rng, max(1, min(rows, cols) // 2))
        for _ in range(20):
            layout = placed_at_random(empty, random_net(box, rng, depth), rng)
            if layout is not None:
                return box, layout
    raise RuntimeError(f"no net fits a {rows}x{cols} grid with fill {fill}")


@dataclass(frozen=True)
class Recipe:
    """How a random puzzle is made.

    fill bounds the box surface as a share of the grid; depth shapes the net (see random_net);
    numbers and arrows are the shares of box and other cells clued at first; marks is how many
    circle or square pairs to start with; the clue search cuts away up to cut_rounds pictures
    with pieces or holes in a row before it clues one of them instead."""

    fill: float = 0.3
    depth: float = 0.8
    numbers: float = 0.1
    arrows: float = 0.15
    marks: int = 4
    cut_rounds: int = 20


def random_puzzle(
    rows: int, cols: int, rng: random.Random, recipe: Recipe = Recipe()
) -> tuple[Puzzle, Layout]:
    """(a puzzle whose only solution is a planted random net, that layout).

    True clues are added until the layout search finds the planted layout alone and no other
    folding of it keeps the circles and squares."""
    for _ in range(PUZZLE_ATTEMPTS):
        box, layout = plant_net(rows, cols, rng, recipe.fill, recipe.depth)
        puzzle = _clue_planted(Puzzle(rows, cols, name=f"random-{rows}x{cols}"), box, layout, rng, recipe)
        if puzzle is not None:
            require(len(solve(puzzle).solutions) == 1, "a generated puzzle must have exactly one solution")
            return puzzle, layout
    raise RuntimeError(f"no {rows}x{cols} puzzle could be pinned to its planted layout")


def _clue_planted(
    puzzle: Puzzle, box: Box, layout: Layout, rng: random.Random, recipe: Recipe
) -> Puzzle | None:
    """The empty puzzle clued until the planted layout and one folding of it are its only solution."""
    inside, outside = sorted(layout), [x for x in puzzle.cells() if x not in layout]
    puzzle = _add_true_clues(puzzle, layout, rng.sample(inside, max(2, round(recipe.numbers * len(inside)))))
    puzzle = _add_true_clues(puzzle, layout, rng.sample(outside, round(recipe.arrows * len(outside))))
    planted = rng.choice(foldings(layout, box))
    puzzle = _add_marks(puzzle, layout, planted, rng, recipe.marks)
    pinned = _pin_layout(puzzle, layout, rng, recipe.cut_rounds)
    return None if pinned is None else _pin_folding(pinned, layout, planted, rng)
