"""The names of the files a packing's pieces are printed from, in one place: the STL makers write
them, ``build --list`` lists them for a puzzle, and ``foldkit kinds`` shows their patterns."""

from __future__ import annotations

BEDS_FILE = "pieces.stl"  # every piece, laid out on one bed
BED_FILE = "pieces-N.stl"  # bed N of several, when one bed is not enough
SHAPE_FILE = "piece-NAME.stl"  # one piece of each shape
TRAY_FILE = "box.stl"  # the open tray that holds the packed box


def print_patterns(suffix: str = ".stl") -> tuple[str, ...]:
    """The names of the printed files for any puzzle, with their patterns (a .3mf: the beds only)."""
    beds = (f"{BEDS_FILE} or {BED_FILE}".replace(".stl", suffix),)
    return beds if suffix != ".stl" else (*beds, SHAPE_FILE, TRAY_FILE)
