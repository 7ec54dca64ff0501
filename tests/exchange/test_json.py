"""JSON as foldkit writes it: the same data back, two-space indents, short arrays and small
records on one line, long arrays packed into lines of at most WIDTH."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from foldkit.exchange.json import WIDTH, json_bytes, json_text

scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=30) | st.dictionaries(st.text(max_size=8),
                                                                                          inner, max_size=6),
                      max_leaves=200)


@pytest.mark.slow  # about 5 CPU-s: every example solved and read back
@given(st.dictionaries(st.text(max_size=8), values, max_size=8))
def test_the_text_reads_back_as_the_same_data(data):
    assert json.loads(json_text(data)) == data
    assert json_bytes(data).endswith(b"\n")


def test_short_arrays_and_records_sit_on_one_line_and_long_ones_are_packed():
    data = {"schema": "x/1", "box": [2, 6, 7], "cells": [[r, c] for r in range(20) for c in range(10)],
            "faces": [{"cell": [1, 7], "u": 0, "v": 5, "number": None}, {"cell": [2, 7], "u": 1, "v": 5}]}
    text = json_text(data)
    lines = text.splitlines()
    assert '  "box": [2, 6, 7],' in lines
    assert '    {"cell": [1, 7], "u": 0, "v": 5, "number": null},' in lines
    assert all(len(line) <= WIDTH for line in lines)
    assert len(lines) < 40  # 200 cells in a few packed lines, not 800 lines
    assert all(line.startswith("  " * k) or not line.strip() for k, line in [(0, lines[0])])
    assert lines[1].startswith('  "schema"') and not lines[1].startswith('   ')


def test_the_nov2025_report_is_a_few_hundred_lines(capsys):
    from foldkit.cli import main

    assert main(["solve", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["answer"] == 16414860
    assert len(out.splitlines()) < 1000  # was 7,961 with one number a line
    assert max(len(line) for line in out.splitlines()) <= WIDTH
