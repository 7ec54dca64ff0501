"""Every numeric option is checked here, once: finite, in range, and small enough that the
job it asks for ends (frames, pixels, pages). The limits are the README's."""

from __future__ import annotations

import argparse
import math

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError

PAPERS = ("a4", "letter", "a3", "legal", "tabloid")  # the printed sheets; their sizes are in foldkit.paper.page
MAX_SIDE_PX = 2048  # animation frame width or height
MAX_FRAMES = 3600  # of one animation: the holds, the fold and the orbit
MAX_FRAME_BYTES = 1_500_000_000  # of all frames together: the work of rendering them (they are streamed, not kept)
MAX_FPS = 60
MAX_SECONDS = 120.0
MAX_LIMIT = 10_000_000  # --limit: layouts or solutions to list


def number(kind: type, low: float, high: float, what: str):
    """An argparse type: a finite number of kind in [low, high], else a one-line error."""

    def parse(text: str):
        try:
            value = kind(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"expected {what}, not {text[:60]!r}") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low:g} and {high:g}, not {text[:60]}")
        return value

    return parse


def size(text: str) -> tuple[int, int]:
    """'WIDTHxHEIGHT' in pixels, each 16 to MAX_SIDE_PX."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in pixels, e.g. 800x600, not {text[:60]!r}")
    width, height = int(parts[0]), int(parts[1])
    if not (16 <= width <= MAX_SIDE_PX and 16 <= height <= MAX_SIDE_PX):
        raise argparse.ArgumentTypeError(f"width and height must be between 16 and {MAX_SIDE_PX} pixels")
    return width, height


def check_animation(frames: int, width: int, height: int, knobs: str = "--size, --fps or --seconds") -> None:
    """A FoldkitError unless an animation of this many frames of this size stays in bounds;
    knobs: the options that make it smaller, as the command names them."""
    if frames > MAX_FRAMES:
        raise FoldkitError(f"the animation would have {frames} frames, more than {MAX_FRAMES}: "
                           f"lower {knobs}", EXIT_BAD_INPUT)
    if frames * width * height * 3 > MAX_FRAME_BYTES:
        raise FoldkitError(f"{frames} frames of {width}x{height} pixels need more than "
                           f"{MAX_FRAME_BYTES // 10**9} GB: lower {knobs}", EXIT_BAD_INPUT)


def file_name(text: str) -> str:
    """A file or folder name given on the command line: never empty (an unset shell variable must
    not quietly become the default)."""
    if not text:
        raise argparse.ArgumentTypeError("the file name is empty (an unset shell variable?)")
    return text


def names(text: str) -> list[str]:
    """A comma-separated list of artifact file names."""
    return [part.strip() for part in text.split(",") if part.strip()]


# Print beds of common printers, width x depth in mm, from their makers' specifications.
BED_PRESETS: dict[str, tuple[float, float]] = {
    "prusa-mini": (180.0, 180.0),
    "prusa-mk3": (250.0, 210.0),
    "prusa-mk4": (250.0, 210.0),
    "prusa-core-one": (250.0, 220.0),
    "prusa-xl": (360.0, 360.0),
    "bambu-a1-mini": (180.0, 180.0),
    "bambu-a1": (256.0, 256.0),
    "bambu-p1s": (256.0, 256.0),
    "bambu-x1c": (256.0, 256.0),
    "ender-3": (220.0, 220.0),
    "ender-3-v3": (220.0, 220.0),
    "voron-2.4-350": (350.0, 350.0),
}
DEFAULT_BED = (200.0, 200.0)  # fits nearly every printer; PrusaSlicer's own default bed


def bed(text: str) -> tuple[float, float]:
    """A printer's bed: 'WIDTHxDEPTH' in mm, each 20 to 2000 (e.g. 250x210), or a preset's name."""
    if text.lower() in BED_PRESETS:
        return BED_PRESETS[text.lower()]
    parts = text.lower().split("x")
    try:
        width, depth = (float(p) for p in parts) if len(parts) == 2 else (math.nan, math.nan)
    except ValueError:
        width = depth = math.nan
    if not all(math.isfinite(v) and 20 <= v <= 2000 for v in (width, depth)):
        raise argparse.ArgumentTypeError(f"expected the bed as WIDTHxDEPTH in mm, each 20 to 2000 (e.g. 250x210), "
                                         f"or a printer: {', '.join(BED_PRESETS)}; not {text[:60]!r}")
    return width, depth
