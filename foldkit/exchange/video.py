"""Moving pictures: frames in, the bytes of a .gif or .mp4 file out (``gif`` and ``mp4``)."""

from __future__ import annotations

import numpy as np

Frame = np.ndarray  # (height, width, 3) uint8; the gif and mp4 writers take lists of them


def video_bytes(frames: list[Frame], fps: float, suffix: str) -> bytes:
    """Frames ((h, w, 3) uint8 arrays) as the bytes of a .gif or .mp4 file."""
    if suffix == ".gif":
        from foldkit.exchange.gif import gif_bytes

        return gif_bytes(frames, fps)
    if suffix == ".mp4":
        from foldkit.exchange.mp4 import mp4_bytes

        return mp4_bytes(frames, fps)
    raise ValueError(f"no video format {suffix!r}")
