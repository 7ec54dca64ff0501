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

from foldkit.kinds import BUILT_IN_KINDS
from tests.conftest import ROOT

LAYERS = [
    ("solver",),
    ("foldkit", "foldkit.errors", "foldkit.look", "foldkit.drawing", "foldkit.files", "foldkit.options",
     "foldkit.progress", "foldkit.console", "foldkit.solids", "foldkit.display"),
    ("foldkit.exchange",),
    ("foldkit.fold", "foldkit.assembly", "foldkit.census", "foldkit.cluster"),
    ("foldkit.paper", "foldkit.page"),
    ("foldkit.kinds",),
    ("foldkit.build",),
    ("foldkit.commands",),
    ("foldkit.arguments", "foldkit.cli", "foldkit.__main__"),
]
MAX_LINES = 330
# The solver's packages of the kinds, which the shared rooms (page/, paper/) do not import; a
# packing's shapes (its assembly, the cubes' turns, a piece's net) are what foldkit.assembly
# draws, and paper draws them too, as the fold's makers draw solver.box and solver.folding.
KIND_SOLVERS = ("solver.shutbox", "solver.packing", "solver.numbercross", "solver.blockparty", "solver.nets")
SHARED_SHAPES = ("solver.packing.assembly", "solver.packing.geometry", "solver.packing.unfold")
SHARED_ROOMS = ("foldkit.page", "foldkit.paper")
# Kind names that are also words of the shared vocabulary (a net folds into a box; a packing fills
# one): the shared rooms may say them, but never branch on them.
VOCABULARY = {"net", "packing"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for top in ("solver", "foldkit") for p in sorted((ROOT / top).rglob("*.py"))}


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


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
                      and in_package(i, "solver.shutbox"))
    assert reaching == []


def shared_rooms() -> list[str]:
    """page/, paper/, and the modules of foldkit.kinds that kinds share (not the registry, not a kind)."""
    kinds_shared = [n for n in modules() if n.count(".") == 2 and in_package(n, "foldkit.kinds")
                    and not (ROOT / "foldkit" / "kinds" / n.split(".")[2]).is_dir()]
    return sorted(kinds_shared + [n for n in modules() if any(in_package(n, r) for r in SHARED_ROOMS)])


@pytest.mark.parametrize("name", shared_rooms())
def test_the_shared_rooms_import_no_kind(name):
    """page/, paper/ and what kinds share serve every kind: what one kind draws lives in its
    package (kinds/<kind>/)."""
    kinds = [i for i in imports_of(modules()[name])
             if any(in_package(i, kind) for kind in kind_packages())
             or (any(in_package(i, k) for k in KIND_SOLVERS) and not any(in_package(i, s) for s in SHARED_SHAPES))]
    assert kinds + registry_names(name) == [], f"{name} imports {kinds + registry_names(name)}"


def registry_names(name: str) -> list[str]:
    """What a module takes from the registry itself (foldkit.kinds's own names, not its modules)."""
    known = modules()
    return sorted(i for i in imports_of(known[name]) if i != "foldkit.kinds" and resolve(i, known) == "foldkit.kinds")


def kind_words() -> set[str]:
    return {word.lower() for kind in BUILT_IN_KINDS for word in (kind.name, kind.title, kind.name.replace("-", ""))}


def docstrings(tree: ast.AST) -> set[int]:
    bodies = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree) if isinstance(node, bodies) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def kind_mentions(source: str, words: set[str]) -> list[str]:
    """Where code names a kind: a comparison with a kind's name or title (``kind.name == "packing"``)
    or, outside docstrings, a text holding one that is no word of the shared vocabulary."""
    tree = ast.parse(source)
    found, skip = [], docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            found += [f"line {node.lineno}: compares with {side.value!r}" for side in sides
                      if isinstance(side, ast.Constant) and str(side.value).lower() in words]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found += [f"line {node.lineno}: says {word!r}" for word in sorted(words - VOCABULARY)
                      if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", node.value, re.IGNORECASE)]
    return found


@pytest.mark.parametrize("name", shared_rooms())
def test_the_shared_rooms_name_no_kind(name):
    assert kind_mentions(modules()[name].read_text(), kind_words()) == []


KIND_PACKAGES = sorted(n for n in modules() if n.count(".") >= 2 and in_package(n, "foldkit.kinds")
                       and (ROOT / "foldkit" / "kinds" / n.split(".")[2]).is_dir())


def kind_packages() -> set[str]:
    """foldkit.kinds.shutbox, foldkit.kinds.packing, ...: what two kinds share lives beside them."""
    return {".".join(n.split(".")[:3]) for n in KIND_PACKAGES}


@pytest.mark.parametrize("name", KIND_PACKAGES)
def test_a_kind_calls_nothing_back_in_the_registry_and_branches_on_no_kind(name):
    """A kind's package is reached through the registry, never reaches back into it (its command is
    given what it needs: the Invocation) nor into another kind's, and its body does not ask which kind it is (the
    declaration compares a file's first word with its own name: that is how a file is recognised)."""
    source = modules()[name].read_text()
    imported = imports_of(modules()[name])
    assert registry_names(name) == []
    own = ".".join(name.split(".")[:3])
    others = sorted(i for i in imported if any(in_package(i, kind) and kind != own for kind in kind_packages()))
    assert others == [], f"{name} reaches into another kind: {others}"
    declaration = modules()[name].name == "__init__.py"
    assert declaration or [m for m in kind_mentions(source, kind_words()) if "compares" in m] == []


def test_a_branch_on_a_kind_is_seen():
    words = kind_words()
    assert kind_mentions('if kind.name != "packing":\n    pass\n', words) == ["line 1: compares with 'packing'"]
    assert kind_mentions('title = "Shut the Box"\n', words) == ["line 1: says 'shut the box'"]
    assert kind_mentions('"""A packing\'s page."""\nnote = "the net, flat"\n', words) == []


def test_the_formats_know_nothing_of_the_model():
    # A format turns a finished object into bytes; progress, if any, is a callback handed in.
    known = modules()
    allowed = ("foldkit.exchange", "foldkit.errors", "foldkit.files", "foldkit.drawing", "foldkit.console",
               "solver.text")
    reaching = sorted((n, i) for n in known if in_package(n, "foldkit.exchange") for i in imports_of(known[n])
                      if not any(in_package(resolve(i, known), a) for a in allowed))
    assert reaching == []


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
