"""The registry of puzzle kinds. A file's kind is named by the first word of its first line
that is not a comment: 'rows cols' (two numbers) is Shut the Box, the others name themselves
('packing', 'number-cross', 'block-party'). Adding a kind is one module here and one entry in
``KINDS``; nothing else in foldkit changes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foldkit.files import BUILT_IN, built_in_text, read_text, subject_name
from foldkit.kinds import blockparty, numbercross, packing, shutbox
from foldkit.kinds.base import Kind
from solver.text import InputError, content_lines, first_unprintable, quoted, tokens

KINDS: tuple[Kind, ...] = (shutbox.KIND, packing.KIND, numbercross.KIND, blockparty.KIND)


@dataclass(frozen=True)
class Loaded:
    """A parsed puzzle file with its kind."""

    kind: Kind
    puzzle: Any
    name: str


def kind_of(text: str, source: str) -> Kind:
    """The kind a puzzle text names in its first non-comment line, or an InputError listing them."""
    if looks_like_net(text):
        raise InputError(f"this is a net file (rows of '#' and '.'), not a puzzle: 'foldkit boxes {source}' lists "
                         f"the boxes it folds into, and --net {source} makes its template, animation and prints "
                         "(foldkit build/template/animate/show)", source, 1)
    lines = content_lines(text, comments=True)
    if not lines:
        raise InputError("empty file: expected a puzzle header such as 'rows cols' or 'packing 5 5 5'", source, 1)
    number, line = lines[0]
    word = tokens(line)[0][1]  # split at spaces and tabs only, as every parser does
    for kind in KINDS:
        if kind.recognise(word):
            return kind
    column = line.index(word) + 1
    raise InputError(f"unknown puzzle kind {quoted(word)}: the first line starts with {known_headers()}",
                     source, number, column)


def looks_like_net(text: str) -> bool:
    """True if every non-blank line is made of '#', '.' and spaces, with a '#' somewhere: a net
    file, whose rows a puzzle reader would take for comments."""
    rows = [line for line in text.splitlines() if line.strip()]
    return bool(rows) and all(set(line) <= set("#. \t") for line in rows) and any("#" in r for r in rows)


def known_headers() -> str:
    """'rows cols' (Shut the Box), 'packing' (Polycube packing), ...: what a file may start with."""
    return ", ".join(f"'rows cols' ({k.title})" if k.name == "shutbox" else f"'{k.name}' ({k.title})"
                     for k in KINDS)


def load(path: str | Path | None) -> Loaded:
    """The puzzle in a file, of whatever kind, or the built-in puzzle when path is None."""
    if path is None:
        text, source, name = built_in_text(), f"{BUILT_IN} (built in)", BUILT_IN
    else:
        text, source, name = read_text(path), str(path), subject_name(path)
    refuse_unprintable(text, source)
    kind = kind_of(text, source)
    return Loaded(kind, kind.parse(text, source, name), name)


def refuse_unprintable(text: str, source: str) -> None:
    """An InputError at the first character of a puzzle line (not a comment) that is neither
    printable ASCII nor a tab: a form feed, NEL or U+2028 is a bad character, not a line break."""
    for number, line in content_lines(text, comments=True):
        at = first_unprintable(line)
        if at is not None:
            raise InputError(f"unexpected character {line[at]!r} (U+{ord(line[at]):04X})", source, number, at + 1)
