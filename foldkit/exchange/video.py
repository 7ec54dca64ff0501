"""Moving pictures: frames in, the bytes of a .gif or .mp4 file out (``gif`` and ``mp4``)."""

from __future__ import annotations

import numpy as np

from foldkit.exchange import exporter

Frame = np.ndarray  # (height, width, 3) uint8; the gif and mp4 writers take lists of them
VIDEO = (".gif", ".mp4")


def video_bytes(frames: list[Frame], fps: float, suffix: str) -> bytes:
    """Frames ((h, w, 3) uint8 arrays) as the bytes of a .gif or .mp4 file."""
    if suffix not in VIDEO:
        raise ValueError(f"no video format {suffix!r}")
    return exporter(suffix)(frames, fps)
