"""Hints as a capability any kind with a human-style solver can bring: the command ``hint`` (the
next step a person can take and why; ``--progress`` from a partly solved grid; ``--all`` the
whole solving diary); a kind that has one declares its grade (``Kind.grade``), which `solve --grade`
reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from foldkit.errors import EXIT_WRONG
from foldkit.files import read_text
from foldkit.kinds.base import Command, Invocation, option
from solver.diary import Diary, Entry
from solver.text import counted


@dataclass(frozen=True)
class HintOptions:
    progress: str | None = option(None, "--progress", "a partly solved grid in the solution file's format ('.' for "
                                  "a cell not filled in yet): hint from there", str, "FILE")
    every: bool = option(False, "--all", "print the whole path of deductions, a solving diary, and the grade")


@dataclass(frozen=True)
class Hinter:
    """How a kind hints (its functions, named lazily). ``read_progress``: (puzzle, text, source) ->
    the progress a file shows (an InputError with file:line:col when malformed); ``wrong``:
    (puzzle, progress, the kind's solve report) -> where the progress contradicts the rules or the
    solution, one line each; ``hint``: (puzzle, progress or None) -> the next steps, up to the
    first that writes an answer in; ``diary``: (puzzle, progress or None) -> the whole path, its
    end and the grade; ``writes``: what a step writes in (a number, a piece, cells)."""

    read_progress: Callable[[Any, str, str], Any]
    wrong: Callable[[Any, Any, Any], list[str]]
    hint: Callable[[Any, Any], list[Entry]]
    diary: Callable[[Any, Any], Diary]
    writes: str = "number"


def numbered(entries: list[Entry] | tuple[Entry, ...]) -> list[str]:
    width = len(str(len(entries)))
    return [f"{k:>{width}}. [{e.rule}] {e.text}" for k, e in enumerate(entries, 1)]


def hint_lines(hinter: Hinter, puzzle: Any, progress: Any, name: str, every: bool) -> list[str]:
    """What `hint` prints: the next steps, or the whole diary with its end and the grade."""
    if every:
        found = hinter.diary(puzzle, progress)
        return [f"{name}: a solving diary, {counted(len(found.entries), 'step')}", *numbered(found.entries), found.end,
                f"Difficulty: {found.grade.text}"]
    entries = hinter.hint(puzzle, progress)
    if not entries:
        return [f"{name}: no hint: {hinter.diary(puzzle, progress).end}"]
    if len(entries) == 1:
        return [f"{name}: next [{entries[0].rule}]: {entries[0].text}"]
    last = f"the next {hinter.writes}" if entries[-1].writes else "what can still be deduced"
    return [f"{name}: {last}, in {counted(len(entries), 'step')}:", *numbered(entries)]


def hint_command(read_progress: Callable[[Any, str, str], Any], wrong: Callable[[Any, Any, Any], list[str]],
                 hint: Callable[[Any, Any], list[Entry]], diary: Callable[[Any, Any], Diary],
                 writes: str = "number") -> Command:
    """`foldkit hint PUZZLE [--progress FILE] [--all]`, from a kind's functions (see Hinter): exit
    0, or EXIT_WRONG when the progress already contradicts the rules or the solution (each place named)."""
    hinter = Hinter(read_progress, wrong, hint, diary, writes)

    def run(call: Invocation) -> int:
        options: HintOptions = call.options
        loaded = call.loaded()
        progress = None
        if options.progress is not None:
            progress = hinter.read_progress(loaded.puzzle, read_text(options.progress), options.progress)
            report = call.kind.solve(loaded.puzzle, call.kind.solve_options())
            wrong = hinter.wrong(loaded.puzzle, progress, report)
            if wrong:
                print("\n".join([f"{loaded.name}: the progress in {options.progress} is already wrong:", *wrong]))
                return EXIT_WRONG
        print("\n".join(hint_lines(hinter, loaded.puzzle, progress, loaded.name, options.every)))
        return 0

    return Command("hint", "the next step a person can take and why (--progress FILE: from a partly solved grid; "
                   "--all: the whole solving diary and the difficulty)", run, HintOptions, target="file",
                   solve_options=False, file_help="the puzzle file")
