"""`foldkit nets ... --pdf FILE`: the nets found, as a worksheet (``foldkit.paper.nets_sheet``).

With ``--mix``, near-nets (``solver.nets.near``: a net with one square moved, which the folding
verifier does not fold into every box) join the nets, about one for every two, and the shapes are
shuffled; the same seed gives the same sheet. Every shape of a mixed sheet is folded by the
verifier for its answer, the real nets too, so the key never takes the search's word for it.
"""

from __future__ import annotations

import random
from pathlib import Path

from foldkit.drawing import Document
from foldkit.exchange import write_artifact
from foldkit.exchange.pdf import drawing_pdf
from foldkit.paper.nets_sheet import NetsSheet, SheetNet, worksheet
from solver.grid import Layout
from solver.nets import NetsResult
from solver.nets.near import folds_into, near_nets


def near_net_count(nets: int) -> int:
    """How many near-nets a mixed sheet asks for: one for every two nets, at least one."""
    return max(1, nets // 2)


def nets_sheet(result: NetsResult, mix: bool = False, seed: int = 1) -> NetsSheet:
    """The shapes of the worksheet, numbered in the order they are drawn."""
    shapes: list[Layout] = list(result.nets)
    if not mix:
        return NetsSheet(result.boxes, tuple(SheetNet(i, net, result.boxes) for i, net in enumerate(shapes, 1)), False)
    rng = random.Random(seed)
    shapes += near_nets(shapes, result.boxes, near_net_count(len(shapes)), rng)
    rng.shuffle(shapes)
    numbered = (SheetNet(i, cells, folds_into(cells, result.boxes)) for i, cells in enumerate(shapes, 1))
    return NetsSheet(result.boxes, tuple(numbered), True)


def nets_document(result: NetsResult, paper: str, mix: bool = False, seed: int = 1) -> Document:
    """The worksheet's pages for the nets found (mixed with near-nets, and an answer key, on asking)."""
    return worksheet(nets_sheet(result, mix, seed), paper)


def write_worksheet(result: NetsResult, path: Path, paper: str, mix: bool = False, seed: int = 1,
                    force: bool = False) -> tuple[Path, int]:
    """Write the worksheet's PDF (never over a file foldkit did not write, unless forced); the path
    written and its number of pages."""
    document = nets_document(result, paper, mix, seed)
    return write_artifact(path, drawing_pdf(document), force), len(document.pages)
