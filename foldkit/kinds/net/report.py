"""The body of the net kind (``foldkit.kinds.net`` declares it): a net's foldings onto every
box, the report, the chosen folding as the fold's subject. The commands' bodies are ``boxes``
and ``nets``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange.json import json_bytes
from foldkit.files import read_text, subject_name
from foldkit.fold.subject import Subject
from foldkit.fold.two_way import TwoWay
from foldkit.kinds.base import Outcome
from foldkit.kinds.fold_text import folding_json, folding_text
from foldkit.kinds.folds import Folded
from foldkit.kinds.net import BOXES_SCHEMA, SCHEMA, NetSolveOptions
from foldkit.look import box_text
from solver.box import Box
from solver.folding import Folding, box_foldings
from solver.grid import Layout
from solver.polyomino import parse_net
from solver.text import counted


@dataclass(frozen=True)
class NetReport:
    """Every box a net folds into with its foldings, and which folding was chosen (1-based)."""

    name: str
    cells: Layout
    foldings: dict[Box, list[Folding]]
    chosen: int

    @property
    def every(self) -> list[Folding]:
        return [f for found in self.foldings.values() for f in found]


@dataclass(frozen=True)
class NetFolding(Folded):
    """One folding of a net, chosen by its number among all of the net's foldings."""

    fold: Subject
    number: int  # 1-based
    count: int  # how many foldings the net has, over every box
    two_way: TwoWay | None = None  # with a folding onto a second box, for a net of two boxes or more


def parse(text: str, source: str, name: str) -> tuple[str, Layout]:
    return name, parse_net(text, source)


def solve(puzzle: tuple[str, Layout], options: NetSolveOptions) -> NetReport:
    """Every folding of the net onto every box; a FoldkitError if --folding names none of them."""
    name, cells = puzzle
    report = NetReport(name, cells, box_foldings(cells), options.folding)
    count = len(report.every)
    if count and report.chosen > count:
        raise FoldkitError(f"{name}: --folding {report.chosen} is out of range: the net has "
                           f"{counted(count, 'folding')}", EXIT_BAD_INPUT)
    return report


def outcome(report: NetReport) -> Outcome:
    """0 when the net folds into a box (which folding of how many), 1 when it folds into none."""
    count = len(report.every)
    if not count:
        return Outcome(EXIT_NO_SOLUTION, "the net folds into no box")
    rest = count - 1
    others = f"; {rest} other folding{'s' if rest > 1 else ''}: --folding 1..{count}" if rest else ""
    return Outcome(0, f"folding {report.chosen} of {count}{others}")


def text(report: NetReport) -> str:
    """Every box the polyomino folds into, with the number of its foldings."""
    cells, found = report.cells, report.foldings
    if not found:
        return f"The {len(cells)}-cell polyomino folds into no box."
    lines = [f"The {len(cells)}-cell polyomino folds into {len(found)} box{'es' if len(found) > 1 else ''}:"]
    for box, folds in found.items():
        lines.append(f"  {box_text(box)}: {len(folds)} folding{'s' if len(folds) > 1 else ''}")
    return "\n".join(lines)


def json(report: NetReport) -> dict:
    """Every box a polyomino folds into, with the count of its foldings (schema foldkit.boxes/1)."""
    return {
        "schema": BOXES_SCHEMA,
        "cells": len(report.cells),
        "boxes": [{"box": list(box), "foldings": len(folds)} for box, folds in report.foldings.items()],
    }


def subject(report: NetReport, options: object = None) -> NetFolding:
    every = report.every
    fold = Subject(report.name, every[report.chosen - 1], labels={})
    return NetFolding(fold, report.chosen, len(every), _two_way(report, fold))


def _two_way(report: NetReport, fold: Subject) -> TwoWay | None:
    """The chosen folding and the first folding onto each of the next boxes the net folds into (in
    the order `foldkit boxes` lists them, after the chosen one's box; two at most), or None for a
    net of one box."""
    boxes = list(report.foldings)
    if len(boxes) < 2:
        return None
    at = boxes.index(fold.folding.box)
    others = [Subject(report.name, report.foldings[boxes[(at + k) % len(boxes)]][0], labels={})
              for k in range(1, min(len(boxes), 3))]
    return TwoWay(report.name, fold, *others)


def solution_txt(net: NetFolding, options: object) -> bytes:
    fold = net.fold
    return (f"{fold.name}: a {len(fold.cells)}-cell net\n" + folding_text(fold.folding) + "\n").encode()


def net_folding_json(net: NetFolding) -> dict:
    """The solution.json of a net's build, schema foldkit.net-folding/1:
    {"schema", "name", "folding": n (1-based), "foldings": count, "answer": null (a net has no
    numbers), "box": [a, b, c], "cells", "faces", "creases"} with cells, faces and creases as
    in foldkit.solve/1."""
    head = {"schema": SCHEMA, "name": net.fold.name, "folding": net.number, "foldings": net.count, "answer": None}
    return head | folding_json(net.fold.folding)


def solution_json(net: NetFolding, options: object) -> bytes:
    return json_bytes(net_folding_json(net))


def net_folding(path: str | Path, number: int = 1) -> NetFolding:
    """Folding ``number`` (1-based, over every box in turn, as `foldkit boxes` lists them) of a
    net file, ready for the fold's makers; a FoldkitError when the net folds into no box."""
    report = solve(parse(read_text(path), str(path), subject_name(path)), NetSolveOptions(number))
    verdict = outcome(report)
    if not verdict.solved:
        raise FoldkitError(f"{path}: {verdict.summary}", verdict.code)
    return subject(report)
