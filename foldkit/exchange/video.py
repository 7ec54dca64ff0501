"""Moving pictures: frames in, the bytes of a .gif or .mp4 file out (``gif`` and ``mp4``).

A maker of frames hands them over as a ``Film``: the frames as an iterable read once, in order,
as they are made (a generator: no more than a few frames are held at a time), and the few frames
a GIF fits its palette to, made beforehand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from foldkit.exchange import exporter

Frame = np.ndarray  # (height, width, 3) uint8
VIDEO = (".gif", ".mp4")
PALETTE_SAMPLES = 6  # frames a GIF's palette is fitted to


@dataclass(frozen=True)
class Film:
    """Frames to encode, and those of its distinct frames that ``sample_indices`` picks (a GIF's
    palette is fitted to them; a video ignores them)."""

    frames: Iterable[Frame]
    palette_sample: Sequence[Frame]


def sample_indices(distinct: int) -> list[int]:
    """Which of a film's distinct frames (counted once per run of identical ones) a GIF's palette
    is fitted to: up to PALETTE_SAMPLES, spread evenly from the first to the last."""
    return [int(i) for i in np.linspace(0, distinct - 1, min(PALETTE_SAMPLES, distinct)).round()]


def film_of(frames: Sequence[Frame]) -> Film:
    """A film of frames made beforehand (all held at once: for short films), its palette sample
    picked from its distinct frames."""
    distinct = [frame for k, frame in enumerate(frames) if k == 0 or not np.array_equal(frame, frames[k - 1])]
    return Film(frames, [distinct[k] for k in sample_indices(len(distinct))])


def video_bytes(film: Film, fps: float, suffix: str) -> bytes:
    """The film as the bytes of a .gif or .mp4 file."""
    if suffix not in VIDEO:
        raise ValueError(f"no video format {suffix!r}")
    if suffix == ".gif":
        return exporter(suffix)(film.frames, fps, film.palette_sample)
    return exporter(suffix)(film.frames, fps)
