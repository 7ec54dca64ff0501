"""The compiled Number Cross row walk (``_walk.c``) where it was built, and how the Python walks
hand it their work: ``rows``' search walk, ``shuffled``'s random row, ``search``'s sketches and
``clues``' remembering testers.

The compiled walk makes the same choices in the same order and counts the same steps as the
Python one it stands in for, so searches, their step bounds and generated puzzles are the same
with it or without it (tests/numbercross/test_compiled_walk.py holds the two to each other); it
is about ten times quicker. Without a C compiler at install time, the Python walk runs.
"""

from __future__ import annotations

import random
import sys
from types import ModuleType
from typing import Any


def _load() -> ModuleType | None:
    if sys.byteorder != "little":
        return None  # sketch.Filter.words are little-endian
    try:
        from solver.numbercross import _walk
    except ImportError:  # installed without a C compiler
        return None
    return _walk


ENGINE = _load()  # the extension module, or None: the Python walks run (tests set it to None too)


def usable(cols: int) -> bool:
    """Whether rows of this many columns are walked compiled (their numbers fit in 64 bits)."""
    return ENGINE is not None and cols <= ENGINE.MAX_COLS


def fill(setting: Any, placements: list, digits: tuple[int, ...], steps: list[int], most: int, out: dict,
         rng: random.Random | None = None, below: tuple | None = None) -> str | None:
    """rows.RowFill's walk of a rows.RowSetting over these placements, each way found added to out:
    None once every way is found, "enough" at `most` ways, "over budget" once steps ([steps left])
    are spent. With rng, shuffled._ShuffledFill's walk instead (below: the row below as (region
    indices, tile placements, highlighted flags), None if there is none; the setting has no filters:
    the walk makes shuffled._below's)."""
    assert ENGINE is not None, "asked only when usable()"
    arguments = (setting.cols, setting.region, setting.lit, setting.view.neighbours, setting.across_region,
                 setting.can_cross, setting.known_in, setting.known, setting.open,
                 tuple(None if f is None else f.words for f in setting.filter_of), setting.can_start,
                 tuple(setting.own_regions), placements, digits, steps, most, out)
    status = ENGINE.fill(*arguments) if rng is None else ENGINE.fill(*arguments, rng, below)
    return {ENGINE.ENOUGH: "enough", ENGINE.OVER_BUDGET: "over budget"}.get(status)


def sketches(view: Any, s: int, placements: list, can_take: tuple[bool, ...], digits: tuple[int, ...],
             budget: int, cap: int) -> list | None:
    """sketch.sketches of row s of a rows.PuzzleView over these placements; None past budget
    steps or cap sketches."""
    assert ENGINE is not None, "asked only when usable()"
    return ENGINE.sketches(view.puzzle.cols, placements, view.region[s], view.lit[s], can_take, view.neighbours,
                           view.testers[s], digits, budget, cap)


def memo(test: Any) -> Any:
    """test remembered in the compiled walk's table (which the walk reads without calling into
    Python), or None where the walk is not built."""
    return None if ENGINE is None else ENGINE.Memo(test)
