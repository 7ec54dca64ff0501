"""The main job: every artifact of one solved subject, made in memory, then written into the
build folder (``write_folder``) whole, so a failure or an interrupt never leaves a half-updated
folder, and nothing in the folder that the build was not asked to remake is lost.

The folder keeps a record, ``.foldkit-build.json``, of the artifacts foldkit wrote there and the
puzzle each was made from. A later build of part of the artifacts keeps the others; of those,
it takes out only the ones the record says were made from another puzzle (and names them).
Files foldkit did not write are never touched.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import write_folder
from foldkit.files import read_if_there
from foldkit.kinds.base import Files, Linking, Made, Maker, made

RECORD = ".foldkit-build.json"
RECORD_SCHEMA = "foldkit.build/1"


@dataclass(frozen=True)
class Written:
    path: Path
    size: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.path} ({self.size / 1024:.0f} KiB, {self.seconds:.1f} s)"


@dataclass(frozen=True)
class Built:
    """What a build wrote, the artifacts it could not make (name, why), the stale ones it took
    out, and the advice its makers gave (each note once)."""

    written: list[Written]
    failed: list[tuple[str, str]]
    dropped: list[str]
    notes: tuple[str, ...]


def chosen(makers: Mapping[str, Maker], subject: Any, options: Any, only: list[str] | None,
           skip: list[str] | None = None) -> dict[str, tuple[Maker, set[str] | None]]:
    """The makers to run, by artifact, each with the names of its files to keep (None: all): the
    files named in only (every one when None) less those named in skip. A FoldkitError names a
    file this build does not write, or says that nothing is left."""
    if only is None and not skip:
        return {artifact: (make, None) for artifact, make in makers.items()}
    owners = file_owners(makers, subject, options)
    unknown = [name for name in (only or []) + (skip or []) if name not in owners]
    if unknown:
        raise FoldkitError(f"no artifact called {unknown[0]!r}: this build writes {', '.join(owners)}",
                           EXIT_BAD_INPUT)
    keep: dict[str, set[str]] = {}
    for name, artifact in owners.items():
        if (only is None or name in only) and name not in (skip or []):
            keep.setdefault(artifact, set()).add(name)
    if not keep:
        raise FoldkitError("--only and --skip leave nothing to build", EXIT_BAD_INPUT)
    return {artifact: (makers[artifact], names) for artifact, names in keep.items()}


def file_owners(makers: Mapping[str, Maker], subject: Any, options: Any) -> dict[str, str]:
    """Every file the build of this subject writes, in order, with the artifact that makes it. A
    maker of several files (Files) that cannot say which (it would refuse) is named as itself."""
    owners: dict[str, str] = {}
    for artifact, make in makers.items():
        names = [artifact]
        if isinstance(make, Files):
            try:
                names = make.names(subject, options)
            except FoldkitError:
                pass  # asked for by its own name, it is made, and refuses with its reason
        owners.update((name, artifact) for name in names if name not in owners)
    return owners


def fingerprint(text: str) -> str:
    """What identifies the puzzle an artifact was made from: a hash of its file's text."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build(makers: Mapping[str, Maker], subject: Any, folder: Path, options: Any,
          only: list[str] | None = None, checkpoint: Callable[[], None] | None = None,
          skip: list[str] | None = None, puzzle: str = "") -> Built:
    """Make every artifact that can be made, in memory, then write them into the folder at once;
    return what was written, what could not be made and why, and the makers' notes.

    An artifact a maker refuses (a FoldkitError: a plate too large for the bed, a wall too thick)
    is named and left out; the others are made. When none can be made, the first refusal is
    raised and the folder is left as it was. ``checkpoint`` is called between makers and before
    writing: the command line raises there when Ctrl-C was pressed while a library swallowed it.
    ``puzzle`` identifies the puzzle (``fingerprint``) in the folder's record."""
    files: dict[str, bytes] = {}
    seconds: dict[str, float] = {}
    notes: dict[str, None] = {}  # ordered, each once
    failed: list[tuple[str, str]] = []
    refusals: list[FoldkitError] = []
    for name, (make, keep) in _linking_last(chosen(makers, subject, options, only, skip)):
        start = time.perf_counter()
        try:
            if isinstance(make, Linking):  # a page linking the files the folder will hold: these, and those kept
                result: Made = made(make(subject, options, {*files, *_kept(folder, files, puzzle)}), name)
            else:
                result = made(make(subject, options), name)
        except FoldkitError as error:
            failed.append((name, str(error)))
            refusals.append(error)
            continue
        kept = {file: data for file, data in result.files.items() if keep is None or file in keep}
        files.update(kept)
        seconds.update(dict.fromkeys(kept, time.perf_counter() - start))
        notes.update(dict.fromkeys(result.notes))
        del result
        _give_back_freed_memory()
        if checkpoint is not None:
            checkpoint()
    if not files:
        raise refusals[0]
    record, dropped = _record(folder, list(files), puzzle)
    paths = write_folder(folder, {**files, RECORD: record}, remove=dropped)
    written = [Written(path, len(files[path.name]), seconds[path.name]) for path in paths if path.name in files]
    return Built(written, failed, dropped, tuple(notes))


def _linking_last(runs: dict[str, tuple[Maker, set[str] | None]]) -> list[tuple[str, tuple[Maker, set[str] | None]]]:
    """The makers to run, those of pages that link the others (Linking) after the rest."""
    return sorted(runs.items(), key=lambda run: isinstance(run[1][0], Linking))


def _kept(folder: Path, made_now: Mapping[str, bytes], puzzle: str) -> list[str]:
    """The files of the folder that this build keeps from an earlier one (made from the same puzzle)."""
    return [name for name, made_from in _artifacts_recorded(folder).items()
            if name not in made_now and made_from == puzzle]


def _give_back_freed_memory() -> None:
    """Return the memory a maker used and freed to the system (glibc keeps it otherwise: the GIF's
    renderer leaves some 50 MB free in the heap), so that the next maker starts lower."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


def _record(folder: Path, names: list[str], puzzle: str) -> tuple[bytes, list[str]]:
    """The folder's new record, and the artifacts of the old one made from another puzzle."""
    old = _artifacts_recorded(folder)
    dropped = sorted(name for name, made_from in old.items() if name not in names and made_from != puzzle)
    kept = {name: made_from for name, made_from in old.items() if name not in names and name not in dropped}
    artifacts = kept | dict.fromkeys(names, puzzle)
    text = json.dumps({"schema": RECORD_SCHEMA, "artifacts": dict(sorted(artifacts.items()))}, indent=1)
    return (text + "\n").encode(), dropped


def _artifacts_recorded(folder: Path) -> dict[str, str]:
    """name -> the puzzle it was made from, as the folder's record says (empty when it has none)."""
    data = read_if_there(folder / RECORD)
    try:
        recorded = json.loads(data or b"{}").get("artifacts", {})
    except (ValueError, AttributeError):
        return {}
    if not isinstance(recorded, dict):
        return {}
    return {name: made_from for name, made_from in recorded.items()
            if isinstance(name, str) and isinstance(made_from, str) and "/" not in name and name not in (".", "..")
            and (folder / name).is_file()}
