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
        many = f"{len(every)} foldings" if len(every) > 1 else "1 folding"
        message = f"{path}: --folding {number} is out of range: the net has {many}"
        raise FoldkitError(message, EXIT_BAD_INPUT)
    return NetFolding(Subject(subject_name(path), every[number - 1], labels={}), number, len(every))


def _solution_text(net: NetFolding, options: BuildOptions) -> bytes:
    from foldkit.kinds.shutbox_report import folding_text

    fold = net.fold
    return (f"{fold.name}: a {len(fold.cells)}-cell net\n" + folding_text(fold.folding) + "\n").encode()


NET_SCHEMA = "foldkit.net-folding/1"


def net_folding_json(net: NetFolding) -> dict:
    """The solution.json of a net's build, schema foldkit.net-folding/1:
    {"schema", "name", "folding": n (1-based), "foldings": count, "answer": null (a net has no
    numbers), "box": [a, b, c], "cells", "faces", "creases"} with cells, faces and creases as
    in foldkit.solve/1."""
    from foldkit.kinds.shutbox_report import folding_json

    head = {"schema": NET_SCHEMA, "name": net.fold.name, "folding": net.number, "foldings": net.count,
            "answer": None}
    return head | folding_json(None, net.fold.folding)


def _solution_json(net: NetFolding, options: BuildOptions) -> bytes:
    from foldkit.exchange.json import json_bytes

    return json_bytes(net_folding_json(net))


NET_ARTIFACTS: dict[str, Maker] = {
    "solution.txt": _solution_text,
    "solution.json": _solution_json,
    **{name: on_fold(make) for name, make in FOLD_ARTIFACTS.items()},
}
