"""File formats. Each module turns a subject into the bytes of one format and never touches
the disk; ``write_artifact`` is the only code that writes a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError


def write_artifact(path: str | Path, data: bytes) -> Path:
    """Write data to path whole or not at all (a temporary file renamed into place)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise FoldkitError(f"{path}: cannot write the file ({error.strerror})", EXIT_BAD_INPUT) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
