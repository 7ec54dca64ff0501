"""File formats, one module each, every one turning a finished object into bytes, found by the
file's suffix in one table (``EXPORTERS``); and the only code in foldkit that writes to the disk,
``write_files`` (with ``write_artifact`` for one file and ``export`` for an object to the file its
suffix names): each file whole or not at all, never over a file foldkit did not write."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import signal
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from foldkit.console import imported
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.exchange.record import RECORD, Entry, plain_name, record_bytes, record_entries
from foldkit.files import digest, read_if_there
from solver.text import counted

# Each file suffix, the "module:function" of foldkit.exchange that makes such a file's bytes, and
# what that function takes. A module is imported only when its format is asked for: most load a
# heavy library (reportlab, trimesh, pygltflib, PIL, imageio).
EXPORTERS: dict[str, str] = {
    ".pdf": "pdf:drawing_pdf",  # a foldkit.drawing Drawing or Document
    ".svg": "svg:drawing_svg",  # a foldkit.drawing Drawing or Document
    ".stl": "stl:stl_bytes",  # a trimesh.Trimesh
    ".glb": "glb:glb_bytes",  # a pygltflib.GLTF2 and its GlbBuffer
    ".gif": "gif:gif_bytes",  # frames ((h, w, 3) uint8, any iterable), frames per second, palette sample
    ".mp4": "mp4:mp4_bytes",  # frames ((h, w, 3) uint8, any iterable) and frames per second
    ".json": "json:json_bytes",  # a dict of plain values
    ".dxf": "dxf:drawing_dxf",  # a foldkit.drawing Drawing (one page)
    ".fold": "fold:fold_bytes",  # a FOLD document (a dict: foldkit.fold.crease)
    ".3mf": "threemf:threemf_bytes",  # foldkit.exchange.threemf Bodies (a mesh, a name, a colour each)
}
VIDEO_FORMATS = (".gif", ".mp4")  # the suffixes an animation can be written as


def exporter(suffix: str) -> Callable[..., bytes]:
    """The function that makes the bytes of a file with this suffix ('.pdf'; see EXPORTERS), its
    module loaded held from Ctrl-C (``foldkit.console.imported``: the libraries load whole)."""
    try:
        module, name = EXPORTERS[suffix.lower()].split(":")
    except KeyError:
        raise ValueError(f"no file format {suffix!r}: foldkit writes {', '.join(EXPORTERS)}") from None
    return getattr(imported(f"foldkit.exchange.{module}"), name)


def export(path: str | Path, *content, force: bool = False) -> Path:
    """Write content to path in the format the path's suffix names (see EXPORTERS), as write_artifact does."""
    return write_artifact(path, exporter(format_of(path, tuple(EXPORTERS)))(*content), force)


def format_of(path: str | Path, allowed: tuple[str, ...]) -> str:
    """The format a file name's suffix names ('.gif'), if it is one of allowed, else a FoldkitError."""
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        named = f"a {suffix} file" if suffix else "a file without a suffix"
        raise FoldkitError(f"{path}: cannot write {named} here: use {' or '.join(allowed)}", EXIT_BAD_INPUT)
    return suffix


def write_artifact(path: str | Path, data: bytes, force: bool = False) -> Path:
    """Write one file, as ``write_files`` does (whole or not at all; never over a file foldkit
    did not write, unless forced)."""
    path = Path(path)
    return write_files(path.parent, {path.name: data}, force=force).paths[0]


@dataclass(frozen=True)
class Wrote:
    """What ``write_files`` did: the files it wrote, and those it took out, as paths."""

    paths: list[Path]
    removed: list[Path]


def write_files(folder: str | Path, files: Mapping[str, bytes], force: bool = False, remove: Iterable[str] = (),
                puzzle: str = "") -> Wrote:
    """Write these files into folder, each whole, and take out those of remove that foldkit wrote
    and nobody changed since; every other file of the folder stays as it was. The only code in
    foldkit that writes or deletes a file.

    A file already there is replaced only when the folder's record (``record.RECORD``) shows that
    foldkit wrote it and its content is still what foldkit wrote; else nothing at all is written
    and a FoldkitError names it, unless ``force``. Every file is first written to a temporary
    file beside it; only when all are whole are they renamed into place, with Ctrl-C and SIGTERM
    held, then the record: a failure (a full disk) or an interrupt leaves the folder as it was,
    with no temporary file. ``puzzle`` is what the record says the files were made from."""
    folder = Path(folder)
    if not all(plain_name(name) for name in files):
        raise ValueError(f"not the name of a file in a folder: {[n for n in files if not plain_name(n)][0]!r}")
    _make_folder(folder, next(iter(files), RECORD))
    with _folder_locked(folder), _signals_held():
        entries = recorded(folder)
        refuse_to_overwrite(folder, files, force, entries)
        removed = [name for name in remove if name not in files and _unchanged(folder, name, entries)]
        kept = {name: entry for name, entry in entries.items()
                if name not in files and name not in removed and _unchanged(folder, name, entries)}
        made = {name: Entry(hashlib.sha256(data).hexdigest(), len(data), puzzle) for name, data in files.items()}
        # While files are renamed into place, the record accepts each one's old content too (and still
        # names the files taken out): a SIGKILL in between leaves no file of foldkit's looking like a user's.
        moving = {name: replace(made[name], was=_recorded_content(folder, name, entries)) for name in files}
        interim = record_bytes(kept | {name: entries[name] for name in removed} | moving)
        _write_all(folder, {**files, RECORD: record_bytes(kept | made)}, removed, interim)
    return Wrote([folder / name for name in files], [folder / name for name in removed])


def real_folder(folder: str | Path) -> Path:
    """folder, refused when it is a symbolic link: a link planted where a build writes (in
    outputs/) would send its files, and its deletions, elsewhere."""
    folder = Path(folder)
    if folder.is_symlink():
        raise FoldkitError(f"{folder}: is a symbolic link; foldkit writes only into real folders", EXIT_BAD_INPUT)
    return folder


def recorded(folder: Path) -> dict[str, Entry]:
    """The entries of the folder's record (none when it has no record, or one not to trust)."""
    return record_entries(read_if_there(folder / RECORD))


def refuse_to_overwrite(folder: str | Path, names: Iterable[str], force: bool = False,
                        entries: Mapping[str, Entry] | None = None) -> None:
    """A FoldkitError (exit 2) naming the first of these files of the folder that is in the way:
    a folder (always), or, unless forced, a file foldkit did not write or that changed since.
    Called before any work, so that a long build refuses at once, and again when writing."""
    folder, names = Path(folder), list(names)
    _refuse_an_unwritable_folder(folder, names[0] if names else RECORD)
    entries = recorded(folder) if entries is None else entries
    taken = [folder / name for name in names if os.path.lexists(folder / name)]
    for path in [*taken, folder / RECORD]:
        if path.is_dir() and not path.is_symlink():
            raise _cannot_write(path, IsADirectoryError(21, "it is a folder"))
    if force:
        return
    theirs = [path for path in taken if not _unchanged(folder, path.name, entries)]
    if theirs:
        others = f" and {counted(len(theirs) - 1, 'other file')}" if len(theirs) > 1 else ""
        raise FoldkitError(f"{theirs[0]}{others}: not written by foldkit (or changed since), so left as it is; "
                           "nothing was written (--force replaces it)", EXIT_BAD_INPUT)


def _unchanged(folder: Path, name: str, entries: Mapping[str, Entry]) -> bool:
    """True if the file is a regular file foldkit wrote (so says the record) and still holds
    exactly what foldkit wrote (its size, then its sha256), and nobody made it read-only since."""
    entry = entries.get(name)
    if entry is None or not plain_name(name):
        return False
    try:
        status = os.lstat(folder / name)
    except OSError:
        return False
    if not (stat.S_ISREG(status.st_mode) and status.st_mode & stat.S_IWUSR
            and status.st_size in (entry.size, entry.was and entry.was[1])):
        return False
    content = digest(folder / name)
    return content is not None and entry.holds(content, status.st_size)


def _recorded_content(folder: Path, name: str, entries: Mapping[str, Entry]) -> tuple[str, int] | None:
    """The (sha256, size) foldkit wrote into this file before, if it still holds that; else None."""
    entry = entries.get(name)
    return (entry.sha256, entry.size) if entry is not None and _unchanged(folder, name, entries) else None


def _refuse_an_unwritable_folder(folder: Path, first: str) -> None:
    """A FoldkitError naming the first file to go into folder, when the folder, or the nearest of
    its parents that exists, is not a folder, or one foldkit may not write into."""
    there = folder
    while not os.path.lexists(there) and there != there.parent:
        there = there.parent
    if os.path.lexists(there) and not there.is_dir():
        raise _cannot_write(folder / first, NotADirectoryError(20, f"{there} is a file, not a folder"))
    if there.is_dir() and not os.access(there, os.W_OK | os.X_OK):
        raise _cannot_write(folder / first, PermissionError(13, f"{there} is read-only"))


def _make_folder(folder: Path, first: str) -> None:
    """The folder, made if need be; a FoldkitError naming the first file to go in it, if it cannot."""
    _refuse_an_unwritable_folder(folder, first)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot_write(folder / first, error) from None


def _write_all(folder: Path, files: Mapping[str, bytes], removed: list[str], interim: bytes) -> None:
    """Every file to a temporary file in folder; then the interim record (the last file is the
    record) renamed into place, each file renamed into place, the removed ones taken out, and the
    record last; on any failure the temporary files go and the folder is as it was."""
    temporary: dict[str, str] = {}
    path = folder
    try:
        for name, data in files.items():
            path = folder / name
            temporary[name] = _temporary_file(folder, name, data)
        *first, last = files
        path = folder / last
        os.replace(_temporary_file(folder, last, interim), path)
        for name in first:
            path = folder / name
            os.replace(temporary.pop(name), path)
        for name in removed:
            path = folder / name
            path.unlink(missing_ok=True)
        path = folder / last
        os.replace(temporary.pop(last), path)
    except OSError as error:
        raise _cannot_write(path, error) from None
    finally:
        for temporary_path in temporary.values():
            Path(temporary_path).unlink(missing_ok=True)


def _temporary_file(folder: Path, name: str, data: bytes) -> str:
    """A hidden file in folder holding data, with the usual mode; its path."""
    handle, path = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(path, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
    except BaseException:
        Path(path).unlink(missing_ok=True)
        raise
    return path


@contextlib.contextmanager
def _folder_locked(folder: Path) -> Iterator[None]:
    """The folder to ourselves among foldkit's writers (an advisory lock on the folder itself),
    so that two commands writing into it at once each read the record the other left. Where
    the folder cannot be locked, the writing goes on without."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM while the files are written and renamed, then deliver them."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError):  # no signal masks here (or not the main thread)
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _cannot_write(path: Path, error: OSError) -> FoldkitError:
    return FoldkitError(f"{path}: cannot write the file ({error.strerror or error})", EXIT_BAD_INPUT)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
