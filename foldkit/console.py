"""The program at the terminal: a progress bar for long work, and Ctrl-C (or SIGTERM).

A library that swallows KeyboardInterrupt (some catch BaseException while they import) cannot
hide Ctrl-C: the handler remembers it, and the next progress report or checkpoint raises it
again. Only the first signal interrupts: more of them, while the program cleans up after the
first, are remembered and nothing else, so they cannot break the clean-up.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

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
