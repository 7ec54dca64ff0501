"""The PyVista window that assembles a packing piece by piece: space plays and pauses, Right puts
in the next piece, Left takes the last one out, the mouse orbits.

Each piece is one actor (its outer faces, unit-cube seams drawn); a piece going in drops from
above the box into place. Without a display the window cannot open: ``show_assembly`` says so
(foldkit.display.require_display) before it creates anything. PyVista is imported only here, when
a window is made, so importing this module is safe off-screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from foldkit.assembly.colours import BACKGROUND, piece_colour
from foldkit.assembly.shapes import face_quads, outer_faces
from foldkit.assembly.view import FRONT_RIGHT, ISO_ELEVATION
from foldkit.display import require_display, show_until_closed
from solver.packing.assembly import Assembly, BoxSides, Placed, piece_colours
from solver.text import counted

WINDOW_SIZE = (1024, 768)
TICK_MS = 40
STEP_SECONDS = 0.8  # playing: one piece every this long
DROP_SECONDS = 0.5  # of which the fall takes this long
NO_DISPLAY_ADVICE = "use 'foldkit build' to make assembly.gif"
CAPTION_SHARE = 0.12  # of the window's height, along the top, kept clear for the caption
HELP_SHARE = 0.06  # along the bottom, for the help line
HELP = "space: play / pause    Right: next piece    Left: take the last piece out    drag: orbit    q: quit"


def show_assembly(box: BoxSides, packing: Sequence[Placed], plan: Assembly, title: str = "assembly") -> None:
    """Open the window, play the assembly (in the plan's order and colours), and return when the
    user closes it."""
    require_display(NO_DISPLAY_ADVICE)

    def open_window() -> Any:
        window = AssemblyWindow(box, packing, plan.order, plan.colours)
        window.start()
        return window.plotter

    show_until_closed(open_window, f"foldkit: {title}")


def fitting_distance(offsets: np.ndarray, toward: np.ndarray, right: np.ndarray, up: np.ndarray, room_h: float,
                     room_v: float, shift: float) -> float:
    """How far along ``toward`` from the middle of the points (offsets (n, 3) from it) the camera
    must stand, within 10% of the least, so that every point is seen at most room_h across and
    room_v up or down (tangents) from where the middle is seen: ``shift`` (a tangent) above the
    line of sight."""
    distance = 1.0
    for _ in range(200):
        depth = distance - offsets @ toward
        seen_h = np.abs(offsets @ right) / depth
        seen_v = np.abs((shift * distance + offsets @ up) / depth - shift)
        if (depth > 0).all() and (seen_h <= room_h).all() and (seen_v <= room_v).all():
            return distance
        distance *= 1.1
    raise ValueError("no camera distance frames these points")


def piece_polydata(cubes, pv):
    """A piece's outer faces as PolyData quads (cube units, in its place in the box)."""
    quads = face_quads(outer_faces(cubes))
    points = quads.reshape(-1, 3)
    cells = np.hstack([np.full((len(quads), 1), 4), np.arange(len(points)).reshape(-1, 4)]).ravel()
    return pv.PolyData(points, cells)


class AssemblyWindow:
    """A plotter with one actor per piece, showing the first `shown` pieces of the order."""

    def __init__(self, box: BoxSides, packing: Sequence[Placed], order: Sequence[int],
                 colours: Sequence[int] | None = None, window_size=WINDOW_SIZE, off_screen: bool = False):
        import pyvista as pv

        self.box, self.packing, self.order = box, packing, list(order)
        colours = list(colours) if colours is not None else piece_colours(box, packing, order)
        self.shown, self.playing, self.clock = 0, False, 0.0
        self.falling: tuple[int, float] | None = None  # (step, seconds since it started falling)
        self.plotter = pv.Plotter(window_size=window_size, off_screen=off_screen)
        # pyvista's functools.wraps on this method hides its binding from mypy: self is taken for the first argument
        self.plotter.set_background(BACKGROUND)  # type: ignore[arg-type]
        floor = pv.Plane(center=(box[0] / 2, box[1] / 2, -0.01), i_size=box[0], j_size=box[1],
                         i_resolution=box[0], j_resolution=box[1])
        self.plotter.add_mesh(floor, color=(0.86, 0.86, 0.84), show_edges=True, edge_color=(0.7, 0.7, 0.7))
        self.actors = []
        for i in self.order:
            mesh = piece_polydata(packing[i].cubes, pv)
            actor = self.plotter.add_mesh(mesh, color=piece_colour(colours[i]), show_edges=True,
                                          edge_color=(0.15, 0.15, 0.17), line_width=1.5, smooth_shading=False)
            actor.SetVisibility(False)
            self.actors.append(actor)
        self.caption = self.plotter.add_text("", position="upper_left", font_size=12, color=(0.13, 0.13, 0.15))
        self.plotter.add_text(HELP, position="lower_left", font_size=8, color=(0.3, 0.3, 0.3))
        for key, action in (("space", self.toggle), ("Right", self.forward), ("Left", self.back)):
            # pyvista's functools.wraps on this method hides its binding from mypy: self is taken for the first argument
            self.plotter.add_key_event(key, action)  # type: ignore[arg-type]
        self._aim_camera()
        self._update_caption()

    def animation_bounds(self) -> np.ndarray:
        """The box and every piece at every moment of its fall, as (2, 3) lowest and highest corner:
        a piece starts its fall with its bottom a cube over the top of the box."""
        x, y, z = self.box
        highest = max([z, *(self.lift(step) + max(c[2] for c in self.packing[i].cubes) + 1
                            for step, i in enumerate(self.order))])
        return np.array([[0.0, 0.0, 0.0], [x, y, highest]], dtype=float)

    def _aim_camera(self) -> None:
        """Look from the front right, above, at everything the animation shows, framed so that the
        box and every falling piece stay inside the window below the caption."""
        bounds = self.animation_bounds()
        corners = np.array([[bounds[i][0], bounds[j][1], bounds[k][2]] for i in (0, 1) for j in (0, 1) for k in (0, 1)])
        a, e = np.radians(FRONT_RIGHT), np.radians(ISO_ELEVATION)
        toward = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])
        camera = self.plotter.camera
        width, height = self.plotter.window_size
        half_v = np.tan(np.radians(camera.view_angle) / 2)
        # the band of the window the corners may use, below the caption and above the help line
        shift = (HELP_SHARE - CAPTION_SHARE) * half_v  # where the band's middle is seen (below the line of sight)
        room_v, room_h = (1 - CAPTION_SHARE - HELP_SHARE) * half_v, 0.92 * half_v * width / height
        right = np.cross(-toward, (0.0, 0.0, 1.0))
        right /= np.linalg.norm(right)
        up = np.cross(right, -toward)
        middle = corners.mean(axis=0)
        distance = fitting_distance(corners - middle, toward, right, up, room_h, room_v, shift)
        camera.focal_point = tuple(middle - shift * distance * up)
        camera.position = tuple(middle - shift * distance * up + distance * toward)
        camera.up = (0.0, 0.0, 1.0)
        self._clip()

    def render(self) -> None:
        """Draw the window as it is now, the clipping planes round the whole animation first."""
        self._clip()
        self.plotter.render()

    def _clip(self) -> None:
        """Near and far planes round everything the animation shows, wherever the camera is: VTK
        sets them from what is visible now, and a piece falling in from above was cut by them."""
        camera = self.plotter.camera
        bounds = self.animation_bounds()
        corners = np.array([[bounds[i][0], bounds[j][1], bounds[k][2]] for i in (0, 1) for j in (0, 1) for k in (0, 1)])
        position, focal = np.array(camera.position), np.array(camera.focal_point)
        ahead = (focal - position) / np.linalg.norm(focal - position)
        depths = (corners - position) @ ahead
        reach = float(np.linalg.norm(bounds[1] - bounds[0]))
        camera.clipping_range = (max(1e-3, float(depths.min()) - 0.05 * reach), float(depths.max()) + 0.05 * reach)

    def start(self) -> None:
        """Play from an empty box once the window is open, ticking on the interactor's timer."""
        interactor = self.plotter.iren
        assert interactor is not None  # a plotter keeps its interactor until it is closed
        interactor.add_observer("TimerEvent", lambda *_: self.tick())
        interactor.create_timer(TICK_MS, repeating=True)
        self.playing = True

    def toggle(self) -> None:
        """Pause, or play (from an empty box again once every piece is in)."""
        if not self.playing and self.shown == len(self.order) and self.falling is None:
            self.set_shown(0)
        self.playing = not self.playing
        self.clock = 0.0

    def forward(self) -> None:
        """Put the next piece in (dropping it), finishing any piece still falling."""
        self.playing = False
        self._land()
        if self.shown < len(self.order):
            self._drop_next()
        self.render()

    def back(self) -> None:
        """Take the last piece out."""
        self.playing = False
        self._land()
        if self.shown > 0:
            self.set_shown(self.shown - 1)
        self.render()

    def set_shown(self, count: int) -> None:
        """Show the first `count` pieces of the order, all in place."""
        self.shown = count
        for k, actor in enumerate(self.actors):
            actor.SetVisibility(k < count)
            actor.SetPosition(0.0, 0.0, 0.0)
        self._update_caption()

    def tick(self) -> None:
        """Advance the falling piece, and while playing start the next one every STEP_SECONDS."""
        seconds = TICK_MS / 1000.0
        if self.falling is not None:
            step, since = self.falling
            self.falling = step, since + seconds
            self._place_falling(step, since + seconds)
        if self.playing:
            self.clock += seconds
            if self.clock >= STEP_SECONDS or self.shown == 0:
                self.clock = 0.0
                self._land()
                if self.shown < len(self.order):
                    self._drop_next()
                else:
                    self.playing = False
        self.render()

    def _drop_next(self) -> None:
        step = self.shown
        self.falling = step, 0.0
        self.set_shown(step + 1)
        self._place_falling(step, 0.0)

    def _place_falling(self, step: int, since: float) -> None:
        """Move the falling piece (the step's, falling for `since` seconds) to its height now (ease-in);
        land it when it arrives."""
        s = min(since / DROP_SECONDS, 1.0)
        self.actors[step].SetPosition(0.0, 0.0, self.lift(step) * (1 - s * s))
        if s >= 1.0:
            self.falling = None

    def _land(self) -> None:
        if self.falling is not None:
            self.actors[self.falling[0]].SetPosition(0.0, 0.0, 0.0)
            self.falling = None

    def lift(self, step: int) -> float:
        """How far above its place a piece starts: its bottom a cube over the top of the box."""
        cubes = self.packing[self.order[step]].cubes
        return self.box[2] + 1.0 - min(z for _, _, z in cubes)

    def _update_caption(self) -> None:
        if self.shown == 0:
            words = f"{counted(len(self.order), 'piece')}; space plays, Right puts in the first"
        else:
            i = self.order[self.shown - 1]
            words = f"step {self.shown} of {len(self.order)}: piece {i + 1} ({self.packing[i].piece})"
        self.caption.SetText(2, words)  # 2: upper left
