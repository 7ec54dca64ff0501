"""A toy puzzle kind from outside foldkit, as an installed package would bring one: a file
'toy N' asks for the sum 1 + ... + N. It has a solve option, a build option and one artifact."""

from dataclasses import dataclass

from foldkit import options as opt
from foldkit.kinds.base import Kind, Outcome, option
from solver.text import InputError, content_lines


@dataclass(frozen=True)
class ToySolveOptions:
    double: bool = option(False, "--double", "toy: double the sum")


@dataclass(frozen=True)
class ToyBuildOptions:
    greeting: str = option("hello", "--greeting", "toy: the first word of toy.txt", str, "WORD")
    repeat: int = option(1, "--repeat", "toy: lines in toy.txt, 1 to 3", opt.number(int, 1, 3, "a whole number"))


def parse(text, source, name):
    number, line = content_lines(text, comments=True)[0]
    word = line.split()[1] if len(line.split()) > 1 else ""
    if not word.isdigit():
        raise InputError("expected 'toy N'", source, number, 5)
    return int(word)


def solve(n, options):
    total = n * (n + 1) // 2
    return total * 2 if options.double else total


KIND = Kind(
    name="toy",
    title="Toy",
    header="'toy N'",
    recognise=lambda word: word == "toy",
    parse=parse,
    solve=solve,
    outcome=lambda total: Outcome(0, f"sum {total}"),
    text=lambda total: f"the sum is {total}",
    json=lambda total: {"schema": "toy/1", "sum": total},
    solve_options=ToySolveOptions,
    build_options=ToyBuildOptions,
    artifacts={"toy.txt": lambda total, options: (f"{options.greeting} {total}\n" * options.repeat).encode()},
)
