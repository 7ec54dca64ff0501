"""MP4 (H.264) video: frames in, bytes out, through imageio's ffmpeg plugin (imageio-ffmpeg).
The frames go to ffmpeg one at a time as they come (imageio reads a batch given as an iterable
lazily), so a video of any length takes the memory of one frame."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any, cast

import imageio.v3 as iio
import numpy as np

Frame = np.ndarray  # (height, width, 3) uint8, as foldkit.exchange.video.Frame


def mp4_bytes(frames: Iterable[Frame], fps: float) -> bytes:
    """The H.264 video of frames played at fps (yuv420p, so it plays everywhere); frames are read
    once, in order."""
    frames = iter(frames)
    first = next(frames, None)
    if first is None:
        raise ValueError("a video needs at least one frame")
    # imageio's ffmpeg writer reads an iterable batch frame by frame; its types name arrays and lists only.
    batch = cast(Any, _even_sided(itertools.chain([first], frames)))
    return iio.imwrite("<bytes>", batch, is_batch=True, extension=".mp4", plugin="FFMPEG", fps=fps,
                       codec="libx264", pixelformat="yuv420p", macro_block_size=2,
                       output_params=["-movflags", "+faststart"])


def _even_sided(frames: Iterable[Frame]) -> Iterator[Frame]:
    """The frames with even sides, as H.264 in yuv420p needs: the last row or column of odd ones repeated."""
    for frame in frames:
        height, width = frame.shape[:2]
        yield np.pad(frame, ((0, height % 2), (0, width % 2), (0, 0)), mode="edge")
