"""How long work reports how far it has got: a callback with the share done, 0 to 1.

The library calls it; the command line draws a bar (and notices Ctrl-C) with it."""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[float], None]
