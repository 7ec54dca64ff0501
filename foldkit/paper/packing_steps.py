"""fold-steps.pdf of a packing: one frame per piece in assembly order, the box with the pieces
placed so far (pale) and the new piece in full colour, lowered in along an arrow."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from foldkit.assembly.colours import piece_colour
from foldkit.assembly.steps import CORNER_NAMES, assembly_steps
from foldkit.assembly.steps import Step as AssemblyStep
from foldkit.assembly.view import camera, corner_azimuth, scene_faces
from foldkit.drawing import Area, Document, Mm
from foldkit.exchange.pdf import PT_PER_MM
from foldkit.paper.instructions import Page, cube_fit, draw_cubes
from foldkit.paper.page import REGULAR, SOFT_INK, Sheet
from foldkit.paper.step_pages import Draw, Layout, StepFrame, draw_arrow, frame_pages, layout
from solver.packing.assembly import Assembly, BoxSides, Placed

LOWER_FROM = 2  # cubes above a new piece where the arrow lowering it starts


def packing_frames(box: BoxSides, packing: Sequence[Placed], order: Sequence[int], colours: Sequence[int],
                   grid: Layout) -> list[StepFrame]:
    """One frame per piece in assembly order: the box with the pieces placed so far, the new
    piece in full colour with an arrow lowering it in."""
    fills = np.array([piece_colour(c) for c in colours])
    steps = assembly_steps(packing, order)

    def picture(step: AssemblyStep) -> Draw:
        def draw(sheet: Sheet, at: Area) -> None:
            draw_packing_step(sheet, box, packing, fills, step, at, grid.size)
        return draw

    out = []
    for step in steps:
        seen = f", seen from the {CORNER_NAMES[step.corner]}" if step.corner else ""
        caption = f"piece {step.piece + 1} ({packing[step.piece].piece}){seen}"
        out.append(StepFrame(f"Step {step.number} of {len(steps)}", caption, picture(step)))
    return out


def draw_packing_step(sheet: Sheet, box: BoxSides, packing: Sequence[Placed], fills: np.ndarray, step: AssemblyStep,
                      at: Area, page_mm: Mm) -> None:
    """The box so far in an isometric view (as assembly.pdf draws it), room above for the arrow."""
    x, y, w, h = at
    page = Page((page_mm[0] * PT_PER_MM, page_mm[1] * PT_PER_MM))
    rect = (x * PT_PER_MM, (page_mm[1] - y - h) * PT_PER_MM, w * PT_PER_MM, h * PT_PER_MM)
    owners = {cube: i for i in (*step.placed, step.piece) for cube in packing[i].cubes}
    view = camera(corner_azimuth(step.corner))
    room: BoxSides = (box[0], box[1], box[2] + LOWER_FROM)  # the fit leaves room above the box for the arrow
    draw_cubes(page, scene_faces(owners), view, fills, rect, frame_box=room, strong=step.piece)
    sheet.add(*page.shapes)
    corners = np.array([[i, j, k] for i in (0, room[0]) for j in (0, room[1]) for k in (0, room[2])], dtype=float)
    scale, offset = cube_fit(corners, view, rect)
    cubes = np.array(sorted(packing[step.piece].cubes), dtype=float)
    top = cubes[:, 2].max() + 1.0
    above = cubes[cubes[:, 2] == top - 1.0].mean(axis=0)[:2] + 0.5  # the middle of the piece's top cubes
    path = np.array([[*above, top + LOWER_FROM - 0.2], [*above, top + 0.15]])
    flat = view.project(path) * scale + offset
    draw_arrow(sheet, np.array([page.mm(*p) for p in flat]), 2.6)


def packing_legend(lowered: bool) -> Callable[[Sheet, Area], None]:
    """What a packing's frames show; for a packing that interlocks (no order lowers every piece
    straight down), that some pieces go in from the side."""
    def legend(sheet: Sheet, area: Area) -> None:
        x, y, _, _ = area
        sheet.text(x, y + 4.5, "Each step lowers the new piece (in full colour) straight down, along the arrow, onto "
                   "the pieces already in the box (pale).", 7.5, REGULAR, SOFT_INK)
        if not lowered:
            sheet.text(x, y + 8.5, "These pieces interlock: where a piece cannot be lowered past the others, slide it "
                       "in from the side.", 7.5, REGULAR, SOFT_INK)
    return legend


def packing_steps_document(box: BoxSides, packing: Sequence[Placed], plan: Assembly, title: str,
                           paper: str = "a4") -> Document:
    """The assembly of a packing as a step diagram, one frame per piece in the plan's order and
    colours (its legend says whether that order lowers every piece straight down)."""
    grid = layout(paper)
    frames = packing_frames(box, packing, plan.order, plan.colours, grid)
    return frame_pages(f"{title}: how to pack it, step by step", frames, grid, packing_legend(plan.lowered))
