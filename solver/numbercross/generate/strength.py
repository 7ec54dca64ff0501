"""How much a clue condition tells about a row: the bits it gives, -log2 of the share of numbers
of the same lengths (digits 1-9) that have it, summed over the row's numbers.

The generator wants rows whose clues tell much (a row with a strong clue has few ways, so the
solver proves a grid unique quickly); these are estimates for ranking, exact where counting is
cheap (digit sums and products) and from the density of the sequence elsewhere.
"""

from __future__ import annotations

import math
from functools import lru_cache

from solver.numbercross.rules.clues import Condition

SELF_DIVISIBLE_SHARE = 0.1  # about the share of 3-6 digit numbers without a 0 divisible by each digit


def bits(condition: Condition, values: list[int]) -> float:
    """The bits the condition tells about numbers of these values' lengths."""
    return sum(-math.log2(share(condition, len(str(v)))) for v in values)


@lru_cache(maxsize=16384)
def share(condition: Condition, length: int) -> float:
    """About what share of the numbers of `length` digits 1-9 have the condition (0 < share <= 1)."""
    word, n, every = condition.word, condition.n, 9.0**length
    zero_free = 0.9**length  # numbers of a density spread evenly, without a 0 digit
    counted = {
        "sum": lambda: _with_sum(length, n) / every,
        "product": lambda: _with_product(length, n) / every,
        "multiple": lambda: 1 / (n or 1),
        "prime": lambda: 2.5 / (length * math.log(10)),  # odd and not a multiple of 5: 2.5 times the density
        "square": lambda: 10 ** (length / 2) * zero_free / every,
        "triangular": lambda: 1.4 * 10 ** (length / 2) * zero_free / every,
        "cube": lambda: 10 ** (length / 3) * zero_free / every,
        "fibonacci": lambda: 4.8 / every,
        "palindrome": lambda: 9.0 ** -(length // 2),
        "self-divisible": lambda: SELF_DIVISIBLE_SHARE,
    }.get(word, lambda: 1.0)()
    return min(1.0, max(counted, 1 / every))


@lru_cache(maxsize=4096)
def _with_sum(length: int, total: int | None) -> int:
    """How many strings of `length` digits 1-9 have this digit sum."""
    if total is None or total < length or total > 9 * length:
        return 0
    if length == 0:
        return 1
    return sum(_with_sum(length - 1, total - d) for d in range(1, 10))


@lru_cache(maxsize=16384)
def _with_product(length: int, product: int | None) -> int:
    """How many strings of `length` digits 1-9 have this digit product."""
    if product is None:
        return 0
    if length == 0:
        return int(product == 1)
    return sum(_with_product(length - 1, product // d) for d in range(1, 10) if product % d == 0)
