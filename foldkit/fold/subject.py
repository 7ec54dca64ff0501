"""What the fold's artifacts are made from: a polyomino, one folding of it, and the labels on
its cells, with its panel tree built once for every artifact.

A subject comes either from a solved puzzle (its unique solution) or from a net file (one of
its foldings); the makers of the fold never ask which, beyond the caption they print. What a
label means (a clue's number, say) and what the face sums add up are the caller's business: the
fold draws the labels and prints the sums it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from foldkit.fold.order import ClosingFold, closing_fold
from foldkit.fold.panels import PanelTree, panel_tree
from solver.folding import Folding
from solver.grid import Cell, Layout

Mark = Literal["circle", "square"]  # drawn round a label's text


@dataclass(frozen=True)
class CellLabel:
    """What is drawn on a cell: its text (a few digits) and, optionally, a mark round it."""

    text: str
    mark: Mark | None = None


@dataclass(frozen=True)
class Subject:
    """A folding ready to be made into things, with its name and the labels its cells carry."""

    name: str
    folding: Folding
    labels: dict[Cell, CellLabel]
    face_sums: tuple[int, ...] | None = None  # a total per face (0-5) to print, as the caller counts it
    answer: int | None = None  # a puzzle's answer; None for a net
    source: str = "net"  # what it came from: "puzzle" or "net"

    @property
    def cells(self) -> Layout:
        return self.folding.cells

    @cached_property
    def closing(self) -> ClosingFold:
        """The fold order every artifact shows, checked so that no panel passes through another."""
        return closing_fold(panel_tree(self.folding))

    @cached_property
    def tree(self) -> PanelTree:
        """The hinged panel tree, staged in the order that closes, built once and shared by every artifact."""
        return self.closing.tree
