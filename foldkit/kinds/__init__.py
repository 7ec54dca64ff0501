"""The registry of puzzle kinds: the only door through which foldkit learns what a kind is.

A file's kind is named by the first word of its first line that is not a comment: 'rows cols'
(two numbers) is Shut the Box, the others name themselves ('packing', 'number-cross',
'block-party'); a net file (rows of '#' and '.') is recognised by its whole text. The kinds
are the packages listed in ``BUILT_IN`` and every ``KIND`` an installed package names in the
``foldkit.kinds`` entry point group, so a kind can be added without editing foldkit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from foldkit.files import BUILT_IN, built_in_text, read_bytes, subject_name
from foldkit.kinds import blockparty, net, numbercross, packing, shutbox
from foldkit.kinds.base import Kind
from solver.text import InputError, content_lines, decode_text, first_unprintable, quoted, tokens

ENTRY_POINT_GROUP = "foldkit.kinds"
BUILT_IN_KINDS: tuple[Kind, ...] = (net.KIND, shutbox.KIND, packing.KIND, numbercross.KIND, blockparty.KIND)
DEFAULT_KIND = shutbox.KIND  # the kind of the built-in puzzle, and of `generate` when no kind is named


@cache
def all_kinds() -> tuple[Kind, ...]:
    """The built-in kinds, then those installed packages add (an entry point that does not load
    to a Kind is left out: one broken add-on must not stop foldkit)."""
    from importlib.metadata import entry_points  # here on purpose: its import costs as much as numpy's

    added: list[Kind] = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            kind = point.load()
        except Exception:  # noqa: BLE001 - any failure of someone else's package
            continue
        if isinstance(kind, Kind) and all(kind.name != k.name for k in (*BUILT_IN_KINDS, *added)):
            added.append(kind)
    return (*BUILT_IN_KINDS, *added)


def kind_named(name: str) -> Kind | None:
    """The kind of that name ('packing', 'block-party', 'shutbox'; 'blockparty' too: a dash is
    easy to leave out), or None."""
    return next((k for k in in_turn() if k.name.replace("-", "") == name.replace("-", "")), None)


def in_turn() -> Iterator[Kind]:
    """The built-in kinds, then those installed packages add, looked for only when asked for."""
    yield from BUILT_IN_KINDS
    yield from all_kinds()[len(BUILT_IN_KINDS):]


@dataclass(frozen=True)
class Source:
    """A puzzle file's text, where it came from (for messages) and the name of what it describes."""

    text: str
    source: str
    name: str


@dataclass(frozen=True)
class Loaded:
    """A parsed puzzle file with its kind."""

    kind: Kind
    puzzle: Any
    name: str


def read_source(path: str | Path | None) -> Source:
    """The text of a puzzle file (or of the built-in puzzle, when path is None), checked to hold
    only printable characters."""
    if path is None:
        found = Source(built_in_text(), f"{BUILT_IN} (built in)", BUILT_IN)
    else:
        found = Source(text_of(read_bytes(path), str(path)), str(path), subject_name(path))
    refuse_unprintable(found.text, found.source)
    return found


def text_of(data: bytes, source: str) -> str:
    """A puzzle file's text: what a kind makes of a format of its own that is not text, else the
    UTF-8 text. The built-in kinds are asked first; the added ones only for a file that is not
    UTF-8 text, so that reading a text file does not look for them."""
    text = translated(data, source, BUILT_IN_KINDS)
    if text is not None:
        return text
    try:
        return decode_text(data, source)
    except InputError:
        text = translated(data, source, all_kinds()[len(BUILT_IN_KINDS):])
        if text is None:
            raise
        return text


def translated(data: bytes, source: str, kinds: tuple[Kind, ...]) -> str | None:
    """The text the first of these kinds makes of a file in a format of its own, or None."""
    for kind in kinds:
        text = kind.from_bytes(data, source) if kind.from_bytes is not None else None
        if text is not None:
            return text
    return None


def kind_of(text: str, source: str) -> Kind:
    """The kind a puzzle text names in its first non-comment line, or an InputError listing them.
    The built-in kinds are asked first; the added ones only when no built-in kind knows the file."""
    lines = content_lines(text, comments=True)
    for kinds in (BUILT_IN_KINDS, None):
        found = recognised(text, lines, kinds if kinds is not None else all_kinds()[len(BUILT_IN_KINDS):])
        if found is not None:
            return found
    if not lines:
        raise InputError(f"empty file: expected a puzzle header such as {known_headers()}", source, 1)
    number, line = lines[0]
    word = tokens(line)[0][1]
    column = line.index(word) + 1
    raise InputError(f"unknown puzzle kind {quoted(word)}: the first line starts with {known_headers()}",
                     source, number, column)


def recognised(text: str, lines: list[tuple[int, str]], kinds: tuple[Kind, ...]) -> Kind | None:
    """The first of these kinds that knows the file: by its whole text (nets), else by its first word."""
    for kind in kinds:
        if kind.recognise_text is not None and kind.recognise_text(text):
            return kind
    if not lines:
        return None
    word = tokens(lines[0][1])[0][1]  # split at spaces and tabs only, as every parser does
    return next((kind for kind in kinds if kind.recognise(word)), None)


def known_headers() -> str:
    """"'rows cols' (Shut the Box), 'packing X Y Z' (Polycube packing), ...": what a file may start with."""
    return ", ".join(f"{k.header} ({k.title})" for k in all_kinds() if k.recognise_text is None)


def parse_source(found: Source, kind: Kind | None = None) -> Loaded:
    """The puzzle of a file's text, read by its kind (found from the text when not given)."""
    kind = kind or kind_of(found.text, found.source)
    return Loaded(kind, kind.parse(found.text, found.source, found.name), found.name)


def load(path: str | Path | None) -> Loaded:
    """The puzzle in a file, of whatever kind, or the built-in puzzle when path is None."""
    return parse_source(read_source(path))


def refuse_unprintable(text: str, source: str) -> None:
    """An InputError at the first character of a puzzle line (not a comment) that is neither
    printable ASCII nor a tab: a form feed, NEL or U+2028 is a bad character, not a line break."""
    for number, line in content_lines(text, comments=True):
        at = first_unprintable(line)
        if at is not None:
            raise InputError(f"unexpected character {line[at]!r} (U+{ord(line[at]):04X})", source, number, at + 1)
