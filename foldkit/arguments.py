"""Reading a command line: which command, which kind, which options, and the call that runs it.

It names no puzzle kind and no capability. Every command's options come from declarations: the
command's own options dataclass, and the solve and build options of the kind whose file it is
given (``foldkit.kinds.base``). A command line is read twice: first loosely, with every kind's
options, to find the puzzle file and so its kind; then strictly, with that kind's options alone,
so that ``foldkit build PUZZLE --help`` shows that kind's options and an option of another kind
is a one-line error that names the kinds it belongs to.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from foldkit import __version__
from foldkit.commands import GENERIC_COMMANDS, Call
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.kinds import (
    BUILT_IN_KINDS,
    DEFAULT_KIND,
    Source,
    all_kinds,
    kind_named,
    kind_of,
    parse_source,
    read_source,
)
from foldkit.kinds.base import Command, Kind, OptionSpec, offered_specs, option_specs
from solver.text import content_lines

VERSION = f"foldkit {__version__}"
DESCRIPTION = ("Solve grid and cube puzzles, prove them unique, and make things to hold: templates, animations, "
               "3D prints, sheets.")


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2, like every other error."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("foldkit").strip()
        self.exit(EXIT_BAD_INPUT, f"foldkit: error: {where + ': ' if where else ''}{message}\n")


# ---------------------------------------------------------------------------------------------
# Which commands there are, and which kinds bring them


Kinds = tuple[Kind, ...]


def command_names(kinds: Kinds) -> list[str]:
    """Every command: the generic ones, then each kind's, in the order the kinds are registered."""
    names = list(GENERIC_COMMANDS)
    for kind in kinds:
        names += [name for name in kind.commands if name not in names]
    return names


def declarations(name: str, kinds: Kinds) -> list[Command]:
    """Every declaration of a command: the generic one, or each kind's of that name."""
    if name in GENERIC_COMMANDS:
        return [GENERIC_COMMANDS[name]]
    return [kind.commands[name] for kind in kinds if name in kind.commands]


def command_of(kind: Kind, name: str) -> Command:
    """The command of that name as this kind runs it: a generic one, or the kind's own."""
    return GENERIC_COMMANDS.get(name) or kind.commands[name]


def kinds_with(name: str, kinds: Kinds) -> list[Kind]:
    return [kind for kind in kinds if name in GENERIC_COMMANDS or name in kind.commands]


def top_parser() -> Parser:
    """`foldkit COMMAND ...`: the commands with their one-line help, for --help and a bad command."""
    parser = Parser(prog="foldkit", description=DESCRIPTION,
                    epilog="'foldkit COMMAND --help' lists a command's options; given a puzzle file, the options "
                           "of its kind. 'foldkit kinds' lists the puzzle kinds.")
    parser.add_argument("--version", action="version", version=VERSION)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    for name in command_names(all_kinds()):
        commands.add_parser(name, help=declarations(name, all_kinds())[0].help, add_help=False)
    return parser


# ---------------------------------------------------------------------------------------------
# Reading a command's arguments


@dataclass(frozen=True)
class Groups:
    """The option dataclasses a command reads for one kind: its own, the kind's solve and build options."""

    name: str  # the command's
    command: type
    solve: type | None
    build: type | None

    def specs(self) -> list[OptionSpec]:
        """The options the command offers."""
        return [spec for spec in self.every_spec() if spec.offered_by(self.name)]

    def every_spec(self) -> list[OptionSpec]:
        """Every option of its dataclasses, those of other commands (``option``'s ``only``) too."""
        return [spec for group in (self.command, self.solve, self.build) if group is not None
                for spec in option_specs(group)]


def groups_for(command: Command, kind: Kind) -> Groups:
    takes_file = command.target != "none"
    return Groups(command.name, command.options, kind.solve_options if takes_file and command.solve_options else None,
                  kind.build_options if command.build_options else None)


def add_target(parser: argparse.ArgumentParser, command: Command, kinds: Kinds, loose: bool = False) -> None:
    """The file a command works on: a positional, or a kind's own flag for its files."""
    if command.target == "none":
        if any(spec.positional for spec in option_specs(command.options)):
            return  # its words are its own (the boxes of `nets`): the one kind that has it is meant
        parser.add_argument("kind", nargs="?",
                            help=f"the puzzle kind (default: {DEFAULT_KIND.name}); see 'foldkit kinds'")
        return
    optional = loose or command.target == "puzzle"  # loosely read, a missing file is noticed after --help
    parser.add_argument("puzzle", nargs="?" if optional else None, metavar=command.file_metavar,
                        help=command.file_help)
    for kind in kinds:
        if kind.file_option is not None and command.name in kind.capabilities():
            parser.add_argument(kind.file_option, metavar="FILE", dest="file_option",
                                help=f"a {kind.title.lower()} file instead of a puzzle ({kind.header})")


def add_option(parser: Any, spec: OptionSpec, loose: bool = False) -> None:
    """One declared option; loose: as raw text with no default, to see only what was given."""
    if spec.positional:
        shape = {"nargs": "*", "default": argparse.SUPPRESS} if loose else {
            "nargs": spec.nargs, "type": spec.parse, "metavar": spec.metavar, "help": spec.help}
        parser.add_argument(spec.flag, **shape)
        return
    extra: dict[str, Any] = {"help": spec.help}
    if loose:
        extra = {"default": argparse.SUPPRESS, "dest": spec.flag}
    if spec.switch:
        parser.add_argument(*spec.flags, action="store_false" if spec.default else "store_true",
                            **({} if loose else {"dest": spec.dest}), **extra)
        return
    if not loose:
        extra |= {"dest": spec.dest, "default": spec.default, "type": spec.parse, "choices": spec.choices,
                  "metavar": spec.metavar}
    parser.add_argument(*spec.flags, **extra)


def loose_parser(name: str, kinds: Kinds) -> Parser:
    """Every option these kinds declare for this command, read as raw text: enough to find the file."""
    parser = Parser(prog=f"foldkit {name}", add_help=False)
    parser.add_argument("-h", "--help", action="store_true")
    command = declarations(name, kinds)[0]
    add_target(parser, command, kinds, loose=True)
    seen: set[str] = set()
    for kind in kinds_with(name, kinds):
        for spec in groups_for(command_of(kind, name), kind).every_spec():
            if spec.flag not in seen:
                seen.add(spec.flag)
                add_option(parser, spec, loose=True)
    return parser


def strict_parser(name: str, command: Command, kind: Kind, chosen: bool, kinds: Kinds) -> Parser:
    """The command's options and the kind's, with their types, limits, defaults and help."""
    groups = groups_for(command, kind)
    parser = Parser(prog=f"foldkit {name}", description=command.help, epilog=_epilog(command, kind, chosen, groups))
    add_target(parser, command, (kind,) if chosen else kinds)  # a file given: no other kind's file option
    for spec in offered_specs(groups.command, name):
        add_option(parser, spec)
    for group, what in ((groups.solve, "solve"), (groups.build, "build")):
        specs = offered_specs(group, name) if group is not None else []
        if specs:
            section = parser.add_argument_group(f"{kind.title} ({what} options)")
            for spec in specs:
                add_option(section, spec)
    return parser


def _epilog(command: Command, kind: Kind, chosen: bool, groups: Groups) -> str:
    lines = []
    if command.build_options:
        lines.append(f"{kind.title} artifacts: {', '.join(kind.artifacts)}.")
    kinds_own = [group for group in (groups.solve, groups.build) if group and offered_specs(group, groups.name)]
    if command.target != "none" and not chosen and kinds_own:
        lines.append(f"The options shown are those of {kind.title}, the built-in puzzle's kind; give a puzzle "
                     "file to see the options of its kind.")
    return " ".join(lines)


def _owner_of_words(name: str, loose: argparse.Namespace, owners: list[Kind]) -> Kind:
    """The kind whose file the command's first word is (merge: by the part's schema), else the first."""
    spec = next(spec for spec in option_specs(command_of(owners[0], name).options) if spec.positional)
    first = (getattr(loose, spec.dest, None) or [None])[0]
    owning = [k for k in owners if first is not None and (owns := command_of(k, name).owns_file) and owns(first)]
    return (owning or owners)[0]


def chosen_kind(name: str, loose: argparse.Namespace, kinds: Kinds) -> tuple[Kind, Source | None, bool]:
    """The kind the command works on, the file's source, and whether a file or kind was named."""
    command = declarations(name, kinds)[0]
    owners = kinds_with(name, kinds)
    if command.target == "none" and command.owns_file is not None:
        return _owner_of_words(name, loose, owners), None, False
    if command.target == "none":
        word = getattr(loose, "kind", None)
        kind = kind_named(word) if word else (DEFAULT_KIND if DEFAULT_KIND in owners else owners[0])
        if kind is None:
            names = ", ".join(k.name for k in owners)
            raise FoldkitError(f"{name}: no puzzle kind called {word!r}: {names}", EXIT_BAD_INPUT)
        return kind, None, word is not None
    path, flagged = loose.puzzle, getattr(loose, "file_option", None)
    if path is not None and flagged is not None:
        raise FoldkitError("give a puzzle file or a file option, not both", EXIT_BAD_INPUT)
    if path is None and flagged is None and command.target == "file":
        if not loose.help:
            raise FoldkitError(f"{name}: the following arguments are required: {command.file_metavar}",
                               EXIT_BAD_INPUT)
        return owners[0], None, False
    named = path if path is not None else flagged  # '' (an unset shell variable) is a name, refused as such
    source = read_source(named)
    # A command only one kind has reads its file as that kind, so a malformed file is told what is wrong.
    kind = owners[0] if len(owners) == 1 and command.target == "file" else kind_of(source.text, source.source)
    if flagged is not None and kind.file_option is None:
        raise FoldkitError(f"{header_place(source)}: a file option takes a file of its own kind, and this is a "
                           f"{kind.title} puzzle: give it without the option", EXIT_BAD_INPUT)
    return kind, source, named is not None


def header_place(source: Source) -> str:
    """'file:line:column' of the first word of a file that is not a comment (its kind's header), else 'file'
    (for a compressed file, whose text was made from it, the lines are not the file's)."""
    if _compressed(source.source):
        return source.source
    for number, line in content_lines(source.text, comments=True):
        return f"{source.source}:{number}:{len(line) - len(line.lstrip()) + 1}"
    return source.source


def _compressed(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(2) == b"\x1f\x8b"  # gzip's magic number
    except OSError:
        return False


def refuse_foreign(given: Iterable[str], allowed: Sequence[OptionSpec], name: str, kind: Kind) -> None:
    """A FoldkitError for the first option given that this kind does not take, naming the kinds that do."""
    mine = {flag for spec in allowed for flag in spec.flags}
    for flag in given:
        if flag in mine:
            continue
        elsewhere = next((spec for spec in groups_for(command_of(kind, name), kind).every_spec()
                          if flag in spec.flags and spec.only), None)
        if elsewhere is not None and elsewhere.only is not None:
            raise FoldkitError(f"{name}: {flag} is an option of '{' and '.join(elsewhere.only)}', not of '{name}'",
                               EXIT_BAD_INPUT)
        owners = [k.title for k in kinds_with(name, all_kinds())
                  if flag in {f for s in groups_for(command_of(k, name), k).specs() for f in s.flags}]
        raise FoldkitError(f"{name}: {flag} is an option of {' and '.join(owners)}, not of {kind.title}",
                           EXIT_BAD_INPUT)


def options_of(group: type | None, values: argparse.Namespace) -> Any:
    """An options dataclass filled from the parsed values (an option the command does not offer
    keeps its default), checked (``check()``) where it can be."""
    if group is None:
        return None
    made = group(**{spec.dest: getattr(values, spec.dest, spec.default) for spec in option_specs(group)})
    check = getattr(made, "check", None)
    if check is not None:
        check()
    return made


def read_loosely(name: str, rest: list[str]) -> tuple[Kinds, argparse.Namespace]:
    """The command line read loosely, and the kinds it was read with: the built-in kinds when they
    understand all of it, else every kind, with those installed packages add. Looking for added
    kinds (importlib.metadata) costs as much time as loading numpy, so `foldkit solve` on a
    built-in kind's file does not pay for it."""
    if name in command_names(BUILT_IN_KINDS):
        loose, unread = loose_parser(name, BUILT_IN_KINDS).parse_known_args(rest)
        if not unread:
            return BUILT_IN_KINDS, loose
    kinds = all_kinds()
    return kinds, loose_parser(name, kinds).parse_args(rest)


def call_for(argv: list[str]) -> tuple[Command, Call]:
    """The command a command line names and everything it is to be given."""
    name, rest = argv[0], argv[1:]
    kinds, loose = read_loosely(name, rest)
    kind, source, chosen = chosen_kind(name, loose, kinds)
    if kind not in kinds:  # a file of an added kind, whose options the built-in kinds happen to share
        kinds = all_kinds()
    if name not in GENERIC_COMMANDS and name not in kind.commands and not loose.help:
        if source is not None:
            parse_source(source, kind)  # a malformed file is told what is wrong, before what it cannot do
        raise FoldkitError(f"{source.source if source else name}: {kind.title} has no '{name}'; its commands: "
                           f"{', '.join(kind.capabilities())}", EXIT_BAD_INPUT)
    command = command_of(kind, name)
    groups = groups_for(command, kind)
    parser = strict_parser(name, command, kind, chosen, kinds)
    if loose.help:
        parser.print_help()
        raise SystemExit(0)
    refuse_foreign([flag for flag in vars(loose) if flag.startswith("-")], groups.specs(), name, kind)
    values = parser.parse_args(rest)
    options = (options_of(groups.command, values), options_of(groups.solve, values),
               options_of(groups.build, values) or kind.build_options())
    return command, Call(kind, source, *options, named=chosen)


def run_command(argv: list[str]) -> int:
    known = not argv or argv[0] in command_names(BUILT_IN_KINDS) or argv[0] in command_names(all_kinds())
    if not argv or argv[0].startswith("-") or not known:
        top_parser().parse_args(argv)  # --help, --version, or the error naming the commands
        raise FoldkitError("a command is required", EXIT_BAD_INPUT)
    command, call = call_for(argv)
    return command.run(call)


