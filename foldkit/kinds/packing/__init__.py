"""Polycube packing as a foldkit kind: files that start with 'packing X Y Z'.

This is its declaration: what the command line reads of every kind. The body is ``report``
(solving, the text, the JSON and its schema, show and animate) and ``artifacts`` (the assembly
instructions, animations and the pieces to print), loaded when the kind runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from foldkit import options as opt
from foldkit.exchange import VIDEO_FORMATS, format_of
from foldkit.kinds.base import BedOptions, Command, GifOptions, Kind, NoOptions, PaperOptions, lazy_module, option
from foldkit.page import with_page

body = lazy_module("foldkit.kinds.packing.report")  # the kind's body, loaded when it runs
makers = lazy_module("foldkit.kinds.packing.artifacts")
page = lazy_module("foldkit.page.packing")
packing_solver = lazy_module("solver.packing")


@dataclass(frozen=True)
class PackingSolveOptions:
    every: bool = option(False, "--all", "count every packing and its symmetry classes")
    seed: int | None = option(None, "--seed", "a seed for the search order (same seed, same packing)",
                              opt.number(int, 0, 2**63 - 1, "a whole number"))
    limit: int = option(0, "--limit", "with --all: stop counting after N packings (exit 4; the counts are then "
                        "lower bounds; default 0: no limit)", opt.number(int, 0, opt.MAX_LIMIT, "a whole number"), "N")


@dataclass(frozen=True)
class PackingBuildOptions(PaperOptions, GifOptions, BedOptions):
    """The printed pieces, the assembly GIF and the assembly instructions' paper."""

    gif_size: tuple[int, int] = option((400, 400), "--gif-size", "assembly.gif frame size in pixels (default "
                                       "400x400)", opt.size, "WxH")

    cube_mm: float = option(15.0, "--cube-mm", "edge of one unit cube of the printed pieces (default 15)",
                            opt.number(float, 3.0, 100.0, "a size in mm"))
    clearance_mm: float = option(0.15, "--clearance-mm", "taken off each side of a printed piece (default 0.15)",
                                 opt.number(float, 0.0, 1.0, "a size in mm"))


@dataclass(frozen=True)
class AnimateOptions:
    output: str | None = option(None, "--output", "output .gif or .mp4 (default outputs/<name>/assembly.gif)",
                                str, aliases=("-o",))
    size: tuple[int, int] = option((400, 400), "--size", f"frame size in pixels, each side 16 to {opt.MAX_SIDE_PX} "
                                   "(default 400x400)", opt.size, "WxH")
    fps: int = option(20, "--fps", f"frames per second, 1 to {opt.MAX_FPS} (default 20)",
                      opt.number(int, 1, opt.MAX_FPS, "a whole number"))

    def check(self) -> None:
        if self.output is not None:
            format_of(self.output, VIDEO_FORMATS)


KIND = Kind(
    name="packing",
    title="Polycube packing",
    header="'packing X Y Z'",
    recognise=lambda word: word == "packing",
    parse=packing_solver.parse_packing,
    solve=body.solve,
    outcome=body.outcome,
    text=body.text,
    json=body.json,
    artifacts=with_page(page.packing_page, {
        "solution.txt": body.packed_solution_txt,
        "solution.json": body.packed_solution_json,
        "assembly.pdf": makers.assembly_pdf,
        "assembly.gif": makers.assembly_gif,
        "assembly.glb": makers.assembly_glb,
        "pieces.stl": makers.print_files,  # with piece-NAME.stl and box.stl
        "pieces.3mf": makers.pieces_3mf,  # the beds of pieces.stl, each piece an object in its colour
    }),
    solve_options=PackingSolveOptions,
    build_options=PackingBuildOptions,
    subject=makers.packed,
    commands={"show": Command("show", "play the assembly, piece by piece, in a PyVista window", body.run_show,
                              NoOptions),
              "animate": Command("animate", "render the assembly to a GIF or MP4", body.run_animate, AnimateOptions)},
)
