"""The clue language: every word on numbers that keep it and numbers that do not, partial numbers, errors."""

from __future__ import annotations

from itertools import product

import pytest

from solver.numbercross.rules import arith
from solver.numbercross.rules.clues import KNOWN, parse_clue
from solver.text import InputError

# (clue, numbers that keep it, numbers that do not)
CASES = [
    ("square", [16, 144, 3481, 342225], [15, 145, 3480, 342226]),
    ("cube", [27, 125, 1331, 912673], [26, 126, 1332, 912674]),
    ("prime", [11, 97, 7919, 2147483647, 1000000000039], [91, 561, 7917, 3215031751, 1000000000037]),
    ("fibonacci", [13, 89, 46368, 514229], [14, 90, 46367, 514228]),
    ("palindrome", [11, 737, 5995, 12321], [12, 736, 5996, 12331]),
    ("odd", [11, 737, 99225], [12, 738, 5996]),
    ("even", [12, 738, 5996], [11, 737, 99225]),
    ("odd palindrome", [737, 969, 12321], [2442, 736, 12]),
    ("triangular", [10, 15, 21, 5050], [11, 16, 22, 5051]),
    ("product of digits is 20", [45, 54, 225, 1145], [44, 55, 226, 1144]),
    ("product of digits is 2025", [53593, 5995, 5599, 35359], [53594, 5996, 3355999]),
    ("sum of digits is 10", [19, 55, 1234, 11116], [18, 56, 1235, 11117]),
    ("multiple of 13", [26, 5343, 65], [27, 5344, 66]),
    ("divisible by 7", [14, 91, 343], [15, 92, 344]),
    ("divisible by each of its digits", [11, 12, 15, 36, 816, 3674412], [13, 14, 16, 37, 817, 3674413]),
    ("power of 2", [16, 32, 1024, 65536], [12, 48, 1000, 65535]),
    ("power of 3", [27, 81, 243, 59049], [28, 54, 244, 59048]),
    ("7 more than a square", [16, 32, 71, 107], [15, 33, 72, 108]),
    ("square and multiple of 3", [36, 144, 324], [16, 25, 33]),
    ("even, square", [16, 64, 144], [25, 81, 18]),
    ("any", [11, 12, 987654321], []),
]


@pytest.mark.parametrize("text, keep, fail", CASES)
def test_each_clue_word_on_numbers_that_keep_it_and_that_do_not(text, keep, fail):
    clue = parse_clue(text)
    assert [n for n in keep if not clue.holds(n)] == []
    assert [n for n in fail if clue.holds(n)] == []


@pytest.mark.parametrize("text", [case[0] for case in CASES] + ["multiple of 32", "product of digits is 25"])
def test_partial_numbers_are_never_pruned_when_a_completion_keeps_the_clue(text):
    clue, test = parse_clue(text), parse_clue(text).tester()
    for length in (2, 3, 4):
        for digits in product(range(1, 10), repeat=length):
            number = int("".join(map(str, digits)))
            if clue.holds(number):
                prefixes = [int("".join(map(str, digits[:k]))) for k in range(1, length + 1)]
                assert all(clue.can_start(p, k, length) for k, p in enumerate(prefixes, 1)), number
                assert all(test(p, k, length) for k, p in enumerate(prefixes, 1)), number
            else:
                assert not test(number, length, length)


def test_partial_numbers_are_pruned_for_strong_clues():
    assert not parse_clue("square").can_start(99, 2, 3)  # 31^2 = 961, 32^2 = 1024
    assert not parse_clue("fibonacci").can_start(12, 2, 5)  # no 5-digit Fibonacci number starts with 12
    assert not parse_clue("product of digits is 20").can_start(3, 1, 4)
    assert not parse_clue("sum of digits is 5").can_start(4, 1, 3)  # 4 + two digits >= 6
    assert not parse_clue("palindrome").can_start(123, 3, 4)
    assert not parse_clue("multiple of 10").can_start(12, 2, 3)  # no digit 0 in a grid


def test_prime_is_exact_against_trial_division():
    def by_trial(n):
        return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))

    numbers = list(range(0, 3000)) + list(range(10**9, 10**9 + 300)) + [3215031751, 25326001, 3825123056304703]
    assert [n for n in numbers if arith.is_prime(n) != by_trial(n)] == []


def test_prime_on_long_numbers_and_the_exact_range():
    assert arith.is_prime(2**61 - 1)  # a Mersenne prime
    assert not arith.is_prime(2**67 - 1)  # 193707721 x 761838257287
    assert not arith.is_prime(3825123056546413051)  # a strong pseudoprime to the bases 2..23
    assert not arith.is_prime(318665857834031151167461)  # a strong pseudoprime to the bases 2..37
    assert arith.is_prime(10**23 + 117)
    with pytest.raises(ValueError):
        arith.is_prime(2**89 - 1)  # 27 digits: beyond the proven range, refused rather than guessed


def test_clue_text_round_trips():
    for text in [case[0] for case in CASES]:
        clue = parse_clue(text)
        assert parse_clue(clue.text) == clue


def test_an_unknown_word_is_one_line_that_lists_the_known_words():
    with pytest.raises(InputError) as error:
        parse_clue("odd squarish", "p.txt", 7, 3)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("p.txt:7:7: unknown clue word 'squarish'")
    assert KNOWN in message


@pytest.mark.parametrize("text, column, piece", [
    ("multiple of x", 13, "a whole number"),
    ("product of digits 20", 19, "'is'"),
    ("power of 1", 1, "at least 2"),
    ("multiple of 0", 1, "at least 1"),
    ("multiple", 9, "'of'"),
    ("", 1, "empty clue"),
])
def test_bad_clues_say_where(text, column, piece):
    with pytest.raises(InputError) as error:
        parse_clue(text, "p.txt", 3, 1)
    assert error.value.line == 3 and error.value.column == column
    assert piece in error.value.message


def test_which_clues_can_reject_partial_numbers():
    assert parse_clue("square").prunes_prefixes and parse_clue("odd palindrome").prunes_prefixes
    assert not parse_clue("prime").prunes_prefixes and not parse_clue("odd").prunes_prefixes
    assert not parse_clue("any").prunes_prefixes
