"""Errors a user can act on, each with the exit code the command line returns for it."""

from __future__ import annotations

EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_AMBIGUOUS = 3
EXIT_UNFINISHED = 4  # the search stopped at a limit before it could prove anything
EXIT_PARTIAL = 5  # a build made some artifacts but not all: each one it could not make is named
EXIT_WRONG = 6  # `foldkit check`: the answer breaks a rule (each broken rule is named, one a line)
EXIT_INTERRUPTED = 130


class FoldkitError(Exception):
    """A one-line message for the user and the exit code that goes with it."""

    def __init__(self, message: str, exit_code: int = EXIT_BAD_INPUT):
        super().__init__(message)
        self.exit_code = exit_code
