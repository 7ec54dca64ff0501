"""The house rules of the code's layout, checked on the source: data flows one way.

Layers, lowest first: the pure solver; the shared small pieces of foldkit (errors, look,
drawing, files, options, progress, console); exchange (bytes of one format each); the fold and
the assembly (3D makers); paper (printed sheets) and page (the
build folder's index.html); kinds (puzzle kinds, their options, artifacts
and commands); the build; the generic commands; the command line. A module imports only from its own layer or below,
nothing imports in a circle, and no module grows past about 300 lines.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

LAYERS = [
    ("solver",),
    ("foldkit", "foldkit.errors", "foldkit.look", "foldkit.drawing", "foldkit.files", "foldkit.options",
     "foldkit.progress", "foldkit.console", "foldkit.solids", "foldkit.display"),
    ("foldkit.exchange",),
    ("foldkit.fold", "foldkit.assembly", "foldkit.census"),
    ("foldkit.paper", "foldkit.page"),
    ("foldkit.kinds",),
    ("foldkit.build",),
    ("foldkit.commands",),
    ("foldkit.arguments", "foldkit.cli", "foldkit.__main__"),
]
MAX_LINES = 330
# A puzzle's own printed page draws that puzzle (its arrows, its rules): the one maker that may
# know its kind. It belongs with the kind's package.
PUZZLE_PAGES = {"foldkit.paper.shutbox_sheet"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for top in ("solver", "foldkit") for p in sorted((ROOT / top).rglob("*.py"))}


def layer_of(name: str) -> int:
    """The index of the most specific layer prefix that names the module."""
    best, found = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    return found


def imports_of(path: Path, typing: bool = True) -> set[str]:
    """Every solver or foldkit module a file imports, at the top or inside a function (and, with
    typing, under ``if TYPE_CHECKING:``, for mypy alone)."""
    out = set()
    tree = ast.parse(path.read_text())
    if not typing:
        for block in ast.walk(tree):
            if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING":
                block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)  # from foldkit import look
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {name for name in out if name.split(".")[0] in ("solver", "foldkit")}


def resolve(name: str, known: dict[str, Path]) -> str:
    """An imported name as a module ('foldkit.kinds' for 'foldkit.kinds.load')."""
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def test_every_module_has_a_layer():
    assert [name for name in modules() if layer_of(name) < 0] == []


@pytest.mark.parametrize("name", sorted(modules()))
def test_imports_go_down_the_layers(name):
    known = modules()
    upward = sorted({resolve(other, known) for other in imports_of(known[name])
                     if layer_of(resolve(other, known)) > layer_of(name)})
    assert upward == [], f"{name} reaches up to {upward}"


def test_the_solver_never_imports_foldkit():
    known = modules()
    reaching = [n for n in known
                if n.startswith("solver") and any(i.startswith("foldkit") for i in imports_of(known[n]))]
    assert reaching == []


def test_the_fold_and_the_assembly_share_only_lower_layers():
    # Both make 3D things; what they share (solids, the display check) lives below them both.
    known = modules()
    crossing = sorted((n, i) for n in known for i in imports_of(known[n])
                      for mine, other in (("foldkit.fold", "foldkit.assembly"), ("foldkit.assembly", "foldkit.fold"))
                      if in_package(n, mine) and in_package(resolve(i, known), other))
    assert crossing == []


def test_the_makers_know_no_shut_the_box():
    # The fold, the assembly and the paper draw cells, faces and labels; a kind says what they mean.
    known = modules()
    reaching = sorted((n, i) for n in known for i in imports_of(known[n])
                      if any(in_package(n, p) for p in ("foldkit.fold", "foldkit.assembly", "foldkit.paper"))
                      and n not in PUZZLE_PAGES and in_package(i, "solver.shutbox"))
    assert reaching == []


def test_the_formats_know_nothing_of_the_model():
    # A format turns a finished object into bytes; progress, if any, is a callback handed in.
    known = modules()
    allowed = ("foldkit.exchange", "foldkit.errors", "foldkit.files", "foldkit.drawing", "foldkit.console",
               "solver.text")
    reaching = sorted((n, i) for n in known if in_package(n, "foldkit.exchange") for i in imports_of(known[n])
                      if not any(in_package(resolve(i, known), a) for a in allowed))
    assert reaching == []


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_no_import_cycles():
    known = modules()
    # What mypy alone imports (a lazy name's twin under TYPE_CHECKING) runs in no circle.
    graph = {n: {resolve(i, known) for i in imports_of(p, typing=False)} - {n} for n, p in known.items()}
    # A package's __init__ importing its own modules is how Python packages work, not a cycle.
    graph = {n: {m for m in edges if not (m.startswith(n + ".") or n.startswith(m + "."))}
             for n, edges in graph.items()}
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return trail + [node, nxt]
            if nxt not in state and (cycle := visit(nxt, trail + [node])):
                return cycle
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            assert visit(start, []) is None


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_is_too_long(name):
    lines = len(modules()[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines"


KIND_WORDS = ("shutbox", "Shut the Box", "packing", "number-cross", "numbercross", "block-party", "blockparty",
              "--net", "net file", "fold", "assembly", "template", "animate", "sheet")


@pytest.mark.parametrize("name", ["foldkit.cli", "foldkit.arguments", "foldkit.commands", "foldkit.build"])
def test_the_command_line_names_no_kind_and_no_capability(name):
    """Every kind and capability comes in through the registry's declarations, none by name."""
    text = modules()[name].read_text()
    assert [word for word in KIND_WORDS if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)] == []
