"""The fold as a GIF or MP4, rendered off-screen, reporting progress to a callback.

The animation holds a moment on the flat net, folds over ``seconds`` with the camera following
the fold, then orbits the closed box (camera.ORBIT_SECONDS) and rests a moment; held frames are
rendered once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from foldkit.console import interrupts_held
from foldkit.exchange.video import Film, Frame, shot_film, video_bytes
from foldkit.fold.camera import ORBIT_SECONDS
from foldkit.fold.pose import Sequence
from foldkit.fold.subject import Subject
from foldkit.progress import Progress

HOLD_FLAT = 1.0  # seconds on the flat net before folding
HOLD_END = 0.5  # seconds still at the end of the orbit, before the film starts again


@dataclass
class AnimationOptions:
    """Frame size in pixels, frame rate, length of the fold itself, fold sequence."""

    width: int = 640
    height: int = 480
    fps: int = 20
    seconds: float = 6.0
    sequence: Sequence = "staged"


def frame_times(options: AnimationOptions) -> list[float]:
    """The time along the camera path (seconds) of every frame: the flat hold, the fold, the
    orbit round the closed box, the final hold."""
    fold = max(2, round(options.seconds * options.fps))
    orbit = max(2, round(ORBIT_SECONDS * options.fps))
    flat, end = round(HOLD_FLAT * options.fps), round(HOLD_END * options.fps)
    moving = np.concatenate([np.linspace(0.0, options.seconds, fold),
                             np.linspace(options.seconds, options.seconds + ORBIT_SECONDS, orbit + 1)[1:]])
    return [0.0] * flat + [float(s) for s in moving] + [float(moving[-1])] * end


def frame_fractions(options: AnimationOptions) -> list[float]:
    """The fold fraction t of every frame (1 all through the orbit)."""
    return [min(s / options.seconds, 1.0) for s in frame_times(options)]


def animation_bytes(subject: Subject, suffix: str, options: AnimationOptions,
                    progress: Progress | None = None) -> bytes:
    """The animation in the format a file suffix names (one of VIDEO_FORMATS)."""
    with fold_film(subject, options, progress) as film:
        return video_bytes(film, options.fps, suffix)


def render_frames(subject: Subject, options: AnimationOptions, progress: Progress | None = None) -> Iterator[Frame]:
    """Every frame of the animation, rendered off-screen as it is read; a held frame is the same array again."""
    with fold_film(subject, options, progress) as film:
        yield from film.frames


@contextmanager
def fold_film(subject: Subject, options: AnimationOptions, progress: Progress | None = None) -> Iterator[Film]:
    """The animation as a Film whose frames are rendered as they are read (each held frame once),
    the palette sample first; the renderer is closed on leaving."""
    with _camera(subject, options) as shoot:
        yield shot_film(shoot, frame_times(options), progress)


@contextmanager
def _camera(subject: Subject, options: AnimationOptions) -> Iterator[Callable[[float], Frame]]:
    """A function from a time along the camera path (seconds) to the frame seen then, rendered
    off-screen; the render window is closed on leaving."""
    size = (options.width, options.height)

    def stage(plotter: Any) -> Callable[[float], None]:
        from foldkit.fold.scene import add_caption, fold_scene

        scene = fold_scene(subject, options.sequence)
        path = scene.camera_path(size, options.seconds)
        scene.add_to(plotter)
        add_caption(plotter, subject)

        def pose(seconds: float) -> None:
            scene.pose(path.fraction(seconds))
            path.shot(seconds).apply(plotter)
        return pose

    with off_screen_shots(size, stage) as shoot:
        yield shoot


@contextmanager
def off_screen_shots(size: tuple[int, int], stage: Callable[[Any], Callable[[float], None]]
                     ) -> Iterator[Callable[[float], Frame]]:
    """A function from a moment to the frame seen then, rendered off-screen: ``stage`` is given
    the plotter once, adds the scene, and returns what poses it (and its camera) for a moment.
    The render window is closed on leaving. Every call into VTK (which loads modules as it goes)
    holds Ctrl-C until it returns: VTK crashes when Python raises inside it."""
    plotter = None
    try:
        with interrupts_held():
            import pyvista as pv

            plotter = pv.Plotter(off_screen=True, window_size=list(size))
            render_window = plotter.ren_win
            assert render_window is not None  # a plotter keeps its render window until it is closed
            render_window.SetMultiSamples(0)  # multisampling is slow in software GL (llvmpipe)
            pose = stage(plotter)

        def shoot(moment: float) -> Frame:
            with interrupts_held():
                pose(moment)
                plotter.render()
                image = plotter.screenshot(return_img=True)
            assert image is not None  # return_img=True asks for the image
            return image

        yield shoot
    finally:
        if plotter is not None:
            with interrupts_held():
                plotter.close()
