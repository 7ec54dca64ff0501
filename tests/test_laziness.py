"""One laziness mechanism: a module loaded late is a lazy name (``foldkit.kinds.base.lazy_module``,
typed by a ``TYPE_CHECKING`` import beside it), loaded held from Ctrl-C (``foldkit.console.imported``).
An import inside a function is the exception, kept for a few reasons each said where it is;
and nothing patches Python's own import for the whole process."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

MOST_LOCAL_IMPORTS = 15  # of foldkit's and the solver's own modules, inside a function (there were 61)


def python_files() -> list[Path]:
    return sorted(p for top in ("foldkit", "solver") for p in (ROOT / top).rglob("*.py"))


def local_own_imports(tree: ast.AST) -> list[ast.stmt]:
    """Every import of foldkit's or the solver's own modules inside a function body (once, however
    deep the functions nest)."""
    found: dict[int, ast.stmt] = {}
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else ["foldkit"]  # relative: our own
            else:
                continue
            if any(name.split(".")[0] in ("foldkit", "solver") for name in names):
                found[id(node)] = node
    return list(found.values())


def test_few_imports_of_our_own_modules_sit_inside_functions():
    where = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in python_files()
             for node in local_own_imports(ast.parse(path.read_text()))]
    assert len(where) <= MOST_LOCAL_IMPORTS, "\n".join(where)


def test_the_count_sees_an_import_inside_a_nested_function_once():
    tree = ast.parse("def f():\n    def g():\n        from foldkit import look\n    import solver.box\n    import os\n")
    assert len(local_own_imports(tree)) == 2


def test_nothing_replaces_pythons_import():
    assigned = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in python_files()
                for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Assign | ast.AugAssign)
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Attribute) and target.attr == "__import__"]
    assert assigned == []
