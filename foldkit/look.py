"""How cells look, shared by the window, the animation, the GLB, the STL and the template:
one colour per box face, so that a face reads the same on screen, in a file and on paper."""

from __future__ import annotations

from solver.box import FACE_LABELS

# Soft, print-friendly tints, distinguishable for the common colour-vision deficiencies.
FACE_COLOURS: tuple[tuple[float, float, float], ...] = (
    (0.55, 0.71, 0.89),  # A: blue
    (0.98, 0.75, 0.45),  # B: orange
    (0.60, 0.84, 0.62),  # C: green
    (0.94, 0.60, 0.65),  # D: rose
    (0.78, 0.69, 0.90),  # E: lavender
    (0.96, 0.88, 0.50),  # F: yellow
)
INK = (0.10, 0.10, 0.12)
FOLD_EDGE = (0.80, 0.10, 0.10)
GRID_LINE = (0.35, 0.35, 0.40)


def face_colour(face: int) -> tuple[float, float, float]:
    """The RGB colour (0-1) of a box face."""
    return FACE_COLOURS[face]


def face_label(face: int) -> str:
    return FACE_LABELS[face]
