"""A folding as text and as JSON, for every kind that folds: its box, cells, faces and creases.
A kind that writes numbers on the cells gives them, by cell; each face's sum adds them up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from foldkit.look import box_text
from solver.box import FACE_LABELS, face_normal, face_size
from solver.folding import Folding
from solver.grid import Cell


class Numbered(Protocol):
    """A number written on a cell: as the file writes it (token) and its value."""

    @property
    def token(self) -> str: ...
    @property
    def value(self) -> int: ...


def face_json(folding: Folding, face: int, numbers: Mapping[Cell, Numbered]) -> dict:
    cells = [
        {"cell": list(cell), "u": folding.placement[cell][1], "v": folding.placement[cell][2],
         "number": numbers[cell].token if cell in numbers else None}
        for cell in folding.cells_on(face)
    ]
    total = sum(n.value for cell, n in numbers.items() if cell in folding.placement and folding.face_of(cell) == face)
    return {"face": FACE_LABELS[face], "normal": list(face_normal(face)),
            "size": list(face_size(folding.box, face)), "sum": total, "cells": cells}


def folding_json(folding: Folding, numbers: Mapping[Cell, Numbered] | None = None) -> dict:
    """The box, cells, faces and creases of a folding, with the numbers its cells carry."""
    return {
        "box": list(folding.box),
        "cells": [list(c) for c in sorted(folding.cells)],
        "faces": [face_json(folding, f, numbers or {}) for f in range(6)],
        "creases": [{"cells": [list(a), list(b)], "angle": angle} for (a, b), angle in folding.creases().items()],
    }


def folding_text(folding: Folding) -> str:
    """A net's folding as text: the net with each cell's face letter, the box, the creases."""
    rows = range(min(r for r, _ in folding.cells), max(r for r, _ in folding.cells) + 1)
    cols = range(min(c for _, c in folding.cells), max(c for _, c in folding.cells) + 1)
    picture = [" ".join(FACE_LABELS[folding.face_of((r, c))] if (r, c) in folding.cells else "."
                        for c in cols) for r in rows]
    hinges = len(folding.hinges())
    return "\n".join([
        f"Box {box_text(folding.box)} ({len(folding.cells)} cells); "
        f"{hinges} of {len(folding.creases())} creases fold 90 degrees, the rest stay flat.",
        "Each cell's letter is the box face it lands on (A/B face -x/+x, C/D -y/+y, E/F -z/+z):",
        "",
        *picture,
    ])
