"""The PyVista window that plays a fold: space plays and pauses, a slider sets t, the mouse orbits.

Playing, the camera follows the same path as ``foldkit animate`` (it frames the fold as it goes,
then turns round the closed box); paused or sliding, the camera is the user's.

Without a display the window cannot open; ``show`` says so in one line (exit 2) before it
creates anything, and points to ``foldkit animate``.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from foldkit.display import require_display, show_until_closed
from foldkit.fold.camera import Shot, Viewport
from foldkit.fold.pose import Sequence, ease
from foldkit.fold.scene import add_caption, fold_scene
from foldkit.fold.subject import Subject

WINDOW_SIZE = (1024, 768)
FOLD_SECONDS = 6.0  # how long playing takes from the flat net to the closed box
TICK_MS = 40  # the timer period while playing; the fold moves by the clock, not by ticks
CAPTION_PIXELS = 90  # the caption and the slider along the top, kept clear of the fold
HELP_PIXELS = 30  # the help line along the bottom
GLIDE_SECONDS = 0.6  # playing again after the user moved the camera: how long it takes to rejoin the path
NO_DISPLAY_ADVICE = "use 'foldkit animate' to render a GIF or MP4"
HELP = "space: play / pause    slider: fold fraction t    drag: orbit    scroll: zoom    q: quit"


def show(subject: Subject, sequence: Sequence = "staged") -> None:
    """Open the window and play the fold until the user closes it."""
    require_display(NO_DISPLAY_ADVICE)

    def open_window() -> Any:
        window = FoldWindow(subject, sequence)
        window.start()
        return window.plotter

    show_until_closed(open_window, f"foldkit: {subject.name}")


class FoldWindow:
    """A plotter showing a subject's fold, with its slider, play/pause key and timer."""

    def __init__(self, subject: Subject, sequence: Sequence = "staged", window_size=WINDOW_SIZE):
        import pyvista as pv

        self.t, self.clock, self.playing = 0.0, 0.0, False  # clock: seconds along the camera path
        self.wall: float | None = None  # the wall clock at the last tick while playing
        # (the user's camera as a Shot, the clock then) while rejoining the path
        self.glide: tuple[Shot, float] | None = None
        self.scene = fold_scene(subject, sequence)
        viewport = Viewport.for_window(window_size, top=CAPTION_PIXELS, bottom=HELP_PIXELS)
        self.path = self.scene.camera_path(window_size, FOLD_SECONDS, viewport)
        self.plotter = pv.Plotter(window_size=window_size, title=f"foldkit: {subject.name}")
        self.scene.add_to(self.plotter)
        add_caption(self.plotter, subject)
        self.plotter.add_text(HELP, position="lower_left", font_size=8, color=(0.3, 0.3, 0.3))
        # pyvista's functools.wraps on this method hides its binding from mypy: self is taken for the first argument
        self.slider = self.plotter.add_slider_widget(
            self._slid,  # type: ignore[arg-type]
            (0.0, 1.0), value=0.0, title="fold t", pointa=(0.55, 0.93), pointb=(0.95, 0.93),
            interaction_event="always", fmt="%.2f", style="modern")
        # pyvista's functools.wraps on this method hides its binding from mypy: self is taken for the first argument
        self.plotter.add_key_event("space", self.toggle)  # type: ignore[arg-type]
        self.path.shot(0.0).apply(self.plotter)

    def start(self) -> None:
        """Play from the flat net once the window is open, ticking on the interactor's timer."""
        interactor = self.plotter.iren
        assert interactor is not None  # a plotter keeps its interactor until it is closed
        interactor.add_observer("TimerEvent", lambda *_: self.tick())
        interactor.create_timer(TICK_MS, repeating=True)
        self.playing = True

    def toggle(self) -> None:
        """Pause, or play (from the start again once the orbit round the closed box is over)."""
        if not self.playing and self.clock >= self.path.seconds:
            self.set_fraction(0.0)
        self.playing = not self.playing
        self.wall = None
        if self.playing:
            self.glide = (self._user_shot(), self.clock)

    def tick(self, now: float | None = None) -> None:
        """Advance the fold and the camera by the time elapsed since the last tick (now: the wall
        clock in seconds, by default time.perf_counter()), so a fold takes FOLD_SECONDS however
        slowly frames draw; stop at the end of the orbit."""
        if not self.playing:
            return
        now = time.perf_counter() if now is None else now
        elapsed = 0.0 if self.wall is None else max(0.0, now - self.wall)  # the first tick starts the clock
        self.wall = now
        self.clock = min(self.path.seconds, self.clock + elapsed)
        t = self.path.fraction(self.clock)
        if t != self.t:
            self._pose(t)
        self._camera_shot().apply(self.plotter)
        self.plotter.render()
        if self.clock >= self.path.seconds:
            self.playing = False

    def _camera_shot(self):
        """Where the camera goes now: on the path, or part way back to it from the user's view."""
        shot = self.path.shot(self.clock)
        if self.glide is None:
            return shot
        start, since = self.glide
        s = ease((self.clock - since) / GLIDE_SECONDS)
        if s >= 1.0:
            self.glide = None
            return shot
        up = (1 - s) * start.up + s * shot.up
        return Shot((1 - s) * start.focus + s * shot.focus, (1 - s) * start.position + s * shot.position,
                    up / np.linalg.norm(up), shot.window_center)

    def _user_shot(self) -> Shot:
        """The camera as it is now (the user may have orbited or zoomed it), as a Shot."""
        camera = self.plotter.camera
        return Shot(np.array(camera.focal_point), np.array(camera.position), np.array(camera.up),
                    self.path.window_center)

    def set_fraction(self, t: float) -> None:
        """Pose the fold at t, move the slider and the path's clock to match, and redraw."""
        self._pose(t)
        self.clock = t * FOLD_SECONDS
        self.plotter.render()

    def _pose(self, t: float) -> None:
        """Pose the fold at t and move the slider there."""
        self.t = t
        self.scene.pose(t)
        self.slider.GetRepresentation().SetValue(t)

    def _slid(self, value: float) -> None:
        """The user dragged the slider: pause there (the camera stays where the user left it)."""
        self.playing = False
        if value != self.t:
            self.t, self.clock = value, value * FOLD_SECONDS
            self.scene.pose(value)
