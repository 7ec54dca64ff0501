"""The makers and commands of the fold capability (``foldkit.kinds.folds`` declares them): the
printed box and net, the animated model and GIF, the template, and the bodies of show, animate
and template. Loaded only when a build or one of those commands runs.

The modules that mesh (trimesh and manifold3d: half a second of import) and the window
(pyvista) are lazy names, loaded when a mesh is made or the window opens: a build that makes
only the template must not pay for them. The rest is imported here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from foldkit.console import ProgressBar, print_notes
from foldkit.drawing import Document, Drawing
from foldkit.exchange import export, refuse_to_overwrite, write_artifact
from foldkit.exchange.fold import fold_bytes
from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.threemf import PLAIN, Body, threemf_bytes
from foldkit.fold.animation import AnimationOptions, animation_bytes
from foldkit.fold.crease import fold_document
from foldkit.fold.order import fold_notes
from foldkit.fold.subject import Subject
from foldkit.kinds.base import Invocation, Made, Maker, lazy_module
from foldkit.kinds.folds import AnimateOptions, FoldBuildOptions, Folded, TemplateCommandOptions
from foldkit.paper import template
from foldkit.paper.fold_steps import fold_steps_document
from foldkit.paper.template.pages import template_dxf as template_dxf_bytes

if TYPE_CHECKING:
    from foldkit.exchange import stl
    from foldkit.fold import gltf, lidded, printed, window
else:
    stl = lazy_module("foldkit.exchange.stl")
    gltf = lazy_module("foldkit.fold.gltf")
    lidded = lazy_module("foldkit.fold.lidded")
    printed = lazy_module("foldkit.fold.printed")
    window = lazy_module("foldkit.fold.window")

# ---------------------------------------------------------------------------------------------
# Makers


def box_stl(subject: Folded, options: FoldBuildOptions) -> bytes:
    return stl.stl_bytes(_box_mesh(subject, options))


def _box_mesh(subject: Folded, options: FoldBuildOptions):
    """The printed box (a trimesh.Trimesh in mm): one body, its numbers joined to its faces."""
    if options.lid:
        return lidded.lidded_box_mesh(subject.fold, options.print_cell_mm, options.wall_mm, options.numbers,
                                      options.clearance_mm)
    return printed.box_mesh(subject.fold, options.print_cell_mm, options.wall_mm, options.numbers)


def net_stl(subject: Folded, options: FoldBuildOptions) -> bytes:
    return stl.stl_bytes(printed.net_mesh(subject.fold, options.print_cell_mm, options.bed_mm, options.numbers))


def fold_glb(subject: Folded, options: FoldBuildOptions) -> Made:
    return Made({"fold.glb": gltf.fold_glb(subject.fold)}, fold_notes(subject.fold.closing))


def fold_gif(subject: Folded, options: FoldBuildOptions) -> Made:
    width, height = options.gif_size
    film = animation_bytes(subject.fold, ".gif", AnimationOptions(width, height, options.gif_fps), options.progress)
    return Made({"fold.gif": film}, fold_notes(subject.fold.closing))


def _template(suffix: str) -> Maker[Folded]:
    def make(subject: Folded, options: FoldBuildOptions) -> Made:
        chosen = _template_options(options)
        drawn, notes = subject.fitted_template(chosen)
        if suffix == ".svg":
            return Made({"template.svg": template.template_svg(subject.fold, chosen, drawn, options.kerf_mm)}, notes)
        return Made({"template.pdf": template.template_pdf(subject.fold, chosen, drawn)}, notes)
    return make


def _template_options(options: FoldBuildOptions | TemplateCommandOptions, **more):
    """The template's options from a build's or the template command's (more: those only the command has)."""
    return template.TemplateOptions(paper=options.paper, plain=options.plain, cutter=options.cutter or "",
                                    tabs=options.tabs, paper_mm=options.paper_mm, **more)


template_pdf: Maker[Folded] = _template(".pdf")
template_svg: Maker[Folded] = _template(".svg")


def template_dxf(subject: Folded, options: FoldBuildOptions) -> Made:
    chosen = _template_options(options)
    drawn, notes = subject.fitted_template(chosen)
    return Made({"template.dxf": template_dxf_bytes(subject.fold, chosen, options.kerf_mm, drawn)}, notes)


def fold_steps_pdf(subject: Folded, options: FoldBuildOptions) -> bytes:
    return drawing_pdf(fold_steps_document(subject.fold, options.paper))


def fold_fold(subject: Folded, options: FoldBuildOptions) -> bytes:
    return fold_bytes(fold_document(subject.fold))


def box_3mf(subject: Folded, options: FoldBuildOptions) -> bytes:
    return threemf_bytes([Body(subject.fold.name, _box_mesh(subject, options), PLAIN)])  # one body: one colour


# ---------------------------------------------------------------------------------------------
# Commands


def _fold_of(call: Invocation) -> Subject:
    return call.subject().fold


def run_show(call: Invocation) -> int:
    window.show(_fold_of(call), sequence=call.options.sequence)
    return 0


def run_animate(call: Invocation) -> int:
    options: AnimateOptions = call.options
    fold = _fold_of(call)
    output = Path(options.output or Path("outputs") / fold.name / "fold.gif")
    refuse_to_overwrite(output.parent, [output.name], options.force)  # before the rendering, not after
    progress = None if options.quiet else ProgressBar("rendering")
    data = animation_bytes(fold, output.suffix.lower(), options.animation(), progress)
    print(f"wrote {write_artifact(output, data, options.force)}")
    return 0


def run_template(call: Invocation) -> int:
    options: TemplateCommandOptions = call.options
    subject = call.subject()
    output = Path(options.output or Path("outputs") / subject.fold.name / "template.pdf")
    refuse_to_overwrite(output.parent, [output.name], options.force)
    chosen = _template_options(options, cell_mm=options.cell_mm, letters=options.letters)
    drawn, notes = subject.fitted_template(chosen)
    drawing: Drawing | Document
    if output.suffix.lower() == ".svg":  # the net's own page, as a cutting machine takes it
        drawing = template.machine_page(subject.fold, chosen, drawn=drawn)
    else:
        drawing = template.template_document(subject.fold, chosen, drawn)
    print(f"wrote {export(output, drawing, force=options.force)}")
    print_notes(notes)
    return 0
