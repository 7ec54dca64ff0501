"""Checks of foldkit's own correctness that must hold for every input. Unlike ``assert``, which
``python -O`` removes, a broken invariant always raises: a wrong answer never goes out quietly."""

from __future__ import annotations


class BrokenInvariant(RuntimeError):
    """foldkit broke one of its own rules: a bug, never the user's input."""


def require(condition: bool, message: str) -> None:
    """Raise BrokenInvariant(message) unless condition holds."""
    if not condition:
        raise BrokenInvariant(message)
