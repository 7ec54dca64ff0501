"""The seam between a kind's declaration and its body is typed: each lazy name has a
TYPE_CHECKING import beside it, so mypy checks every function a declaration names against what
``foldkit.kinds.base.Kind`` asks of it. A parameter renamed in a body fails mypy, and so does a
maker that takes another subject than its kind's."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from foldkit.kinds import BUILT_IN_KINDS
from foldkit.kinds.base import Deferred
from tests.conftest import ROOT


def lazy_names(tree: ast.Module) -> dict[str, str]:
    """name -> module of every ``name = lazy_module("module")`` in a file."""
    return {node.targets[0].id: node.value.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", None) == "lazy_module" and isinstance(node.targets[0], ast.Name)}


def type_checking_imports(tree: ast.Module) -> dict[str, str]:
    """name -> module of every ``from parent import leaf as name`` under ``if TYPE_CHECKING:``."""
    found = {}
    for block in ast.walk(tree):
        if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING":
            for node in block.body:
                if isinstance(node, ast.ImportFrom) and node.module:
                    found.update({alias.asname or alias.name: f"{node.module}.{alias.name}" for alias in node.names})
    return found


def test_every_lazy_name_has_the_same_module_for_mypy():
    for path in sorted((ROOT / "foldkit").rglob("*.py")):
        tree = ast.parse(path.read_text())
        lazy = lazy_names(tree)
        typed = type_checking_imports(tree)
        assert {name: typed.get(name) for name in lazy} == lazy, path.relative_to(ROOT)


def body_file(root: Path, body: Deferred) -> Path:
    return root / (body.module.replace(".", "/") + ".py")


def change_function(path: Path, function: str, change) -> None:
    """Apply change to the definition of a module-level function in that file."""
    tree = ast.parse(path.read_text())
    change(next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function))
    path.write_text(ast.unparse(tree))


def renamed_first_parameter(function: ast.FunctionDef) -> None:
    """Rename the first parameter, and every use of it in the body: the body still works; only a
    caller that names the parameter sees the change."""
    old = function.args.args[0].arg
    function.args.args[0].arg = "renamed"
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == old:
            node.id = "renamed"


def first_parameter_an_int(function: ast.FunctionDef) -> None:
    function.args.args[0].annotation = ast.Name("int")


@pytest.mark.slow  # a whole mypy run without its cache: about 30 CPU-s
def test_a_parameter_renamed_in_any_kinds_body_fails_mypy(tmp_path):
    for part in ("foldkit", "solver", "pyproject.toml"):
        copy = shutil.copytree if (ROOT / part).is_dir() else shutil.copy
        copy(ROOT / part, tmp_path / part)
    for kind in BUILT_IN_KINDS:
        body = kind.outcome
        assert isinstance(body, Deferred), kind.name  # declared by name: loaded when the kind runs
        change_function(body_file(tmp_path, body), body.name, renamed_first_parameter)
    # And a maker that takes another subject than its kind's (the packing's assembly.pdf an int).
    maker = next(kind for kind in BUILT_IN_KINDS if kind.name == "packing").artifacts["assembly.pdf"]
    assert isinstance(maker, Deferred)
    change_function(body_file(tmp_path, maker), maker.name, first_parameter_an_int)
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--cache-dir",
                           str(tmp_path / "cache")], cwd=tmp_path, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    renamed = [line for line in lines if 'Argument "outcome" to "Kind"' in line]
    wrong_subject = [line for line in lines if '"Callable[[int, PackingBuildOptions], bytes]"; expected "str": '
                     '"Maker[Packed]"' in line]
    assert done.returncode == 1, done.stdout + done.stderr
    assert (len(renamed), len(wrong_subject)) == (len(BUILT_IN_KINDS), 1), done.stdout
