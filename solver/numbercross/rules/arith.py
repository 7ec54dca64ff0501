"""Exact integer tests behind the clue words: primes, squares, cubes, sequences, digit facts.

Primality is decided exactly: trial division by the primes below 50, then Miller-Rabin with a set
of bases proven to make no mistake below a bound (Pomerance, Selfridge and Wagstaff 1980; Jaeschke
1993; Sorenson and Webster 2015): the first 13 primes as bases are exact for every
n < 3,317,044,064,679,887,385,961,981 (about 3.3e24), smaller numbers need fewer bases. That covers
every number of up to 24 digits, and a Number Cross grid has at most 24 columns, so every number
a grid can hold is decided exactly. ``is_prime`` refuses larger numbers rather than guess.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from math import isqrt

SMALL_PRIME_LIMIT = 50
# (bound, bases): Miller-Rabin with these bases is exact for every n below the bound
MILLER_RABIN_TIERS = (
    (2_047, (2,)),
    (1_373_653, (2, 3)),
    (25_326_001, (2, 3, 5)),
    (3_215_031_751, (2, 3, 5, 7)),
    (2_152_302_898_747, (2, 3, 5, 7, 11)),
    (3_474_749_660_383, (2, 3, 5, 7, 11, 13)),
    (341_550_071_728_321, (2, 3, 5, 7, 11, 13, 17)),
    (3_825_123_056_546_413_051, (2, 3, 5, 7, 11, 13, 17, 19, 23)),
    (318_665_857_834_031_151_167_461, (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)),
    (3_317_044_064_679_887_385_961_981, (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)),
)


@lru_cache(maxsize=1)
def small_primes() -> tuple[int, ...]:
    """The primes below SMALL_PRIME_LIMIT (sieve of Eratosthenes)."""
    sieve = bytearray([1]) * SMALL_PRIME_LIMIT
    sieve[0:2] = b"\0\0"
    for p in range(2, isqrt(SMALL_PRIME_LIMIT) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytearray(len(range(p * p, SMALL_PRIME_LIMIT, p)))
    return tuple(i for i, flag in enumerate(sieve) if flag)


def _strong_probable_prime(n: int, base: int) -> bool:
    """Whether odd n > 2 passes the strong (Miller-Rabin) test to this base."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    x = pow(base, d, n)
    if x in (1, n - 1):
        return True
    for _ in range(s - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def is_prime(n: int) -> bool:
    """Whether n is prime, exactly; ValueError above the proven range of the test."""
    if n < 2:
        return False
    for p in small_primes():
        if n % p == 0:
            return n == p
    if n < SMALL_PRIME_LIMIT * SMALL_PRIME_LIMIT:
        return True
    for bound, bases in MILLER_RABIN_TIERS:
        if n < bound:
            return all(_strong_probable_prime(n, base) for base in bases)
    raise ValueError(f"primality of a {len(str(n))}-digit number is beyond the exact test (< 3.3e24)")


def integer_root(n: int, k: int) -> int:
    """The largest r >= 0 with r**k <= n (n >= 0)."""
    if n < 2:
        return n
    r = int(round(n ** (1.0 / k)))
    while r**k > n:
        r -= 1
    while (r + 1) ** k <= n:
        r += 1
    return r


def is_square(n: int) -> bool:
    return n >= 0 and isqrt(n) ** 2 == n


def is_cube(n: int) -> bool:
    return n >= 0 and integer_root(n, 3) ** 3 == n


def is_triangular(n: int) -> bool:
    """Whether n = k(k+1)/2 for some k >= 0."""
    return n >= 0 and is_square(8 * n + 1)


def is_fibonacci(n: int) -> bool:
    """Whether n is in 0, 1, 1, 2, 3, 5, 8, ... (5n^2 +- 4 is a square)."""
    return n >= 0 and (is_square(5 * n * n + 4) or is_square(5 * n * n - 4))


def is_power_of(n: int, base: int) -> bool:
    """Whether n = base**k for some k >= 1."""
    if base < 2 or n < base:
        return False
    while n % base == 0:
        n //= base
    return n == 1


def digit_product(n: int) -> int:
    out = 1
    for ch in str(n):
        out *= ord(ch) - 48
    return out


def digit_sum(n: int) -> int:
    return sum(map(int, str(n)))


def is_palindrome(n: int) -> bool:
    text = str(n)
    return text == text[::-1]


# ---------------------------------------------------------------------------------------------
# The next member of a sequence at or above a bound (for pruning partial numbers)


def next_square(lo: int) -> int:
    root = isqrt(max(lo, 0))
    return root * root if root * root >= lo else (root + 1) ** 2


def next_cube(lo: int) -> int:
    root = integer_root(max(lo, 0), 3)
    return root**3 if root**3 >= lo else (root + 1) ** 3


def next_triangular(lo: int) -> int:
    k = (isqrt(8 * max(lo, 0) + 1) - 1) // 2
    while k * (k + 1) // 2 < lo:
        k += 1
    return k * (k + 1) // 2


@lru_cache(maxsize=1)
def _fibonacci_numbers() -> tuple[int, ...]:
    """The Fibonacci numbers below 10**30."""
    out = [0, 1]
    while out[-1] < 10**30:
        out.append(out[-1] + out[-2])
    return tuple(out)


def next_fibonacci(lo: int) -> int:
    numbers = _fibonacci_numbers()
    i = bisect_left(numbers, lo)
    if i < len(numbers):
        return numbers[i]
    a, b = numbers[-2], numbers[-1]
    while b < lo:
        a, b = b, a + b
    return b


def next_power(lo: int, base: int) -> int:
    value = base
    while value < lo:
        value *= base
    return value


@lru_cache(maxsize=4096)
def fewest_digits_with_product(n: int) -> int | None:
    """The fewest digits 1-9 whose product is n (0 for n = 1), or None if no digits make it."""
    if n == 1:
        return 0
    best = None
    for d in range(9, 1, -1):
        if n % d == 0:
            rest = fewest_digits_with_product(n // d)
            if rest is not None and (best is None or rest + 1 < best):
                best = rest + 1
    return best


@lru_cache(maxsize=65536)
def residue_can_finish(modulus: int, residue: int, remaining: int) -> bool:
    """Whether some `remaining` digits 1-9 appended to a number = residue (mod m) make it 0 (mod m)."""
    if remaining == 0:
        return residue == 0
    if remaining > 2 * len(str(modulus)) + 2:
        return True
    return any(residue_can_finish(modulus, (residue * 10 + d) % modulus, remaining - 1) for d in range(1, 10))
