"""The camera that follows a fold: high over the flat net, down to a 3/4 view of the closed
box, then round it; fitted to each pose so every corner stays in view, and smoothed so it never
jumps. The window and the animation fly the same path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import Sequence, cell_outlines, cell_panels, ease, panel_matrices, place

if TYPE_CHECKING:
    import pyvista as pv

Points = np.ndarray  # (n, 3) float64

VIEW_ANGLE = 30.0  # degrees, VTK's default vertical field of view
# The camera path: square to the printed side of the flat net, so it reads exactly as the
# printed template lies on a table (columns to the right, rows down the screen, not mirrored),
# while the panels fold away from the viewer as the template says; then round to a 3/4 view of
# the closed box (its top and two sides), then round it so the other sides show. The printed
# side of the flat net faces -z (the box closes upward onto it), so the camera starts below it.
ELEVATION_FLAT = -88.0  # degrees above the table: almost straight up at the printed side
ELEVATION_BOX = 32.0
AZIMUTH_FLAT = 180.0  # degrees round from +y towards -x: from the net's top edge, seen from below
AZIMUTH_BOX = 220.0
ORBIT = 90.0  # degrees the camera turns round the closed box after the fold
ORBIT_SECONDS = 2.0
SMOOTHING = 0.8  # seconds the camera's focus and distance are averaged over, so it never jumps
PATH_RATE = 40  # camera samples per second of the path
CAPTION_PIXELS = 58  # the caption's two lines at the top left, kept clear of the fold




@dataclass(frozen=True)
class Shot:
    """Where the camera is at one moment: all (3,) float64 but the window centre (2,), where the
    focus lands in normalised device coordinates (the centre of the Viewport)."""

    focus: np.ndarray
    position: np.ndarray
    up: np.ndarray
    window_center: np.ndarray

    def apply(self, plotter: pv.Plotter) -> None:
        """Put the plotter's camera here, clipping planes around what it sees."""
        self.set(plotter.camera)
        plotter.renderer.ResetCameraClippingRange()

    def set(self, camera: pv.Camera) -> None:
        """Put a VTK camera here."""
        camera.SetFocalPoint(*self.focus)
        camera.SetPosition(*self.position)
        camera.SetViewUp(*self.up)
        camera.SetViewAngle(VIEW_ANGLE)
        camera.SetWindowCenter(*-self.window_center)  # VTK moves the view by minus its window centre


@dataclass(frozen=True)
class CameraPath:
    """The camera over the whole film, sampled at `times` (seconds, (k,)); between samples it
    moves linearly. Focus (k, 3) and distance (k,) are smoothed; the angles (k,) are in degrees."""

    fold_seconds: float
    times: np.ndarray
    focus: np.ndarray
    distance: np.ndarray
    elevation: np.ndarray
    azimuth: np.ndarray
    window_center: np.ndarray

    @property
    def seconds(self) -> float:
        """How long the path lasts: the fold, then the orbit."""
        return float(self.times[-1])

    def fraction(self, seconds: float) -> float:
        """The fold fraction t the path shows at a time: 1 all through the orbit."""
        return min(max(seconds / self.fold_seconds, 0.0), 1.0)

    def shot(self, seconds: float) -> Shot:
        """The camera at a time (clamped to the path)."""
        at = float(np.clip(seconds, 0.0, self.seconds))
        focus = np.array([np.interp(at, self.times, self.focus[:, k]) for k in range(3)])
        angles = np.interp(at, self.times, self.elevation), np.interp(at, self.times, self.azimuth)
        back, up = view_axes(*angles)
        distance = np.interp(at, self.times, self.distance)
        return Shot(focus, focus + distance * back, up, self.window_center)


def camera_path(tree: PanelTree, sequence: Sequence, window_size: tuple[int, int], fold_seconds: float,
                viewport: Viewport | None = None) -> CameraPath:
    """The camera following the fold over fold_seconds, then orbiting the closed box for ORBIT_SECONDS.

    Each sample fits the pose of its moment; focus and distance are then smoothed over SMOOTHING
    seconds so the camera glides, and smoothing a running maximum never brings the camera closer
    than a sample needs, so nothing leaves the frame."""
    frame = viewport or Viewport.for_window(window_size)
    count = max(3, round((fold_seconds + ORBIT_SECONDS) * PATH_RATE) + 1)
    times = np.linspace(0.0, fold_seconds + ORBIT_SECONDS, count)
    folds = np.clip(times / fold_seconds, 0.0, 1.0)
    elevation, azimuth = _path_angles(folds, np.clip((times - fold_seconds) / ORBIT_SECONDS, 0.0, 1.0))
    corners, panels = cell_outlines(tree), cell_panels(tree)
    posed = [place(panel_matrices(tree, t, sequence), panels, corners).reshape(-1, 3) for t in folds]
    axes = [view_axes(e, a) for e, a in zip(elevation, azimuth, strict=True)]
    focus = np.array([fit_view(p, *ax, frame)[0] for p, ax in zip(posed, axes, strict=True)])
    radius = max(1, round(SMOOTHING * PATH_RATE / 2))
    focus = np.column_stack([_smooth(focus[:, k], radius) for k in range(3)])
    needed = [view_distance(p, f, *ax, frame) for p, f, ax in zip(posed, focus, axes, strict=True)]
    distance = _smooth(_running_max(np.array(needed), radius), radius)
    return CameraPath(fold_seconds, times, focus, distance, elevation, azimuth, frame.center)


def _path_angles(folds: np.ndarray, turns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The camera's elevation and azimuth (degrees, shape of folds) at fold fractions and orbit
    fractions: down from high over the net to the 3/4 view as the box closes, then round it."""
    fold, turn = np.vectorize(ease)(folds), np.vectorize(ease)(turns)
    elevation = ELEVATION_FLAT + (ELEVATION_BOX - ELEVATION_FLAT) * fold
    return elevation, AZIMUTH_FLAT + (AZIMUTH_BOX - AZIMUTH_FLAT) * fold + ORBIT * turn


@dataclass(frozen=True)
class Viewport:
    """The part of the window the fold must stay in, in normalised device coordinates ([-1, 1]
    each way): left, right, bottom, top; and the window's width / height."""

    left: float
    right: float
    bottom: float
    top: float
    aspect: float

    @classmethod
    def for_window(cls, size: tuple[int, int], top: int = CAPTION_PIXELS, bottom: int = 0,
                   margin: float = 0.04) -> Viewport:
        """The frame of a window of size (width, height) pixels, below a caption `top` pixels
        high and above `bottom` pixels, with a margin (a share of the smaller side) all round."""
        width, height = size
        pad = margin * min(width, height)
        return cls(-1 + 2 * pad / width, 1 - 2 * pad / width, -1 + 2 * (pad + bottom) / height,
                   1 - 2 * (pad + top) / height, width / height)

    @property
    def center(self) -> np.ndarray:
        """The frame's centre, where the camera's view axis meets the window, (2,) float64."""
        return np.array([(self.left + self.right) / 2, (self.bottom + self.top) / 2])

    @property
    def half_tangents(self) -> tuple[float, float]:
        """The tangents of the half-angles, across and up, that the frame spans around its centre."""
        tan_v = np.tan(np.radians(VIEW_ANGLE) / 2)
        return tan_v * self.aspect * (self.right - self.left) / 2, tan_v * (self.top - self.bottom) / 2


def view_axes(elevation: float, azimuth: float) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors (3,) from the focus towards the camera and up the screen, for a camera
    `elevation` degrees above the table and `azimuth` degrees round from +y towards -x."""
    e, a = np.radians(elevation), np.radians(azimuth)
    back = np.array([-np.sin(a) * np.cos(e), np.cos(a) * np.cos(e), np.sin(e)])
    up = np.array([0.0, 0.0, 1.0]) - np.sin(e) * back  # world up, made square to the view
    return back, up / np.linalg.norm(up)


def fit_view(points: Points, back: np.ndarray, up: np.ndarray, frame: Viewport) -> tuple[np.ndarray, float]:
    """The focus (3,) and distance that fit points (n, 3) in the frame, centred, seen along -back."""
    right = np.cross(up, back)
    tan_h, tan_v = frame.half_tangents
    focus = 0.5 * (points.min(axis=0) + points.max(axis=0))
    for _ in range(3):  # perspective: re-centre on what the camera sees, then fit again
        distance = view_distance(points, focus, back, up, frame)
        offset = points - focus
        depth = distance - offset @ back
        across, upward = offset @ right / (depth * tan_h), offset @ up / (depth * tan_v)
        middle = (across.max() + across.min()) / 2 * tan_h, (upward.max() + upward.min()) / 2 * tan_v
        focus = focus + distance * (middle[0] * right + middle[1] * up)
    return focus, view_distance(points, focus, back, up, frame)


def view_distance(points: Points, focus: np.ndarray, back: np.ndarray, up: np.ndarray,
                  frame: Viewport) -> float:
    """The least camera distance from the focus at which every point (n, 3) is inside the frame."""
    right = np.cross(up, back)
    tan_h, tan_v = frame.half_tangents
    offset = points - focus
    x, y, z = offset @ right, offset @ up, offset @ back
    # A point at height z towards the camera fits when |x| <= tan_h (d - z) and |y| <= tan_v (d - z).
    return float(np.max(np.maximum(np.abs(x) / tan_h, np.abs(y) / tan_v) + z))


def _running_max(values: np.ndarray, radius: int) -> np.ndarray:
    """Each value replaced by the largest within radius samples of it, shape of values."""
    padded = np.pad(values, radius, mode="edge")
    return np.lib.stride_tricks.sliding_window_view(padded, 2 * radius + 1).max(axis=1)


def _smooth(values: np.ndarray, radius: int) -> np.ndarray:
    """A weighted running mean over radius samples each side (a Hann window), shape of values.

    After _running_max with the same radius the result is never below the original values."""
    weights = np.hanning(2 * radius + 3)[1:-1]
    padded = np.pad(values, radius, mode="edge")
    return np.convolve(padded, weights / weights.sum(), mode="valid")


