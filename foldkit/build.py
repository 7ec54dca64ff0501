"""The main job: every artifact of one solved subject, made in memory, then written into the
build folder by ``foldkit.exchange.write_files``: each file whole, all renamed into place only
once all are written, so a failure or an interrupt never leaves a half-written file, and nothing
in the folder that the build was not asked to remake is lost.

The folder's record, ``.foldkit-build.json``, names the files foldkit wrote there, with the
digest of each and the puzzle it was made from. A later build of part of the artifacts keeps the
others; of those, it takes out only the ones the record says were made from another puzzle and
that still hold what foldkit wrote (and names them). A file foldkit did not write, or that was
changed since, is never replaced (the build refuses before any work, unless forced) nor deleted.
"""

from __future__ import annotations

import ctypes
import hashlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange import real_folder, recorded, refuse_to_overwrite, write_files
from foldkit.exchange.record import RECORD
from foldkit.kinds.base import Files, Made, Maker, made
from foldkit.page import Linking

__all__ = ["RECORD", "Built", "Written", "build", "chosen", "file_owners", "fingerprint", "stale"]


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


def planned(makers: Mapping[str, Maker], subject: Any, options: Any,
            selected: Mapping[str, tuple[Maker, set[str] | None]]) -> list[str]:
    """The files the chosen makers are to write (as far as they can say before they are run)."""
    names = []
    for name, artifact in file_owners(makers, subject, options).items():
        keep = selected[artifact][1] if artifact in selected else set()
        if keep is None or name in keep:
            names.append(name)
    return names


def fingerprint(text: str) -> str:
    """What identifies the puzzle an artifact was made from: a hash of its file's text."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build(makers: Mapping[str, Maker], subject: Any, folder: Path, options: Any, *,
          only: list[str] | None = None, checkpoint: Callable[[], None] | None = None,
          skip: list[str] | None = None, puzzle: str = "", force: bool = False) -> Built:
    """Make every artifact that can be made, in memory, then write them into the folder at once;
    return what was written, what could not be made and why, and the makers' notes.

    An artifact a maker refuses (a FoldkitError: a plate too large for the bed, a wall too thick)
    is named and left out; the others are made. When none can be made, the first refusal is
    raised and the folder is left as it was. ``checkpoint`` is called between makers and before
    writing: the command line raises there when Ctrl-C was pressed while a library swallowed it.
    ``puzzle`` identifies the puzzle (``fingerprint``) in the folder's record. A file of the
    folder in the way (``refuse_to_overwrite``) is refused before anything is made, unless
    ``force``."""
    selected = chosen(makers, subject, options, only, skip)
    refuse_to_overwrite(real_folder(folder), planned(makers, subject, options, selected), force)
    files: dict[str, bytes] = {}
    seconds: dict[str, float] = {}
    notes: dict[str, None] = {}  # ordered, each once
    failed: list[tuple[str, str]] = []
    refusals: list[FoldkitError] = []
    for name, (make, keep) in _linking_last(selected):
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
        raise refusals[0] if refusals else FoldkitError("the artifacts asked for make no file here", EXIT_BAD_INPUT)
    wrote = write_files(folder, files, force, stale(folder, list(files), puzzle), puzzle)
    written = [Written(path, len(files[path.name]), seconds[path.name]) for path in wrote.paths]
    return Built(written, failed, [path.name for path in wrote.removed], tuple(notes))


def _linking_last(runs: dict[str, tuple[Maker, set[str] | None]]) -> list[tuple[str, tuple[Maker, set[str] | None]]]:
    """The makers to run, those of pages that link the others (Linking) after the rest."""
    return sorted(runs.items(), key=lambda run: isinstance(run[1][0], Linking))


def _kept(folder: Path, made_now: Mapping[str, bytes], puzzle: str) -> list[str]:
    """The files of the folder that this build keeps from an earlier one (made from the same puzzle)."""
    return [name for name, entry in recorded(folder).items()
            if name not in made_now and entry.puzzle == puzzle and (folder / name).is_file()]


def _give_back_freed_memory() -> None:
    """Return the memory a maker used and freed to the system (glibc keeps it otherwise: the GIF's
    renderer leaves some 50 MB free in the heap), so that the next maker starts lower."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass


def stale(folder: Path, names: list[str], puzzle: str) -> list[str]:
    """The files of the folder's record made by a build of another puzzle, and not remade now."""
    return sorted(name for name, entry in recorded(folder).items()
                  if name not in names and entry.puzzle and entry.puzzle != puzzle)
