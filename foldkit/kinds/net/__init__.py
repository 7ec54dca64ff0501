"""Net files as a foldkit kind: a polyomino (rows of '#' and '.'), not a puzzle. Solving one
lists every box it folds into (``foldkit boxes`` says the same); building one makes the fold's
artifacts of one of its foldings, chosen with ``--folding N``. A net file has no header: it is
recognised by its whole text, and ``--net FILE`` names one where a puzzle file would go.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from foldkit import options as opt
from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, FoldkitError
from foldkit.exchange import format_of, write_artifact
from foldkit.exchange.json import json_bytes, json_text
from foldkit.exchange.pdf import drawing_pdf
from foldkit.files import read_text, subject_name
from foldkit.fold.subject import Subject
from foldkit.kinds.base import Command, Invocation, Kind, Outcome, option
from foldkit.kinds.folds import FOLD_ARTIFACTS, FOLD_COMMANDS, FoldBuildOptions, Folded
from foldkit.kinds.net import nets
from foldkit.kinds.net.pick import run_pick
from foldkit.kinds.net.worksheet import nets_document
from foldkit.kinds.shutbox.report import folding_json, folding_text
from foldkit.look import box_text
from foldkit.page import with_page
from foldkit.page.fold import net_page
from solver.box import Box, surface_area
from solver.folding import Folding, box_foldings
from solver.grid import Layout
from solver.nets import find_nets, parse_box
from solver.polyomino import parse_net
from solver.text import InputError

SCHEMA = "foldkit.net-folding/1"
BOXES_SCHEMA = "foldkit.boxes/1"


@dataclass(frozen=True)
class NetSolveOptions:
    folding: int = option(1, "--folding", "which of the net's foldings to use (1-based, in the order 'foldkit "
                          "boxes' lists them; default 1)", opt.number(int, 1, opt.MAX_LIMIT, "a whole number"), "N")


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


def looks_like_net(text: str) -> bool:
    """True if every non-blank line is made of '#', '.' and spaces, with a '#' somewhere: a net
    file, whose rows a puzzle reader would take for comments."""
    rows = [line for line in text.splitlines() if line.strip()]
    return bool(rows) and all(set(line) <= set("#. \t") for line in rows) and any("#" in r for r in rows)


def parse(text: str, source: str, name: str) -> tuple[str, Layout]:
    return name, parse_net(text, source)


def solve(net: tuple[str, Layout], options: NetSolveOptions) -> NetReport:
    """Every folding of the net onto every box; a FoldkitError if --folding names none of them."""
    name, cells = net
    report = NetReport(name, cells, box_foldings(cells), options.folding)
    count = len(report.every)
    if count and report.chosen > count:
        many = f"{count} foldings" if count > 1 else "1 folding"
        raise FoldkitError(f"{name}: --folding {report.chosen} is out of range: the net has {many}", EXIT_BAD_INPUT)
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
    folding = every[report.chosen - 1]
    return NetFolding(Subject(report.name, folding, labels={}), report.chosen, len(every))


def solution_txt(net: NetFolding, options: object) -> bytes:
    fold = net.fold
    return (f"{fold.name}: a {len(fold.cells)}-cell net\n" + folding_text(fold.folding) + "\n").encode()


def net_folding_json(net: NetFolding) -> dict:
    """The solution.json of a net's build, schema foldkit.net-folding/1:
    {"schema", "name", "folding": n (1-based), "foldings": count, "answer": null (a net has no
    numbers), "box": [a, b, c], "cells", "faces", "creases"} with cells, faces and creases as
    in foldkit.solve/1."""
    head = {"schema": SCHEMA, "name": net.fold.name, "folding": net.number, "foldings": net.count, "answer": None}
    return head | folding_json(None, net.fold.folding)


def solution_json(net: NetFolding, options: object) -> bytes:
    return json_bytes(net_folding_json(net))


@dataclass(frozen=True)
class BoxesOptions:
    json: bool = option(False, "--json", "print JSON instead of text")


def run_boxes(call: Invocation) -> int:
    """Every box the net folds into: exit 0 when there is one, 1 when there is none."""
    report = call.report()
    print(json_text(json(report)) if call.options.json else text(report))
    return 0 if report.foldings else EXIT_NO_SOLUTION


MAX_COUNTED_AREA = 22  # a box's nets are counted in full up to this area (1x2x3: 13,964,068 in minutes)
MAX_BOXES = 3


def box_argument(text: str) -> Box:
    """'AxBxC' as a box, sides ascending; a one-line usage error otherwise."""
    try:
        return parse_box(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


@dataclass(frozen=True)
class NetsOptions:
    boxes: list[Box] = option((), "boxes", "boxes written AxBxC: one box for all its nets, two or three for their "
                              "common nets", box_argument, "BOX", nargs="+")
    json: bool = option(False, "--json", "print JSON instead of text")
    limit: int = option(0, "--limit", "list at most N nets (exit 4 when there are more; default 0: all)",
                        opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")
    count: bool = option(False, "--count", "count the nets without listing them")
    pdf: str | None = option(None, "--pdf", "write a worksheet of the nets, numbered and drawn to scale, to this "
                             ".pdf (paper: --paper)", str, "FILE")
    mix: bool = option(False, "--mix", "with --pdf: shuffle in near-nets (a net with one square moved) that do not "
                       "fold, ask which shapes fold, and add an answer key")
    seed: int = option(1, "--seed", "with --mix: which near-nets and which order (default 1)",
                       opt.number(int, 0, 2**31 - 1, "a whole number"), "N")
    pick: int | None = option(None, "--pick", "build net N of the list as a net file builds (template, animation, "
                              "model, STLs, page), into --output; for two boxes also the two-way template, GIF and "
                              "GLB", opt.number(int, 1, opt.MAX_LIMIT, "a whole number"), "N")
    output: str | None = option(None, "--output", "with --pick: the build folder (default outputs/<boxes>-net-N)",
                                str, "DIR", aliases=("-o",))
    only: list[str] | None = option(None, "--only", "with --pick: make only these artifacts, comma-separated",
                                    opt.names, "NAMES")
    skip: list[str] | None = option(None, "--skip", "with --pick: make every artifact but these", opt.names, "NAMES")
    quiet: bool = option(False, "--quiet", "with --pick: no progress bar")

    def check(self) -> None:
        if len(set(self.boxes)) > MAX_BOXES:
            raise FoldkitError(f"nets: at most {MAX_BOXES} boxes at once", EXIT_BAD_INPUT)
        areas = {surface_area(box) for box in self.boxes}
        if len(self.boxes) == 1 and not self.limit and max(areas) > MAX_COUNTED_AREA:
            raise FoldkitError(f"nets: a box of area {max(areas)} has far too many nets to list (1x2x3, of area 22, "
                               "has 13,964,068): give --limit N", EXIT_BAD_INPUT)
        self.check_artifacts()

    def check_artifacts(self) -> None:
        """Refuse options of the worksheet or the pick given without it, or with --count."""
        needs = {"--mix": (self.mix, self.pdf), "--seed": (self.seed != 1, self.pdf and self.mix),
                 "--output": (self.output, self.pick), "--only": (self.only, self.pick),
                 "--skip": (self.skip, self.pick)}
        for flag, (given, needed) in needs.items():
            if given and not needed:
                wanted = "--pdf --mix" if flag == "--seed" else "--pdf" if flag == "--mix" else "--pick"
                raise FoldkitError(f"nets: {flag} goes with {wanted}", EXIT_BAD_INPUT)
        if self.count and (self.pdf or self.pick):
            raise FoldkitError("nets: --count lists no nets to draw or pick", EXIT_BAD_INPUT)
        if self.pdf is not None:
            format_of(self.pdf, (".pdf",))


def run_nets(call: Invocation) -> int:
    """Every net of a box, or the common nets of two or three boxes: the count, then the nets; or
    their worksheet (--pdf), or the build of one of them (--pick)."""
    options: NetsOptions = call.options
    result = find_nets(options.boxes, limit=options.limit or None, keep=not options.count)
    if options.pdf is None and options.pick is None:
        print(json_text(nets.json(result)) if options.json else nets.text(result))
        return nets.exit_code(result)
    print(nets.count_line(result))
    if not result.nets:
        return nets.exit_code(result)
    if options.pdf is not None:
        document = nets_document(result, call.build_options.paper, options.mix, options.seed)
        print(f"wrote {write_artifact(Path(options.pdf), drawing_pdf(document))} ({len(document.pages)} pages)")
    code = run_pick(call, result, options.pick) if options.pick is not None else 0
    return code or nets.exit_code(result)


KIND = Kind(
    name="net",
    title="Net",
    header="rows of '#' and '.'",
    recognise=lambda word: False,
    recognise_text=looks_like_net,
    file_option="--net",
    parse=parse,
    solve=solve,
    outcome=outcome,
    text=text,
    json=json,
    solve_options=NetSolveOptions,
    build_options=FoldBuildOptions,
    artifacts=with_page(net_page, {"solution.txt": solution_txt, "solution.json": solution_json, **FOLD_ARTIFACTS}),
    subject=subject,
    commands={"boxes": Command("boxes", "every box a polyomino (net file) folds into", run_boxes, BoxesOptions,
                               target="file", file_help="net file: rows of '#' (cell) and '.'",
                               file_metavar="net"),
              "nets": Command("nets", "every net of a box, or the nets two or three boxes share; their worksheet "
                              "(--pdf), or the build of one (--pick)", run_nets, NetsOptions, target="none",
                              build_options=True),
              **FOLD_COMMANDS},
)


def net_folding(path: str | Path, number: int = 1) -> NetFolding:
    """Folding ``number`` (1-based, over every box in turn, as `foldkit boxes` lists them) of a
    net file, ready for the fold's makers; a FoldkitError when the net folds into no box."""
    report = solve(parse(read_text(path), str(path), subject_name(path)), NetSolveOptions(number))
    verdict = outcome(report)
    if not verdict.solved:
        raise FoldkitError(f"{path}: {verdict.summary}", verdict.code)
    return subject(report)
