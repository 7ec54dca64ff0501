"""JSON: a finished report (a dict of plain values) in, the text or bytes of a JSON file out.

The one place foldkit formats JSON, indented by two: an object one key a line, unless it is a
small record of plain values that fits on one line; an array of plain values (numbers,
strings, short arrays of them) on one line when it fits, else filled over as few lines as fit,
like words in a paragraph; an array of objects one object a line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

WIDTH = 100  # the longest line an array is packed into, counting its indent
INDENT = "  "


def json_text(data: dict) -> str:
    """The JSON text foldkit prints and writes: readable and compact."""
    return _value(data, 0)


def json_bytes(data: dict) -> bytes:
    """The JSON file of a report, ending in a newline."""
    return (json_text(data) + "\n").encode()


def _flat(value) -> str:
    """A value on one line, with a space after each comma and colon."""
    return json.dumps(value, separators=(", ", ": "))


def _plain(value) -> bool:
    """True for a value with no object inside: a scalar, or arrays of scalars and arrays."""
    if isinstance(value, dict):
        return False
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    return True


def _value(value, level: int) -> str:
    """A value starting at indent level (its first line not indented: the caller places it)."""
    pad, inner = INDENT * level, INDENT * (level + 1)
    if isinstance(value, dict):
        if all(_plain(item) for item in value.values()) and len(pad) + len(_flat(value)) + 8 <= WIDTH:
            return _flat(value)  # a small record, such as one cell of a face
        items = [f"{inner}{json.dumps(key)}: {_value(item, level + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if not isinstance(value, list):
        return _flat(value)
    if _plain(value) and len(pad) + len(_flat(value)) + 8 <= WIDTH:
        return _flat(value)
    if _plain(value) and all(len(inner) + len(_flat(item)) + 2 <= WIDTH for item in value):
        return "[\n" + _packed([_flat(item) for item in value], inner) + "\n" + pad + "]"
    return "[\n" + ",\n".join(inner + _value(item, level + 1) for item in value) + "\n" + pad + "]"


def _packed(items: list[str], inner: str) -> str:
    """Items joined by commas over as few lines as fit in WIDTH, each line indented."""
    lines, line = [], ""
    for item in items:
        trial = f"{line}, {item}" if line else item
        if line and len(inner) + len(trial) + 1 > WIDTH:
            lines.append(inner + line + ",")
            line = item
        else:
            line = trial
    lines.append(inner + line)
    return "\n".join(lines)


def json_streamed(data: dict, key: str, items: Iterable[str]) -> Iterator[str]:
    """The text json_text would make of data with data[key] a list, given that list's items already
    formatted (by item_text), piece by piece: a long list is never held whole in memory."""
    marker = "\0streamed\0"
    head, _, tail = json_text({**data, key: marker}).partition(json.dumps(marker))
    yield head
    started = False
    for item in items:
        yield (",\n" if started else "[\n") + INDENT * 2 + item
        started = True
    yield ("\n" + INDENT + "]" if started else "[]") + tail


def item_text(value, level: int = 2) -> str:
    """A value as json_text formats it at that depth (2: an item of a list that is the value of a top-level
    key), its first line not indented."""
    return _value(value, level)
