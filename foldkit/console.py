"""The program at the terminal: a progress bar for long work, and Ctrl-C (or SIGTERM).

A library that swallows KeyboardInterrupt (some catch BaseException while they import) cannot
hide Ctrl-C: the handler remembers it, and the next progress report or checkpoint raises it
again. Only the first signal interrupts: more of them, while the program cleans up after the
first, are remembered and nothing else, so they cannot break the clean-up.

Some C libraries cannot take an exception in the Python they call: VTK, loading its modules
and rendering, crashes (SIGSEGV) when a KeyboardInterrupt is raised inside. Their calls run
inside ``interrupts_held``: a signal there is remembered and raised when the section ends.
Loading a module that brings the heavy libraries is such a section (``imported``: a kind's lazy
names, ``foldkit.kinds.lazy``, and the file formats, ``foldkit.exchange.exporter``, load through
it, and the makers' modules import those libraries at their top): trimesh loads manifold3d
inside a ``try`` that drops the half-made module when Ctrl-C comes, and manifold3d then crashes
freeing it. An import ends in a second at most, and the interrupt is raised when it has.
Python's own import is left as it is.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import ModuleType

_interrupted = False
_holding = 0  # how many held sections the main thread is in (signal handlers run only there)
_held_back = False  # an interrupt came inside a held section: it is raised when the last one ends
_MAIN_THREAD = threading.main_thread()


def on_interrupt(signum: int, frame: object) -> None:
    """The SIGINT and SIGTERM handler: remember, then interrupt (the first time only, and not
    inside a held section: there it waits for the section's end)."""
    global _interrupted, _held_back
    if _interrupted:
        return
    _interrupted = True
    if _holding:
        _held_back = True
    else:
        raise KeyboardInterrupt


@contextmanager
def interrupts_held() -> Iterator[None]:
    """A section that a Ctrl-C or SIGTERM must not break into: one that comes is raised (as
    KeyboardInterrupt) when the section ends. Keep such sections short: one render, one import.
    Only the main thread's sections count: it alone runs signal handlers."""
    _hold()
    try:
        yield
    finally:
        _release()


def _hold() -> None:
    """Begin one held section (in another thread, nothing: it does not hold back the main
    thread's interrupt)."""
    global _holding
    if threading.current_thread() is _MAIN_THREAD:
        _holding += 1


def _release() -> None:
    """End one held section; when the last ends, raise the interrupt held back meanwhile (only
    that one: an interrupt raised before must not come again from every import in the clean-up
    after it)."""
    global _holding, _held_back
    if threading.current_thread() is not _MAIN_THREAD:
        return
    _holding -= 1
    if not _holding and _held_back:
        _held_back = False
        raise KeyboardInterrupt


def imported(name: str) -> ModuleType:
    """The module of that name, loaded (the first time) held from interrupts: the one door
    through which the makers' heavy libraries (trimesh, manifold3d, VTK) are loaded."""
    with interrupts_held():
        return importlib.import_module(name)


def interrupted() -> bool:
    return _interrupted


def forget_interrupts() -> None:
    global _interrupted, _held_back
    _interrupted = _held_back = False


def raise_if_interrupted() -> None:
    """A checkpoint: raise KeyboardInterrupt if Ctrl-C was pressed, even if it was swallowed."""
    if _interrupted:
        raise KeyboardInterrupt


class ProgressBar:
    """A one-line bar on stderr, redrawn when it grows; the library only reports a share done.
    Into a file or a pipe it draws nothing (a log wants no carriage returns), but it still
    checks for Ctrl-C."""

    def __init__(self, words: str, width: int = 30):
        self.words, self.width, self.filled = words, width, -1
        self.live = sys.stderr.isatty()

    def __call__(self, done: float, detail: str = "") -> None:
        """Redraw at `done` (0 to 1), with a detail after the share when given (then on every call)."""
        raise_if_interrupted()
        if not self.live:
            return
        filled = int(self.width * done)
        if filled == self.filled and not detail:
            return
        self.filled = filled
        tail = f" {detail}\x1b[K" if detail else ""  # the detail may shrink: clear the rest of the line
        sys.stderr.write(f"\r{self.words} [{'#' * filled}{'.' * (self.width - filled)}] {done:4.0%}{tail}")
        if done >= 1:
            sys.stderr.write("\n")
        sys.stderr.flush()


def print_stream(chunks: Iterable[str]) -> None:
    """A long text printed as it is made, ending with a newline (as print)."""
    for chunk in chunks:
        sys.stdout.write(chunk)
    sys.stdout.write("\n")


def print_notes(notes: Iterable[str]) -> None:
    """Advice for the person at the terminal, one line each, on stderr."""
    for note in notes:
        print(f"foldkit: note: {note}", file=sys.stderr)
