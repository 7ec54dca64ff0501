"""GIF and MP4 from frames read as they come: the encoders hold a few frames, never all of them,
and the GIF shows every frame as its palette maps it, for as long as it should."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import weakref

import imageio.v3 as iio
import numpy as np
import pytest
from PIL import Image, ImageSequence

from foldkit.exchange.gif import _colour_bins, gif_bytes, nearest_table, palette_sample, shared_palette
from foldkit.exchange.mp4 import mp4_bytes
from foldkit.exchange.video import Film, sample_indices, video_bytes
from tests.conftest import ROOT

FRAMES = 40
HELD = 3  # most frames an encoder may keep alive at once: the one it reads, the one waiting, the one shown


def film(size: tuple[int, int] = (48, 64)):
    """Distinct frames: a square moving across a gradient."""
    height, width = size
    ramp = np.linspace(0, 255, width, dtype=np.uint8)
    for k in range(FRAMES):
        frame = np.zeros((height, width, 3), dtype=np.uint8)
        frame[..., 0], frame[..., 2] = ramp, 255 - ramp
        frame[k % (height - 8):k % (height - 8) + 8, k:k + 8] = (250, 250, 40)
        yield frame


def watched(frames, alive: list[weakref.ref]):
    """The frames, each watched through a weak reference; each checks, before it is handed over,
    that the encoder let go of the frames before it."""
    for k, frame in enumerate(frames):
        assert sum(ref() is not None for ref in alive) <= HELD, f"frame {k}: the encoder keeps earlier frames"
        alive.append(weakref.ref(frame))
        yield frame
        del frame


def shown(data: bytes) -> list[tuple[np.ndarray, int]]:
    """Each frame of a GIF as a viewer shows it (RGB, after drawing it over the one before) and its time."""
    image = Image.open(io.BytesIO(data))
    return [(np.asarray(frame.convert("RGB")), frame.info["duration"]) for frame in ImageSequence.Iterator(image)]


def test_gif_reads_its_frames_as_they_come_and_holds_few():
    sample = list(film())
    sample = [sample[i] for i in sample_indices(FRAMES)]
    alive: list[weakref.ref] = []
    data = gif_bytes(watched(film(), alive), 10, sample)
    assert len(alive) == FRAMES and len(shown(data)) == FRAMES


def test_mp4_reads_its_frames_as_they_come_and_holds_few():
    alive: list[weakref.ref] = []
    data = mp4_bytes(watched(film((47, 63)), alive), 10)  # odd sides are padded frame by frame
    assert len(alive) == FRAMES
    assert iio.imread(data, extension=".mp4", plugin="FFMPEG", index=None).shape == (FRAMES, 48, 64, 3)


def test_gif_shows_each_frame_as_its_palette_maps_it_and_merges_holds():
    frames = list(film())
    held = [frames[0]] * 3 + frames[1:] + [frames[-1]] * 5  # holds at either end
    data = gif_bytes(held, 20)
    table, palette = nearest_table(shared_palette(palette_sample(held))), shared_palette(palette_sample(held))
    expected = [palette[table[_colour_bins(f)]] for f in frames]
    seen = shown(data)
    assert len(seen) == FRAMES
    assert all(np.array_equal(image, want) for (image, _), want in zip(seen, expected, strict=True))
    assert [ms for _, ms in seen] == [150] + [50] * (FRAMES - 2) + [300]


def test_a_gif_of_frames_read_as_they_come_needs_its_palette_sample():
    with pytest.raises(TypeError, match="palette sample"):
        gif_bytes(iter([np.zeros((4, 4, 3), dtype=np.uint8)]), 10)
    with pytest.raises(ValueError):
        video_bytes(Film(iter([]), []), 10, ".gif")


def test_an_assembly_gif_takes_the_memory_of_a_few_frames():
    """The Y-pentacube's assembly has some 300 distinct frames: held all at once (as before), they
    took about 120 MB more than the process's libraries, which take about 60."""
    code = ("import re; from foldkit.assembly.gif import GifOptions, assembly_gif; "
            "from solver.packing.assembly import plan_assembly; "
            "from tests.assembly.packings import Y_BOX, y_packing; p = y_packing(); "
            "data = assembly_gif(Y_BOX, p, plan_assembly(Y_BOX, p), options=GifOptions(160, 160)); "
            "print(len(data), re.search(r'VmHWM:\\s+(\\d+) kB', open('/proc/self/status').read()).group(1))")
    # VmHWM is this child's own peak: ru_maxrss would carry over the peak of the pytest process.
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    size, kilobytes = map(int, done.stdout.split())
    assert size > 100_000
    assert kilobytes < 120_000, f"{kilobytes // 1000} MB"
    assert re.fullmatch(r"\d+ \d+\n", done.stdout)
