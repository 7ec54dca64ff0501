"""fold-steps.pdf: a fold diagram, the way origami books draw one. One frame per hinge group
(stage) of the staged fold: the net as it stands before that stage, seen from a fixed oblique
view above (the blank side up, so every part lifts towards the reader), the creases of the
stage marked as valley folds (dashed) or mountain folds (dash-dot) as the reader sees them, a
curved arrow for each part that turns, and the step number; then the closed box. A net that
folds into two boxes gets the steps of each box; a packing gets one frame per piece (the box
with the pieces placed so far, the new piece in full colour, lowered along an arrow).

The diagram is a model first (``FoldStep``: which creases are marked how, at which fold
fraction) and drawn second, so tests read the model; the pages are a ``Document`` written by
``foldkit.exchange.pdf``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from foldkit.assembly.view import View, camera
from foldkit.drawing import Area, Document, Line, Mm, Polygon
from foldkit.fold.panels import Hinge, PanelTree, shared_side
from foldkit.fold.pose import cell_outlines, cell_panels, hinge_rotation, panel_matrices, place
from foldkit.fold.subject import Subject
from foldkit.look import FOLD_EDGE, INK, RGB, box_text, face_colour, face_label
from foldkit.paper.page import REGULAR, SOFT_INK, Sheet, Stroke
from foldkit.paper.step_pages import Draw, StepFrame, draw_arrow, frame_pages, layout
from foldkit.paper.template.assembly import pale

CreaseKind = Literal["valley", "mountain"]

VIEW = camera(azimuth=118.0, elevation=52.0)  # above the net, from beyond its last row, a little to one side
VALLEY = Stroke(FOLD_EDGE, 0.45, (1.8, 1.0))
MOUNTAIN = Stroke((0.12, 0.30, 0.70), 0.45, (1.8, 0.7, 0.3, 0.7))
CUT_MM, HINGE_MM, FLAT_MM = 0.3, 0.2, 0.08
ARC_RADIUS = 0.8  # cells from the hinge, where the arrow of a turning part runs
ARC_LEAST_MM = 6.5  # and at least this far, so that small cells still get an arrow one can see
ARC_DEGREES = (12.0, 80.0)  # the part of the quarter turn the arrow spans


@dataclass(frozen=True)
class FoldStep:
    """One step of a fold: its number (from 1) of `total`, the fold fraction it is drawn at
    (every earlier stage folded, none later), and the creases of its stage, each hinge's index
    in ``tree.hinges`` with how the reader sees it from the diagram's view."""

    number: int
    total: int
    t: float
    creases: tuple[tuple[int, CreaseKind], ...]


# ---------------------------------------------------------------------------------------------
# The model


def fold_steps(tree: PanelTree, view: View = VIEW) -> list[FoldStep]:
    """The steps of the staged fold, one per stage, in order."""
    total = tree.stage_count
    out = []
    for stage in range(total):
        t = stage / total
        matrices = panel_matrices(tree, t)
        creases = tuple((k, crease_kind(matrices[h.parent], view)) for k, h in enumerate(tree.hinges)
                        if h.stage == stage)
        out.append(FoldStep(stage + 1, total, t, creases))
    return out


def crease_kind(parent: np.ndarray, view: View) -> CreaseKind:
    """How a box fold looks from the view on a panel placed by this (4, 4) matrix: every hinge
    turns its part up, towards the blank side, so it is a valley fold where the blank side faces
    the reader and a mountain fold where the printed side does."""
    blank_side = parent[:3, :3] @ np.array([0.0, 0.0, 1.0])
    return "valley" if float(blank_side @ view.toward) > 0 else "mountain"


def step_caption(tree: PanelTree, step: FoldStep) -> str:
    """What the step folds: 'fold face B up' or 'fold faces A, C up'."""
    faces = sorted({face_label(tree.panels[tree.hinges[k].child].face) for k, _ in step.creases})
    return f"fold face{'s' if len(faces) > 1 else ''} {', '.join(faces)} up"


# ---------------------------------------------------------------------------------------------
# Drawing a fold's step


@dataclass(frozen=True)
class Fit:
    """View units onto page mm: the scale (mm per cell) and the page point of the view's origin."""

    scale: float
    origin: Mm

    def mm(self, points: np.ndarray) -> np.ndarray:
        """Page mm (..., 2) of world points (..., 3) in the view (page y runs down)."""
        flat = VIEW.project(points)
        return np.stack([self.origin[0] + self.scale * flat[..., 0], self.origin[1] - self.scale * flat[..., 1]], -1)


def fitted(tree: PanelTree, times: Sequence[float], area: Area) -> Fit:
    """One fit for every pose of a fold, so the root panel keeps its place from step to step."""
    outlines, panels = cell_outlines(tree), cell_panels(tree)
    flat = np.concatenate([VIEW.project(place(panel_matrices(tree, t), panels, outlines)).reshape(-1, 2)
                           for t in times])
    low, high = flat.min(axis=0), flat.max(axis=0)
    x, y, w, h = area
    scale = min(w / max(high[0] - low[0], 1e-9), h / max(high[1] - low[1], 1e-9), 14.0)
    mid = (low + high) / 2
    return Fit(scale, (x + w / 2 - scale * mid[0], y + h / 2 + scale * mid[1]))


def draw_pose(sheet: Sheet, subject: Subject, t: float, fit: Fit, creases: Sequence[tuple[int, CreaseKind]]) -> None:
    """The net at fold fraction t, cells painted far to near, the given creases marked and an
    arrow on each part they turn."""
    tree = subject.tree
    matrices = panel_matrices(tree, t)
    panels = cell_panels(tree)
    world = place(matrices, panels, cell_outlines(tree))  # (n, 4, 3)
    normals = np.einsum("nij,j->ni", matrices[panels][:, :3, :3], [0.0, 0.0, 1.0])  # blank side
    order = np.argsort(VIEW.depth(world.mean(axis=1)), kind="stable")
    index = {cell: k for k, cell in enumerate(tree.cells)}
    marks = [(edge, kind) for k, kind in creases for edge in tree.hinges[k].edges]
    drawn: set[int] = set()
    for k in order:
        drawn.add(int(k))
        draw_cell(sheet, subject, int(k), world[k], float(normals[k] @ VIEW.toward), fit)
        # a crease is marked once both its cells are down, so nearer cells still cover it
        ready = [(edge, kind) for edge, kind in marks if {index[edge[0]], index[edge[1]]} <= drawn]
        marks = [mark for mark in marks if mark not in ready]
        for edge, kind in ready:
            side = np.array([[*end, 0.0] for end in shared_side(*edge)])
            ends = place(matrices, np.array([panels[index[edge[0]]]]), side[None])[0]
            a, b = fit.mm(ends)
            sheet.line((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), VALLEY if kind == "valley" else MOUNTAIN)
    for k, _ in creases:
        draw_turn(sheet, tree, tree.hinges[k], matrices, fit)


def draw_cell(sheet: Sheet, subject: Subject, k: int, corners: np.ndarray, facing: float, fit: Fit) -> None:
    """One cell: its face's colour where the printed side shows, pale where the blank side does,
    its outline by what lies across each edge (the net's edge, a hinge, or a flat crease)."""
    tree = subject.tree
    cell = tree.cells[k]
    colour = face_colour(subject.folding.face_of(cell))
    light = 0.82 + 0.18 * abs(facing)
    fill = pale(colour, 0.7) if facing > 0 else colour
    shaded: RGB = (fill[0] * light, fill[1] * light, fill[2] * light)
    page = fit.mm(corners)
    points = tuple((float(x), float(y)) for x, y in page)
    sheet.add(Polygon(points, shaded, None, 0.0, "cell"))
    r, c = cell
    across = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))  # beyond edges 0-1, 1-2, 2-3, 3-0
    for j, other in enumerate(across):
        width, ink = edge_look(tree, cell, other)
        sheet.add(Line(points[j], points[(j + 1) % 4], width, ink, "edge", cap="butt"))


def edge_look(tree: PanelTree, cell, other) -> tuple[float, RGB]:
    """Width and ink of a cell's edge: the cut edge of the net, a hinge, or a flat crease."""
    if other not in tree.folding.cells:
        return CUT_MM, INK
    if tree.panel_of(other) != tree.panel_of(cell):
        return HINGE_MM, INK
    return FLAT_MM, SOFT_INK


def draw_turn(sheet: Sheet, tree: PanelTree, hinge: Hinge, matrices: np.ndarray, fit: Fit) -> None:
    """A curved arrow over a hinge's middle: the path a point of the turning part takes."""
    start, end = np.array([*hinge.start, 0.0]), np.array([*hinge.end, 0.0])
    middle = (start + end) / 2
    axis = (end - start) / np.linalg.norm(end - start)
    into = np.cross([0.0, 0.0, 1.0], axis)  # a quarter turn from the axis, in the net's plane
    r, c = hinge.edges[0][1]
    if into @ (np.array([c + 0.5, r + 0.5, 0.0]) - middle) < 0:
        into = -into  # towards the child
    radius = max(ARC_RADIUS, ARC_LEAST_MM / fit.scale)
    point = np.array([*(middle + radius * into), 1.0])
    degrees = np.linspace(*ARC_DEGREES, 12)
    arc = np.array([(matrices[hinge.parent] @ hinge_rotation(hinge, np.radians(a)) @ point)[:3] for a in degrees])
    page = fit.mm(arc)
    draw_arrow(sheet, page, 0.28 * fit.scale)


# ---------------------------------------------------------------------------------------------
# Frames of a fold


def fold_frames(subject: Subject, area: Area, box_prefix: str = "") -> list[StepFrame]:
    """A fold's frames: one per step, then the closed box. area: the size of a frame's picture
    (its position is where the page puts it), so every frame is fitted alike."""
    tree = subject.tree
    steps = fold_steps(tree)
    fit = fitted(tree, [s.t for s in steps] + [1.0], (0.0, 0.0, area[2], area[3]))

    def picture(t: float, creases: Sequence[tuple[int, CreaseKind]]) -> Draw:
        def draw(sheet: Sheet, at: Area) -> None:
            moved = Fit(fit.scale, (fit.origin[0] + at[0], fit.origin[1] + at[1]))
            draw_pose(sheet, subject, t, moved, creases)
        return draw

    frames = [StepFrame(f"{box_prefix}Step {s.number} of {s.total}", step_caption(tree, s), picture(s.t, s.creases))
              for s in steps]
    frames.append(StepFrame(f"{box_prefix}Done", f"the closed {box_text(subject.folding.box)} box", picture(1.0, ())))
    return frames


def fold_legend(sheet: Sheet, area: Area) -> None:
    """What the marks mean: valley, mountain, the turning arrow, the two sides of the paper."""
    x, y, w, _ = area
    base = y + 4.5
    step = w / 4
    sheet.line((x, base - 1), (x + 9, base - 1), VALLEY)
    sheet.text(x + 11, base, "valley fold (towards you)", 7.5)
    sheet.line((x + step, base - 1), (x + step + 9, base - 1), MOUNTAIN)
    sheet.text(x + step + 11, base, "mountain fold (away from you)", 7.5)
    turn = np.linspace(-1.2, 1.2, 10)
    arc = np.stack([x + 2 * step + 4.5 + 4 * np.sin(turn), base + 1 - 3.2 * np.cos(turn)], axis=-1)
    draw_arrow(sheet, arc, 1.8)
    sheet.text(x + 2 * step + 11, base, "turn that part this way", 7.5)
    swatch = face_colour(0)
    for k, (fill, words) in enumerate(((swatch, "printed side"), (pale(swatch, 0.7), "blank side"))):
        left = x + 3 * step + k * step / 2
        sheet.add(Polygon(((left, base - 3), (left + 4, base - 3), (left + 4, base + 0.5), (left, base + 0.5)),
                          fill, INK, 0.1, "swatch"))
        sheet.text(left + 5.5, base, words, 7.5)
    sheet.text(x, base + 5, "Lay the cut-out net printed side down: every fold lifts a part up towards you.", 7.5,
               REGULAR, SOFT_INK)


def fold_steps_document(subject: Subject, paper: str = "a4") -> Document:
    """The fold diagram of one folding."""
    grid = layout(paper)
    return frame_pages(f"{subject.name}: how to fold it, step by step", fold_frames(subject, grid.picture), grid,
                       fold_legend)


def two_way_steps_document(first: Subject, second: Subject, paper: str = "a4") -> Document:
    """The fold diagram of a net that folds into two boxes: the steps of each, one after the other."""
    grid = layout(paper)
    frames: list[StepFrame] = []
    for k, subject in enumerate((first, second)):
        frames += fold_frames(subject, grid.picture, f"Box {k + 1} ({box_text(subject.folding.box)}): ")
    return frame_pages(f"{first.name}: one net, two boxes, step by step", frames, grid, fold_legend)


