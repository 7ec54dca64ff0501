"""What the nets search runs: the boxes' state tables, the first cell's state on each box, run by run.

A net's cells each take a state on each box (a surface square and a frame: ``solver.surface``).
Every net has exactly one cell on any chosen square, so the search pins that cell, the first
cell, to one square of one box (the pinned box), in frame 0: turning or mirroring the net in the
plane changes that cell's frame through all 8, so frame 0 alone meets every net up to the plane's
symmetries. On every other box the first cell may be in any state, but the box's own symmetries
move a folding to one whose first cell's state is the smallest of its orbit, so one run per
orbit (and per combination of orbits, with three boxes) meets every common net.

The pinned square is one of the smallest orbit under its box's symmetries (on 1x1xn an end, on
1x2x3 the middle of a 1x3 face), on the box with the fewest symmetries among those that have one.
A net is met once for each isometry of the pinned box, but those that keep the pinned square in
place only turn the net about its first cell, and the compiled search keeps one of those turns
from the first cell's neighbours on (``_search.c``): what is left is about one find per square of
the orbit. Another box's symmetries divide the runs it adds, hence the pinned box's fewest.
Measured (nodes of the whole search, 1x1x5 and 1x2x3): 4.3 million pinned on 1x2x3's orbit of 2,
5.1 million on 1x1x5's, 7.5 to 11.7 million on orbits of 8.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from solver.box import Box, surface_area
from solver.surface import SurfaceStates, surface_states

FRAMES = 8  # states per surface square


@dataclass(frozen=True)
class Plan:
    """The tables of the boxes (the pinned box first) and the runs.

    ``steps`` shape (len(boxes), 8A, 4) int32: the state a cell's neighbour in grid direction
    U R D L takes; ``orbits`` shape (len(boxes), 8A) int32: the orbit of each state under its box's
    symmetries, numbered by their smallest state; ``runs``: per run, the first cell's state on
    each box (on the pinned box always the same, frame 0 of the pinned square);
    ``pinned_symmetry`` shape (G, 8A) int32: where each isometry of the pinned box sends each
    state; ``frame_turns`` shape (8,) int32: the symmetry k of the plane (``turn_cell``) that
    brings a cell in frame f of the pinned square into frame 0."""

    boxes: tuple[Box, ...]
    area: int
    steps: np.ndarray
    orbits: np.ndarray
    runs: tuple[tuple[int, ...], ...]
    pinned_symmetry: np.ndarray
    frame_turns: np.ndarray


def turn_cell(cell: tuple[int, int], k: int) -> tuple[int, int]:
    """The k-th symmetry of the square grid (k & 4: swap row and column, then k & 1: negate the
    row, k & 2: negate the column)."""
    r, c = (cell[1], cell[0]) if k & 4 else cell
    return (-r if k & 1 else r), (-c if k & 2 else c)


def frame_turns(graph: SurfaceStates, square: int) -> np.ndarray:
    """For each frame f of the square, the symmetry k of the plane that, applied to a net whose
    cell lies there in frame f, lays that cell in frame 0, shape (8,) int32.

    A cell's frame (up, right) maps a grid step (dr, dc) to -dr * up + dc * right on the box; the
    turned net's step x is the old net's step turn^-1(x), so frame f becomes frame 0 when
    frame f's map equals frame 0's map after the turn."""
    def on_box(frame: np.ndarray, step: tuple[int, int]) -> tuple[int, ...]:
        up, right = frame
        return tuple(-step[0] * up + step[1] * right)

    zero = graph.frames[FRAMES * square]
    out = []
    for f in range(FRAMES):
        up, right = (tuple(v) for v in graph.frames[FRAMES * square + f])
        out.append(next(k for k in range(8)
                        if on_box(zero, turn_cell((-1, 0), k)) == up and on_box(zero, turn_cell((0, 1), k)) == right))
    return np.array(out, dtype=np.int32)


def orbit_numbers(graph: SurfaceStates) -> np.ndarray:
    """The orbit of each state under the box's symmetries, shape (8A,) int32, orbits numbered in
    the order of their smallest state."""
    smallest = graph.symmetry.min(axis=0)
    _, numbers = np.unique(smallest, return_inverse=True)
    return numbers.astype(np.int32)


def orbit_size(graph: SurfaceStates, square: int) -> int:
    """How many squares the box's symmetries send the square to."""
    return len(set((graph.symmetry[:, FRAMES * square] // FRAMES).tolist()))


def pinned_square(graphs: list[SurfaceStates]) -> tuple[int, int]:
    """(which box, which square) the first cell is pinned to: a square of the smallest orbit, on the box
    with the fewest symmetries among those that have one (the first such box and square)."""
    return min(((b, square) for b, graph in enumerate(graphs) for square in range(len(graph.square) // FRAMES)),
               key=lambda pick: (orbit_size(graphs[pick[0]], pick[1]), len(graphs[pick[0]].symmetry), pick))


def make_plan(boxes: tuple[Box, ...], pin: tuple[int, int] | None = None) -> Plan:
    """The plan for the common nets of boxes (distinct, of one surface area). `pin` (which box, in the order of
    their sides, and which square) overrides pinned_square(): the nets are the same wherever the first cell is
    pinned, only the search's work differs (the tests hold the count to every pin)."""
    graphs = sorted((surface_states(box) for box in boxes), key=lambda g: g.box)
    b, square = pin or pinned_square(graphs)
    graphs.insert(0, graphs.pop(b))
    pinned = graphs[0]
    orbits = np.stack([orbit_numbers(g) for g in graphs])
    representatives = [np.flatnonzero(g.symmetry.min(axis=0) == np.arange(len(g.square))) for g in graphs[1:]]
    runs = tuple((square * FRAMES, *map(int, states)) for states in product(*representatives))
    steps = np.stack([g.step for g in graphs]).astype(np.int32)
    return Plan(tuple(g.box for g in graphs), surface_area(pinned.box), steps, orbits, runs,
                pinned.symmetry.astype(np.int32), frame_turns(pinned, square))
