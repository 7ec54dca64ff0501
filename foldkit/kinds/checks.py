"""Checking a user's answer as a capability any kind can bring: the command ``check``, which
judges a number answer or a solution file by the kind's independent checker and names every
rule a wrong one breaks, and where, one a line."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, EXIT_WRONG, FoldkitError
from foldkit.files import read_text
from foldkit.kinds.base import Command, Invocation, option
from solver.broken import Broken
from solver.text import QUOTE_LIMIT, InputError, content_lines, counted

SHOWN = 40  # broken rules printed; a badly wrong answer breaks hundreds, and the first ones say enough


@dataclass(frozen=True)
class CheckOptions:
    answer: str = option("", "answer", "the answer to check: a number, or a solution file in the format of the "
                         "kind's solution files (examples/*.solution.txt)", str, "ANSWER_OR_FILE")


Read = Callable[[Any, str, str], Any]  # (puzzle, text, source) -> the solution a file shows; InputError if malformed
Judge = Callable[[Any, Any], Iterable[Broken]]  # (puzzle, solution) -> every rule it breaks
Number = Callable[[Invocation, int], Iterable[Broken]]  # (the call, a number) -> every rule a number answer breaks


MAX_ANSWER_DIGITS = 100  # a number answer; a longer one is no puzzle's


def is_number(text: str) -> bool:
    """A whole number as a person writes an answer: digits, maybe grouped with commas."""
    plain = text.replace(",", "").replace("_", "")
    return plain.isascii() and plain.isdigit() and not is_file(text)


def is_file(text: str) -> bool:
    """Whether the answer names a file that exists (a name too long for the system names none)."""
    try:
        return Path(text).exists()
    except (OSError, ValueError):  # ENAMETOOLONG; a NUL in the name
        return False


def verdict(name: str, what: str, broken: list[Broken]) -> tuple[int, list[str]]:
    """The exit code and the lines `check` prints: right, or every broken rule, one a line."""
    if not broken:
        return 0, [f"{name}: {what} is right" + ("" if what.startswith("the answer") else ": it keeps every rule")]
    lines = [f"{name}: {what} is wrong: it breaks {counted(len(broken), 'rule')}", *(b.line for b in broken[:SHOWN])]
    if len(broken) > SHOWN:
        lines.append(f"... and {len(broken) - SHOWN:,} more")
    return EXIT_WRONG, lines


def judged(call: Invocation, answer: str, read: Read, judge: Judge, number: Number | None) -> tuple[str, list[Broken]]:
    """What the answer is, in words, and every rule it breaks."""
    puzzle = call.loaded().puzzle
    if is_number(answer):
        if number is None:
            raise FoldkitError(f"{call.kind.title} has no number answer: give a solution file", EXIT_BAD_INPUT)
        digits = answer.replace(",", "").replace("_", "")
        if len(digits) > MAX_ANSWER_DIGITS:
            raise FoldkitError(f"the answer has {len(digits):,} digits, more than the {MAX_ANSWER_DIGITS} of any "
                               "puzzle's answer", EXIT_BAD_INPUT)
        value = int(digits)
        return f"the answer {value}", list(number(call, value))
    if not is_file(answer):
        raise FoldkitError(f"{shortened(answer)}: neither a whole number nor a file that exists", EXIT_BAD_INPUT)
    solution = read(puzzle, read_text(answer), answer)
    return answer, list(judge(puzzle, solution))


def shortened(answer: str) -> str:
    """The answer as a message names it: cut to QUOTE_LIMIT characters."""
    return answer if len(answer) <= QUOTE_LIMIT else answer[:QUOTE_LIMIT] + "..."


def check_command(read: Read, judge: Judge, number: Number | None = None) -> Command:
    """`foldkit check PUZZLE ANSWER_OR_FILE`: exit 0 when the answer is right, EXIT_WRONG when it
    breaks a rule (each named, with where), 2 when the file is malformed. ``read`` and ``judge``
    are the kind's (named lazily: nothing is loaded until the command runs); ``number`` judges a
    number answer (None: the kind has none)."""
    def run(call: Invocation) -> int:
        what, broken = judged(call, call.options.answer, read, judge, number)
        code, lines = verdict(call.loaded().name, what, broken)
        print("\n".join(lines))
        return code

    return Command("check", "check an answer (a number, or a solution file) against the rules; name every rule a "
                   "wrong one breaks, and where", run, CheckOptions, target="file", solve_options=False,
                   file_help="the puzzle file", file_metavar="puzzle")


def solved(call: Invocation) -> Any:
    """The kind's report of solving the puzzle with its default solve options (`check` takes none)."""
    return call.kind.solve(call.loaded().puzzle, call.kind.solve_options())


def compared(answers: Iterable[int], number: int, how: str) -> list[Broken]:
    """A number answer judged against the answers of the solutions found: nothing when it is one."""
    if number in set(answers):
        return []
    return [Broken("answer", "the answer", f"{number} is not the answer ({how})")]


def same_size(text: str, source: str, rows: int, cols: int, want_rows: int, want_cols: int) -> None:
    """An InputError at the first line that does not fit when a solution grid is not the puzzle's size."""
    lines = content_lines(text, comments=True)
    if rows != want_rows:
        at = lines[want_rows][0] if rows > want_rows else lines[-1][0] + 1
        raise InputError(f"the grid has {rows} rows, the puzzle {want_rows}", source, at, 1)
    if cols != want_cols:
        raise InputError(f"the grid has {cols} columns, the puzzle {want_cols}", source, lines[0][0], 1)
