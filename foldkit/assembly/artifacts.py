"""Every assembly artifact of a packing at once, by file name, for ``foldkit build``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from foldkit.assembly.gif import GifOptions, assembly_gif
from foldkit.assembly.glb import assembly_glb
from foldkit.assembly.pdf import assembly_pdf
from foldkit.assembly.stl import PrintOptions, print_stls
from solver.packing.assembly import Box, NoAssemblyOrder, Order, Placed, assembly_order, piece_colours


@dataclass(frozen=True)
class Assembly:
    """The order to build a packing in, whether every piece can be lowered straight down in it,
    and each piece's colour index."""

    order: Order
    lowered: bool  # False: no such order exists; this is the supported fallback (see NoAssemblyOrder)
    colours: list[int] = field(default_factory=list)
    note: str = ""  # why the fallback was used


def plan_assembly(box: Box, packing: Sequence[Placed]) -> Assembly:
    """The assembly order (the supported fallback when no lowering order exists) and colours."""
    try:
        order, lowered, note = assembly_order(box, packing), True, ""
    except NoAssemblyOrder as error:
        order, lowered, note = error.fallback, False, str(error)
    return Assembly(order, lowered, piece_colours(box, packing, order), note)


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
