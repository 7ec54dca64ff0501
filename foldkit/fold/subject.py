"""What the fold's artifacts are made from: a polyomino, one folding of it, and the numbers
on its cells, with its panel tree built once for every artifact.

A subject comes either from a solved puzzle (its unique solution) or from a net file (one of
its foldings); the makers of the fold never ask which, beyond the caption they print.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from foldkit.fold.panels import PanelTree, panel_tree
from solver.folding import Folding
from solver.grid import Cell, Layout
from solver.shutbox.clues import sums_by_face
from solver.shutbox.puzzle import Number


@dataclass(frozen=True)
class Subject:
    """A folding ready to be made into things, with its name and the numbers its cells carry."""

    name: str
    folding: Folding
    numbers: dict[Cell, Number]
    answer: int | None = None  # a puzzle's answer; None for a net
    source: str = "net"  # what it came from: "puzzle" or "net"

    @property
    def cells(self) -> Layout:
        return self.folding.cells

    @property
    def face_sums(self) -> list[int]:
        return sums_by_face(self.numbers, self.folding)

    @cached_property
    def tree(self) -> PanelTree:
        """The hinged panel tree, built once and shared by every artifact."""
        return panel_tree(self.folding)
