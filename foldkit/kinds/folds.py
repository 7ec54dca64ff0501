"""The fold as a capability any kind can bring: a subject that holds a ``fold`` (a folding with
its labels) gets the fold's artifacts (the printed box and net, the animated model and GIF,
the template) and the commands ``show``, ``animate`` and ``template``.

This module declares them; their bodies are in ``foldkit.kinds.fold_makers``, loaded only when
a build or one of those commands runs (see ``foldkit.kinds.lazy``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from foldkit import options as opt
from foldkit.exchange import VIDEO_FORMATS, format_of
from foldkit.kinds.base import (
    BedOptions,
    Command,
    GifOptions,
    Maker,
    NoOptions,
    PaperOptions,
    force_option,
    lazy_module,
    option,
)

if TYPE_CHECKING:
    from foldkit.fold.animation import AnimationOptions
    from foldkit.fold.pose import Sequence
    from foldkit.fold.subject import Subject
    from foldkit.paper.template import TemplateOptions

if TYPE_CHECKING:
    from foldkit.fold import animation
    from foldkit.kinds import fold_makers as makers
    from foldkit.paper import template
    from foldkit.paper.template import fit
else:
    makers = lazy_module("foldkit.kinds.fold_makers")
    animation = lazy_module("foldkit.fold.animation")
    template = lazy_module("foldkit.paper.template")
    fit = lazy_module("foldkit.paper.template.fit")

PLAIN_HELP = ("the template (pdf, svg, dxf) with cut, fold and glue marks only: no colours, no numbers, no "
              "face names; it folds with the printed side inside, so the box is blank outside")
CUTTERS = ("silhouette", "cameo5", "cricut")  # foldkit.paper.template.registration draws their marks
CUTTER_HELP = ("print-then-cut: the template's net page (pdf, svg, dxf) inside the registration marks of "
               "this cutting machine: silhouette (three corners: a square and two Ls), cameo5 (four Ls), "
               "cricut (its 9.25 x 6.75 in Print Then Cut area, framed); the cut lines on their own layer")
TAB_STYLES = ("glue", "both", "shadow", "slot")  # foldkit.paper.template.closing.TAB_STYLES
TABS_HELP = ("how the template's seams close: glue (a glue tab on one edge of each seam, default), both (a tab on "
             "both edges), shadow (a tab, and a grey shadow printed where it lands on the other edge), slot (no "
             "glue: a tongue on one edge goes through a slit cut beside the other, sized for --paper-mm)")
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
        if options not in self._templates:
            drawn = fit.fitted_marks(self.fold, options)
            self._templates[options] = (drawn, template.template_facts(self.fold, options, drawn).warnings)
        return self._templates[options]


# ---------------------------------------------------------------------------------------------
# Build options of a kind that folds


@dataclass(frozen=True)
class CutterOptions:
    """The cutting machine a template is printed for, and how its seams close."""

    cutter: str | None = option(None, "--cutter", CUTTER_HELP, choices=CUTTERS)
    tabs: str = option("glue", "--tabs", TABS_HELP, choices=TAB_STYLES)
    paper_mm: float = option(0.0, "--paper-mm", "the card's thickness in mm, 0.1 to 0.6 (cardstock about 0.3): each "
                             "tab's fold moves that far into its panel, so the closed box is true to size and square, "
                             "and slots are cut for it (default: not allowed for; with --tabs slot, 0.3)",
                             opt.number(float, 0.1, 0.6, "a thickness in mm"), "T")


@dataclass(frozen=True)
class FoldBuildOptions(PaperOptions, GifOptions, BedOptions, CutterOptions):
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
    kerf_mm: float = option(0.0, "--kerf", "template.dxf and template.svg for a laser cutter: each cut line "
                            "moved outward by half this kerf in mm, 0 to 2 (default 0)",
                            opt.number(float, 0.0, 2.0, "a width in mm"), "MM")
    plain: bool = option(False, "--plain", PLAIN_HELP)
    numbers: bool = False  # numbers on box.stl and net.stl: a kind whose cells carry numbers offers --no-numbers

    def check(self) -> None:
        """Refuse a GIF too long or too large before any work starts."""
        frames = len(animation.frame_times(animation.AnimationOptions(*self.gif_size, self.gif_fps)))
        opt.check_animation(frames, *self.gif_size, "--gif-size or --gif-fps, or --skip fold.gif")


# ---------------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True)
class ShowOptions:
    sequence: Sequence = option("staged", "--sequence", SEQUENCE_HELP, choices=SEQUENCES)


@dataclass(frozen=True)
class AnimateOptions(ShowOptions):
    output: str | None = option(None, "--output", "output .gif or .mp4 (default outputs/<name>/fold.gif)",
                                opt.file_name, aliases=("-o",))
    size: tuple[int, int] = option((640, 480), "--size", f"frame size in pixels, each side 16 to {opt.MAX_SIDE_PX} "
                                   "(default 640x480)", opt.size, "WxH")
    fps: int = option(20, "--fps", f"frames per second, 1 to {opt.MAX_FPS} (default 20)",
                      opt.number(int, 1, opt.MAX_FPS, "a whole number"))
    seconds: float = option(6.0, "--seconds", "length of the fold (default 6)",
                            opt.number(float, 0.5, opt.MAX_SECONDS, "a number of seconds"))
    quiet: bool = option(False, "--quiet", "no progress bar")
    force: bool = force_option()

    def check(self) -> None:
        opt.check_animation(len(animation.frame_times(self.animation())), *self.size)
        if self.output is not None:
            format_of(self.output, VIDEO_FORMATS)

    def animation(self) -> AnimationOptions:
        return animation.AnimationOptions(width=self.size[0], height=self.size[1], fps=self.fps,
                                          seconds=self.seconds, sequence=self.sequence)


@dataclass(frozen=True)
class TemplateCommandOptions(PaperOptions, CutterOptions):
    output: str | None = option(None, "--output", "output .pdf or .svg (default outputs/<name>/template.pdf)",
                                opt.file_name, aliases=("-o",))
    cell_mm: float | None = option(None, "--paper-cell-mm", "paper cell size in mm (default: the largest that "
                                   "fits one page)", opt.number(float, 2.0, 200.0, "a size in mm"),
                                   aliases=("--cell-mm",))
    letters: bool = option(True, "--no-letters", "leave the seam letters off the net's faces (the tabs keep "
                           "theirs); print once with letters to see which edge each tab goes under")
    plain: bool = option(False, "--plain", PLAIN_HELP)
    force: bool = force_option()

    def check(self) -> None:
        if self.output is not None:
            format_of(self.output, (".pdf", ".svg"))


FOLD_ARTIFACTS: dict[str, Maker] = {
    "box.stl": makers.box_stl,
    "net.stl": makers.net_stl,
    "fold.glb": makers.fold_glb,
    "fold.gif": makers.fold_gif,
    "template.pdf": makers.template_pdf,
    "template.svg": makers.template_svg,
    "template.dxf": makers.template_dxf,
    "fold-steps.pdf": makers.fold_steps_pdf,
    "fold.fold": makers.fold_fold,
    "box.3mf": makers.box_3mf,
}

FOLD_COMMANDS: dict[str, Command] = {
    "show": Command("show", "play the fold (or a packing's assembly) in a PyVista window", makers.run_show,
                    ShowOptions),
    "animate": Command("animate", "render the fold to a GIF or MP4, off-screen", makers.run_animate,
                       AnimateOptions),
    "template": Command("template", "a printable cut-and-fold PDF (or SVG) template", makers.run_template,
                        TemplateCommandOptions),
}


__all__ = ["FOLD_ARTIFACTS", "FOLD_COMMANDS", "FoldBuildOptions", "Folded", "NoOptions"]
