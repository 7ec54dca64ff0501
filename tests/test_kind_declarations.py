"""A kind's declaration names its body without loading it (foldkit.kinds.base.LazyModule): every
name it gives must exist, and reading a command line must load only the kind that runs."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from foldkit.kinds import BUILT_IN_KINDS
from foldkit.kinds.base import Deferred, Files, Kind


def deferred_in(value: Any, seen: set[int] | None = None) -> Iterator[Deferred]:
    """Every Deferred a declared value holds: itself, or inside a closure (a maker made by a
    function, such as index.html's or a sheet's)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Deferred):
        yield value
    for cell in getattr(value, "__closure__", None) or ():
        yield from deferred_in(cell.cell_contents, seen)
    if isinstance(value, Files):  # a maker of several files: its maker and the names it writes
        yield from deferred_in(value.make, seen)
        yield from deferred_in(value.names, seen)


def declared(kind: Kind) -> Iterator[tuple[str, Any]]:
    for name in ("parse", "solve", "outcome", "text", "json", "subject"):
        yield name, getattr(kind, name)
    for name, maker in kind.artifacts.items():
        yield name, maker
    for name, command in kind.commands.items():
        yield f"{name} command", command.run


@pytest.mark.parametrize("kind", BUILT_IN_KINDS, ids=lambda k: k.name)
def test_every_name_a_declaration_gives_is_a_function_of_its_module(kind: Kind) -> None:
    found = 0
    for what, value in declared(kind):
        for reference in deferred_in(value):
            assert callable(reference.resolve()), f"{kind.name} {what}: {reference.module}.{reference.name}"
            found += 1
    assert found >= 5, "the kind's body is named lazily"


BODIES = ("foldkit.kinds.shutbox.report", "foldkit.kinds.packing.report", "foldkit.kinds.net.report",
          "foldkit.kinds.blockparty.report", "foldkit.kinds.numbercross.report", "solver.numbercross.search",
          "solver.blockparty.search", "solver.packing.engine", "solver.nets.find", "foldkit.drawing",
          "foldkit.paper.gridsheet", "foldkit.page.grid", "foldkit.page.fold", "foldkit.fold.animation",
          "foldkit.kinds.fold_makers", "foldkit.build", "numpy", "multiprocessing", "concurrent.futures",
          "importlib.metadata")  # the pools serve only counts; the last: the search for kinds packages add


def loaded_by(argv: list[str]) -> set[str]:
    """The modules among BODIES that running this command line loads, in a fresh process."""
    code = ("import sys, contextlib, io\n"
            "from foldkit.arguments import run_command\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    run_command({argv!r})\n"
            f"print(' '.join(m for m in {BODIES!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return set(done.stdout.split())


@pytest.mark.parametrize(("puzzle", "own"), [
    ("examples/y-pentacube.txt", {"foldkit.kinds.packing.report", "solver.packing.engine"}),
    ("examples/block-party-example.txt", {"foldkit.kinds.blockparty.report", "solver.blockparty.search"}),
    ("examples/nov2025-sample.txt", {"foldkit.kinds.shutbox.report", "numpy"}),  # its solver's arrays
])
def test_solving_loads_the_body_of_its_own_kind_alone(puzzle: str, own: set[str]) -> None:
    """Nor the writers of a build, nor numpy where the solver does without it (numpy's import is
    most of the time of a packing's first solution)."""
    assert loaded_by(["solve", puzzle]) == own
