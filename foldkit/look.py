"""How things look, shared by every artifact so they agree: the colour of each box face, the
size of a number and of the ring or square around it, and the caption strings (the box, the
face sums, the answer), on screen, in a file and on paper alike."""

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

TIMES = " × "


def face_colour(face: int) -> RGB:
    """The RGB colour (0-1) of a box face."""
    return FACE_COLOURS[face]


def face_label(face: int) -> str:
    return FACE_LABELS[face]


def box_text(box: Sequence[int]) -> str:
    """'2 × 6 × 7'."""
    return TIMES.join(map(str, box))


def face_sums_text(sums: Sequence[int]) -> str:
    """'A 57, B 28, C 5, ...': each face's letter and the sum of its numbers."""
    return ", ".join(f"{face_label(f)} {s}" for f, s in enumerate(sums))


def product_text(sums: Sequence[int], answer: int) -> str:
    """'57 × 28 × ... = 16414860': the answer as the product of the face sums."""
    return f"{TIMES.join(map(str, sums))} = {answer}"
