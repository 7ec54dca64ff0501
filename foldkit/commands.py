"""The commands every kind has (``solve``, ``build``) and ``kinds``, each a few lines around a
library call, and ``Call``: what the command line hands a command once it has read the
arguments (the kind, its puzzle, the options of the command and of the kind)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from foldkit import options as opt
from foldkit.console import ProgressBar, print_notes, print_stream, raise_if_interrupted
from foldkit.errors import EXIT_BAD_INPUT, EXIT_PARTIAL, FoldkitError
from foldkit.exchange.json import json_text
from foldkit.kinds import Loaded, Source, all_kinds, kind_of, parse_source, read_source
from foldkit.kinds.base import Command, Invocation, Kind, Maker, NoOptions, force_option, lazy_module, option

# foldkit.build (and the file formats it writes) is named, not imported: `solve` never builds,
# and a quick solve should not wait for the writers' imports.
if TYPE_CHECKING:
    from foldkit import build as writing
else:
    writing = lazy_module("foldkit.build")


@dataclass
class Call:
    """A command about to run: its kind, the puzzle source (None for a command without a file),
    and the options it was given; the puzzle is parsed and solved once, when first asked."""

    kind: Kind
    source: Source | None
    options: Any
    solve_options: Any
    build_options: Any
    named: bool = False  # the kind was named (by a file, or by a word for a command without one)

    def loaded(self) -> Loaded:
        return self._loaded

    @cached_property
    def _loaded(self) -> Loaded:
        assert self.source is not None, "a command without a puzzle file asked for one"
        return parse_source(self.source, self.kind)

    def read(self, path: str, flag: str) -> Any:
        found = read_source(path)
        other = kind_of(found.text, found.source)
        if other is not self.kind:
            raise FoldkitError(f"{path}: {flag} takes a {self.kind.name} puzzle, and this is a {other.title} file",
                               EXIT_BAD_INPUT)
        return parse_source(found, self.kind).puzzle

    def report(self) -> Any:
        return self._report

    @cached_property
    def _report(self) -> Any:
        return self.kind.solve(self._loaded.puzzle, self.solve_options)

    def subject(self) -> Any:
        return self._subject

    @cached_property
    def _subject(self) -> Any:
        """The unique solution made into the makers' subject, or a FoldkitError with the outcome's
        exit code when there is none (or more than one) to make things of."""
        outcome = self.kind.outcome(self._report)
        if not outcome.solved:
            raise FoldkitError(f"{self._loaded.name}: {outcome.summary}", outcome.code)
        return self.kind.subject(self._report, self.build_options)

    def summary(self) -> str:
        return self.kind.outcome(self._report).summary

    def build(self, makers: Mapping[str, Maker], subject: Any, name: str, text: str) -> int:
        return build_and_report(self, makers, subject, name, text)


# ---------------------------------------------------------------------------------------------
# solve


@dataclass(frozen=True)
class SolveCommandOptions:
    json: bool = option(False, "--json", "print the documented JSON instead of text")
    grade: bool = option(False, "--grade", "also grade the difficulty for a person: the hardest deduction the "
                         "human-style solver needs, and the search left when deductions run out (kinds that hint)")


def run_solve(call: Invocation) -> int:
    report = call.report()
    grade = call.kind.grade(report) if call.options.grade and call.kind.grade is not None else None
    if call.options.json and call.kind.json_stream is not None and not call.options.grade:
        print_stream(call.kind.json_stream(report))
    elif call.options.json:
        found = call.kind.json(report)
        print(json_text(found | {"difficulty": grade.json() if grade else None} if call.options.grade else found))
    else:
        print(call.kind.text(report) + (f"\nDifficulty: {grade.text}" if grade else ""))
    return call.kind.outcome(report).code


# ---------------------------------------------------------------------------------------------
# build


@dataclass(frozen=True)
class BuildCommandOptions:
    output: str | None = option(None, "--output", "output folder (default outputs/<name>)", opt.file_name, "DIR",
                                aliases=("-o",))
    only: list[str] | None = option(None, "--only", "write only these files, comma-separated (--list "
                                    "shows them)", opt.names, "NAMES")
    skip: list[str] | None = option(None, "--skip", "write every file but these, comma-separated",
                                    opt.names, "NAMES")
    list: bool = option(False, "--list", "solve, list the files this puzzle's build writes, and stop")
    quiet: bool = option(False, "--quiet", "no progress bar")
    force: bool = force_option()


def run_build(call: Invocation) -> int:
    options: BuildCommandOptions = call.options
    subject = call.subject()
    if options.list:
        print("\n".join(writing.file_owners(call.kind.artifacts, subject, call.build_options)))
        return 0
    name = call.loaded().name
    print(f"{name}: {call.summary()}")
    return call.build(call.kind.artifacts, subject, name, call.source.text if call.source else "")


def build_and_report(call: Call, makers: Mapping[str, Maker], subject: Any, name: str, text: str) -> int:
    """Make the artifacts of a subject into the folder the command's options name (``--output``,
    default outputs/<name>; ``--only``, ``--skip``, ``--quiet``, ``--force``), print what was written, and
    return the exit code: 0, or EXIT_PARTIAL when some artifact could not be made."""
    options = call.options
    folder = Path(options.output) if options.output else Path("outputs") / name
    puzzle = writing.fingerprint(f"{call.kind.name}\n{text}")
    built = writing.build(makers, subject, folder, _with_progress(call.build_options, options.quiet),
                          only=options.only, checkpoint=raise_if_interrupted, skip=options.skip, puzzle=puzzle,
                          force=options.force)
    for written in built.written:
        print(f"wrote {written.path}")
    for dropped in built.dropped:
        print(f"took out {folder / dropped}: it was made from another puzzle")
    print_notes(built.notes)
    for failed, why in built.failed:
        print(f"foldkit: error: {failed} not made: {why}", file=sys.stderr)
    return EXIT_PARTIAL if built.failed else 0


def _with_progress(build_options: Any, quiet: bool) -> Any:
    """The kind's build options with a progress bar for the makers that take one."""
    if quiet or "progress" not in {f.name for f in fields(build_options)}:
        return build_options
    return replace(build_options, progress=ProgressBar("rendering"))


# ---------------------------------------------------------------------------------------------
# kinds


def run_kinds(call: Invocation) -> int:
    """The kind named (`foldkit kinds KIND`), or every kind foldkit knows: the header its files
    start with, its commands, and the files a build writes."""
    for kind in [call.kind] if call.named else all_kinds():
        print(f"{kind.title} ({kind.name}): files start with {kind.header}")
        print(f"  commands: {', '.join(kind.capabilities())}")
        print(f"  artifacts: {', '.join(artifact_names(kind.artifacts)) or 'none'}")
    return 0


def artifact_names(makers: Mapping[str, Maker]) -> list[str]:
    """The files a build writes, named as ``build --list`` names them for a puzzle (a maker of
    several files by its pattern: pieces-N.stl)."""
    return [name for artifact, make in makers.items() for name in getattr(make, "patterns", ()) or (artifact,)]


GENERIC_COMMANDS: dict[str, Command] = {
    "solve": Command("solve", "solve a puzzle of any kind and prove the solution unique", run_solve,
                     SolveCommandOptions),
    "build": Command("build", "solve, then write every artifact into outputs/<name>/", run_build,
                     BuildCommandOptions, build_options=True),
    "kinds": Command("kinds", "list the puzzle kinds, the files they read and what they make", run_kinds,
                     NoOptions, target="none"),
}
