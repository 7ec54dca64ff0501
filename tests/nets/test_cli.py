"""`foldkit nets` as a user runs it: counts first, the nets, the exit codes of solve."""

from __future__ import annotations

import json

import pytest

from foldkit.cli import main
from solver.folding import foldings
from solver.nets import find_nets
from solver.polyomino import parse_net
from solver.text import InputError


def test_the_eleven_nets_of_the_cube_each_fold(capsys):
    assert main(["nets", "1x1x1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "1x1x1: 11 nets"
    blocks = out.split("\n\nnet ")[1:]
    assert len(blocks) == 11
    for block in blocks:
        net = parse_net("\n".join(block.splitlines()[1:]))
        assert foldings(net, (1, 1, 1))


def test_the_common_nets_of_two_boxes_are_counted(capsys):
    assert main(["nets", "1x2x3", "5x1x1", "--count", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == 2263 and data["complete"] and data["boxes"] == [[1, 2, 3], [1, 1, 5]]


def test_a_limit_is_exit_4_and_a_box_too_large_to_list_asks_for_one(capsys):
    assert main(["nets", "2x2x2", "--limit", "3"]) == 4
    assert capsys.readouterr().out.startswith("2x2x2: at least 3 nets")
    assert main(["nets", "2x2x2"]) == 2
    assert "give --limit N" in capsys.readouterr().err
    assert main(["nets", "1x1x1", "1x1x2"]) == 1  # different areas: no common net
    with pytest.raises(SystemExit) as refused:  # a usage error exits through argparse, in one line
        main(["nets", "1x0x1"])
    assert refused.value.code == 2 and "a box is written AxBxC" in capsys.readouterr().err


def test_common_nets_past_the_compiled_search_are_refused_in_one_line_not_searched_forever(capsys):
    assert main(["nets", "1x1x17", "1x2x11", "1x3x8", "--count"]) == 2  # area 70: the search would never end
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "surface area up to 64" in err and "have 70" in err
    assert main(["nets", "4x4x4", "--count"]) == 2  # every net of one box of area 96: the same
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "4x4x4 has 96" in err


def test_without_the_compiled_search_common_nets_past_the_python_reach_are_refused(capsys, monkeypatch):
    from solver.nets import find

    monkeypatch.setattr(find, "compiled", lambda: False)
    assert main(["nets", "1x1x7", "1x3x3", "--count"]) == 2  # area 30: hours in pure Python
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "pure-Python" in err and "up to 22" in err
    with pytest.raises(InputError, match="up to 22"):
        find_nets([(1, 1, 7), (1, 3, 3)], engine="python")
