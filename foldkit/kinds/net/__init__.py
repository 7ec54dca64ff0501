"""Net files as a foldkit kind: a polyomino (rows of '#' and '.'), not a puzzle. Solving one
lists every box it folds into (``foldkit boxes`` says the same); building one makes the fold's
artifacts of one of its foldings, chosen with ``--folding N``. A net file has no header: it is
recognised by its whole text, and ``--net FILE`` names one where a puzzle file would go.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from foldkit import census
from foldkit import options as opt
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import format_of
from foldkit.kinds.base import Command, Files, Kind, Made, Maker, force_option, lazy_module, option
from foldkit.kinds.folds import FOLD_ARTIFACTS, FOLD_COMMANDS, FoldBuildOptions
from foldkit.kinds.merging import merge_command
from foldkit.page import with_page
from solver.text import InputError

if TYPE_CHECKING:
    from foldkit.kinds.net import boxes, census_parts, certify, nets, two_way
    from foldkit.kinds.net import pages as printed
    from foldkit.kinds.net import report as body
    from solver import box
    from solver import nets as nets_solver
else:
    body = lazy_module("foldkit.kinds.net.report")  # the kind's body, loaded when it runs
    printed = lazy_module("foldkit.kinds.net.pages")
    box = lazy_module("solver.box")
    nets_solver = lazy_module("solver.nets")
    two_way = lazy_module("foldkit.kinds.net.two_way")
    boxes = lazy_module("foldkit.kinds.net.boxes")
    nets = lazy_module("foldkit.kinds.net.nets")
    census_parts = lazy_module("foldkit.kinds.net.census_parts")
    certify = lazy_module("foldkit.kinds.net.certify")

SCHEMA = "foldkit.net-folding/1"
PART_SCHEMA = "foldkit.nets-part/1"  # of a nets count's part record (census_parts.py); `merge` knows them by it
BOXES_SCHEMA = "foldkit.boxes/1"


@dataclass(frozen=True)
class NetSolveOptions:
    folding: int = option(1, "--folding", "which of the net's foldings to use (1-based, in the order 'foldkit "
                          "boxes' lists them; default 1)", opt.number(int, 1, opt.MAX_LIMIT, "a whole number"), "N")


def looks_like_net(text: str) -> bool:
    """True if every non-blank line is made of '#', '.' and spaces, with a '#' somewhere: a net
    file, whose rows a puzzle reader would take for comments."""
    rows = [line for line in text.splitlines() if line.strip()]
    return bool(rows) and all(set(line) <= set("#. \t") for line in rows) and any("#" in r for r in rows)


@dataclass(frozen=True)
class BoxesOptions:
    json: bool = option(False, "--json", "print JSON instead of text")


MAX_COUNTED_AREA = 22  # a box's nets are counted in full up to this area (1x2x3: 13,964,068 in minutes)
MAX_LISTED_AREA = 16  # and listed in full up to this one (1x2x2: 94,391 nets, 1,510,256 cells, about 270 MB)
MAX_LISTED_CELLS = 2_000_000  # nets listed x their area: each cell kept costs about 200 bytes until printed
MAX_SEARCHED_AREA = 600  # a box's surface area (10x10x10's): the search's depth, and its tables, grow with it
MAX_BOXES = 3


@dataclass(frozen=True)
class CheckCertificateOptions:
    folder: str = option("", "folder", "a folder 'foldkit nets A B [C] --certify DIR' wrote", opt.file_name, "DIR")


def certify_grid(text: str) -> tuple[int, int]:
    return certify.grid_size(text)


def box_argument(text: str) -> tuple[int, int, int]:
    """'AxBxC' as a box, sides ascending; a one-line usage error otherwise."""
    try:
        return nets_solver.parse_box(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


@dataclass(frozen=True)
class NetsOptions:
    boxes: list[tuple[int, int, int]] = option((), "boxes", "boxes written AxBxC: one box for all its nets, two or "
                                               "three for their common nets", box_argument, "BOX", nargs="+")
    json: bool = option(False, "--json", "print JSON instead of text")
    limit: int = option(0, "--limit", "list at most N nets (exit 4 when there are more; default 0: all)",
                        opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")
    count: bool = option(False, "--count", "count the nets without listing them")
    part: tuple[int, int] | None = option(None, "--part", "with --count: count only part K of N and print its "
                                          "JSON, for 'foldkit merge'", census.part_of, "K/N")
    checkpoint: str | None = option(None, "--checkpoint", "with --count: keep the parts finished in FILE (a new "
                                    "file), to go on with --resume FILE after a crash", str, "FILE")
    resume: str | None = option(None, "--resume", "with --count: go on from the checkpoint FILE, and keep writing "
                                "it", str, "FILE")
    cluster: str | None = option(None, "--cluster", "with --count: count the parts on the Dask scheduler at "
                                 "ADDRESS (tcp://HOST:PORT; needs foldkit[cluster])", str, "ADDRESS")
    pdf: str | None = option(None, "--pdf", "write a worksheet of the nets, numbered and drawn to scale, to this "
                             ".pdf (paper: --paper)", opt.file_name, "FILE")
    mix: bool = option(False, "--mix", "with --pdf: shuffle in near-nets (a net with one square moved) that do not "
                       "fold, ask which shapes fold, and add an answer key")
    seed: int = option(1, "--seed", "with --mix: which near-nets and which order (default 1)",
                       opt.number(int, 0, 2**31 - 1, "a whole number"), "N")
    pick: int | None = option(None, "--pick", "build net N of the list as a net file builds (template, animation, "
                              "model, STLs, page), into --output; for two boxes also the two-way template, GIF and "
                              "GLB", opt.number(int, 1, opt.MAX_LIMIT, "a whole number"), "N")
    output: str | None = option(None, "--output", "with --pick: the build folder (default outputs/<boxes>-net-N)",
                                opt.file_name, "DIR", aliases=("-o",))
    only: list[str] | None = option(None, "--only", "with --pick: make only these artifacts, comma-separated",
                                    opt.names, "NAMES")
    skip: list[str] | None = option(None, "--skip", "with --pick: make every artifact but these", opt.names, "NAMES")
    quiet: bool = option(False, "--quiet", "with --pick: no progress bar")
    certify: str | None = option(None, "--certify", "decide by SAT whether two or three boxes share a net that fits "
                                 "--grid; when they share none, write the formula and CaDiCaL's proof into DIR (exit "
                                 "1), for 'foldkit check-certificate DIR'; else print the net (with --pick 1, build "
                                 "it)", opt.file_name, "DIR")
    grid: tuple[int, int] | None = option(None, "--grid", "with --certify: only nets that fit a grid of ROWS x COLS "
                                          "cells, turned or not (default: one that holds every polyomino of the "
                                          "area)", certify_grid, "ROWSxCOLS")
    force: bool = force_option()

    def check(self) -> None:
        if len(set(self.boxes)) > MAX_BOXES:
            raise FoldkitError(f"nets: at most {MAX_BOXES} boxes at once", EXIT_BAD_INPUT)
        self.check_size(max(box.surface_area(b) for b in self.boxes))
        distinct = tuple(dict.fromkeys(self.boxes))
        if len({box.surface_area(b) for b in distinct}) == 1 and self.certify is None:  # (different areas: none)
            nets_solver.check_searchable(distinct, limited=bool(self.limit))
        self.check_artifacts()

    def check_size(self, area: int) -> None:
        """Refuse, before any table is built, a search too deep or a list too long to keep in memory."""
        if area > MAX_SEARCHED_AREA:
            raise FoldkitError(f"nets: a box of surface area {area} is past the {MAX_SEARCHED_AREA} the search takes "
                               "(10x10x10 has 600): give a smaller box", EXIT_BAD_INPUT)
        if len(self.boxes) == 1 and not self.limit and not self.count and area > MAX_COUNTED_AREA:
            raise FoldkitError(f"nets: a box of area {area} has far too many nets to list (1x2x3, of area 22, "
                               "has 13,964,068): give --limit N, or --count", EXIT_BAD_INPUT)
        if self.count:
            return  # counted, not kept
        if len(self.boxes) == 1 and not self.limit and area > MAX_LISTED_AREA:
            raise FoldkitError(f"nets: a box of area {area} has too many nets to list in memory (1x1x4, of area 18, "
                               f"has 228,547; boxes up to area {MAX_LISTED_AREA} are listed whole): give --count, "
                               "or --limit N", EXIT_BAD_INPUT)
        if self.limit * area > MAX_LISTED_CELLS:
            raise FoldkitError(f"nets: --limit {self.limit} nets of {area} cells would keep more than "
                               f"{MAX_LISTED_CELLS:,} cells: give --limit {MAX_LISTED_CELLS // area} or less, "
                               "or --count", EXIT_BAD_INPUT)

    def check_census(self) -> None:
        """Refuse a count in parts asked for without --count, or with options that do not go together."""
        for flag, given in (("--part", self.part), ("--checkpoint", self.checkpoint), ("--resume", self.resume),
                            ("--cluster", self.cluster)):
            if given is not None and (not self.count or self.limit):
                raise FoldkitError(f"nets: {flag} divides a whole count: give it with --count, without --limit",
                                   EXIT_BAD_INPUT)
        if self.part is not None and (self.checkpoint or self.resume or self.cluster):
            raise FoldkitError("nets: --part writes its one part's JSON: a checkpoint or a cluster is for a whole "
                               "count", EXIT_BAD_INPUT)
        if self.checkpoint is not None and self.resume is not None:
            raise FoldkitError("nets: --resume FILE keeps writing FILE: give --checkpoint or --resume, not both",
                               EXIT_BAD_INPUT)

    def check_artifacts(self) -> None:
        """Refuse options of the worksheet or the pick given without it, or with --count."""
        needs = {"--mix": (self.mix, self.pdf), "--seed": (self.seed != 1, self.pdf and self.mix),
                 "--output": (self.output, self.pick), "--only": (self.only, self.pick),
                 "--skip": (self.skip, self.pick), "--force": (self.force, self.pdf or self.pick or self.certify),
                 "--grid": (self.grid, self.certify)}
        for flag, (given, needed) in needs.items():
            if given and not needed:
                wanted = {"--seed": "--pdf --mix", "--mix": "--pdf", "--force": "--pdf, --pick or --certify",
                          "--grid": "--certify"}.get(flag, "--pick")
                raise FoldkitError(f"nets: {flag} goes with {wanted}", EXIT_BAD_INPUT)
        if self.certify is not None and (self.count or self.limit or self.pdf or self.json
                                         or self.pick not in (None, 1)):
            raise FoldkitError("nets: --certify finds one net or none: it goes without --count, --limit, --pdf and "
                               "--json, and picks net 1 at most", EXIT_BAD_INPUT)
        if self.count and (self.pdf or self.pick):
            raise FoldkitError("nets: --count lists no nets to draw or pick", EXIT_BAD_INPUT)
        self.check_census()
        if self.pdf is not None:
            format_of(self.pdf, (".pdf",))


def two_way_file(name: str, make: Maker) -> Files:
    """A two-way artifact: written for a net that folds into two boxes or more (its subject names
    the second folding), and for no other."""
    def names(net: Any, options: Any) -> list[str]:
        return [name] if net.two_way is not None else []

    def make_if_two_boxes(net: Any, options: Any) -> bytes | Made:
        return make(net, options) if net.two_way is not None else Made({})

    return Files(make_if_two_boxes, names)


TWO_WAY_ARTIFACTS = {"two-way.pdf": two_way_file("two-way.pdf", two_way.two_way_pdf),
                     "two-way.svg": two_way_file("two-way.svg", two_way.two_way_svg),
                     "two-way.gif": two_way_file("two-way.gif", two_way.two_way_gif),
                     "two-way.glb": two_way_file("two-way.glb", two_way.two_way_glb)}


KIND = Kind(
    name="net",
    title="Net",
    header="rows of '#' and '.'",
    recognise=lambda word: False,
    recognise_text=looks_like_net,
    file_option="--net",
    parse=body.parse,
    solve=body.solve,
    outcome=body.outcome,
    text=body.text,
    json=body.json,
    solve_options=NetSolveOptions,
    build_options=FoldBuildOptions,
    artifacts=with_page(printed.index_page, {"solution.txt": body.solution_txt,
                                             "solution.json": body.solution_json, **FOLD_ARTIFACTS,
                                             **TWO_WAY_ARTIFACTS,
                                             # the steps of both boxes for a net of two:
                                             "fold-steps.pdf": two_way.fold_steps_pdf}),
    subject=body.subject,
    commands={"boxes": Command("boxes", "every box a polyomino (net file) folds into", boxes.run_boxes, BoxesOptions,
                               target="file", file_help="net file: rows of '#' (cell) and '.'",
                               file_metavar="net"),
              "nets": Command("nets", "every net of a box, or the nets two or three boxes share; their worksheet "
                              "(--pdf), or the build of one (--pick). A net is a polyomino, the same net turned or "
                              "turned over, that folds along grid lines over the whole surface once, every grid "
                              "adjacency kept on the box: no invisible cut (a slit between two cells side by side), "
                              "so 1x1x7 and 1x3x3 share 1,070 nets, not the 1,080 counted with such cuts",
                              nets.run_nets, NetsOptions, target="none",
                              build_options=True),
              "check-certificate": Command("check-certificate", "check a certificate that boxes share no net "
                                           "('foldkit nets A B [C] --certify DIR'): re-derive its formula from the "
                                           "boxes and grid it states, and check the DRAT proof (exit 0 valid, 6 not)",
                                           certify.run_check, CheckCertificateOptions, target="none",
                                           owns_file=lambda folder: True),  # nets' alone: its words are its own
              "merge": merge_command(census_parts.run_merge, PART_SCHEMA),
              **FOLD_COMMANDS},
)

