"""The program at the terminal: a progress bar for long work, and Ctrl-C (or SIGTERM).

A library that swallows KeyboardInterrupt (some catch BaseException while they import) cannot
hide Ctrl-C: the handler remembers it, and the next progress report or checkpoint raises it
again. Only the first signal interrupts: more of them, while the program cleans up after the
first, are remembered and nothing else, so they cannot break the clean-up.

Some C libraries cannot take an exception in the Python they call: VTK, loading its modules
and rendering, crashes (SIGSEGV) when a KeyboardInterrupt is raised inside. Their calls run
inside ``interrupts_held``: a signal there is remembered and raised when the section ends.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

_interrupted = False
_holding = 0  # how many interrupts_held sections are open


def on_interrupt(signum: int, frame: object) -> None:
    """The SIGINT and SIGTERM handler: remember, then interrupt (the first time only, and not
    inside interrupts_held)."""
    global _interrupted
    if _interrupted:
        return
    _interrupted = True
    if not _holding:
        raise KeyboardInterrupt


@contextmanager
def interrupts_held() -> Iterator[None]:
    """A section that a Ctrl-C or SIGTERM must not break into: one that comes is raised (as
    KeyboardInterrupt) when the section ends. Keep such sections short: one render, one import."""
    global _holding
    _holding += 1
    try:
        yield
    finally:
        _holding -= 1
    if not _holding:
        raise_if_interrupted()


def interrupted() -> bool:
    return _interrupted


def forget_interrupts() -> None:
    global _interrupted
    _interrupted = False


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


def print_notes(notes: Iterable[str]) -> None:
    """Advice for the person at the terminal, one line each, on stderr."""
    for note in notes:
        print(f"foldkit: note: {note}", file=sys.stderr)
