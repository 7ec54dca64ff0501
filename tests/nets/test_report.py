"""`foldkit nets` text and JSON: the count first, then each net as rows that read back as the net."""

from __future__ import annotations

from foldkit.errors import EXIT_NO_SOLUTION, EXIT_UNFINISHED
from foldkit.exchange.json import json_text
from foldkit.kinds.net.nets import SCHEMA, count_line, exit_code, json, text
from solver.nets import find_nets
from solver.polyomino import parse_net

CUBE = (1, 1, 1)


def test_the_text_is_the_count_then_every_net_as_a_grid_that_parses_back():
    result = find_nets([CUBE])
    lines = text(result).split("\n")
    assert lines[0] == "1x1x1: 11 nets"
    blocks = text(result).split("\n\n")[1:]
    assert len(blocks) == 11
    assert [parse_net("\n".join(block.split("\n")[1:])) for block in blocks] == list(result.nets)


def test_the_count_line_names_common_nets_a_limit_and_different_areas():
    assert count_line(find_nets([(1, 2, 3), (1, 1, 5)], limit=3)) == (
        "1x2x3 and 1x1x5: at least 3 common nets (the search stopped at the limit)")
    assert count_line(find_nets([CUBE, (1, 1, 2)])) == "1x1x1 and 1x1x2: 0 common nets (their surface areas differ)"


def test_the_json_follows_the_schema():
    data = json(find_nets([CUBE], limit=2))
    assert data["schema"] == SCHEMA == "foldkit.nets/1"
    assert (data["boxes"], data["area"], data["count"], data["complete"]) == ([[1, 1, 1]], 6, 2, False)
    for net in data["nets"]:
        assert len(net["cells"]) == 6 and len(net["picture"]) == net["rows"]
        assert {(r, c) for r, c in net["cells"]} == parse_net("\n".join(net["picture"]))
    assert json_text(data).startswith("{")


def test_exit_codes_are_those_of_solve():
    assert exit_code(find_nets([CUBE])) == 0
    assert exit_code(find_nets([CUBE, (1, 1, 2)])) == EXIT_NO_SOLUTION
    assert exit_code(find_nets([CUBE], limit=1)) == EXIT_UNFINISHED
