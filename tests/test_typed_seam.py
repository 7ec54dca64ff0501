"""The seam between a kind's declaration and its body is typed: each lazy name has a
TYPE_CHECKING import beside it, so mypy checks every function a declaration names against what
``foldkit.kinds.base.Kind`` asks of it. A parameter renamed in a body fails mypy."""

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


def rename_parameter(path: Path, function: str, new: str) -> None:
    """Rename the first parameter of a module-level function, and every use of it in its body:
    the body still works; only a caller that names the parameter sees the change."""
    tree = ast.parse(path.read_text())
    found = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function)
    old = found.args.args[0].arg
    found.args.args[0].arg = new
    for node in ast.walk(found):
        if isinstance(node, ast.Name) and node.id == old:
            node.id = new
    path.write_text(ast.unparse(tree))


@pytest.mark.slow  # a whole mypy run without its cache: about 30 CPU-s
def test_a_parameter_renamed_in_any_kinds_body_fails_mypy(tmp_path):
    for part in ("foldkit", "solver", "pyproject.toml"):
        copy = shutil.copytree if (ROOT / part).is_dir() else shutil.copy
        copy(ROOT / part, tmp_path / part)
    for kind in BUILT_IN_KINDS:
        body = kind.outcome
        assert isinstance(body, Deferred), kind.name  # declared by name: loaded when the kind runs
        rename_parameter(tmp_path / (body.module.replace(".", "/") + ".py"), body.name, "renamed")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--cache-dir",
                           str(tmp_path / "cache")], cwd=tmp_path, capture_output=True, text=True)
    caught = [line for line in done.stdout.splitlines() if 'Argument "outcome" to "Kind"' in line]
    assert done.returncode == 1 and len(caught) == len(BUILT_IN_KINDS), done.stdout + done.stderr
