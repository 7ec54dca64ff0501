"""The fold as a GIF or MP4, rendered off-screen (EGL), with a progress bar on stderr.

The animation holds a moment on the flat net, folds over ``seconds``, then holds on the
closed box; held frames are rendered once.
"""

from __future__ import annotations

import os

import sys
from dataclasses import dataclass

import numpy as np

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.pose import Sequence
from foldkit.subject import Subject

Frame = np.ndarray  # (height, width, 3) uint8

HOLD_FLAT = 1.0  # seconds on the flat net before folding
HOLD_CLOSED = 1.5  # seconds on the closed box at the end
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


def frame_fractions(options: AnimationOptions) -> list[float]:
    """The fold fraction t of every frame: the flat hold, the fold, the closed hold."""
    fold = max(2, round(options.seconds * options.fps))
    flat, closed = round(HOLD_FLAT * options.fps), round(HOLD_CLOSED * options.fps)
    return [0.0] * flat + list(np.linspace(0.0, 1.0, fold)) + [1.0] * closed


def render_frames(subject: Subject, options: AnimationOptions) -> list[Frame]:
    """Every frame of the animation, rendered off-screen; held frames share one array."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        # With no screen, go straight to EGL instead of letting VTK try X first and warn.
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")
    import pyvista as pv

    from foldkit.scene import add_caption, fold_scene

    scene = fold_scene(subject, options.sequence)
    plotter = pv.Plotter(off_screen=True, window_size=(options.width, options.height))
    plotter.ren_win.SetMultiSamples(0)  # multisampling is slow in software GL (llvmpipe)
    try:
        scene.add_to(plotter)
        add_caption(plotter, subject)
        fractions = frame_fractions(options)
        frames: list[Frame] = []
        for i, t in enumerate(fractions):
            if frames and t == fractions[i - 1]:
                frames.append(frames[-1])
            else:
                scene.pose(t)
                plotter.render()
                frames.append(plotter.screenshot(return_img=True))
            if options.progress:
                _progress(i + 1, len(fractions))
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
