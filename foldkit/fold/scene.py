"""The 3D scene of a fold: PyVista meshes for every cell, crease and label, posed at any t.

The geometry is built once in net coordinates (x = col, y = row, z = 0 the paper), each point
tagged with its panel; a pose only moves the points, so a frame costs a few matrix products.
Labels are printed on one side of the paper, as on the template: the printed side (z < 0 in
the net, the outside of the closed box), which the camera looks at while the net lies flat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pyvista as pv
import trimesh
from shapely.geometry.base import BaseGeometry

from foldkit import look
from foldkit.fold.camera import CameraPath, Viewport, camera_path
from foldkit.fold.glyphs import label_outline
from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import Sequence, cell_outlines, cell_panels, panel_matrices, place
from foldkit.fold.subject import Subject
from solver.box import FACE_LABELS
from solver.grid import Cell

Points = np.ndarray  # (n, 3) float64

LIFT = 0.012  # how far lines and ink stand off the paper, in cells, so the paper hides none of them
BACKGROUND = (0.97, 0.97, 0.96)
# Glyphs on the printed side: grid right is +x and grid up is -y, as the folding's frames say.
PRINTED_SIDE = np.array([[1.0, 0.0], [0.0, -1.0]])


@dataclass
class Part:
    """A mesh that moves with the panels: its points in net coordinates and their panels."""

    mesh: pv.PolyData
    net_points: Points
    panels: np.ndarray  # (n,) int64

    def pose(self, matrices: np.ndarray) -> None:
        """Move the mesh's points in place to the pose the panel matrices give."""
        self.mesh.points = place(matrices, self.panels, self.net_points[:, None, :])[:, 0, :]


@dataclass
class FoldScene:
    """Every mesh of a subject's fold, with a per-frame pose."""

    subject: Subject
    sequence: Sequence = "staged"
    tree: PanelTree = field(init=False)
    parts: dict[str, Part] = field(init=False)

    def __post_init__(self) -> None:
        self.tree = self.subject.tree
        self.parts = {
            "paper": _paper(self.tree),
            "grid": _grid(self.tree),
            "hinges": _hinges(self.tree),
            "ink": _ink(self.tree, self.subject),
        }

    def pose(self, t: float) -> None:
        """Move every mesh to fold fraction t."""
        matrices = panel_matrices(self.tree, t, self.sequence)
        for part in self.parts.values():
            part.pose(matrices)

    def add_to(self, plotter: pv.Plotter) -> None:
        """Add the meshes, with their look, to a plotter (the camera is left to a CameraPath)."""
        # pyvista's functools.wraps on this method hides its binding from mypy: self is taken for the first argument
        plotter.set_background(BACKGROUND)  # type: ignore[arg-type]
        plotter.add_mesh(self.parts["paper"].mesh, scalars="rgb", rgb=True, ambient=0.35, diffuse=0.7)
        plotter.add_mesh(self.parts["grid"].mesh, color=look.GRID_LINE, line_width=1.5)
        plotter.add_mesh(self.parts["hinges"].mesh, color=look.FOLD_EDGE, line_width=5,
                         render_lines_as_tubes=True)
        if self.parts["ink"].mesh.n_points:  # a net file's cells carry no labels
            plotter.add_mesh(self.parts["ink"].mesh, color=look.INK, lighting=False)

    def camera_path(self, window_size: tuple[int, int], fold_seconds: float,
                    viewport: Viewport | None = None) -> CameraPath:
        """The camera that follows this fold in a window of size (width, height) pixels."""
        return camera_path(self.tree, self.sequence, window_size, fold_seconds, viewport)

    def caption(self) -> list[tuple[str, tuple[float, float, float]]]:
        """The lines a viewer reads beside the fold: a title, then each face's sum on its colour."""
        return caption(self.subject)


def fold_scene(subject: Subject, sequence: Sequence = "staged") -> FoldScene:
    """The scene of a subject's fold, posed flat."""
    scene = FoldScene(subject, sequence)
    scene.pose(0.0)
    return scene


# ---------------------------------------------------------------------------------------------
# Geometry in net coordinates


def _part(points: Points, panels: np.ndarray, faces: np.ndarray | None = None,
          lines: np.ndarray | None = None) -> Part:
    """A part from points and either polygon faces or line cells (VTK flat connectivity arrays)."""
    mesh = pv.PolyData(points.copy(), faces=faces, lines=lines)
    return Part(mesh, points, panels)


def _paper(tree: PanelTree) -> Part:
    """One quad per cell, coloured by the face it lands on."""
    corners = cell_outlines(tree)  # (n, 4, 3)
    n = len(corners)
    quads = np.hstack([np.full((n, 1), 4), np.arange(4 * n).reshape(n, 4)]).ravel()
    part = _part(corners.reshape(-1, 3), np.repeat(cell_panels(tree), 4), faces=quads)
    colours = np.array([look.face_colour(tree.folding.face_of(c)) for c in tree.cells])
    part.mesh.cell_data["rgb"] = np.round(255 * colours).astype(np.uint8)
    return part


def _segments(segments: list[tuple[tuple[float, float], tuple[float, float], int]]) -> Part:
    """Line segments ((x0, y0), (x1, y1), panel), each drawn just off both sides of the paper."""
    points, panels = [], []
    for (x0, y0), (x1, y1), panel in segments:
        for z in (LIFT, -LIFT):
            points += [(x0, y0, z), (x1, y1, z)]
            panels += [panel, panel]
    count = len(points) // 2
    lines = np.hstack([np.full((count, 1), 2), np.arange(2 * count).reshape(count, 2)]).ravel()
    return _part(np.array(points, dtype=np.float64).reshape(-1, 3), np.array(panels, dtype=np.int64),
                 lines=lines)


def _grid(tree: PanelTree) -> Part:
    """The grid lines of every flat crease and of the net's outline (hinges are drawn apart)."""
    cells = set(tree.cells)
    segments: list[tuple[tuple[float, float], tuple[float, float], int]] = []
    for r, c in tree.cells:
        sides = {(r - 1, c): ((c, r), (c + 1, r)), (r, c - 1): ((c, r), (c, r + 1)),
                 (r + 1, c): ((c, r + 1), (c + 1, r + 1)), (r, c + 1): ((c + 1, r), (c + 1, r + 1))}
        for neighbour, (a, b) in sides.items():
            if _draw_side(tree, (r, c), neighbour, cells):
                segments.append((a, b, tree.panel_of((r, c))))
    return _segments(segments)


def _draw_side(tree: PanelTree, cell: Cell, neighbour: Cell, cells: set[Cell]) -> bool:
    """True if the grid line between a cell and a neighbour is drawn with this cell: on the
    outline, or on a flat crease, from the smaller of its two cells."""
    if neighbour not in cells:
        return True
    return cell < neighbour and tree.panel_of(cell) == tree.panel_of(neighbour)


def _hinges(tree: PanelTree) -> Part:
    """Each hinge as one segment, carried by its parent panel (it lies on the turning axis)."""
    return _segments([(h.start, h.end, h.parent) for h in tree.hinges])


def _ink(tree: PanelTree, subject: Subject) -> Part:
    """The labels, with their circles and squares, on the printed side of each labelled cell."""
    points: list[np.ndarray] = []  # (n, 3) float64 each
    triangles: list[np.ndarray] = []  # (m, 3) int64 each
    panels: list[np.ndarray] = []  # (n,) int64 each
    for cell, label in sorted(subject.labels.items()):
        flat, faces = _triangulate(label_outline(label))
        centre = np.array([cell[1] + 0.5, cell[0] + 0.5])
        xy = flat @ PRINTED_SIDE.T + centre
        triangles.append(faces + sum(len(p) for p in points))
        points.append(np.column_stack([xy, np.full(len(xy), -LIFT)]))
        panels.append(np.full(len(xy), tree.panel_of(cell)))
    if not points:
        return _part(np.zeros((0, 3)), np.zeros(0, dtype=np.int64))
    faces = np.vstack(triangles)
    flat_faces = np.hstack([np.full((len(faces), 1), 3), faces]).ravel()
    return _part(np.vstack(points), np.concatenate(panels).astype(np.int64), faces=flat_faces)


def _triangulate(shape: BaseGeometry) -> tuple[np.ndarray, np.ndarray]:
    """Triangles covering a (multi)polygon: vertices (n, 2) float64 and faces (m, 3) int64."""
    vertices, faces, offset = [], [], 0
    for polygon in getattr(shape, "geoms", [shape]):
        v, f = trimesh.creation.triangulate_polygon(polygon)
        vertices.append(v)
        faces.append(f + offset)
        offset += len(v)
    return np.vstack(vertices), np.vstack(faces).astype(np.int64)


# ---------------------------------------------------------------------------------------------
# Caption


def caption(subject: Subject) -> list[tuple[str, tuple[float, float, float]]]:
    """Text lines with their background colours: the title (on white), then one per face sum."""
    title = f"{subject.name}: box {look.box_text(subject.folding.box)}"
    if subject.answer is not None:
        title += f"   answer {subject.answer}"
    lines = [(title, (1.0, 1.0, 1.0))]
    if subject.face_sums is not None:
        sums = subject.face_sums
        lines += [(f" {FACE_LABELS[f]} {sums[f]:>3} ", look.face_colour(f)) for f in range(6)]
    return lines


def add_caption(plotter: pv.Plotter, subject: Subject, font_size: int = 10) -> None:
    """Write the caption at the top left: the title, then the face sums in a row on their colours."""
    lines = caption(subject)
    height = plotter.window_size[1]
    x, y = 6.0, height - 6.0
    for i, (text, background) in enumerate(lines):
        actor = plotter.add_text(text, position=(0, 0), font_size=font_size, color=look.INK, font="courier")
        prop = actor.GetTextProperty()
        prop.SetBackgroundColor(background)
        prop.SetBackgroundOpacity(1.0 if i else 0.0)
        box = [0.0] * 4
        actor.GetBoundingBox(plotter.renderer, box)  # (xmin, xmax, ymin, ymax) in pixels
        if i <= 1:  # the title on its own line, the sums on the next
            x, y = 6.0, y - (box[3] - box[2]) - 2
        actor.SetPosition(x, y)
        x += box[1] - box[0] + 3
