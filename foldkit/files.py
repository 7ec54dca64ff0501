"""The user's files: read whole, bounded and only when they are regular files; the built-in
puzzle; the safe folder name of a subject; and the digest of a file already where foldkit is
about to write. Nothing else in foldkit opens an input file."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from importlib import resources
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from solver.text import decode_text

MAX_INPUT_BYTES = 4 * 1024 * 1024  # far more than any puzzle; a FIFO or /dev/zero never gets read
BUILT_IN = "nov2025"  # the puzzle `foldkit solve` and `foldkit build` use when given no file


def read_text(path: str | Path) -> str:
    """The text of a user's file, or a FoldkitError naming the file and what is wrong."""
    return decode_text(read_bytes(path), str(path))


def read_bytes(path: str | Path, follow_links: bool = True) -> bytes:
    """The bytes of a regular file of at most MAX_INPUT_BYTES (a FIFO or a device is refused
    before anything is read from it, so it can neither block nor fill the memory)."""
    if str(path) == "":
        raise FoldkitError("the file name is empty (an unset shell variable?)", EXIT_BAD_INPUT)
    try:
        with open(path, "rb", opener=_open_without_blocking if follow_links else _open_not_following) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise FoldkitError(f"{path}: cannot read the file (not a regular file)", EXIT_BAD_INPUT)
            data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise FoldkitError(f"{path}: cannot read the file ({error.strerror})", EXIT_BAD_INPUT) from None
    if len(data) > MAX_INPUT_BYTES:
        limit = MAX_INPUT_BYTES // (1024 * 1024)
        raise FoldkitError(f"{path}: the file is larger than {limit} MB, far more than any puzzle", EXIT_BAD_INPUT)
    return data


def _open_without_blocking(path: str, flags: int) -> int:
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _open_not_following(path: str, flags: int) -> int:
    return _open_without_blocking(path, flags | getattr(os, "O_NOFOLLOW", 0))


def built_in_text() -> str:
    """The text of the built-in puzzle (the November 2025 Shut the Box)."""
    return resources.files("foldkit").joinpath("data", f"{BUILT_IN}.txt").read_text("utf-8")


def subject_name(path: str | Path) -> str:
    """A folder name for what a file describes: its stem made safe, never '', '.' or '..'."""
    base = Path(path).name
    stem = base[:-4] if base.lower().endswith(".txt") else base
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip(".-")
    return safe or "puzzle"


def read_if_there(path: str | Path) -> bytes | None:
    """The bytes of a small file foldkit wrote itself (a folder's record), or None if it is not
    there, is not a regular file (a symbolic link is not followed) or cannot be read: such a
    file is a convenience, never a reason to fail, and never a way to make foldkit read elsewhere."""
    try:
        return read_bytes(path, follow_links=False)
    except FoldkitError:
        return None


def digest(path: str | Path) -> str | None:
    """The sha256 of a regular file's content (hex), read in pieces; None for anything else (a
    symbolic link, a folder, a device, a file that cannot be read)."""
    try:
        with open(path, "rb", opener=_open_not_following) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None
