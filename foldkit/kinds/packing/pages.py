"""A packing's index.html, made when a build asks for it: the assembly step by step in 3D (next
and previous piece, a scrub bar, play), the pieces in the order they go in, and the counts
(pieces, shapes, cubes, the box)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from foldkit.assembly.colours import faded, piece_colour
from foldkit.kinds.packing.artifacts import Packed
from foldkit.look import box_text
from foldkit.page.html import css_rgb, page_bytes, viewer_html


def packing_data(packed: Any) -> dict:
    """What packing.js draws: the box, and each piece in assembly order with its colour and its
    cubes in the view's world (x, -y, z): the level drawings' rows grow towards the viewer."""
    plan, packing = packed.plan, packed.packing
    steps = [{"name": packing[i].piece, "number": i + 1, "colour": plan.colours[i],
              "cubes": sorted([x, -y - 1, z] for x, y, z in packing[i].cubes)} for i in plan.order]
    used = range(max(plan.colours, default=0) + 1)
    return {"box": list(packed.box), "steps": steps, "colours": [css_rgb(piece_colour(c)) for c in used],
            "faded": [css_rgb(faded(piece_colour(c))) for c in used]}


def counts_html(packed: Any) -> str:
    """The box, the pieces by shape and the cubes, with a word on how the order was chosen."""
    puzzle, packing = packed.report.puzzle, packed.packing
    cubes = sum(len(placed.cubes) for placed in packing)
    x, y, z = packed.box
    shapes = "".join(f"<li>{escape(p.name)}: {p.count} × {len(p.cubes)} cubes</li>" for p in puzzle.pieces)
    how = ("Each piece is lowered straight down onto the floor or onto pieces already in."
           if packed.plan.lowered else escape(packed.plan.note))
    return (f"<p>Box {box_text(packed.box)} ({x * y * z} cubes); {len(packing)} pieces, {cubes} cubes placed.</p>"
            f"<ul>{shapes}</ul><p>{how}</p>")


def packing_body(packed: Any) -> str:
    view = viewer_html("the assembly", "piece", 'min="0" value="0"', "The newest piece is in full colour.")
    return view + f"""<section class="side"><h2>Counts</h2>{counts_html(packed)}<h2>Pieces, in the order they go in</h2>
<ol id="pieces"></ol></section>"""


def index_page(packed: Packed, options: Any, links: Sequence[str] = ()) -> bytes:
    """index.html: a solved packing as a self-contained page."""
    title = f"{packed.title}: assembly"
    return page_bytes(title, packing_body(packed), packing_data(packed), ("view3d.js", "packing.js"), links)
