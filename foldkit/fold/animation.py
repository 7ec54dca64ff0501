"""The fold as a GIF or MP4, rendered off-screen (EGL), with a progress bar on stderr.

The animation holds a moment on the flat net, folds over ``seconds`` with the camera following
the fold, then orbits the closed box (scene.ORBIT_SECONDS) and rests a moment; held frames are
rendered once.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

import numpy as np

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.fold.pose import Sequence
from foldkit.fold.subject import Subject

Frame = np.ndarray  # (height, width, 3) uint8

HOLD_FLAT = 1.0  # seconds on the flat net before folding
HOLD_END = 0.5  # seconds still at the end of the orbit, before the film starts again
FORMATS = (".gif", ".mp4")


@dataclass
class AnimationOptions:
    """Frame size in pixels, frame rate, length of the fold itself, fold sequence, progress bar."""

    width: int = 640
    height: int = 480
    fps: int = 20
    seconds: float = 6.0
    sequence: Sequence = "staged"
    progress: bool = True


def frame_times(options: AnimationOptions) -> list[float]:
    """The time along the camera path (seconds) of every frame: the flat hold, the fold, the
    orbit round the closed box, the final hold."""
    from foldkit.fold.scene import ORBIT_SECONDS

    fold = max(2, round(options.seconds * options.fps))
    orbit = max(2, round(ORBIT_SECONDS * options.fps))
    flat, end = round(HOLD_FLAT * options.fps), round(HOLD_END * options.fps)
    moving = np.concatenate([np.linspace(0.0, options.seconds, fold),
                             np.linspace(options.seconds, options.seconds + ORBIT_SECONDS, orbit + 1)[1:]])
    return [0.0] * flat + [float(s) for s in moving] + [float(moving[-1])] * end


def frame_fractions(options: AnimationOptions) -> list[float]:
    """The fold fraction t of every frame (1 all through the orbit)."""
    return [min(s / options.seconds, 1.0) for s in frame_times(options)]


def render_frames(subject: Subject, options: AnimationOptions) -> list[Frame]:
    """Every frame of the animation, rendered off-screen; held frames share one array."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        # With no screen, go straight to EGL instead of letting VTK try X first and warn.
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
    import pyvista as pv

    from foldkit.fold.scene import add_caption, fold_scene

    size = (options.width, options.height)
    scene = fold_scene(subject, options.sequence)
    path = scene.camera_path(size, options.seconds)
    plotter = pv.Plotter(off_screen=True, window_size=size)
    plotter.ren_win.SetMultiSamples(0)  # multisampling is slow in software GL (llvmpipe)
    try:
        scene.add_to(plotter)
        add_caption(plotter, subject)
        times = frame_times(options)
        frames: list[Frame] = []
        for i, seconds in enumerate(times):
            if frames and seconds == times[i - 1]:
                frames.append(frames[-1])
            else:
                scene.pose(path.fraction(seconds))
                path.shot(seconds).apply(plotter)
                plotter.render()
                frames.append(plotter.screenshot(return_img=True))
            if options.progress:
                _progress(i + 1, len(times))
    finally:
        plotter.close()
    return frames


def animation_bytes(subject: Subject, suffix: str, options: AnimationOptions) -> bytes:
    """The animation in the format a file suffix names (.gif or .mp4)."""
    if suffix not in FORMATS:
        kind = suffix or "suffix-less"
        raise FoldkitError(f"cannot write a {kind} animation: use a .gif or .mp4 file name", EXIT_BAD_INPUT)
    frames = render_frames(subject, options)
    if suffix == ".gif":
        from foldkit.exchange.gif import gif_bytes

        return gif_bytes(frames, options.fps)
    from foldkit.exchange.mp4 import mp4_bytes

    return mp4_bytes(frames, options.fps)


def _progress(done: int, total: int, width: int = 30) -> None:
    """Redraw a one-line progress bar on stderr when it grows; end the line when done."""
    filled = width * done // total
    if done not in (1, total) and filled == width * (done - 1) // total:
        return
    sys.stderr.write(f"\rrendering frames [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
