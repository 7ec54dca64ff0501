"""The documentation's table of the grades of the published puzzles (examples/*.txt) stays true: each
row is the grade `foldkit solve --grade` gives now, and every example of a kind with a grade
has its row. `python -m tests.test_published_grades` prints the table afresh."""

from __future__ import annotations

import re

import pytest

from foldkit.kinds import load
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
PAGE = ROOT / "docs" / "hints.md"  # its section "Grades of the published puzzles"
HEADING = "| puzzle | kind | `--difficulty` | grade, as the sheets print it | search left when deductions run out |"
NOT_GRADED = "| | not graded yet (no human-style solver) | |"


def examples() -> list[str]:
    """The example puzzles of the kinds that grade or will: every puzzle file but solutions and nets."""
    names = sorted(p.name[:-4] for p in EXAMPLES.glob("*.txt") if not p.name.endswith(".solution.txt"))
    return [name for name in names if load(EXAMPLES / f"{name}.txt").kind.name != "net"]


def row(name: str) -> str:
    """The table's row of one example, from grading it now."""
    loaded = load(EXAMPLES / f"{name}.txt")
    kind = loaded.kind
    grade = kind.grade(kind.solve(loaded.puzzle, kind.solve_options())) if kind.grade else None
    if grade is None:
        return f"| `{name}` | {kind.title} {NOT_GRADED}"
    left = "none: deductions alone solve it" if grade.solved else f"about {grade.amount} {grade.search}"
    return f"| `{name}` | {kind.title} | {grade.difficulty} | {grade.short} | {left} |"


def table_rows() -> dict[str, str]:
    """The rows of the documentation's table, by puzzle name."""
    text = PAGE.read_text()
    start = text.index(HEADING)
    rows = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows[re.match(r"\| `([^`]+)`", line).group(1)] = line
    return rows


def test_every_example_has_a_row_and_no_row_is_of_a_puzzle_we_do_not_have():
    assert sorted(table_rows()) == examples()


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name == "number-cross-5" else name
                                  for name in examples()])  # number-cross-5 grades in about 5 CPU-s
def test_the_row_is_the_grade_the_puzzle_gets_now(name):
    assert table_rows()[name] == row(name)


if __name__ == "__main__":
    print(HEADING)
    print("| --- | --- | --- | --- | --- |")
    for example in examples():
        print(row(example))
