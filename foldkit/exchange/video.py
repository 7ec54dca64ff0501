"""Moving pictures: frames in, the bytes of a .gif or .mp4 file out (``gif`` and ``mp4``).

A maker of frames hands them over as a ``Film``: the frames as an iterable read once, in order,
as they are made (a generator: no more than a few frames are held at a time), and the few frames
a GIF fits its palette to, made beforehand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from foldkit.exchange import exporter

Frame = np.ndarray  # (height, width, 3) uint8
VIDEO = (".gif", ".mp4")
PALETTE_SAMPLES = 6  # frames a GIF's palette is fitted to
Shot = Callable[[float], None]  # told the share of the film's frames shot so far, 0 to 1 (a progress bar)


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


def shot_film(shoot: Callable[[float], Frame], moments: Sequence[float], progress: Shot | None = None) -> Film:
    """A film of the frame ``shoot`` makes at each moment, shot as it is read (a moment equal to
    the one before it is held, not shot again), its palette sample shot now."""
    distinct = [m for i, m in enumerate(moments) if i == 0 or m != moments[i - 1]]
    sample = {distinct[i]: shoot(distinct[i]) for i in sample_indices(len(distinct))}
    return Film(_shot_frames(shoot, moments, sample, progress), list(sample.values()))


def _shot_frames(shoot: Callable[[float], Frame], moments: Sequence[float], made: dict[float, Frame],
                 progress: Shot | None) -> Iterator[Frame]:
    """The frame at each moment, in order: those already made, the others shot as they are read."""
    frame = None
    for i, moment in enumerate(moments):
        if frame is None or moment != moments[i - 1]:
            frame = made[moment] if moment in made else shoot(moment)
        yield frame
        if progress is not None:
            progress((i + 1) / len(moments))


def video_bytes(film: Film, fps: float, suffix: str) -> bytes:
    """The film as the bytes of a .gif or .mp4 file."""
    if suffix not in VIDEO:
        raise ValueError(f"no video format {suffix!r}")
    if suffix == ".gif":
        return exporter(suffix)(film.frames, fps, film.palette_sample)
    return exporter(suffix)(film.frames, fps)
