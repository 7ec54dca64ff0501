"""Polycube packing as a foldkit kind: files that start with 'packing X Y Z'.

This is its declaration: what the command line reads of every kind. The body is ``report``
(solving, the text, the JSON and its schema), ``artifacts`` (the assembly instructions,
animations and the pieces to print) and ``pages``, and each command's body is a module of its
own (``show``, ``animate``, ``merge``, ``generate``), loaded when the kind runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from foldkit import options as opt
from foldkit.assembly.file_names import print_patterns
from foldkit.census import part_of
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import VIDEO_FORMATS, format_of
from foldkit.kinds.base import (
    BedOptions,
    Command,
    Files,
    GifOptions,
    Kind,
    NoOptions,
    PaperOptions,
    force_option,
    lazy_module,
    option,
)
from foldkit.kinds.checks import check_command
from foldkit.kinds.generating import DIFFICULTY_HELP
from foldkit.kinds.hints import hint_command
from foldkit.kinds.merging import merge_command
from foldkit.page import with_page
from solver.diary import DIFFICULTIES

PART_SCHEMA = "foldkit.packing-part/2"  # of a part's record (part_records.py); `merge` knows them by it

if TYPE_CHECKING:
    from foldkit.kinds.packing import artifacts as makers
    from foldkit.kinds.packing import check as checking
    from foldkit.kinds.packing import counting, diary
    from foldkit.kinds.packing import hints as hinting
    from foldkit.kinds.packing import pages as printed
    from foldkit.kinds.packing import report as body
    from solver import packing as packing_solver
    from solver.packing import xmpuzzle
else:
    body = lazy_module("foldkit.kinds.packing.report")  # the kind's body, loaded when it runs
    makers = lazy_module("foldkit.kinds.packing.artifacts")
    printed = lazy_module("foldkit.kinds.packing.pages")
    packing_solver = lazy_module("solver.packing")
    checking = lazy_module("foldkit.kinds.packing.check")
    hinting = lazy_module("foldkit.kinds.packing.hints")
    diary = lazy_module("foldkit.kinds.packing.diary")
    counting = lazy_module("foldkit.kinds.packing.counting")
    xmpuzzle = lazy_module("solver.packing.xmpuzzle")
GZIP_MAGIC = b"\x1f\x8b"  # how every BurrTools .xmpuzzle starts


def from_bytes(data: bytes, source: str) -> str | None:
    """A BurrTools .xmpuzzle (gzip-compressed XML) as packing text; None for any other file."""
    return xmpuzzle.xmpuzzle_text(data, source) if data.startswith(GZIP_MAGIC) else None


COUNTING = ("solve",)  # the commands that count every packing


@dataclass(frozen=True)
class PackingSolveOptions:
    # Counting every packing is solve's alone: the commands that make something of the packing take
    # the one found (--seed chooses it).
    every: bool = option(False, "--all", "count every packing and its symmetry classes", only=COUNTING)
    classes: bool = option(False, "--classes", "with --all: search for one packing per class, the symmetry broken "
                           "in the search, and list each class's stabiliser", only=COUNTING)
    seed: int | None = option(None, "--seed", "a seed for the search order (same seed, same packing)",
                              opt.number(int, 0, 2**63 - 1, "a whole number"))
    limit: int = option(0, "--limit", "with --all: stop counting after N packings (exit 4; the counts are then "
                        "lower bounds; default 0: no limit)", opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N",
                        only=COUNTING)
    jobs: int | None = option(None, "--jobs", "with --all: count in N processes (default: one per core; at most two "
                              "per core are started)", opt.number(int, 1, 1024, "a whole number"), "N", only=COUNTING)
    part: tuple[int, int] | None = option(None, "--part", "with --all: count only part K of N and print its JSON, "
                                          "for 'foldkit merge'", part_of, "K/N", only=COUNTING)
    cluster: str | None = option(None, "--cluster", "with --all: count on the Dask scheduler at ADDRESS "
                                 "(pip install foldkit[cluster])", str, "ADDRESS", only=COUNTING)
    checkpoint: str | None = option(None, "--checkpoint", "with --all: keep the parts finished in FILE (a new "
                                    "file), to go on with --resume FILE after a crash", str, "FILE", only=COUNTING)
    resume: str | None = option(None, "--resume", "with --all: go on from the checkpoint FILE, and keep "
                                "writing it", str, "FILE", only=COUNTING)

    def check(self) -> None:
        for flag, given in (("--jobs", self.jobs), ("--part", self.part), ("--cluster", self.cluster),
                            ("--checkpoint", self.checkpoint), ("--resume", self.resume)):
            if given is not None and not self.every:
                raise FoldkitError(f"{flag} divides the count of every packing: give it with --all", EXIT_BAD_INPUT)
            if given is not None and self.classes:
                raise FoldkitError(f"--classes searches in this process only: {flag} is for --all without it",
                                   EXIT_BAD_INPUT)
        if self.classes and not self.every:
            raise FoldkitError("--classes sorts every packing into classes: give it with --all", EXIT_BAD_INPUT)
        if self.classes and self.limit:
            raise FoldkitError("--classes finds every class or none: --limit is for --all without it", EXIT_BAD_INPUT)
        if self.part is not None and self.cluster is not None:
            raise FoldkitError("--part runs one part here, --cluster every part there: give one of them",
                               EXIT_BAD_INPUT)
        if self.part is not None and (self.checkpoint or self.resume):
            raise FoldkitError("--part writes its one part's JSON: a checkpoint is for a whole count", EXIT_BAD_INPUT)
        if self.checkpoint is not None and self.resume is not None:
            raise FoldkitError("--resume FILE keeps writing FILE: give --checkpoint or --resume, not both",
                               EXIT_BAD_INPUT)


@dataclass(frozen=True)
class PackingBuildOptions(PaperOptions, GifOptions, BedOptions):
    """The printed pieces, the assembly GIF and the assembly instructions' paper."""

    gif_size: tuple[int, int] = option((400, 400), "--gif-size", "assembly.gif frame size in pixels (default "
                                       "400x400)", opt.size, "WxH")

    cube_mm: float = option(15.0, "--cube-mm", "edge of one unit cube of the printed pieces (default 15)",
                            opt.number(float, 3.0, 100.0, "a size in mm"))
    clearance_mm: float = option(0.15, "--clearance-mm", "taken off each side of a printed piece (default 0.15)",
                                 opt.number(float, 0.0, 1.0, "a size in mm"))
    piece_cell_mm: float = option(15.0, "--piece-cell-mm", "edge of one square of the paper pieces' nets in "
                                  "pieces-paper.pdf (default 15)", opt.number(float, 5.0, 60.0, "a size in mm"))


@dataclass(frozen=True)
class AnimateOptions:
    output: str | None = option(None, "--output", "output .gif or .mp4 (default outputs/<name>/assembly.gif)",
                                opt.file_name, aliases=("-o",))
    size: tuple[int, int] = option((400, 400), "--size", f"frame size in pixels, each side 16 to {opt.MAX_SIDE_PX} "
                                   "(default 400x400)", opt.size, "WxH")
    fps: int = option(20, "--fps", f"frames per second, 1 to {opt.MAX_FPS} (default 20)",
                      opt.number(int, 1, opt.MAX_FPS, "a whole number"))
    piece: int | None = option(None, "--piece", "instead of the assembly, piece N's net (as pieces-paper.pdf "
                               "prints it at the default paper and cell size) folding into its piece, checked to "
                               "close (default output outputs/<name>/piece-N-fold.gif)",
                               opt.number(int, 1, 100_000, "a whole number"), "N")
    force: bool = force_option()

    def check(self) -> None:
        if self.output is not None:
            format_of(self.output, VIDEO_FORMATS)


@dataclass(frozen=True)
class ChallengeOptions(PaperOptions):
    """What `foldkit generate packing` was asked for."""

    source: str = option("", "--from", "the packing puzzle to make challenges of (required)", str, "FILE")
    count: int = option(1, "--count", "how many challenges, 1 to 50, from easiest to hardest (default 1)",
                        opt.number(int, 1, 50, "a whole number"), "N")
    seed: int | None = option(None, "--seed", "same seed, same challenges, byte for byte (default: a random "
                              "seed, noted in the files)", opt.number(int, 0, 2**62, "a whole number"))
    timeout: float = option(120.0, "--timeout", "give up after S seconds with exit 1 (default 120)",
                            opt.number(float, 0.1, 86400.0, "a number of seconds"), "S")
    output: str | None = option(None, "--output", "the folder to write into (default "
                                "outputs/<name>-challenges)", opt.file_name, "DIR", aliases=("-o",))
    cube_mm: float = option(15.0, "--cube-mm", "edge of one unit cube of the printed bases (default 15)",
                            opt.number(float, 3.0, 100.0, "a size in mm"))
    clearance_mm: float = option(0.15, "--clearance-mm", "taken off each face of a base where other pieces "
                                 "meet it (default 0.15)", opt.number(float, 0.0, 1.0, "a size in mm"))
    difficulty: str | None = option(None, "--difficulty", DIFFICULTY_HELP, choices=DIFFICULTIES)
    force: bool = force_option()

    def check(self) -> None:
        if not self.source:
            raise FoldkitError("generate packing: the option --from FILE is required", EXIT_BAD_INPUT)


if TYPE_CHECKING:
    from foldkit.kinds.packing import animate as animating
    from foldkit.kinds.packing import generate as generator
    from foldkit.kinds.packing import merge as merging
    from foldkit.kinds.packing import show as showing
else:
    generator = lazy_module("foldkit.kinds.packing.generate")
    showing = lazy_module("foldkit.kinds.packing.show")
    animating = lazy_module("foldkit.kinds.packing.animate")
    merging = lazy_module("foldkit.kinds.packing.merge")

KIND = Kind(
    name="packing",
    title="Polycube packing",
    header="'packing X Y Z'",
    recognise=lambda word: word == "packing",
    parse=packing_solver.parse_packing,
    solve=counting.solve,
    outcome=body.outcome,
    text=body.text,
    json=body.json,
    json_stream=body.json_stream,
    grade=hinting.grade,
    artifacts=with_page(printed.index_page, {
        "solution.txt": body.packed_solution_txt,
        "solution.json": body.packed_solution_json,
        "assembly.pdf": makers.assembly_pdf,
        "fold-steps.pdf": makers.fold_steps_pdf,  # the same steps as a diagram, one frame per piece
        "assembly.gif": makers.assembly_gif,
        "assembly.glb": makers.assembly_glb,
        "pieces.stl": Files(makers.print_files, makers.print_file_names, print_patterns()),
        # the beds of pieces.stl, each piece an object in its colour:
        "pieces.3mf": Files(makers.pieces_3mf, makers.pieces_3mf_names, print_patterns(".3mf")),
        "pieces-paper.pdf": makers.pieces_paper_pdf,  # each piece's net, to cut from card and fold
        "hints.pdf": diary.hints_pdf,
    }),
    solve_options=PackingSolveOptions,
    build_options=PackingBuildOptions,
    subject=body.subject,
    from_bytes=from_bytes,
    commands={"show": Command("show", "play the assembly, piece by piece, in a PyVista window", showing.run_show,
                              NoOptions),
              "animate": Command("animate", "render the assembly to a GIF or MP4", animating.run_animate,
                                 AnimateOptions),
              "merge": merge_command(merging.run_merge, PART_SCHEMA),
              "generate": Command("generate", "challenge cards: a few pieces given, one way to place the rest",
                                  generator.run_generate, ChallengeOptions, target="none"),
              "check": check_command(checking.read, checking.judge),
              "hint": hint_command(hinting.read_progress, hinting.wrong, hinting.hint, hinting.diary, "piece")},
)
