"""The command line: install the Ctrl-C handler, run one command, turn its errors into one line.

The commands and their options are read by ``foldkit.arguments``, imported only once the
handler is in place: the kinds it loads take a moment, and a Ctrl-C then must end the program
with 130 and 'interrupted', not a traceback.
"""

from __future__ import annotations

import errno
import os
import signal
import sys

from foldkit.console import (
    forget_interrupts,
    interrupted,
    interrupts_held,
    on_interrupt,
    raise_if_interrupted,
)
from foldkit.errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, FoldkitError
from solver.text import InputError

# ---------------------------------------------------------------------------------------------
# The program


def _prefer_offscreen_rendering() -> None:
    """With no screen, VTK should go straight to EGL instead of trying X first and warning."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code. As the program itself (argv None), Ctrl-C always
    ends it with 130 and 'interrupted', whatever a library did with the interrupt."""
    forget_interrupts()
    previous = signal.signal(signal.SIGINT, on_interrupt)
    previous_term = signal.signal(signal.SIGTERM, on_interrupt)  # a kill ends a build as cleanly as Ctrl-C
    try:
        code = _run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    if code == EXIT_INTERRUPTED:
        print("foldkit: interrupted", file=sys.stderr)
    if argv is not None:
        signal.signal(signal.SIGINT, previous)
        signal.signal(signal.SIGTERM, previous_term)
        return code
    # The program: the work is done, so a late Ctrl-C changes nothing; and leave at once, so
    # that an interrupt a library half swallowed cannot turn into a death by SIGINT at exit.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    code = _flushed(code)
    os._exit(code)


def _flushed(code: int) -> int:
    """Flush what the command printed; the exit code, or 2 when its output could not be written
    (a full disk, a closed standard output): the user must learn that it is lost."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except OSError as error:
            if stream is sys.stdout:
                _say(f"foldkit: error: cannot write the output ({error.strerror or error})")
                code = code or EXIT_BAD_INPUT
    return code


def _say(line: str) -> None:
    """One line on stderr, if there is a stderr to write to."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except OSError:
        pass


def _run(argv: list[str]) -> int:
    """The command's exit code; every error a user can act on becomes one line on stderr."""
    if sys.stdout is None:  # started with its standard output closed: nothing it says would arrive
        _say("foldkit: error: the standard output is closed")
        return EXIT_BAD_INPUT
    try:
        _prefer_offscreen_rendering()
        with interrupts_held():  # after the Ctrl-C handler (see the module's docstring), and whole
            from foldkit.arguments import run_command

        code = run_command(argv)
        raise_if_interrupted()
        return code
    except (InputError, FoldkitError) as error:
        print(f"foldkit: error: {error}", file=sys.stderr)
        return getattr(error, "exit_code", EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (e.g. `head`) closed the pipe: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT):
            raise
        # Printing the result failed (files are written through foldkit.exchange, which says so itself).
        _say(f"foldkit: error: cannot write the output ({error.strerror or error})")
        return EXIT_BAD_INPUT
    except Exception:
        if not interrupted():
            raise
        # Ctrl-C came while a library was importing, and it swallowed the interrupt and left a
        # module half made: whatever fails next is the interrupt's doing, not a bug to report.
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
