"""File formats, one module each, every one turning a finished object into bytes, found by the
file's suffix in one table (``EXPORTERS``); and the only code in foldkit that writes to the disk:
``write_artifact`` (one file), ``export`` (an object to the file its suffix names) and
``write_folder`` (a build's folder), each whole or not at all."""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError

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
    """The function that makes the bytes of a file with this suffix ('.pdf'; see EXPORTERS)."""
    try:
        module, name = EXPORTERS[suffix.lower()].split(":")
    except KeyError:
        raise ValueError(f"no file format {suffix!r}: foldkit writes {', '.join(EXPORTERS)}") from None
    return getattr(importlib.import_module(f"foldkit.exchange.{module}"), name)


def export(path: str | Path, *content) -> Path:
    """Write content to path in the format the path's suffix names (see EXPORTERS), whole or not at all."""
    return write_artifact(path, exporter(format_of(path, tuple(EXPORTERS)))(*content))


def format_of(path: str | Path, allowed: tuple[str, ...]) -> str:
    """The format a file name's suffix names ('.gif'), if it is one of allowed, else a FoldkitError."""
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        named = f"a {suffix} file" if suffix else "a file without a suffix"
        raise FoldkitError(f"{path}: cannot write {named} here: use {' or '.join(allowed)}", EXIT_BAD_INPUT)
    return suffix


def write_artifact(path: str | Path, data: bytes) -> Path:
    """Write data to path whole or not at all (a temporary file renamed into place)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise IsADirectoryError(21, "it is a folder")
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise _cannot_write(path, error) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual mode
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise _cannot_write(path, error) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def write_folder(folder: str | Path, files: dict[str, bytes], remove: Iterable[str] = ()) -> list[Path]:
    """Write these files into folder, and take out the files named in remove; every other file
    already there stays as it was (a build never deletes what it was not asked to remake).

    A folder of plain files is replaced as a unit: the files are written into a fresh folder
    beside it, the other files are linked into it, and it is then swapped in. Interrupted at
    any moment, what is left is the old folder or the new one, never a mix; two builds at once
    end with one whole folder. A folder that holds anything else (a subfolder, a device) is
    never swapped: each file is written in place, whole or not at all."""
    folder = Path(folder)
    if folder.is_symlink():
        raise FoldkitError(f"{folder}: is a symbolic link; foldkit replaces only real folders", EXIT_BAD_INPUT)
    if folder.exists() and not folder.is_dir():
        raise FoldkitError(f"{folder}: cannot write the folder (a file of that name is in the way)", EXIT_BAD_INPUT)
    removed = set(remove) - set(files)
    if folder.exists() and not _plain_files(folder):
        return _write_in_place(folder, files, removed)
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    except OSError as error:
        raise _cannot_write(folder, error) from None
    try:
        os.chmod(fresh, 0o777 & ~_umask())
        for name, data in files.items():
            write_artifact(fresh / name, data)
        if folder.exists():
            _link_others(folder, fresh, set(files) | removed)
        with _signals_held():
            _swap_in(fresh, folder)
    except OSError as error:
        raise _cannot_write(folder, error) from None
    finally:
        shutil.rmtree(fresh, ignore_errors=True)  # the new folder if it never went in, else the old one
    return [folder / name for name in files]


def _plain_files(folder: Path) -> bool:
    """True if the folder holds only regular files (each of which a fresh folder can link to)."""
    return all(entry.is_file(follow_symlinks=False) for entry in os.scandir(folder))


def _link_others(old: Path, fresh: Path, taken: set[str]) -> None:
    """Hard-link into fresh every file of old that is not taken (remade or removed): the same
    file, not a copy, so nothing of the user's is lost or duplicated."""
    for entry in os.scandir(old):
        if entry.name not in taken:
            os.link(entry.path, fresh / entry.name, follow_symlinks=False)


def _write_in_place(folder: Path, files: dict[str, bytes], removed: set[str]) -> list[Path]:
    """Each file written whole into folder, the removed ones taken out; nothing else touched."""
    paths = [write_artifact(folder / name, data) for name, data in files.items()]
    for name in removed:
        try:
            (folder / name).unlink(missing_ok=True)
        except OSError as error:
            raise _cannot_write(folder / name, error) from None
    return paths


def _swap_in(fresh: Path, folder: Path) -> None:
    """Put fresh where folder is; afterwards fresh holds the old folder (or nothing)."""
    for _ in range(10):  # another build may put a folder there between our checks
        if not folder.exists():
            try:
                os.rename(fresh, folder)
                return
            except OSError:
                continue
        if _exchange(fresh, folder):
            return
        old = fresh.with_name(fresh.name.replace(".new-", ".old-"))
        os.rename(folder, old)  # without an atomic exchange: two renames, signals held
        os.rename(fresh, folder)
        os.rename(old, fresh)
        return
    raise OSError(16, "the folder kept changing while it was being replaced")


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_cwd, exchange = -100, 2
    return renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), exchange) == 0


@contextlib.contextmanager
def _signals_held():
    """Hold Ctrl-C and SIGTERM for the few system calls of a swap, then deliver them."""
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
