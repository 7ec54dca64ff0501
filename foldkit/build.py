"""The main job: every artifact of one solved subject, made in memory, then written as one
folder (``write_folder``), so a failure or an interrupt never leaves a half-updated folder."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import write_folder
from foldkit.kinds.base import Maker, made


@dataclass(frozen=True)
class Written:
    path: Path
    size: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.path} ({self.size / 1024:.0f} KiB, {self.seconds:.1f} s)"


@dataclass(frozen=True)
class Built:
    """What a build wrote, and the advice its makers gave (each note once)."""

    written: list[Written]
    notes: tuple[str, ...]


def chosen(makers: Mapping[str, Maker], only: list[str] | None, skip: list[str] | None = None) -> dict[str, Maker]:
    """The makers named in only (every one when None) less those named in skip, or a
    FoldkitError naming an unknown one or saying that nothing is left."""
    unknown = [name for name in (only or []) + (skip or []) if name not in makers]
    if unknown:
        raise FoldkitError(f"no artifact called {unknown[0]!r}: this build makes {', '.join(makers)}",
                           EXIT_BAD_INPUT)
    out = {name: make for name, make in makers.items()
           if (only is None or name in only) and name not in (skip or [])}
    if not out:
        raise FoldkitError("--only and --skip leave nothing to build", EXIT_BAD_INPUT)
    return out


def build(makers: Mapping[str, Maker], subject: Any, folder: Path, options: Any,
          only: list[str] | None = None, checkpoint: Callable[[], None] | None = None,
          skip: list[str] | None = None) -> Built:
    """Make every artifact in memory first, then write the folder whole; return what was written
    and the makers' notes.

    Making all before writing any means a bad option (a wall too thick, say) that one maker
    refuses leaves the folder as it was, not half rebuilt. ``checkpoint`` is called between
    makers and before writing: the command line raises there when Ctrl-C was pressed while a
    library swallowed it."""
    files: dict[str, bytes] = {}
    seconds: dict[str, float] = {}
    notes: dict[str, None] = {}  # ordered, each once
    for name, make in chosen(makers, only, skip).items():
        start = time.perf_counter()
        result = made(make(subject, options), name)
        files.update(result.files)
        seconds.update(dict.fromkeys(result.files, time.perf_counter() - start))
        notes.update(dict.fromkeys(result.notes))
        if checkpoint is not None:
            checkpoint()
    paths = write_folder(folder, files)
    return Built([Written(path, len(files[path.name]), seconds[path.name]) for path in paths], tuple(notes))
