"""What a puzzle kind declares about itself, and all the command line knows of it.

A kind is a package in ``foldkit/kinds/`` (or an installed package named in the ``foldkit.kinds``
entry point group) whose ``KIND`` says: the files it reads (``recognise``, ``parse``), how it
solves them and reports (``solve``, ``outcome``, ``text``, ``json``), its options (dataclasses
whose fields are made with ``option``: flag, help, limits, default), the files a build makes of
it (``artifacts``), and the commands it brings beyond ``solve`` and ``build`` (``commands``:
the fold's ``animate``, a sheet's ``sheet``, a net's ``boxes``...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from foldkit import options as opt
from foldkit.errors import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.kinds.lazy import Deferred, LazyModule, lazy_module
from foldkit.progress import Progress

# ---------------------------------------------------------------------------------------------
# Options


def option(default: Any, flag: str, help: str, parse: Callable[[str], Any] | None = None,  # noqa: A002
           metavar: str | None = None, choices: tuple[str, ...] | None = None, aliases: tuple[str, ...] = (),
           nargs: str | None = None, only: tuple[str, ...] | None = None) -> Any:
    """A field of an options dataclass that is also a command-line option: its flag, help, the
    function that reads and checks its text (limits included), and its default. A bool field
    with no parse is a switch: the flag turns on a False default and turns off a True one. A
    flag without a leading '-' is a positional argument ('boxes', with nargs '+': one or more).
    ``only``: the commands that use it, when not every command that reads its dataclass does (a
    kind's solve options are read by every command that solves, but counting every packing is
    only `solve`'s); no other command offers it."""
    return field(default=default, metadata={"flag": flag, "aliases": aliases, "help": help, "parse": parse,
                                            "metavar": metavar, "choices": choices, "nargs": nargs, "only": only})


@dataclass(frozen=True)
class OptionSpec:
    """One command-line option, as read from an options dataclass field."""

    dest: str
    flag: str
    aliases: tuple[str, ...]
    help: str
    default: Any
    parse: Callable[[str], Any] | None
    metavar: str | None
    choices: tuple[str, ...] | None
    nargs: str | None = None
    only: tuple[str, ...] | None = None  # the commands that offer it; None: every command that reads its dataclass

    def offered_by(self, command: str) -> bool:
        return self.only is None or command in self.only

    @property
    def switch(self) -> bool:
        """A flag with no value (``--lid``, ``--no-numbers``)."""
        return self.parse is None and self.choices is None and isinstance(self.default, bool)

    @property
    def positional(self) -> bool:
        return not self.flag.startswith("-")

    @property
    def flags(self) -> tuple[str, ...]:
        return (self.flag, *self.aliases)


def option_specs(options: type) -> Iterator[OptionSpec]:
    """The command-line options of an options dataclass: its fields made with ``option``."""
    for f in dataclasses.fields(options):
        if "flag" in f.metadata:
            m = f.metadata
            yield OptionSpec(f.name, m["flag"], m["aliases"], m["help"], f.default, m["parse"], m["metavar"],
                             m["choices"], m["nargs"], m["only"])


def offered_specs(options: type, command: str) -> list[OptionSpec]:
    """The options of a dataclass that this command offers (see ``option``'s ``only``)."""
    return [spec for spec in option_specs(options) if spec.offered_by(command)]


def force_option() -> Any:
    """The --force of every command that writes files (``foldkit.exchange.write_files``)."""
    return option(False, "--force", "replace a file in the way that foldkit did not write, or that was changed "
                  "since (without it, such a file is left as it is and nothing is written)")


@dataclass(frozen=True)
class NoOptions:
    """A kind or command with no options of its own."""


@dataclass(frozen=True)
class PaperOptions:
    """Options of anything printed on paper."""

    paper: str = option("a4", "--paper", "paper of the printed pages (default a4)", choices=opt.PAPERS)


@dataclass(frozen=True)
class GifOptions:
    """Options of an animated GIF made by a build; ``progress`` is set by the command line."""

    gif_size: tuple[int, int] = option((640, 480), "--gif-size", "GIF frame size in pixels (default 640x480; "
                                       "smaller is faster)", opt.size, "WxH")
    gif_fps: int = option(20, "--gif-fps", f"GIF frames per second, 1 to {opt.MAX_FPS} (default 20)",
                          opt.number(int, 1, opt.MAX_FPS, "a whole number"))
    progress: Progress | None = None


@dataclass(frozen=True)
class BedOptions:
    """The printer whose bed a printed plate must fit."""

    bed_mm: tuple[float, float] = option(opt.DEFAULT_BED, "--bed", "the printer's bed: WIDTHxDEPTH in mm, or one "
                                         f"of {', '.join(opt.BED_PRESETS)} (default {opt.DEFAULT_BED[0]:g}x"
                                         f"{opt.DEFAULT_BED[1]:g}); every plate is laid out to fit it",
                                         opt.bed, "BED")


# ---------------------------------------------------------------------------------------------
# Outcomes and artifacts


@dataclass(frozen=True)
class Outcome:
    """What a solve came to: the exit code and a one-line summary for the terminal."""

    code: int  # 0 solved (unique), EXIT_NO_SOLUTION, EXIT_AMBIGUOUS or EXIT_UNFINISHED
    summary: str

    @property
    def solved(self) -> bool:
        return self.code == 0


def sole_solution(report: Any, verdict: Outcome, what: str) -> Any:
    """The one solution of a report (``report.solutions[0]``) when its outcome is solved, else a
    FoldkitError with the outcome's exit code: there is no ``what`` to make."""
    if not verdict.solved:
        raise FoldkitError(f"no {what}: {verdict.summary}", verdict.code)
    return report.solutions[0]


@dataclass(frozen=True)
class Made:
    """What one maker made: files by name, and notes for the person building (advice, not errors)."""

    files: Mapping[str, bytes]
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# The seam's types: what a declaration says of each function of its body. A kind's lazy names
# are its body's modules to mypy (a TYPE_CHECKING import beside each), so mypy checks every
# function the declaration names against these: the types it takes and gives, and the names of
# its parameters (a caller may name them).

PuzzleT = TypeVar("PuzzleT")
ReportT = TypeVar("ReportT")
SubjectT = TypeVar("SubjectT")
Out = TypeVar("Out", covariant=True)
In = TypeVar("In", contravariant=True)


class Parse(Protocol[Out]):
    """(the file's text, where it came from, the name of what it describes) -> the puzzle."""

    def __call__(self, text: str, source: str, name: str) -> Out: ...


class Solve(Protocol[In, Out]):
    """(the puzzle, the kind's solve options) -> the report."""

    def __call__(self, puzzle: In, options: Any) -> Out: ...


class OfReport(Protocol[In, Out]):
    """The report -> something said of it: its outcome, text, JSON, grade."""

    def __call__(self, report: In) -> Out: ...


class MakeSubject(Protocol[In, Out]):
    """(the report, the kind's build options) -> what the makers take."""

    def __call__(self, report: In, options: Any) -> Out: ...


class Maker(Protocol[In]):
    """(subject, the kind's build options) -> one file's bytes, or Made. The build alone calls a
    maker, with both in place: its parameters may be named as the maker likes."""

    def __call__(self, subject: In, options: Any, /) -> bytes | Made: ...


def made(result: bytes | Made, name: str) -> Made:
    """A maker's result as Made: plain bytes are the file of the artifact's own name."""
    return result if isinstance(result, Made) else Made({name: result})


@dataclass(frozen=True)
class Files(Generic[SubjectT]):
    """A maker of several files, whose names depend on the puzzle (pieces-1.stl, piece-L.stl,
    ...): ``make`` as any maker, and ``names`` (subject, build options) -> the names of the files
    make would write, found without making them. Any other maker writes one file, its own name."""

    make: Maker[SubjectT]
    names: Callable[[SubjectT, Any], list[str]]
    patterns: tuple[str, ...] = ()  # the names for any puzzle, as `foldkit kinds` shows them: 'piece-NAME.stl'

    def __call__(self, subject: SubjectT, options: Any) -> bytes | Made:
        return self.make(subject, options)


# ---------------------------------------------------------------------------------------------
# Kinds and their commands


class Invocation(Protocol):
    """What a command's ``run`` is given: the kind, the puzzle it names (if the command takes
    one), and the options parsed for it."""

    kind: Kind
    source: Any  # foldkit.kinds.Source: the puzzle file's text; None for a command that takes no file
    options: Any  # the command's own options dataclass
    solve_options: Any  # the kind's solve options
    build_options: Any  # the kind's build options

    named: bool  # the kind was named: by the file given, or by a word (`foldkit kinds packing`)

    def loaded(self) -> Any: ...  # foldkit.kinds.Loaded: the puzzle file parsed
    # The puzzle in another file an option names (such as --from FILE), read as this kind's; a
    # one-line error naming the option when the file is another kind's.
    def read(self, path: str, flag: str) -> Any: ...
    def report(self) -> Any: ...  # the kind's report of solving it
    def subject(self) -> Any: ...  # the unique solution made into what the makers take
    def summary(self) -> str: ...  # the outcome of the solve in one line
    # Make the artifacts of a subject as `build` does, into the folder the command's --output,
    # --only, --skip and --quiet name (or outputs/<name>), with the kind's build options; the
    # exit code. text identifies what they were made from in the folder's record.
    def build(self, makers: Mapping[str, Maker[Any]], subject: Any, name: str, text: str) -> int: ...


class Run(Protocol):
    """A command's body: its invocation -> the exit code."""

    def __call__(self, call: Invocation) -> int: ...


@dataclass(frozen=True)
class Command:
    """A command a kind brings (``foldkit NAME``), beyond the ``solve`` and ``build`` of every kind.

    ``target``: "puzzle" takes an optional puzzle file (default: the built-in puzzle), "file" a
    required one, "none" no file at all (the kind is then named by a first word, or the default).
    A command that takes a file also reads the kind's solve options (unless ``solve_options`` is
    False: a command whose own flags would clash with them); ``build_options`` says whether it
    reads the kind's build options too."""

    name: str
    help: str
    run: Run
    options: type = NoOptions
    target: str = "puzzle"
    build_options: bool = False
    solve_options: bool = True
    file_help: str = "puzzle file of any kind (default: the built-in November 2025 puzzle)"
    file_metavar: str = "puzzle"
    # For a command of several kinds whose first word is a file of theirs (merge's parts): whether a path is
    # this kind's; the command line gives the words to the kind that owns the first.
    owns_file: Callable[[str], bool] | None = None


def recognise_word(word: str) -> Callable[[str], bool]:
    """A recogniser for files whose header's first word is ``word`` ('packing 5 5 5')."""
    return lambda first: first == word


def same_report(report: Any, options: Any) -> Any:
    """The subject of a kind whose makers take its report as it is."""
    return report


@dataclass(frozen=True)
class Kind(Generic[PuzzleT, ReportT, SubjectT]):
    """One puzzle kind, as the command line sees it: its puzzle, its report and the subject its
    makers take are types mypy follows from ``parse`` through ``solve`` to every maker."""

    name: str  # the word that starts its files' header ("packing"), or a name for a kind that has none
    title: str  # "Number Cross"
    header: str  # what its files start with, for messages: "'packing X Y Z'"
    recognise: Callable[[str], bool]  # the first word of the first non-comment line -> is it mine
    parse: Parse[PuzzleT]  # (text, source, name) -> puzzle; raises InputError
    solve: Solve[PuzzleT, ReportT]  # (puzzle, solve options) -> report
    outcome: OfReport[ReportT, Outcome]  # report -> exit code and summary
    text: OfReport[ReportT, str]  # report -> the terminal text
    json: OfReport[ReportT, dict]  # report -> the documented JSON object
    solve_options: type = NoOptions  # its options of `solve` (and of every command that solves)
    build_options: type = NoOptions  # its options of `build`, handed to every maker
    artifacts: Mapping[str, Maker[SubjectT]] = field(default_factory=dict)  # file name -> maker(subject, options)
    subject: MakeSubject[ReportT, SubjectT] = same_report  # what the makers take, made once a build
    commands: Mapping[str, Command] = field(default_factory=dict)  # name -> its own commands
    recognise_text: Callable[[str], bool] | None = None  # for files with no header word (nets): the whole text
    file_option: str | None = None  # a flag naming a file of this kind in place of the puzzle file ("--net")
    grade: OfReport[ReportT, Any] | None = None  # solve report -> its difficulty for a person (solver.diary.Grade)
    # or None, for a kind with a human-style solver; `solve --grade` reports it, `generate --difficulty` aims at it
    from_bytes: Callable[[bytes, str], str | None] | None = None  # (file bytes, source) -> the puzzle as this
    # kind's text, for a file format of its own that is not text (BurrTools' gzip XML); None: not of it
    json_stream: OfReport[ReportT, Iterable[str]] | None = None  # report -> the text of its JSON, piece by piece,
    # for a kind whose JSON can be long (a census's representatives); None: json_text of json

    def capabilities(self) -> tuple[str, ...]:
        """What this kind can do, as its command names: solve, build and its own."""
        return ("solve", "build", *self.commands)


__all__ = ["EXIT_AMBIGUOUS", "EXIT_NO_SOLUTION", "EXIT_UNFINISHED", "BedOptions", "Command", "Deferred", "Files",
           "GifOptions", "Invocation", "Kind", "LazyModule", "Made", "MakeSubject", "Maker", "NoOptions",
           "OfReport", "OptionSpec", "Outcome", "PaperOptions", "Parse", "Progress", "Run", "Solve", "force_option",
           "lazy_module", "made", "option", "option_specs", "recognise_word", "same_report", "sole_solution"]
