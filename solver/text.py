"""Reading puzzle text, shared by every puzzle kind: errors that say where, lines and tokens.

Every parser reports bad input as an ``InputError`` naming the source, line and column
(1-based, as an editor shows them), so the command line can print one line and exit 2.
"""

from __future__ import annotations

import re

Line = tuple[int, str]  # (1-based line number, text without its line break)
Token = tuple[int, str]  # (1-based column, token)

# Only these end a line; a form feed, vertical tab, NEL or U+2028 inside a row is a character.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
QUOTE_LIMIT = 60  # characters of the input an error message quotes at most


class InputError(ValueError):
    """Bad input, with the place it was found: ``file:line:col: what``."""

    def __init__(self, message: str, source: str = "<input>", line: int = 0, column: int = 0):
        self.message, self.source, self.line, self.column = message, source, line, column
        place = source if line == 0 else f"{source}:{line}" if column == 0 else f"{source}:{line}:{column}"
        super().__init__(f"{place}: {message}")


def sentence(text: str) -> str:
    """The text with its first letter a capital, to open a sentence: 'Row 1, column 2 ...'."""
    return text[:1].upper() + text[1:]


def counted(count: int, word: str, many: str | None = None) -> str:
    """A count and its noun as a person reads them: '1 page', '2,263 nets', '3 boxes' (many: the
    plural, when it is not the word with an 's')."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def listed(items: list) -> str:
    """Items as a person lists them: '1, 4 and 7'."""
    shown = [str(item) for item in items]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def quoted(text: str) -> str:
    """A piece of input as an error message quotes it: repr, cut to QUOTE_LIMIT characters."""
    if len(text) > QUOTE_LIMIT:
        return repr(text[:QUOTE_LIMIT]) + "..."
    return repr(text)


def decode_text(data: bytes, source: str) -> str:
    """The text of a file's bytes, or an InputError if it is not UTF-8 text."""
    if b"\0" in data:
        raise InputError("not a text file (it contains NUL bytes)", source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError("not a text file (invalid UTF-8)", source, line) from None


def split_lines(text: str) -> list[str]:
    """The lines of a text, broken at \\n, \\r\\n and \\r only."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def content_lines(text: str, comments: bool = False) -> list[Line]:
    """(line number, line) for each line that is not blank, trailing white space removed.

    With ``comments``, lines whose first non-blank character is '#' are skipped too (the
    packing, Number Cross and Block Party formats; a net file uses '#' for cells)."""
    out = []
    for number, line in enumerate(split_lines(text), 1):
        stripped = line.strip(" \t")
        if stripped and not (comments and stripped.startswith("#")):
            out.append((number, line.rstrip(" \t")))
    return out


def tokens(line: str) -> list[Token]:
    """(1-based column, token) for each token of a line, separated by spaces or tabs."""
    return [(match.start() + 1, match.group()) for match in re.finditer(r"[^ \t]+", line)]


def filled_cells(text: str, source: str, rows: int, cols: int) -> list[tuple[tuple[int, int], str, int, int]]:
    """The filled cells of a partly solved grid (a person's progress, in a solution file's layout:
    rows of tokens, '.' for a cell not filled in yet), each as ((row, col), token, line, column);
    an InputError where the grid's shape differs from the puzzle's."""
    lines = content_lines(text, comments=True)
    if len(lines) != rows:
        at = lines[rows][0] if len(lines) > rows else (lines[-1][0] + 1 if lines else 1)
        raise InputError(f"the grid has {len(lines)} rows, the puzzle {rows}", source, at, 1)
    filled = []
    for r, (number, line) in enumerate(lines):
        found = tokens(line)
        if len(found) != cols:
            col = found[cols][0] if len(found) > cols else len(line) + 1
            raise InputError(f"row {r + 1} has {len(found)} entries, the puzzle {cols} columns", source, number, col)
        filled += [((r, c), token, number, col) for c, (col, token) in enumerate(found) if token != "."]
    return filled


def ascii_int(token: str) -> int | None:
    """The value of a token of ASCII digits (at most 9 of them), else None.

    ``str.isdigit`` also accepts '٥', '５' and '²'; puzzle files only mean 0-9."""
    if 0 < len(token) <= 9 and all("0" <= ch <= "9" for ch in token):
        return int(token)
    return None


def ascii_ints(found: list[Token]) -> list[int] | None:
    """The values of tokens that are all ASCII integers (see ascii_int), else None."""
    values = [ascii_int(token) for _, token in found]
    return [v for v in values if v is not None] if None not in values else None


def first_unprintable(line: str) -> int | None:
    """The index of the first character of a line that is neither printable ASCII nor a tab
    (a form feed, vertical tab, NEL, U+2028, a control character, any non-ASCII), else None."""
    for index, ch in enumerate(line):
        if not (" " <= ch <= "~" or ch == "\t"):
            return index
    return None


def first_word(text: str) -> str:
    """The first token of the first line that is neither blank nor a '#' comment ('' if none)."""
    for _, line in content_lines(text, comments=True):
        return tokens(line)[0][1]
    return ""
