"""The clue language of Number Cross: what a row's numbers must be, and tests on whole and partial numbers.

A clue is one or more conditions that must all hold: ``odd palindrome``, ``square and multiple of 3``.
Words (case does not matter; ``and`` and commas between conditions are optional):

    square  cube  prime  fibonacci  palindrome  odd  even  triangular  any
    product of digits is N     sum of digits is N       multiple of N   (also: divisible by N)
    divisible by each of its digits    power of N        N more than a square

``square``, ``cube`` and ``N more than a square`` count 0 as a square/cube; ``power of N`` means
N**k with k >= 1; ``fibonacci`` is 0, 1, 1, 2, 3, 5, 8, ...; ``triangular`` is k(k+1)/2;
``any`` puts no condition on the row. Primality is exact (see ``arith``).

Besides ``holds(n)``, every clue answers ``can_start(prefix, k, length)``: could a number of
``length`` digits 1-9 whose first k digits are ``prefix`` satisfy it? The search uses it to prune
partial numbers; it may say yes when unsure, never no when a completion exists.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from solver.numbercross.rules import arith
from solver.numbercross.walk.compiled import memo
from solver.text import InputError, ascii_int, quoted

N = "N"  # a whole number in a phrase pattern

ADJECTIVES = ("square", "cube", "prime", "fibonacci", "palindrome", "odd", "even", "triangular")
PHRASES: dict[str, tuple[tuple[str, ...], ...]] = {  # condition word -> the word patterns that name it
    "product": (("product", "of", "digits", "is", N), ("product", "of", "its", "digits", "is", N)),
    "sum": (("sum", "of", "digits", "is", N), ("sum", "of", "its", "digits", "is", N)),
    "self-divisible": (("divisible", "by", "each", "of", "its", "digits"),),
    "multiple": (("multiple", "of", N), ("divisible", "by", N)),
    "power": (("power", "of", N),),
    "more-than-square": ((N, "more", "than", "a", "square"),),
}
SMALLEST_N = {"product": 1, "sum": 1, "multiple": 1, "power": 2, "more-than-square": 0}
KNOWN = ("square, cube, prime, fibonacci, palindrome, odd, even, triangular, any, product of digits is N, "
         "sum of digits is N, multiple of N, divisible by each of its digits, power of N, N more than a square")

REMEMBERED = 1 << 20  # answers a tester keeps before it forgets them all (about 100 MB at most)
TESTERS_KEPT = 256  # clues whose testers are shared, the least recently used forgotten (an 11x11 generation: 130)
_ONES = [0] + [int("1" * m) for m in range(1, 40)]  # _ONES[m] = 11...1 (m ones)


@dataclass(frozen=True)
class Condition:
    """One property a number must have: a word ('square', 'multiple', ...) and its number if it takes one."""

    word: str
    n: int | None = None

    @property
    def text(self) -> str:
        """The condition as a clue writes it."""
        if self.word in ADJECTIVES:
            return self.word
        pattern = PHRASES[self.word][0]
        return " ".join(str(self.n) if part == N else part for part in pattern)

    def holds(self, x: int) -> bool:
        """Whether the number x has this property."""
        return _HOLDS[self.word](x, self.n)

    def can_start(self, prefix: int, k: int, length: int) -> bool:
        """Whether some number of `length` digits 1-9 starting with the k digits of prefix has it."""
        if k == length:
            return self.holds(prefix)
        return _CAN_START[self.word](prefix, k, length, self.n)


@dataclass(frozen=True)
class Clue:
    """A row's clue: every condition must hold (none: any number will do)."""

    conditions: tuple[Condition, ...]

    @property
    def text(self) -> str:
        """The clue as a file writes it (parse_clue(clue.text) == clue)."""
        if not self.conditions:
            return "any"
        parts = [self.conditions[0].text]
        for before, condition in zip(self.conditions, self.conditions[1:], strict=False):
            joiner = " " if before.word in ADJECTIVES and condition.word in ADJECTIVES else " and "
            parts.append(joiner + condition.text)
        return "".join(parts)

    def holds(self, x: int) -> bool:
        return all(condition.holds(x) for condition in self.conditions)

    def can_start(self, prefix: int, k: int, length: int) -> bool:
        return all(condition.can_start(prefix, k, length) for condition in self.conditions)

    @property
    def prunes_prefixes(self) -> bool:
        """Whether some condition can reject a partial number (a prime or odd number cannot be told early)."""
        return any(_CAN_START[c.word] is not _maybe for c in self.conditions)

    def tester(self) -> Callable[[int, int, int], bool]:
        """A fast can_start for the search: one function, no loop over conditions it can skip, each
        answer remembered (see ``remembering``). The same clue shares one tester (a generator makes
        hundreds of searches of puzzles whose rows mostly keep their clues)."""
        return _shared_tester(self)

    def _tester(self) -> Callable[[int, int, int], bool]:
        wholes = [(_HOLDS[c.word], c.n) for c in self.conditions]
        partials = [(_CAN_START[c.word], c.n) for c in self.conditions if _CAN_START[c.word] is not _maybe]

        def test(prefix: int, k: int, length: int) -> bool:
            if k == length:
                return all(holds(prefix, n) for holds, n in wholes)
            return all(start(prefix, k, length, n) for start, n in partials)

        if not partials:
            return lambda prefix, k, length: k < length or all(holds(prefix, n) for holds, n in wholes)
        if len(wholes) == 1:
            (holds, n), (start, _) = wholes[0], partials[0]
            return lambda prefix, k, length: holds(prefix, n) if k == length else start(prefix, k, length, n)
        return test


@lru_cache(maxsize=TESTERS_KEPT)
def _shared_tester(clue: Clue) -> Callable[[int, int, int], bool]:
    return remembering(clue._tester())


def remembering(test: Callable[[int, int, int], bool]) -> Callable[[int, int, int], bool]:
    """test(prefix, k, length) with each answer remembered (a search asks about the same prefix
    many times; its digits are 1-9, so the prefix and the length tell k): compiled where the
    compiled row walk is built, which then reads the answers without calling into Python."""
    compiled = memo(test)
    if compiled is not None:
        return compiled
    known: dict[int, bool] = {}

    def remembered(prefix: int, k: int, length: int) -> bool:
        key = prefix << 5 | length  # length < 32
        answer = known.get(key)
        if answer is None:
            if len(known) > REMEMBERED:
                known.clear()
            answer = known[key] = test(prefix, k, length)
        return answer

    return remembered


# ---------------------------------------------------------------------------------------------
# Whole numbers


def _self_divisible(x: int, _: int | None) -> bool:
    last = x % 10
    if last == 0 or x % last:
        return False
    digits = set(str(x))
    return "0" not in digits and all(x % (ord(ch) - 48) == 0 for ch in digits)


_HOLDS = {
    "square": lambda x, _: arith.is_square(x),
    "cube": lambda x, _: arith.is_cube(x),
    "prime": lambda x, _: arith.is_prime(x),
    "fibonacci": lambda x, _: arith.is_fibonacci(x),
    "palindrome": lambda x, _: arith.is_palindrome(x),
    "odd": lambda x, _: x % 2 == 1,
    "even": lambda x, _: x % 2 == 0,
    "triangular": lambda x, _: arith.is_triangular(x),
    "product": lambda x, n: arith.digit_product(x) == n,
    "sum": lambda x, n: arith.digit_sum(x) == n,
    "self-divisible": _self_divisible,
    "multiple": lambda x, n: x % n == 0,
    "power": lambda x, n: arith.is_power_of(x, n),
    "more-than-square": lambda x, n: x >= n and arith.is_square(x - n),
}


# ---------------------------------------------------------------------------------------------
# Partial numbers


def _span(prefix: int, k: int, length: int) -> tuple[int, int]:
    """The smallest and largest numbers of `length` digits 1-9 that start with prefix (k digits)."""
    m = length - k
    head = prefix * 10**m
    return head + _ONES[m], head + 9 * _ONES[m]


def _in_span(next_member):
    """can_start for a sequence: its next member at or above the span's low end is inside the span."""
    def can_start(prefix: int, k: int, length: int, n: int | None) -> bool:
        lo, hi = _span(prefix, k, length)
        return next_member(lo, n) <= hi
    return can_start


def _palindrome_can_start(prefix: int, k: int, length: int, _: int | None) -> bool:
    digits = str(prefix)
    return all(digits[i] == digits[length - 1 - i] for i in range(length - k, k))


def _product_can_start(prefix: int, k: int, length: int, n: int | None) -> bool:
    assert n is not None, "'product of digits is N' has its N"
    done = arith.digit_product(prefix)
    if n % done:
        return False
    fewest = arith.fewest_digits_with_product(n // done)
    return fewest is not None and fewest <= length - k


def _sum_can_start(prefix: int, k: int, length: int, n: int | None) -> bool:
    assert n is not None, "'sum of digits is N' has its N"
    rest, m = n - arith.digit_sum(prefix), length - k
    return m <= rest <= 9 * m


def _self_divisible_can_start(prefix: int, k: int, length: int, _: int | None) -> bool:
    digits = set(str(prefix))
    return not ("5" in digits and digits & set("2468"))  # a multiple of 5 without a 0 ends in 5: odd


def _maybe(prefix: int, k: int, length: int, n: int | None) -> bool:
    return True


_CAN_START = {
    "square": _in_span(lambda lo, _: arith.next_square(lo)),
    "cube": _in_span(lambda lo, _: arith.next_cube(lo)),
    "prime": _maybe,
    "fibonacci": _in_span(lambda lo, _: arith.next_fibonacci(lo)),
    "palindrome": _palindrome_can_start,
    "odd": _maybe,
    "even": _maybe,
    "triangular": _in_span(lambda lo, _: arith.next_triangular(lo)),
    "product": _product_can_start,
    "sum": _sum_can_start,
    "self-divisible": _self_divisible_can_start,
    "multiple": lambda prefix, k, length, n: arith.residue_can_finish(n, prefix % n, length - k),
    "power": _in_span(lambda lo, n: arith.next_power(lo, n)),
    "more-than-square": _in_span(lambda lo, n: n + arith.next_square(lo - n)),
}


# ---------------------------------------------------------------------------------------------
# Reading a clue


def parse_clue(text: str, source: str = "<input>", line: int = 0, column: int = 1) -> Clue:
    """The Clue a line of text names; `column` is where the text starts on its line (for errors)."""
    words = [(column + m.start(), m.group()) for m in re.finditer(r"[^ \t,]+", text)]
    conditions: list[Condition] = []
    i = 0
    while i < len(words):
        col, word = words[i]
        lowered = word.lower()
        if lowered == "and":
            i += 1
        elif lowered == "any" and len(words) == 1:
            i += 1
        elif lowered == "any":
            raise InputError("'any' is a clue on its own (any number keeps it): it cannot be combined with other "
                             "words", source, line, words[i][0])
        elif lowered in ADJECTIVES:
            conditions.append(Condition(lowered))
            i += 1
        else:
            condition, used = _phrase(words, i, source, line)
            conditions.append(condition)
            i += used
    if not conditions and not any(w.lower() == "any" for _, w in words):
        raise InputError(f"empty clue; known clues: {KNOWN}", source, line, column)
    return Clue(tuple(conditions))


def _phrase(words: list[tuple[int, str]], i: int, source: str, line: int) -> tuple[Condition, int]:
    """The phrase condition that starts at words[i] and how many words it takes; InputError if none."""
    best: tuple[int, int, str] | None = None  # (words matched, column of the first mismatch, what was expected)
    for word, patterns in PHRASES.items():
        for pattern in patterns:
            matched, n = _match(pattern, words[i:])
            if matched == len(pattern):
                return _checked(word, n, words[i], source, line), matched
            if matched and (best is None or matched > best[0]):
                place = words[i + matched][0] if i + matched < len(words) else words[-1][0] + len(words[-1][1])
                best = (matched, place, "a whole number" if pattern[matched] == N else repr(pattern[matched]))
    col, word = words[i]
    if best is not None:
        found = repr(words[i + best[0]][1]) if i + best[0] < len(words) else "the end of the clue"
        raise InputError(f"expected {best[2]} in the clue, found {found}; known clues: {KNOWN}", source, line, best[1])
    raise InputError(f"unknown clue word {quoted(word)}; known clues: {KNOWN}", source, line, col)


def _match(pattern: tuple[str, ...], words: list[tuple[int, str]]) -> tuple[int, int | None]:
    """(how many words of the pattern match from the start, the number N if it matched)."""
    n = None
    for j, part in enumerate(pattern):
        if j >= len(words):
            return j, n
        word = words[j][1]
        if part == N:
            n = ascii_int(word)
            if n is None:
                return j, None
        elif word.lower() != part:
            return j, n
    return len(pattern), n


def _checked(word: str, n: int | None, first: tuple[int, str], source: str, line: int) -> Condition:
    if n is not None and n < SMALLEST_N[word]:
        raise InputError(f"the number in {word!r} clue must be at least {SMALLEST_N[word]}", source, line, first[0])
    return Condition(word, n)
