"""The engines behind one door: chosen by name from engine.ENGINES (or "auto", the fastest built that takes the
target), each finding the same packings; the control slots and the compiled searches' arguments named alike in
Python and C."""

from __future__ import annotations

import ast
import importlib
import re
from array import array

import pytest

from solver.packing import compiled, parse_packing
from solver.packing import engine as engine_module
from solver.packing.engine import ENGINES, pick_engine, search
from solver.packing.front import FRONT_CELLS, front_module
from solver.packing.table import build_table
from tests.conftest import EXAMPLES, ROOT

PACKING = ROOT / "solver" / "packing"
needs_compiled = pytest.mark.skipif(not compiled() or front_module(1) is None,
                                    reason="the compiled searches are not built")


def c_enum(names: tuple[str, ...]) -> dict[str, int]:
    """The values search.h's enum gives these names (counted from 0, or as written)."""
    text = (PACKING / "search.h").read_text()
    body = next(found for found in re.findall(r"enum \{([^}]*)\}", text) if names[0] in found)
    values, next_value = {}, 0
    for item in body.split(","):
        name, _, value = item.strip().partition("=")
        next_value = int(value) if value.strip() else next_value
        values[name.strip()] = next_value
        next_value += 1
    return values


def test_the_control_slots_and_stop_flags_are_named_alike_in_python_and_c():
    for names in (("STOP", "COUNTED", "OFFERED", "CONTROL_SIZE"), ("RUN", "INTERRUPTED", "LIMITED")):
        assert c_enum(names) == {name: getattr(engine_module, name) for name in names}


@needs_compiled
def test_auto_picks_the_fastest_engine_that_takes_the_target_and_a_named_one_must_take_it():
    assert pick_engine("auto", FRONT_CELLS) is ENGINES["front"]
    assert pick_engine("auto", FRONT_CELLS + 1) is ENGINES["c"]
    assert pick_engine("auto", 10_000) is ENGINES["c"]  # _sparse.c
    with pytest.raises(RuntimeError, match="'front' is not built, or takes no target of 129 cells"):
        pick_engine("front", FRONT_CELLS + 1)
    with pytest.raises(ValueError, match="unknown search engine 'dlx': one of auto, front, c, python"):
        pick_engine("dlx", 10)


@needs_compiled
def test_every_engine_finds_the_same_packings():
    table = build_table(parse_packing((EXAMPLES / "l-tricubes.txt").read_text(), "l-tricubes.txt"))
    found = {name: sorted(tuple(sorted(row)) for row in search(table, engine=name).rows) for name in ENGINES}
    assert len(found["python"]) == 44 and found["front"] == found["c"] == found["python"]


def stub_parameters(stub: str, function: str) -> tuple[list[str], list[str]]:
    """(required, optional) parameter names of a function in a .pyi stub of the packing package."""
    tree = ast.parse((PACKING / stub).read_text())
    defined = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == function)
    names = [arg.arg for arg in defined.args.args]
    required = len(names) - len(defined.args.defaults)
    return names[:required], names[required:]


@needs_compiled
@pytest.mark.parametrize("module", ["_core", "_sparse"])
def test_the_compiled_searches_take_the_tables_names_as_their_stubs_say(module):
    """The stub, the C keywords and table.Table.search_arguments name the table's buffers alike."""
    search_of = importlib.import_module(f"solver.packing.{module}").search
    table = build_table(parse_packing((EXAMPLES / "soma.txt").read_text(), "soma.txt"))
    task = dict(table.search_arguments, counts=array("i", table.counts).tobytes(),
                occupied=bytes(len(table.cell_cubes)))
    required, optional = stub_parameters(f"{module}.pyi", "search")
    assert required == list(task)
    assert search_of(**task, limit=5)[1] == 5
    assert set(optional) >= {"limit", "max_nodes", "keep", "weight", "group", "chosen", "control", "check_signals"}
    with pytest.raises(TypeError):
        search_of(**task, cover=b"")  # the old name is gone
