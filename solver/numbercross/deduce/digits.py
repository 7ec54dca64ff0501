"""The deduction of a Number Cross about single digits of a row (see ``deduce``):

2. clue digits: a product of digits allows only its divisors; the last digit of an odd, even,
   prime, square or multiple-of-N number; a palindrome starts as it ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd

from solver.numbercross.deduce.deductions import (
    DIGITS,
    TILE,
    State,
    Step,
    digit_words,
    row_text,
    step,
    values_words,
    where,
)
from solver.numbercross.rules.clues import Clue
from solver.numbercross.rules.model import Cell, NumberCross

ODD, EVEN = frozenset({1, 3, 5, 7, 9}), frozenset({2, 4, 6, 8})
LAST_DIGITS = {"odd": ODD, "even": EVEN, "prime": frozenset({1, 3, 7, 9}), "square": frozenset({1, 4, 5, 6, 9})}


def allowed_digits(clue: Clue) -> frozenset[int]:
    """The digits any number keeping the clue can hold: a product of digits allows its divisors."""
    out = DIGITS
    for condition in clue.conditions:
        if condition.word == "product" and condition.n is not None:
            out &= frozenset(d for d in DIGITS if condition.n % d == 0)
    return out


def last_digits(clue: Clue) -> frozenset[int]:
    """The digits a number of two or more digits keeping the clue can end with."""
    out = DIGITS
    for condition in clue.conditions:
        if condition.word in LAST_DIGITS:
            out &= LAST_DIGITS[condition.word]
        elif condition.word in ("multiple", "power") and condition.n:
            step_ = gcd(condition.n, 10)  # a multiple of 2 (5, 10) ends in an even digit (a 5, a 0)
            out &= frozenset(d for d in DIGITS if d % step_ == 0)
    return out & allowed_digits(clue)


def first_digits(clue: Clue) -> frozenset[int]:
    """The digits such a number can start with: a palindrome's last digits."""
    palindrome = any(condition.word == "palindrome" for condition in clue.conditions)
    return (last_digits(clue) if palindrome else DIGITS) & allowed_digits(clue)


def ends(puzzle: NumberCross, state: State, cell: Cell) -> tuple[bool, bool]:
    """(whether a number starts at the cell, whether one ends there), if the cell holds a digit."""
    r, c = cell
    return (c == 0 or state.is_tile((r, c - 1)), c == puzzle.cols - 1 or state.is_tile((r, c + 1)))


def clue_digits(puzzle: NumberCross, state: State) -> Iterator[Step]:
    for r, clue in enumerate(puzzle.clues):
        keep = allowed_digits(clue)
        row = [(r, c) for c in range(puzzle.cols)]
        found = step("clue digits", state, f"{row_text(r)} ('{clue.text}') holds only the digits "
                     f"{digit_words(keep)}.", {cell: keep | {TILE} for cell in row})
        if found:
            yield found
        for cell in row:
            first, last = ends(puzzle, state, cell)
            for flag, digits, what in ((last, last_digits(clue), "ends"), (first, first_digits(clue), "starts")):
                if flag and (found := step("clue digits", state, f"{where(cell)} {what} a number of {row_text(r)} "
                                           f"('{clue.text}'): it {values_words(digits)}.", {cell: digits | {TILE}})):
                    yield found
