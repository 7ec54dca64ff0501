"""Whether a window can open on this screen, asked before any window is made: VTK aborts the
whole process when it cannot reach the X display, so the fold and the assembly windows ask here
first and stop with a one-line error instead."""

from __future__ import annotations

import ctypes
import ctypes.util
import os

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
