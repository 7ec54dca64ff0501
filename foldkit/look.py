"""How things look, shared by every artifact so they agree: the colour of each box face, the
size of a number and of the ring or square around it, which numbers are underlined, and the
caption strings (the box, the face sums, the answer), on screen, in a file and on paper alike."""

from __future__ import annotations

from collections.abc import Sequence

from solver.box import FACE_LABELS

RGB = tuple[float, float, float]  # each 0-1

# Soft, print-friendly tints, distinguishable for the common colour-vision deficiencies.
FACE_COLOURS: tuple[RGB, ...] = (
    (0.55, 0.71, 0.89),  # A: blue
    (0.98, 0.75, 0.45),  # B: orange
    (0.60, 0.84, 0.62),  # C: green
    (0.94, 0.60, 0.65),  # D: rose
    (0.78, 0.69, 0.90),  # E: lavender
    (0.96, 0.88, 0.50),  # F: yellow
)
INK: RGB = (0.10, 0.10, 0.12)
FOLD_EDGE: RGB = (0.80, 0.10, 0.10)
GRID_LINE: RGB = (0.35, 0.35, 0.40)

# A number and its mark, in cells, about the cell's centre: the digits' ink height, the
# middle of the ring (circled) or of the square frame (squared), and the mark's line width.
DIGIT_HEIGHT = 0.5
MARK_RADIUS = 0.40
MARK_LINE = 0.07

# The underline of a number that reads as another upside down (see underlined), as shares of
# the digits' height: the bar's thickness, the gap above it and its greatest width.
UNDERLINE_LINE = 0.12
UNDERLINE_GAP = 0.10
UNDERLINE_WIDTH = 0.7

# What each digit reads as when turned half a turn; the other digits read as no digit.
TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}

TIMES = " × "


def face_colour(face: int) -> RGB:
    """The RGB colour (0-1) of a box face."""
    return FACE_COLOURS[face]


def face_label(face: int) -> str:
    return FACE_LABELS[face]


def turned_text(text: str) -> str | None:
    """What a number reads as when turned upside down, or None if that is no number (a digit
    that does not turn into one, or a leading zero: 60 turns into 09)."""
    if not text or not all(ch in TURNED_DIGITS for ch in text):
        return None
    turned = "".join(TURNED_DIGITS[ch] for ch in reversed(text))
    return turned if len(turned) == 1 or turned[0] != "0" else None


def underlined(text: str) -> bool:
    """Whether a number is drawn underlined, as dice mark 6 and 9: the rule for every artifact
    that draws numbers on cells. A number is underlined when, turned upside down, it reads as a
    different number (6 and 9, 16 and 91, 18 and 81, 66 and 99); 8, 11, 69 or 7 are not."""
    turned = turned_text(text)
    return turned is not None and turned != text


def underline_bar(height: float, ink_width: float) -> tuple[float, tuple[float, float, float, float]]:
    """Where an underlined number's parts go, for digits `height` tall and `ink_width` wide
    centred on (0, 0), y up: how far to lift the digits, and the bar (x0, y0, x1, y1) under
    them. The digits and the bar together are centred, so they stay inside a ring or square."""
    lift = (UNDERLINE_GAP + UNDERLINE_LINE) * height / 2
    bottom = -height / 2 - lift
    half = min(ink_width, UNDERLINE_WIDTH * height) / 2
    return lift, (-half, bottom, half, bottom + UNDERLINE_LINE * height)


def box_text(box: Sequence[int]) -> str:
    """'2 × 6 × 7'."""
    return TIMES.join(map(str, box))


def face_sums_text(sums: Sequence[int]) -> str:
    """'A 57, B 28, C 5, ...': each face's letter and the sum of its numbers."""
    return ", ".join(f"{face_label(f)} {s}" for f, s in enumerate(sums))


def product_text(sums: Sequence[int], answer: int) -> str:
    """'57 × 28 × ... = 16414860': the answer as the product of the face sums."""
    return f"{TIMES.join(map(str, sums))} = {answer}"
