"""Net files: a polyomino, not a puzzle. ``foldkit boxes`` lists the boxes it folds into, and
``--net FILE --folding N`` makes the fold's artifacts from one of its foldings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.files import read_text, subject_name
from foldkit.fold.subject import Subject
from foldkit.kinds.base import BuildOptions, Maker
from foldkit.kinds.folds import FOLD_ARTIFACTS, on_fold
from solver.grid import Layout


@dataclass(frozen=True)
class NetFolding:
    """One folding of a net, chosen by its number among all of the net's foldings."""

    fold: Subject
    number: int  # 1-based
    count: int  # how many foldings the net has, over every box


def load_net(path: str | Path) -> Layout:
    """The polyomino of a net file."""
    from solver.polyomino import parse_net

    return parse_net(read_text(path), str(path))


def net_folding(path: str | Path, number: int = 1) -> NetFolding:
    """Folding ``number`` (1-based, over every box in turn, as `foldkit boxes` lists them)."""
    from solver.folding import box_foldings

    every = [f for found in box_foldings(load_net(path)).values() for f in found]
    if not every:
        raise FoldkitError(f"{path}: the net folds into no box", EXIT_NO_SOLUTION)
    if not 1 <= number <= len(every):
        message = f"{path}: --folding {number} is out of range: the net has {len(every)} foldings"
        raise FoldkitError(message, EXIT_BAD_INPUT)
    return NetFolding(Subject(subject_name(path), every[number - 1], {}), number, len(every))


def _solution_text(net: NetFolding, options: BuildOptions) -> bytes:
    from foldkit.kinds.shutbox_report import folding_text

    fold = net.fold
    return (f"{fold.name}: a {len(fold.cells)}-cell net\n" + folding_text(fold.folding) + "\n").encode()


def _solution_json(net: NetFolding, options: BuildOptions) -> bytes:
    from foldkit.exchange.json import json_bytes
    from foldkit.kinds.shutbox_report import folding_json

    return json_bytes(folding_json(None, net.fold.folding))


NET_ARTIFACTS: dict[str, Maker] = {
    "solution.txt": _solution_text,
    "solution.json": _solution_json,
    **{name: on_fold(make) for name, make in FOLD_ARTIFACTS.items()},
}
