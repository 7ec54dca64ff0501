"""The record foldkit keeps in each folder it writes into, ``.foldkit-build.json``: for every file
it wrote there, the sha256 and size of what it wrote and the puzzle it was made from (a build's
fingerprint; '' for a file no build made). Entries in, bytes out, and back; nothing here touches
the disk (``foldkit.exchange.write_files`` reads and writes the record)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from foldkit.exchange.json import json_bytes

RECORD = ".foldkit-build.json"
SCHEMA = "foldkit.files/2"
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Entry:
    """What foldkit wrote into one file: its content's sha256 (hex) and size, and the puzzle it
    was made from ('' when no build made it). ``was``, only while files are being renamed into
    place: the (sha256, size) foldkit wrote there before, which the file may still hold if the
    process is killed (SIGKILL cannot be held) before its new content is in place."""

    sha256: str
    size: int
    puzzle: str = ""
    was: tuple[str, int] | None = None

    def holds(self, sha256: str, size: int) -> bool:
        """True if content of this digest and size is what foldkit wrote (now, or just before)."""
        return (sha256, size) == (self.sha256, self.size) or (sha256, size) == self.was


def record_bytes(entries: Mapping[str, Entry]) -> bytes:
    """The record's file: the schema, then each file's entry, by name."""
    files = {name: _fields(e) for name, e in sorted(entries.items())}
    return json_bytes({"schema": SCHEMA, "files": files})


def _fields(entry: Entry) -> dict:
    fields: dict = {"sha256": entry.sha256, "size": entry.size, "puzzle": entry.puzzle}
    if entry.was is not None:
        fields["was"] = {"sha256": entry.was[0], "size": entry.was[1]}
    return fields


def record_entries(data: bytes | None) -> dict[str, Entry]:
    """The entries of a record's bytes. A record that is not one this version wrote whole (another
    schema, a name that is not a plain file name of the folder, a field of the wrong type) is
    trusted with nothing: no entries at all, as if the folder had no record."""
    try:
        record = json.loads(data or b"{}")
        files = record.get("files", {}) if record.get("schema") == SCHEMA else {}
        return {name: _entry(name, fields) for name, fields in files.items()}
    except (ValueError, AttributeError, TypeError, RecursionError):  # RecursionError: nested past Python's limit
        return {}


def _entry(name: object, fields: object) -> Entry:
    """One entry, or a ValueError when anything in it is not as this version writes it."""
    if not (isinstance(name, str) and plain_name(name) and isinstance(fields, dict)):
        raise ValueError(name)
    puzzle, was = fields.get("puzzle", ""), fields.get("was")
    if not isinstance(puzzle, str):
        raise ValueError(name)
    return Entry(*_digest_and_size(fields, name), puzzle, None if was is None else _digest_and_size(was, name))


def _digest_and_size(fields: object, name: object) -> tuple[str, int]:
    """(sha256, size) of an entry's fields, or a ValueError when they are not as this version writes them."""
    sha256, size = (fields.get("sha256"), fields.get("size")) if isinstance(fields, dict) else (None, None)
    if not (isinstance(sha256, str) and _SHA256.fullmatch(sha256) and type(size) is int and size >= 0):
        raise ValueError(name)
    return sha256, size


def plain_name(name: str) -> bool:
    """True for the name of a file directly in a folder: no folder part, not '.' or '..', not the
    record itself (foldkit never writes a path outside the folder, nor deletes one)."""
    return (0 < len(name.encode("utf-8", "surrogateescape")) <= 255 and name not in (".", "..", RECORD)
            and not any(c in name for c in "/\\\0"))
