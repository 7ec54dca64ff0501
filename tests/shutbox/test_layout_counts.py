"""The layout search against a second, independent method (tests/independent_layouts.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.shutbox.layouts import layouts
from solver.shutbox.puzzle import parse_puzzle
from tests.conftest import ROOT
from tests.shutbox.independent_layouts import eager_layouts

DATA = ROOT / "tests" / "data"


def both(path: Path) -> tuple[set, set]:
    puzzle = parse_puzzle(path.read_text(), str(path))
    return set(layouts(puzzle)), eager_layouts(puzzle)


@pytest.mark.slow  # about 14 CPU-s: the independent eager search on 400 cells
def test_nov2025_has_72_layouts_36_even_by_both_methods(examples):
    fast, eager = both(examples / "nov2025.txt")
    assert fast == eager
    assert len(fast) == 72 and sum(1 for x in fast if len(x) % 2 == 0) == 36


@pytest.mark.parametrize("name", ["ambiguous", "cube", "circles-fail", "no-layout", "no-folding"])
def test_small_puzzles_agree(name):
    fast, eager = both(DATA / f"{name}.txt")
    assert fast == eager


def test_sample_and_a_generated_puzzle_agree(examples):
    for path in (examples / "nov2025-sample.txt", ROOT / "bench/puzzles/random-10x10.txt"):
        fast, eager = both(path)
        assert fast == eager and fast


# Connected cell sets of the grid, less those enclosing a hole: the 3x3 grid has 218 connected
# sets, 5 of which ring the empty centre (its four neighbours joined through 3 or 4 corners).
@pytest.mark.parametrize("rows, cols, count", [(2, 2, 13), (2, 3, 40), (3, 3, 213)])
def test_clue_free_grids_agree(tmp_path, rows, cols, count):
    path = tmp_path / "empty.txt"
    path.write_text(f"{rows} {cols}\n" + "\n".join(" ".join("." * cols) for _ in range(rows)) + "\n")
    fast, eager = both(path)
    assert fast == eager and len(fast) == count
