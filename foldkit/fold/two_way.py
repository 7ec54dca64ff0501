"""One paper folded two ways (or three): a net common to two boxes folds into the first, unfolds, and
folds into the second (then, for a net of three boxes, unfolds and folds into the third). Each
folding keeps its own panel tree and poses (``foldkit.fold.pose``); the two share the flat net, so
the film runs first fold (t 0 -> 1), unfold (1 -> 0), second fold (0 -> 1).

The film is told by one number, the film fraction f in [0, 3]: f in [0, 1] folds the first
box (t = f), [1, 2] unfolds it (t = 2 - f), [2, 3] folds the second (t = f - 2); with a third
box, [3, 4] unfolds the second and [4, 5] folds the third. The panels
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

HOLD_SECONDS = 1.0  # the film holds the flat net, and each closed box, this long
ORDINALS = ("first", "second", "third")


@dataclass(frozen=True)
class TwoWay:
    """The same net folded into two boxes, ``first`` and ``second``, or three with ``third``."""

    name: str
    first: Subject
    second: Subject
    third: Subject | None = None

    def __post_init__(self) -> None:
        if any(s.cells != self.first.cells for s in self.subjects):
            raise ValueError("a two-way fold needs foldings of the same net")
        if len({s.folding.box for s in self.subjects}) < len(self.subjects):
            raise ValueError("a two-way fold needs foldings into different boxes")

    @property
    def subjects(self) -> tuple[Subject, ...]:
        """The foldings in the order the film folds them."""
        return (self.first, self.second) + ((self.third,) if self.third is not None else ())

    @property
    def film_end(self) -> float:
        """The film fraction at which the last box is closed: 3 for two boxes, 5 for three."""
        return 2.0 * len(self.subjects) - 1.0

    @property
    def cells(self) -> list[Cell]:
        """Every cell, sorted: the order of the cell motions (and of each tree's cells)."""
        return self.first.tree.cells

    @cached_property
    def crease_boxes(self) -> dict[Edge, tuple[int, ...]]:
        """Every grid edge inside the net, with the foldings (0-based, ``subjects`` order) that fold it."""
        return {edge: tuple(i for i, s in enumerate(self.subjects) if s.folding.crease_angle(edge))
                for edge in grid_edges(self.first.cells)}

    @cached_property
    def creases(self) -> dict[Edge, str]:
        """Every grid edge inside the net, with where it folds: 'first', 'second', 'third' (one box
        only), 'both' (two boxes or more) or 'flat'."""
        return {edge: "flat" if not boxes else ORDINALS[boxes[0]] if len(boxes) == 1 else "both"
                for edge, boxes in self.crease_boxes.items()}

    def moment(self, f: float) -> tuple[Subject, float]:
        """The folding shown at film fraction f and its fold fraction t: folding k folds over
        [2k, 2k + 1] and unfolds over [2k + 1, 2k + 2]."""
        f = min(max(f, 0.0), self.film_end)
        k = min(int(f // 2), len(self.subjects) - 1)
        local = f - 2 * k
        return self.subjects[k], local if local <= 1.0 else 2.0 - local

    def cell_motions(self, f: float, sequence: Sequence = "staged") -> np.ndarray:
        """Per cell (``cells`` order), its motion from net coordinates to the world at film
        fraction f, shape (n, 4, 4)."""
        subject, t = self.moment(f)
        tree = subject.tree
        return panel_matrices(tree, t, sequence)[cell_panels(tree)]


def timeline(boxes: int = 2) -> list[tuple[str, float, float, float]]:
    """(what the segment shows, its share of the fold's seconds (0: a hold), film fraction from,
    to) of a film of 2 or 3 boxes: the flat net held, then each box folded and held closed, and
    unfolded before the next (an unfold takes half a fold's time)."""
    out = [("flat", 0.0, 0.0, 0.0)]
    for k in range(boxes):
        closed = 2.0 * k + 1
        out += [(f"fold {ORDINALS[k]}", 1.0, 2.0 * k, closed), (f"{ORDINALS[k]} closed", 0.0, closed, closed)]
        if k < boxes - 1:
            out.append(("unfold", 0.5, 2.0 * k + 1, 2.0 * k + 2))
    return out


def film_fractions(fold_seconds: float, fps: int, boxes: int = 2) -> list[float]:
    """The film fraction of every frame: each segment of the timeline, a hold for HOLD_SECONDS, a
    move for its share of fold_seconds, each move ending on its last fraction."""
    out: list[float] = []
    for _, share, start, end in timeline(boxes):
        seconds = share * fold_seconds if share else HOLD_SECONDS
        frames = max(1, round(seconds * fps))
        if share:
            out += [float(f) for f in np.linspace(start, end, frames + 1)[1:]]
        else:
            out += [start] * frames
    return out


def unfolding_at(f: float) -> bool:
    """True if the film unfolds a box at fraction f (the holds belong to the move that ends there)."""
    return f % 2.0 > 1.0 or (f > 0 and f % 2.0 == 0.0)


# The two crease sets on paper, on screen and in the model (Okabe and Ito's colours, told apart
# with the common colour-vision deficiencies): vermillion for the first box, blue for the second,
# bluish green for the third, reddish purple for a crease two boxes or more fold.
CREASE_COLOURS = {"first": (0.84, 0.37, 0.0), "second": (0.0, 0.45, 0.70), "third": (0.0, 0.62, 0.45),
                  "both": (0.80, 0.47, 0.65)}
PAPER_COLOUR = (0.97, 0.95, 0.89)
