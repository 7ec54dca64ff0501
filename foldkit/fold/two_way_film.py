"""The two-way fold as a film (GIF or MP4): the net folds into the first box, unfolds, and folds
into the second (``foldkit.fold.two_way``), rendered off-screen with one camera fitted to every
pose of the film, so nothing leaves the frame and the view never jumps.

The paper is plain, as printed: the outline in ink and each crease in the colour of the box it
folds for, on both sides of the paper.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
import pyvista as pv

from foldkit import look
from foldkit.exchange.video import Frame, shot_film, video_bytes
from foldkit.fold.animation import off_screen_shots
from foldkit.fold.camera import Shot, Viewport, fit_view, view_axes
from foldkit.fold.pose import place
from foldkit.fold.scene import BACKGROUND, LIFT
from foldkit.fold.two_way import CREASE_COLOURS, PAPER_COLOUR, TwoWay, film_fractions, unfolding_at
from foldkit.progress import Progress
from solver.grid import Cell

ELEVATION, AZIMUTH = 38.0, 215.0  # degrees: a 3/4 view from above, as the fold's film ends on
CAPTION_PIXELS = 30
POSES_FITTED = 61  # film fractions the camera is fitted to


def two_way_bytes(two_way: TwoWay, suffix: str, size: tuple[int, int], fps: int, fold_seconds: float = 4.0,
                  progress: Progress | None = None) -> bytes:
    """The film in the format a suffix names ('.gif' or '.mp4'), its frames rendered as the
    encoder reads them (a frame held still is rendered once)."""
    with _camera(two_way, size) as shoot:
        fractions = film_fractions(fold_seconds, fps, len(two_way.subjects))
        return video_bytes(shot_film(shoot, fractions, progress), fps, suffix)


@contextmanager
def _camera(two_way: TwoWay, size: tuple[int, int]) -> Iterator[Callable[[float], Frame]]:
    """A function from a film fraction (0 to the film's end) to the frame seen then, rendered off-screen."""
    def stage(plotter: pv.Plotter) -> Callable[[float], None]:
        meshes = _meshes(two_way)
        _add(plotter, meshes)
        caption = plotter.add_text("", position=(6, size[1] - 22), font_size=10, color=look.INK, font="courier")
        fixed_shot(two_way, size).apply(plotter)

        def pose(f: float) -> None:
            _pose(meshes, two_way.cell_motions(f))
            caption.SetInput(caption_text(two_way, f))
        return pose

    with off_screen_shots(size, stage) as shoot:
        yield shoot


def caption_text(two_way: TwoWay, f: float) -> str:
    """'folding into 1 × 1 × 5', 'unfolding 1 × 1 × 5', 'folding into 1 × 2 × 3': short enough for a small film."""
    unfolding = unfolding_at(f)
    k = math.ceil(f / 2) - 1 if unfolding else min(int(f // 2), len(two_way.subjects) - 1)
    subject = two_way.subjects[k]
    doing = "unfolding" if unfolding else "folding into"
    return f"{doing} {look.box_text(subject.folding.box)}"


def fixed_shot(two_way: TwoWay, size: tuple[int, int]) -> Shot:
    """One camera that sees every pose of the film in the window, below the caption."""
    corners = _net_corners(two_way)
    posed = [place(two_way.cell_motions(f), np.arange(len(corners)), corners).reshape(-1, 3)
             for f in np.linspace(0.0, two_way.film_end, POSES_FITTED)]
    back, up = view_axes(ELEVATION, AZIMUTH)
    frame = Viewport.for_window(size, top=CAPTION_PIXELS)
    focus, distance = fit_view(np.vstack(posed), back, up, frame)
    return Shot(focus, focus + distance * back, up, frame.center)


def _net_corners(two_way: TwoWay) -> np.ndarray:
    """The corners of every cell in net coordinates, (n, 4, 3), counter-clockwise seen from +z."""
    cells = np.array(two_way.cells, dtype=np.float64)
    x = cells[:, 1, None] + np.array([0.0, 1.0, 1.0, 0.0])
    y = cells[:, 0, None] + np.array([0.0, 0.0, 1.0, 1.0])
    return np.stack([x, y, np.zeros_like(x)], axis=-1)


Segment = tuple[tuple[float, float], tuple[float, float]]  # ends (x, y) in net coordinates
Meshes = dict[str, tuple[pv.PolyData, np.ndarray, np.ndarray]]  # name -> (mesh, its net points (k, 3), their cells)


def _meshes(two_way: TwoWay) -> Meshes:
    """The paper (a quad per cell), the outline, and a line mesh per crease set, each point
    carried by a cell (its index in ``two_way.cells``)."""
    corners = _net_corners(two_way)
    n = len(corners)
    quads = np.hstack([np.full((n, 1), 4), np.arange(4 * n).reshape(n, 4)]).ravel()
    out: Meshes = {"paper": (pv.PolyData(corners.reshape(-1, 3), faces=quads), corners.reshape(-1, 3),
                             np.repeat(np.arange(n), 4))}
    index = {cell: i for i, cell in enumerate(two_way.cells)}
    groups: dict[str, list[tuple[tuple[float, float], tuple[float, float], int]]] = {"outline": []}
    for (a, b), where in two_way.creases.items():
        if where != "flat":
            groups.setdefault(where, []).append((*_side(a, b), index[a]))
    for cell in two_way.cells:
        for side, neighbour in _sides(cell):
            if neighbour not in index:
                groups["outline"].append((*side, index[cell]))
    for name, segments in groups.items():
        out[name] = _lines(segments)
    return out


def _side(a: Cell, b: Cell) -> Segment:
    """The ends (x, y) of the grid segment between two adjacent cells."""
    return next(side for side, other in _sides(a) if other == b)


def _sides(cell: Cell) -> list[tuple[Segment, Cell]]:
    """Each side of a cell as ((x0, y0), (x1, y1)) with the cell across it."""
    r, c = cell
    return [(((c, r), (c + 1, r)), (r - 1, c)), (((c + 1, r), (c + 1, r + 1)), (r, c + 1)),
            (((c, r + 1), (c + 1, r + 1)), (r + 1, c)), (((c, r), (c, r + 1)), (r, c - 1))]


def _lines(segments: list[tuple[tuple[float, float], tuple[float, float], int]]
           ) -> tuple[pv.PolyData, np.ndarray, np.ndarray]:
    """Segments ((x0, y0), (x1, y1), cell), each just off both sides of the paper."""
    points, cells = [], []
    for (x0, y0), (x1, y1), cell in segments:
        for z in (LIFT, -LIFT):
            points += [(x0, y0, z), (x1, y1, z)]
            cells += [cell, cell]
    pts = np.array(points, dtype=np.float64).reshape(-1, 3)
    count = len(pts) // 2
    lines = np.hstack([np.full((count, 1), 2), np.arange(2 * count).reshape(count, 2)]).ravel()
    return pv.PolyData(pts.copy(), lines=lines), pts, np.array(cells, dtype=np.int64)


def _add(plotter: pv.Plotter, meshes: Meshes) -> None:
    plotter.set_background(BACKGROUND)  # type: ignore[arg-type]
    plotter.add_mesh(meshes["paper"][0], color=PAPER_COLOUR, ambient=0.5, diffuse=0.6)
    plotter.add_mesh(meshes["outline"][0], color=look.INK, line_width=2)
    for where, colour in CREASE_COLOURS.items():
        if where in meshes:
            plotter.add_mesh(meshes[where][0], color=colour, line_width=4, render_lines_as_tubes=True)


def _pose(meshes: Meshes, motions: np.ndarray) -> None:
    """Move every mesh's points to the pose the cell motions (n, 4, 4) give."""
    for mesh, points, cells in meshes.values():
        mesh.points = place(motions, cells, points[:, None, :])[:, 0, :]
