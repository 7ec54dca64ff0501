"""The fold as a capability any kind can bring: a subject that holds a ``fold`` (a folding with
its labels) gets the fold's artifacts (the printed box and net, the animated model and GIF,
the template) and the commands ``show``, ``animate`` and ``template``.

Each maker and command imports the module that draws, meshes or renders inside itself, on
purpose: those bring pyvista, trimesh, reportlab, shapely and matplotlib (seconds of import),
which ``foldkit solve`` must not pay.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from foldkit import options as opt
from foldkit.console import ProgressBar, print_notes
from foldkit.exchange import format_of, write_artifact
from foldkit.fold.animation import FORMATS, AnimationOptions, animation_bytes, frame_times
from foldkit.kinds.base import BedOptions, Command, GifOptions, Invocation, Made, Maker, NoOptions, PaperOptions, option

if TYPE_CHECKING:
    from foldkit.fold.subject import Subject
    from foldkit.paper.template import TemplateOptions

PLAIN_HELP = ("the template (pdf, svg, dxf) with cut, fold and glue marks only: no colours, no numbers, no "
              "face names; it folds with the printed side inside, so the box is blank outside")
SEQUENCES = ("staged", "together")
SEQUENCE_HELP = "staged: panels fold leaves first, as a person folds (default); together: every hinge at once"


class Folded:
    """What the fold's makers take: a subject with a ``fold``, and the template fitted to a
    paper once, however many makers (template.pdf, template.svg) and notes need it."""

    fold: Subject

    @cached_property
    def _templates(self) -> dict[Any, tuple[Any, Any]]:
        return {}

    def fitted_template(self, options: TemplateOptions) -> tuple[Any, tuple[str, ...]]:
        """(the fitted marks, the template's advice) for these template options, made once."""
        from foldkit.paper.template import template_facts
        from foldkit.paper.template.fit import fitted_marks

        if options not in self._templates:
            drawn = fitted_marks(self.fold, options)
            self._templates[options] = (drawn, template_facts(self.fold, options, drawn).warnings)
        return self._templates[options]


# ---------------------------------------------------------------------------------------------
# Build options of a kind that folds


@dataclass(frozen=True)
class FoldBuildOptions(PaperOptions, GifOptions, BedOptions):
    """The fold's artifacts: the printed box and net, the GIF, the template's paper."""

    print_cell_mm: float = option(10.0, "--print-cell-mm", "cell size of the printed box.stl and net.stl in mm "
                                  "(default 10); the paper template always takes the largest cell that fits its "
                                  "page", opt.number(float, 3.0, 100.0, "a size in mm"), aliases=("--cell-mm",))
    wall_mm: float | None = option(None, "--wall-mm", "make box.stl hollow with this wall",
                                   opt.number(float, 0.01, 100.0, "a size in mm"))
    lid: bool = option(False, "--lid", "box.stl as a hollow tray and a lid that fits on it, side by side "
                       "(wall --wall-mm, default 1.6; gap --clearance-mm)")
    clearance_mm: float = option(0.15, "--clearance-mm", "with --lid: the gap between lid and tray (default 0.15)",
                                 opt.number(float, 0.0, 1.0, "a size in mm"))
    kerf_mm: float = option(0.0, "--kerf", "template.dxf for a laser cutter: the cut outline moved outward by "
                            "half this kerf in mm, 0 to 2 (default 0)",
                            opt.number(float, 0.0, 2.0, "a width in mm"), "MM")
    plain: bool = option(False, "--plain", PLAIN_HELP)
    numbers: bool = False  # numbers on box.stl and net.stl: a kind whose cells carry numbers offers --no-numbers

    def check(self) -> None:
        """Refuse a GIF too long or too large before any work starts."""
        frames = len(frame_times(AnimationOptions(*self.gif_size, self.gif_fps)))
        opt.check_animation(frames, *self.gif_size, "--gif-size or --gif-fps, or --skip fold.gif")


# ---------------------------------------------------------------------------------------------
# Makers


def box_stl(subject: Folded, options: FoldBuildOptions) -> bytes:
    from foldkit.exchange.stl import stl_bytes

    return stl_bytes(_box_mesh(subject, options))


def _box_mesh(subject: Folded, options: FoldBuildOptions):
    """The printed box (a trimesh.Trimesh in mm): one body, its numbers joined to its faces."""
    from foldkit.fold.lidded import lidded_box_mesh
    from foldkit.fold.printed import box_mesh

    if options.lid:
        return lidded_box_mesh(subject.fold, options.print_cell_mm, options.wall_mm, options.numbers,
                               options.clearance_mm)
    return box_mesh(subject.fold, options.print_cell_mm, options.wall_mm, options.numbers)


def net_stl(subject: Folded, options: FoldBuildOptions) -> bytes:
    from foldkit.exchange.stl import stl_bytes
    from foldkit.fold.printed import net_mesh

    return stl_bytes(net_mesh(subject.fold, options.print_cell_mm, options.bed_mm, options.numbers))


def fold_glb(subject: Folded, options: FoldBuildOptions) -> bytes:
    from foldkit.fold.gltf import fold_glb as make

    return make(subject.fold)


def fold_gif(subject: Folded, options: FoldBuildOptions) -> bytes:
    width, height = options.gif_size
    return animation_bytes(subject.fold, ".gif", AnimationOptions(width, height, options.gif_fps), options.progress)


def _template(suffix: str) -> Maker:
    def make(subject: Folded, options: FoldBuildOptions) -> Made:
        from foldkit.paper.template import TemplateOptions, template_pdf, template_svg

        chosen = TemplateOptions(paper=options.paper, plain=options.plain)
        drawn, notes = subject.fitted_template(chosen)
        write = template_svg if suffix == ".svg" else template_pdf
        return Made({f"template{suffix}": write(subject.fold, chosen, drawn)}, notes)
    return make


def template_dxf(subject: Folded, options: FoldBuildOptions) -> Made:
    from foldkit.paper.template import TemplateOptions
    from foldkit.paper.template.cutter import template_dxf as make

    chosen = TemplateOptions(paper=options.paper, plain=options.plain)
    drawn, notes = subject.fitted_template(chosen)
    return Made({"template.dxf": make(subject.fold, chosen, options.kerf_mm, drawn)}, notes)


def fold_fold(subject: Folded, options: FoldBuildOptions) -> bytes:
    from foldkit.exchange.fold import fold_bytes
    from foldkit.fold.crease import fold_document

    return fold_bytes(fold_document(subject.fold))


def box_3mf(subject: Folded, options: FoldBuildOptions) -> bytes:
    from foldkit.exchange.threemf import PLAIN, Body, threemf_bytes

    return threemf_bytes([Body(subject.fold.name, _box_mesh(subject, options), PLAIN)])  # one body: one colour


FOLD_ARTIFACTS: dict[str, Maker] = {
    "box.stl": box_stl,
    "net.stl": net_stl,
    "fold.glb": fold_glb,
    "fold.gif": fold_gif,
    "template.pdf": _template(".pdf"),
    "template.svg": _template(".svg"),
    "template.dxf": template_dxf,
    "fold.fold": fold_fold,
    "box.3mf": box_3mf,
}


# ---------------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True)
class ShowOptions:
    sequence: str = option("staged", "--sequence", SEQUENCE_HELP, choices=SEQUENCES)


@dataclass(frozen=True)
class AnimateOptions(ShowOptions):
    output: str | None = option(None, "--output", "output .gif or .mp4 (default outputs/<name>/fold.gif)",
                                str, aliases=("-o",))
    size: tuple[int, int] = option((640, 480), "--size", f"frame size in pixels, each side 16 to {opt.MAX_SIDE_PX} "
                                   "(default 640x480)", opt.size, "WxH")
    fps: int = option(20, "--fps", f"frames per second, 1 to {opt.MAX_FPS} (default 20)",
                      opt.number(int, 1, opt.MAX_FPS, "a whole number"))
    seconds: float = option(6.0, "--seconds", "length of the fold (default 6)",
                            opt.number(float, 0.5, opt.MAX_SECONDS, "a number of seconds"))
    quiet: bool = option(False, "--quiet", "no progress bar")

    def check(self) -> None:
        opt.check_animation(len(frame_times(self.animation())), *self.size)
        if self.output is not None:
            format_of(self.output, FORMATS)

    def animation(self) -> AnimationOptions:
        return AnimationOptions(width=self.size[0], height=self.size[1], fps=self.fps, seconds=self.seconds,
                                sequence=self.sequence)  # type: ignore[arg-type]


@dataclass(frozen=True)
class TemplateCommandOptions(PaperOptions):
    output: str | None = option(None, "--output", "output .pdf or .svg (default outputs/<name>/template.pdf)",
                                str, aliases=("-o",))
    cell_mm: float | None = option(None, "--paper-cell-mm", "paper cell size in mm (default: the largest that "
                                   "fits one page)", opt.number(float, 2.0, 200.0, "a size in mm"),
                                   aliases=("--cell-mm",))
    letters: bool = option(True, "--no-letters", "leave the seam letters off the net's faces (the tabs keep "
                           "theirs); print once with letters to see which edge each tab goes under")
    plain: bool = option(False, "--plain", PLAIN_HELP)

    def check(self) -> None:
        if self.output is not None:
            format_of(self.output, (".pdf", ".svg"))


def _fold_of(call: Invocation) -> Subject:
    return call.subject().fold


def run_show(call: Invocation) -> int:
    from foldkit.fold.window import show

    show(_fold_of(call), sequence=call.options.sequence)
    return 0


def run_animate(call: Invocation) -> int:
    options: AnimateOptions = call.options
    fold = _fold_of(call)
    output = Path(options.output or Path("outputs") / fold.name / "fold.gif")
    progress = None if options.quiet else ProgressBar("rendering")
    data = animation_bytes(fold, output.suffix.lower(), options.animation(), progress)
    print(f"wrote {write_artifact(output, data)}")
    return 0


def run_template(call: Invocation) -> int:
    from foldkit.paper.template import TemplateOptions, template_pdf, template_svg

    options: TemplateCommandOptions = call.options
    subject = call.subject()
    output = Path(options.output or Path("outputs") / subject.fold.name / "template.pdf")
    chosen = TemplateOptions(paper=options.paper, cell_mm=options.cell_mm, letters=options.letters,
                             plain=options.plain)
    drawn, notes = subject.fitted_template(chosen)
    write = template_svg if output.suffix.lower() == ".svg" else template_pdf
    print(f"wrote {write_artifact(output, write(subject.fold, chosen, drawn))}")
    print_notes(notes)
    return 0


FOLD_COMMANDS: dict[str, Command] = {
    "show": Command("show", "play the fold (or a packing's assembly) in a PyVista window", run_show, ShowOptions),
    "animate": Command("animate", "render the fold to a GIF or MP4, off-screen", run_animate, AnimateOptions),
    "template": Command("template", "a printable cut-and-fold PDF (or SVG) template", run_template,
                        TemplateCommandOptions),
}


__all__ = ["FOLD_ARTIFACTS", "FOLD_COMMANDS", "FoldBuildOptions", "Folded", "NoOptions"]
