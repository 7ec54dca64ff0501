"""Animated GIF: frames in, bytes out, one frame at a time, so an animation of any length takes
the memory of a few frames.

Every frame shares one palette, fitted beforehand to a few frames spread over the animation (a
sample the maker of the frames gives: foldkit.exchange.video.Film), so colours do not flicker from
frame to frame; a table from 15-bit colour to palette index makes mapping a frame one numpy
lookup. Runs of identical frames (the holds at either end) become one frame shown for longer.

The file is put together here, block by block, and Pillow compresses each frame (its documented
``getheader`` and ``getdata``): Pillow's own ``save_all`` keeps every frame until the last has
come. After the first frame, a frame is stored as the rectangle that changed since the one
before, its unchanged pixels transparent where the palette leaves an index free for that.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence

import numpy as np
from PIL import GifImagePlugin, Image

from foldkit.exchange.video import sample_indices

Frame = np.ndarray  # (height, width, 3) uint8, as foldkit.exchange.video.Frame
Indexed = np.ndarray  # (height, width) uint8: a frame as indices into the palette

LEAVE_IN_PLACE = 1  # GIF disposal method: the next frame is drawn over this one
TABLE_BLOCK = 2048  # colours matched to the palette at once (2048 x 256 x 3 int64: 12 MB)


def gif_bytes(frames: Iterable[Frame], fps: float, sample: Sequence[Frame] | None = None) -> bytes:
    """The GIF of frames played at fps, looping forever. frames are read once, in order, as they
    come; sample: the frames the palette is fitted to, those of the film's distinct frames that
    ``sample_indices`` picks (when None, frames must be a list, and the sample is taken from it)."""
    if sample is None:
        if not isinstance(frames, Sequence):
            raise TypeError("a GIF of frames read as they come needs a palette sample")
        sample = palette_sample(frames)
    if not sample:
        raise ValueError("a GIF needs at least one frame")
    palette = shared_palette(sample)
    table = nearest_table(palette)
    writer = GifWriter(palette)
    for frame, milliseconds in collapse_runs(frames, 1000.0 / fps):
        writer.add(table[_colour_bins(frame)], milliseconds)
    return writer.finish()


def palette_sample(frames: Sequence[Frame]) -> list[Frame]:
    """The palette sample of frames held in a list."""
    distinct = [frame for frame, _ in collapse_runs(frames, 1.0)]
    return [distinct[i] for i in sample_indices(len(distinct))]


def collapse_runs(frames: Iterable[Frame], milliseconds: float) -> Iterator[tuple[Frame, int]]:
    """Each run of identical frames once, with how long (ms) it is shown; holds one frame at a time."""
    run, count = None, 0
    for frame in frames:
        if run is not None and (frame is run or np.array_equal(frame, run)):
            count += 1
            continue
        if run is not None:
            yield run, round(count * milliseconds)
        run, count = frame, 1
    if run is not None:
        yield run, round(count * milliseconds)


def shared_palette(sample: Sequence[Frame]) -> np.ndarray:
    """Up to 256 colours fitted to the sample frames, shape (k, 3) int64."""
    height, width = sample[0].shape[:2]
    stacked = Image.new("RGB", (width, height * len(sample)))  # the frames one above another
    for k, frame in enumerate(sample):
        stacked.paste(Image.fromarray(frame[..., :3]), (0, k * height))
    image = stacked.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    colours, palette = image.getcolors(), image.getpalette()
    assert colours is not None and palette is not None  # a quantized image has a palette of at most 256
    return np.array(palette[: 3 * len(colours)], dtype=np.int64).reshape(-1, 3)


def nearest_table(palette: np.ndarray) -> np.ndarray:
    """For each 15-bit colour (5 bits a channel), the index of the nearest palette colour, (32768,) uint8."""
    levels = np.arange(32) * 8 + 4  # the centre of each 5-bit bin
    r, g, b = np.meshgrid(levels, levels, levels, indexing="ij")
    colours = np.stack([r.ravel(), g.ravel(), b.ravel()], axis=1)
    # A block of colours at a time: all 32768 against 256 colours at once took 400 MB.
    return np.concatenate([_nearest(colours[i:i + TABLE_BLOCK], palette)
                           for i in range(0, len(colours), TABLE_BLOCK)])


def _nearest(colours: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """The index of the nearest palette colour (k, 3) to each colour (n, 3), shape (n,) uint8."""
    distance = ((colours[:, None, :] - palette[None, :, :]) ** 2).sum(axis=2)
    return distance.argmin(axis=1).astype(np.uint8)


def _colour_bins(frame: Frame) -> np.ndarray:
    """The 15-bit colour bin of every pixel, shape (height, width) uint16."""
    rgb = frame[..., :3] >> 3
    return (rgb[..., 0].astype(np.uint16) << 10) | (rgb[..., 1].astype(np.uint16) << 5) | rgb[..., 2]


class GifWriter:
    """A looping GIF written a frame at a time. A frame waits until the next one differs (frames
    equal once mapped to the palette are shown as one), since its time must be written before it."""

    def __init__(self, palette: np.ndarray):
        self.spare = len(palette) if len(palette) < 256 else None  # an index no colour uses: "unchanged"
        # The spare index gets an entry of its own, so that the colour table reaches it.
        self.palette = palette.astype(np.uint8).tobytes() + (b"\0\0\0" if self.spare is not None else b"")
        self.out = io.BytesIO()
        self.shown: Indexed | None = None  # the frame last written
        self.waiting: tuple[Indexed, int] | None = None  # the next to write and its time (ms)

    def add(self, frame: Indexed, milliseconds: int) -> None:
        if self.waiting is not None and np.array_equal(frame, self.waiting[0]):
            self.waiting = (frame, self.waiting[1] + milliseconds)
            return
        self._write_waiting()
        self.waiting = (frame, milliseconds)

    def finish(self) -> bytes:
        """The whole file."""
        if self.waiting is None:
            raise ValueError("a GIF needs at least one frame")
        self._write_waiting()
        self.out.write(b";")  # the trailer
        return self.out.getvalue()

    def _write_waiting(self) -> None:
        if self.waiting is None:
            return
        frame, milliseconds = self.waiting
        if self.shown is None:
            header, _ = GifImagePlugin.getheader(self._image(frame), info={"loop": 0, "duration": milliseconds})
            self.out.write(b"".join(header))
            self._write(self._image(frame), (0, 0), milliseconds)
        else:
            self._write_change(frame, milliseconds)
        self.shown = frame

    def _write_change(self, frame: Indexed, milliseconds: int) -> None:
        """The rectangle of frame that differs from the frame shown, drawn over it."""
        assert self.shown is not None
        changed = frame != self.shown
        rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
        top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        part = frame[top:bottom, left:right]
        if self.spare is None:
            self._write(self._image(part), (int(left), int(top)), milliseconds)
            return
        part = np.where(changed[top:bottom, left:right], part, np.uint8(self.spare))
        self._write(self._image(part), (int(left), int(top)), milliseconds, transparency=self.spare)

    def _image(self, indices: Indexed) -> Image.Image:
        image = Image.fromarray(indices, mode="P")
        image.putpalette(self.palette)
        return image

    def _write(self, image: Image.Image, offset: tuple[int, int], milliseconds: int, **extra) -> None:
        """One frame's blocks: its time, the place of its rectangle, its compressed indices."""
        blocks = GifImagePlugin.getdata(image, offset, duration=milliseconds, disposal=LEAVE_IN_PLACE, **extra)
        self.out.write(b"".join(blocks))
