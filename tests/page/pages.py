"""Pages made the way a build makes them: the kind's index.html maker on the solved example."""

from __future__ import annotations

from pathlib import Path

from foldkit.kinds import load
from tests.conftest import EXAMPLES


def solved(name: str):
    """(the kind, its build subject) of an example file's unique solution."""
    loaded = load(EXAMPLES / name)
    kind = loaded.kind
    report = kind.solve(loaded.puzzle, kind.solve_options())
    return kind, kind.subject(report, kind.build_options())


def index_html(name: str) -> bytes:
    """The index.html a build of an example makes."""
    kind, subject = solved(name)
    return kind.artifacts["index.html"](subject, kind.build_options())


def written(name: str, folder: Path) -> Path:
    """The page of an example written to a folder, as index.html in a folder of its own."""
    out = folder / Path(name).stem / "index.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(index_html(name))
    return out
