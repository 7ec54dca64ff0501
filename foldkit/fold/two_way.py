"""One paper folded two ways: a net common to two boxes folds into the first, unfolds, and folds
into the second. Each folding keeps its own panel tree and poses (``foldkit.fold.pose``); the two
share the flat net, so the film runs first fold (t 0 -> 1), unfold (1 -> 0), second fold (0 -> 1).

The film is told by one number, the film fraction f in [0, 3]: f in [0, 1] folds the first
box (t = f), [1, 2] unfolds it (t = 2 - f), [2, 3] folds the second (t = f - 2). The panels
of the two foldings differ, so what moves is each cell: its motion is its panel's in the folding
of the moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from foldkit.fold.pose import Sequence, cell_panels, panel_matrices
from foldkit.fold.subject import Subject
from solver.folding import Edge, grid_edges
from solver.grid import Cell

FILM_END = 3.0  # the film fraction at which the second box is closed
HOLD_SECONDS = 1.0  # the film holds the flat net, and each closed box, this long
# (what the segment shows, its share of the fold's seconds (0: a hold), film fraction from, to)
TIMELINE = (("flat", 0.0, 0.0, 0.0), ("fold first", 1.0, 0.0, 1.0), ("first closed", 0.0, 1.0, 1.0),
            ("unfold", 0.5, 1.0, 2.0), ("fold second", 1.0, 2.0, 3.0), ("second closed", 0.0, 3.0, 3.0))


@dataclass(frozen=True)
class TwoWay:
    """The same net folded into two boxes: ``first`` and ``second`` are its two foldings."""

    name: str
    first: Subject
    second: Subject

    def __post_init__(self) -> None:
        if self.first.cells != self.second.cells:
            raise ValueError("a two-way fold needs two foldings of the same net")
        if self.first.folding.box == self.second.folding.box:
            raise ValueError("a two-way fold needs foldings into two different boxes")

    @property
    def cells(self) -> list[Cell]:
        """Every cell, sorted: the order of the cell motions (and of each tree's cells)."""
        return self.first.tree.cells

    @cached_property
    def creases(self) -> dict[Edge, str]:
        """Every grid edge inside the net, with where it folds: 'first', 'second', 'both' or 'flat'."""
        out = {}
        for edge in grid_edges(self.first.cells):
            a, b = (bool(s.folding.crease_angle(edge)) for s in (self.first, self.second))
            out[edge] = "both" if a and b else "first" if a else "second" if b else "flat"
        return out

    def moment(self, f: float) -> tuple[Subject, float]:
        """The folding shown at film fraction f and its fold fraction t."""
        f = min(max(f, 0.0), FILM_END)
        if f <= 1.0:
            return self.first, f
        if f <= 2.0:
            return self.first, 2.0 - f
        return self.second, f - 2.0

    def cell_motions(self, f: float, sequence: Sequence = "staged") -> np.ndarray:
        """Per cell (``cells`` order), its motion from net coordinates to the world at film
        fraction f, shape (n, 4, 4)."""
        subject, t = self.moment(f)
        tree = subject.tree
        return panel_matrices(tree, t, sequence)[cell_panels(tree)]


def film_fractions(fold_seconds: float, fps: int) -> list[float]:
    """The film fraction of every frame: each segment of TIMELINE, a hold for HOLD_SECONDS, a move
    for its share of fold_seconds, each move ending on its last fraction."""
    out: list[float] = []
    for _, share, start, end in TIMELINE:
        seconds = share * fold_seconds if share else HOLD_SECONDS
        frames = max(1, round(seconds * fps))
        if share:
            out += [float(f) for f in np.linspace(start, end, frames + 1)[1:]]
        else:
            out += [start] * frames
    return out


def segment_at(f: float) -> str:
    """What the film shows at fraction f: 'fold first', 'unfold' or 'fold second' (the holds
    belong to the move that ends there)."""
    return "fold first" if f <= 1.0 else "unfold" if f <= 2.0 else "fold second"


# The two crease sets on paper, on screen and in the model (Okabe and Ito's colours, told apart
# with the common colour-vision deficiencies): vermillion for the first box, blue for the second,
# reddish purple for a crease both fold.
CREASE_COLOURS = {"first": (0.84, 0.37, 0.0), "second": (0.0, 0.45, 0.70), "both": (0.80, 0.47, 0.65)}
PAPER_COLOUR = (0.97, 0.95, 0.89)
