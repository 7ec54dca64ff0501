"""`foldkit generate`: a new Shut the Box puzzle written as a file, its solution beside it.

This declares the command and its options; its body is ``generating``, loaded when it runs.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from foldkit.kinds.base import Command, force_option, lazy_module, option
from foldkit.kinds.generating import DIFFICULTY_HELP
from foldkit.options import file_name, number
from solver.diary import DIFFICULTIES
from solver.shutbox.limits import DEFAULT_DIFFICULTY

if TYPE_CHECKING:
    from foldkit.kinds.shutbox import generating
else:
    generating = lazy_module("foldkit.kinds.shutbox.generating")  # the command's body, loaded when it runs

MIN_SIDE, MAX_SIDE = 3, 100  # of a generated grid
MAX_BOX_SIDE = 50


def _sides(text: str, count: int, low: int, high: int, example: str) -> tuple[int, ...]:
    parts = text.lower().split("x")
    if len(parts) != count or not all(p.isascii() and p.isdigit() and len(p) < 5 for p in parts):
        raise argparse.ArgumentTypeError(f"expected {example}, not {text[:60]!r}")
    sides = tuple(int(p) for p in parts)
    if not all(low <= s <= high for s in sides):
        raise argparse.ArgumentTypeError(f"each side must be between {low} and {high}, not {text[:60]}")
    return sides


def grid_size(text: str) -> tuple[int, ...]:
    """'ROWSxCOLS', each 3 to 100."""
    return _sides(text, 2, MIN_SIDE, MAX_SIDE, "ROWSxCOLS, e.g. 20x20")


def difficulty_word(text: str) -> str:
    """easy, medium or hard; a number says where the layout bound went (it was --difficulty K)."""
    if text in DIFFICULTIES:
        return text
    moved = " (the bound on layouts is now --layouts K)" if text.isdigit() else ""
    raise argparse.ArgumentTypeError(f"expected easy, medium or hard, not {text[:60]!r}{moved}")


def box_size(text: str) -> tuple[int, ...]:
    """'AxBxC', each side 1 to 50, given in any order (kept ascending)."""
    return tuple(sorted(_sides(text, 3, 1, MAX_BOX_SIDE, "AxBxC, e.g. 2x6x7")))


@dataclass(frozen=True)
class GenerateOptions:
    """What `foldkit generate` was asked for."""

    output: str | None = option(None, "--output", "puzzle file, .txt (default puzzle-SEED.txt); the solution "
                                "goes beside it as NAME.solution.txt", file_name, "FILE", aliases=("-o",))
    size: tuple[int, int] = option((20, 20), "--size", "grid size (default 20x20)", grid_size, "RxC")
    box: tuple[int, int, int] | None = option(None, "--box", "the box (default: a random box whose net fits)",
                                              box_size, "AxBxC")
    seed: int | None = option(None, "--seed", "same seed, same puzzle, byte for byte (default: a random seed, "
                              "noted in the file)", number(int, 0, 2**63 - 1, "a whole number"))
    layouts: int = option(DEFAULT_DIFFICULTY, "--layouts", "at most K layouts keep the grid rules, so that the "
                          f"box and its folding decide (default {DEFAULT_DIFFICULTY}; nov2025 leaves 72)",
                          number(int, 1, 5000, "a whole number"), "K")
    difficulty: str | None = option(None, "--difficulty", DIFFICULTY_HELP, difficulty_word, "WORD")
    timeout: float = option(120.0, "--timeout", "give up after S seconds with exit 1 (default 120)",
                            number(float, 0.1, 86400.0, "a number of seconds"), "S")
    force: bool = force_option()


GENERATE_COMMAND = Command("generate", "a new puzzle with a proven unique solution (the kind first, default Shut "
                           "the Box: 'foldkit kinds' says which have it)",
                           generating.run_generate,
                           GenerateOptions, target="none")
