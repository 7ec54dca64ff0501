"""JSON: a finished report (a dict of plain values) in, the bytes of a JSON file out."""

from __future__ import annotations

import json


def json_text(data: dict) -> str:
    """The JSON text foldkit prints and writes: one key or value per line."""
    return json.dumps(data, indent=1)


def json_bytes(data: dict) -> bytes:
    """The JSON file of a report, ending in a newline."""
    return (json_text(data) + "\n").encode()
