"""The program at the terminal: a progress bar for long work, Ctrl-C (or SIGTERM), and a time
bound on a whole command (``time_bound``).

A library that swallows KeyboardInterrupt (some catch BaseException while they import) cannot
hide Ctrl-C: the handler remembers it, and the next progress report or checkpoint raises it
again. Only the first signal interrupts: more of them, while the program cleans up after the
first, are remembered and nothing else, so they cannot break the clean-up.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterable, Iterator

_interrupted = False


def on_interrupt(signum: int, frame: object) -> None:
    """The SIGINT and SIGTERM handler: remember, then interrupt (the first time only)."""
    global _interrupted
    if _interrupted:
        return
    _interrupted = True
    raise KeyboardInterrupt


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

    def __call__(self, done: float) -> None:
        raise_if_interrupted()
        if not self.live:
            return
        filled = int(self.width * done)
        if filled == self.filled:
            return
        self.filled = filled
        sys.stderr.write(f"\r{self.words} [{'#' * filled}{'.' * (self.width - filled)}] {done:4.0%}")
        if done >= 1:
            sys.stderr.write("\n")
        sys.stderr.flush()


def print_notes(notes: Iterable[str]) -> None:
    """Advice for the person at the terminal, one line each, on stderr."""
    for note in notes:
        print(f"foldkit: note: {note}", file=sys.stderr)


@contextlib.contextmanager
def time_bound(seconds: float, timed_out: type[Exception]) -> Iterator[None]:
    """Raise timed_out in this thread once the seconds are up, wherever the work is: a generator
    checks its own deadline between steps, but a single step (placing a net of a thousand cells
    on a large grid, one search) can take longer than the whole bound."""
    def expire(signum: int, frame: object) -> None:
        raise timed_out(f"nothing made within {seconds:g} s")

    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach only the main thread; the generator's own checks still hold
        return
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
