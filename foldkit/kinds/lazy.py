"""Declaring now, loading later: a kind's declaration names the modules of its body without
importing them. Each lazy name has a ``TYPE_CHECKING`` import beside it, so mypy sees the module
itself (as the lazy-loader package's stubs do); at run time the name is a ``LazyModule``, loaded
through ``foldkit.console.imported`` (held from Ctrl-C) when one of its functions is first called.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from foldkit.console import imported


@dataclass(frozen=True)
class Deferred:
    """A function named by its module and its name, imported when first called."""

    module: str
    name: str

    def resolve(self) -> Callable[..., Any]:
        return getattr(imported(self.module), self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


@dataclass(frozen=True)
class LazyModule:
    """A module a kind's declaration names without importing it: ``report.solve`` is a Deferred
    function. The command line reads every kind's declaration (its options and commands) to read
    its arguments, and imports the body of one kind only, the one it runs: `foldkit solve` loads
    no other kind's solver, no maker, no page."""

    name: str

    def __getattr__(self, attribute: str) -> Deferred:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return Deferred(self.name, attribute)


def lazy_module(name: str) -> LazyModule:
    return LazyModule(name)
