"""Every assembly artifact of a packing at once, by file name, for ``foldkit build``."""

from __future__ import annotations

from collections.abc import Sequence

from foldkit.assembly.gif import GifOptions, assembly_gif
from foldkit.assembly.glb import assembly_glb
from foldkit.assembly.stl import PrintOptions, print_stls
from foldkit.paper.instructions import assembly_pdf
from solver.packing.assembly import Box, Placed, plan_assembly


def assembly_artifacts(box: Box, packing: Sequence[Placed], title: str = "assembly", paper: str = "a4",
                       prints: PrintOptions | None = None, gif: GifOptions | None = None) -> dict[str, bytes]:
    """assembly.pdf, assembly.gif, assembly.glb, the STL files (pieces.stl or pieces-N.stl,
    piece-NAME.stl, box.stl): file name -> bytes."""
    prints, gif = prints or PrintOptions(), gif or GifOptions()
    plan = plan_assembly(box, packing)
    order, colours = plan.order, plan.colours
    return {
        "assembly.pdf": assembly_pdf(box, packing, order, colours, title=title, paper=paper),
        "assembly.gif": assembly_gif(box, packing, order, colours, gif),
        "assembly.glb": assembly_glb(box, packing, order, colours, prints.cube_mm, title),
        **print_stls(box, packing, prints),
    }
