"""The colours of the assembly drawings: a palette of eight colours told apart at a glance, and the
light the faces of the cubes are shaded by."""

from __future__ import annotations

import numpy as np

RGB = tuple[float, float, float]  # each 0..1, sRGB

PALETTE: tuple[RGB, ...] = (
    (0.89, 0.33, 0.29),  # red
    (0.27, 0.55, 0.85),  # blue
    (0.98, 0.80, 0.24),  # yellow
    (0.35, 0.72, 0.38),  # green
    (0.60, 0.42, 0.78),  # purple
    (0.98, 0.56, 0.18),  # orange
    (0.30, 0.78, 0.80),  # teal
    (0.90, 0.50, 0.72),  # pink
)
INK: RGB = (0.13, 0.13, 0.15)  # edges and text
PAPER: RGB = (1.0, 1.0, 1.0)
BACKGROUND: RGB = (0.96, 0.96, 0.94)
FADED = 0.62  # how far pieces already placed are washed towards white next to the new one
AMBIENT = 0.58  # the share of light every face gets, however it is turned


def piece_colour(index: int) -> RGB:
    """The colour of a colour index: the palette, then darker rounds of it for indices past it."""
    base = np.array(PALETTE[index % len(PALETTE)])
    darker = 0.75 ** (index // len(PALETTE))
    r, g, b = base * darker
    return float(r), float(g), float(b)


def faded(rgb: RGB, amount: float = FADED) -> RGB:
    """A colour washed towards white."""
    r, g, b = (float(c + (1 - c) * amount) for c in rgb)
    return r, g, b


def shade(normals: np.ndarray, light: np.ndarray) -> np.ndarray:
    """How bright faces with outward normals (n, 3) are under a light from direction (3,), (n,)."""
    return AMBIENT + (1 - AMBIENT) * np.clip(normals @ light, 0.0, 1.0)

