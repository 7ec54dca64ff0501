"""FOLD: a FOLD document (a dict of the FOLD 1.2 format, such as foldkit.fold.crease makes) as
the bytes of a .fold file, which is JSON; written by foldkit's JSON writer, so its long arrays
of coordinates stay readable."""

from __future__ import annotations

from foldkit.exchange.json import json_bytes


def fold_bytes(document: dict) -> bytes:
    """The .fold file of a FOLD document (it must name its FOLD version in file_spec)."""
    if "file_spec" not in document:
        raise ValueError("a FOLD document names its version in file_spec")
    return json_bytes(document)
