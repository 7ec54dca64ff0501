"""The artifacts of a folding, shared by every subject that folds (a solved Shut the Box
puzzle, or a net file): the printed box and net, the animated model and GIF, the template.

Each maker takes a fold ``Subject`` and the build options, and returns the bytes of one file.
Heavy libraries are imported inside the makers, so that naming them costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from foldkit.kinds.base import BuildOptions, Maker

if TYPE_CHECKING:
    from foldkit.fold.subject import Subject


def box_stl(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.exchange.stl import stl_bytes
    from foldkit.fold.printed import box_mesh

    if options.lid:
        from foldkit.fold.lidded import lidded_box_mesh

        return stl_bytes(lidded_box_mesh(subject, options.print_cell_mm, options.wall_mm, options.numbers,
                                         options.clearance_mm))
    return stl_bytes(box_mesh(subject, options.print_cell_mm, options.wall_mm, options.numbers))


def net_stl(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.exchange.stl import stl_bytes
    from foldkit.fold.printed import net_mesh

    return stl_bytes(net_mesh(subject, options.print_cell_mm, options.bed_mm))


def fold_glb(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.fold.gltf import fold_glb as make

    return make(subject)


def fold_gif(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.fold.animation import AnimationOptions, animation_bytes

    width, height = options.gif_size
    return animation_bytes(subject, ".gif", AnimationOptions(width, height, options.gif_fps), options.progress)


def template_pdf(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.paper.template import TemplateOptions
    from foldkit.paper.template import template_pdf as make

    return make(subject, TemplateOptions(paper=options.paper))


def template_svg(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.paper.template import TemplateOptions
    from foldkit.paper.template import template_svg as make

    return make(subject, TemplateOptions(paper=options.paper))


FOLD_ARTIFACTS: dict[str, Maker] = {
    "box.stl": box_stl,
    "net.stl": net_stl,
    "fold.glb": fold_glb,
    "fold.gif": fold_gif,
    "template.pdf": template_pdf,
    "template.svg": template_svg,
}


def on_fold(maker: Maker) -> Maker:
    """A fold maker for a subject that holds its fold Subject as ``.fold``."""
    return lambda solved, options: maker(solved.fold, options)
