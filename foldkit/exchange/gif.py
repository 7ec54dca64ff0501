"""Animated GIF: frames in, bytes out, written by Pillow (imageio's GIF writer is Pillow too,
but it cannot hand Pillow a ready palette, and re-mapping every frame to one took most of the time).

Every frame shares one palette, taken from a few frames spread over the animation, so colours
do not flicker from frame to frame; a table from 15-bit colour to palette index makes mapping a
frame one numpy lookup. Runs of identical frames (the holds at either end) become one frame
shown for longer.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

Frame = np.ndarray  # (height, width, 3) uint8, as foldkit.exchange.video.Frame

PALETTE_SAMPLES = 6  # frames the palette is taken from


def gif_bytes(frames: list[Frame], fps: float) -> bytes:
    """The GIF of frames played at fps, looping forever."""
    if not frames:
        raise ValueError("a GIF needs at least one frame")
    distinct, durations = collapse_runs(frames, 1000.0 / fps)
    palette = shared_palette(distinct)
    table = nearest_table(palette)
    images = [Image.fromarray(table[_colour_bins(f)], mode="P") for f in distinct]
    for image in images:
        image.putpalette(palette.astype(np.uint8).tobytes())
    out = io.BytesIO()
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
    return out.getvalue()


def collapse_runs(frames: list[Frame], milliseconds: float) -> tuple[list[Frame], list[int]]:
    """Frames with each run of identical ones kept once, and how long (ms) each is shown."""
    distinct, counts = [frames[0]], [1]
    for frame in frames[1:]:
        if frame is distinct[-1] or np.array_equal(frame, distinct[-1]):
            counts[-1] += 1
        else:
            distinct.append(frame)
            counts.append(1)
    return distinct, [round(n * milliseconds) for n in counts]


def shared_palette(frames: list[Frame]) -> np.ndarray:
    """Up to 256 colours fitted to a few frames spread over the animation, shape (k, 3) int64."""
    picks = np.linspace(0, len(frames) - 1, min(PALETTE_SAMPLES, len(frames))).round().astype(int)
    sample = np.vstack([frames[i] for i in picks])
    image = Image.fromarray(sample).quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    colours, palette = image.getcolors(), image.getpalette()
    assert colours is not None and palette is not None  # a quantized image has a palette of at most 256
    return np.array(palette[: 3 * len(colours)], dtype=np.int64).reshape(-1, 3)


def nearest_table(palette: np.ndarray) -> np.ndarray:
    """For each 15-bit colour (5 bits a channel), the index of the nearest palette colour, (32768,) uint8."""
    levels = np.arange(32) * 8 + 4  # the centre of each 5-bit bin
    r, g, b = np.meshgrid(levels, levels, levels, indexing="ij")
    colours = np.stack([r.ravel(), g.ravel(), b.ravel()], axis=1)
    distance = ((colours[:, None, :] - palette[None, :, :]) ** 2).sum(axis=2)
    return distance.argmin(axis=1).astype(np.uint8)


def _colour_bins(frame: Frame) -> np.ndarray:
    """The 15-bit colour bin of every pixel, shape (height, width) int64."""
    rgb = frame[..., :3].astype(np.int64) >> 3
    return (rgb[..., 0] << 10) | (rgb[..., 1] << 5) | rgb[..., 2]
