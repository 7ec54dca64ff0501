"""The options of `foldkit generate`, read without importing any puzzle kind (so that building
the command line stays light): grid size, box, seed, difficulty, time bound. A bad one is one
line and exit 2."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from foldkit.options import number

MIN_SIDE, MAX_SIDE = 3, 100  # of a generated grid
MAX_BOX_SIDE = 50
DEFAULT_DIFFICULTY = 100  # solver.shutbox.compose.DEFAULT_DIFFICULTY, without importing the solver to show --help


def _sides(text: str, count: int, low: int, high: int, example: str) -> tuple[int, ...]:
    parts = text.lower().split("x")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and len(p) < 5 for p in parts):
        raise argparse.ArgumentTypeError(f"expected {example}, not {text[:60]!r}")
    sides = tuple(int(p) for p in parts)
    if not all(low <= s <= high for s in sides):
        raise argparse.ArgumentTypeError(f"each side must be between {low} and {high}, not {text[:60]}")
    return sides


def grid_size(text: str) -> tuple[int, int]:
    """'ROWSxCOLS', each 3 to 100."""
    return _sides(text, 2, MIN_SIDE, MAX_SIDE, "ROWSxCOLS, e.g. 20x20")


def box_size(text: str) -> tuple[int, int, int]:
    """'AxBxC', each side 1 to 50, given in any order (kept ascending)."""
    return tuple(sorted(_sides(text, 3, 1, MAX_BOX_SIDE, "AxBxC, e.g. 2x6x7")))


def add_generate_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `foldkit generate`."""
    whole = number(int, 0, 2**63 - 1, "a whole number")
    parser.add_argument("-o", "--output", metavar="FILE", help="puzzle file, .txt (default puzzle-SEED.txt); "
                                                               "the solution goes beside it as NAME.solution.txt")
    parser.add_argument("--size", type=grid_size, default=(20, 20), metavar="RxC", help="grid size (default 20x20)")
    parser.add_argument("--box", type=box_size, default=None, metavar="AxBxC",
                        help="the box (default: a random box whose net fits)")
    parser.add_argument("--seed", type=whole, default=None,
                        help="same seed, same puzzle, byte for byte (default: a random seed, noted in the file)")
    parser.add_argument("--difficulty", type=number(int, 1, 5000, "a whole number"), default=DEFAULT_DIFFICULTY,
                        metavar="K", help="at most K layouts keep the grid rules, so that the box and its folding "
                                          f"decide (default {DEFAULT_DIFFICULTY}; nov2025 leaves 72)")
    parser.add_argument("--timeout", type=number(float, 0.1, 86400.0, "a number of seconds"), default=120.0,
                        metavar="S", help="give up after S seconds with exit 1 (default 120)")


@dataclass(frozen=True)
class Request:
    """What `foldkit generate` was asked for."""

    output: str | None
    size: tuple[int, int]
    box: tuple[int, int, int] | None
    seed: int | None
    difficulty: int
    timeout: float
