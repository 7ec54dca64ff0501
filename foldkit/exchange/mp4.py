"""MP4 (H.264) video: frames in, bytes out, through imageio's ffmpeg plugin (imageio-ffmpeg)."""

from __future__ import annotations

import imageio.v3 as iio
import numpy as np

Frame = np.ndarray  # (height, width, 3) uint8, as foldkit.exchange.video.Frame


def mp4_bytes(frames: list[Frame], fps: float) -> bytes:
    """The H.264 video of frames played at fps (yuv420p, so it plays everywhere)."""
    if not frames:
        raise ValueError("a video needs at least one frame")
    video = np.stack(frames)
    # H.264 in yuv420p needs even sides: repeat the last row or column of odd ones.
    _, height, width, _ = video.shape
    video = np.pad(video, ((0, 0), (0, height % 2), (0, width % 2), (0, 0)), mode="edge")
    return iio.imwrite("<bytes>", video, extension=".mp4", plugin="FFMPEG", fps=fps,
                       codec="libx264", pixelformat="yuv420p", macro_block_size=2,
                       output_params=["-movflags", "+faststart"])
