"""Whether a window can open on this screen, asked before any window is made: VTK aborts the
whole process when it cannot reach the X display, so the fold and the assembly windows ask here
first and stop with a one-line error instead."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Callable
from typing import Any

from foldkit.console import interrupted, interrupts_held
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError


def require_display(advice: str) -> None:
    """Raise a FoldkitError (exit 2) unless a window can open on this screen; advice says what
    to do instead ("use 'foldkit animate' to render a GIF or MP4")."""
    display = os.environ.get("DISPLAY")
    if not display and not os.environ.get("WAYLAND_DISPLAY"):
        raise FoldkitError(f"no display for the window: DISPLAY is not set; {advice}", EXIT_BAD_INPUT)
    if display and not _x_display_opens(display):
        message = f"no display for the window: cannot open X display {display}; {advice}"
        raise FoldkitError(message, EXIT_BAD_INPUT)


def show_until_closed(open_window: Callable[[], Any], title: str) -> None:
    """Make a window (``open_window``: its plotter, whose interactor ticks on a timer) and show it
    until the user closes it. Ctrl-C or SIGTERM closes it too, then ends the program as
    interrupted: VTK must not see the KeyboardInterrupt, because it answers one raised in a
    callback (a slider's, a timer's) with its own message and exit 1. So the window is made and
    run held from interrupts, and its next tick closes it when one came.

    A window that never ticked never ran: VTK lost the X server after the display was found (it
    warns and returns), and that is an error, not a window the user closed."""
    ticks = 0
    with interrupts_held():  # the interrupt that came is raised when the window is closed
        plotter = open_window()
        interactor = plotter.iren

        def close_if_interrupted(*_: object) -> None:
            nonlocal ticks
            ticks += 1
            if interrupted():
                interactor.terminate_app()

        interactor.add_observer("TimerEvent", close_if_interrupted)
        if not interrupted():
            plotter.show(title=title)
            if not ticks and not interrupted():
                display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                raise FoldkitError(f"the window did not run: the display {display} was lost", EXIT_BAD_INPUT)


def _x_display_opens(display: str) -> bool:
    """True if Xlib can connect to the display (VTK aborts the process when it cannot)."""
    name = ctypes.util.find_library("X11")
    if name is None:
        return True  # no Xlib to ask; let VTK try
    xlib = ctypes.CDLL(name)
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    handle = xlib.XOpenDisplay(display.encode())
    if not handle:
        return False
    xlib.XCloseDisplay(handle)
    return True
