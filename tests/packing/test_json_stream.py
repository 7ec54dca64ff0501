"""`solve --all --json` streamed: the representatives formatted one at a time as they are written, the
text byte for byte the whole document's, in memory that does not grow with the document."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from foldkit.exchange.json import item_text, json_text
from foldkit.kinds.packing import report as packing_report
from solver.packing import parse_packing, solve
from tests.conftest import EXAMPLES

# a placement of 8 cubes does not fit on one line; 12 pieces give numbers of two digits
WIDE = "packing 2 2 8\npiece A: 0 0 0, 1 0 0, 0 1 0, 1 1 0, 0 0 1, 1 0 1, 0 1 1, 1 1 1\npiece B x12: 0 0 0, 1 0 0\n"


def report_of(text: str, name: str):
    return solve(parse_packing(text, name), every=True)


@pytest.mark.parametrize("name", ["soma", "l-tricubes", "scott-pentominoes", "mixed-2x3x4"])
def test_the_streamed_json_is_the_whole_documents(name):
    report = report_of((EXAMPLES / f"{name}.txt").read_text(), name)
    whole = json_text(packing_report.json(report))
    streamed = "".join(packing_report.json_stream(report))
    assert streamed == whole
    assert len(json.loads(streamed)["representatives"]) == report.classes


def test_placements_too_wide_for_one_line_are_formatted_alike():
    report = report_of(WIDE, "wide")
    assert report.packings
    lines = packing_report.RepresentativeLines()
    for packing in report.representatives:
        assert lines.text(packing) == item_text(packing_report.packing_json(packing))
    assert "".join(packing_report.json_stream(report)) == json_text(packing_report.json(report))


def test_a_report_without_a_count_streams_as_one_piece():
    report = solve(parse_packing((EXAMPLES / "soma.txt").read_text(), "soma"))
    assert "".join(packing_report.json_stream(report)) == json_text(packing_report.json(report))


def peak_bytes(make) -> int:
    tracemalloc.start()
    try:
        make()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow  # about 11 CPU-s: the Bedlam census, streamed
def test_streaming_holds_no_more_than_a_sliver_of_the_document():
    """The Y cube's 1,264 representatives: the whole document is held at once (its dicts, then its text);
    the stream holds one representative's text and the placements' pieces of text."""
    report = report_of((EXAMPLES / "y-pentacube.txt").read_text(), "y")
    size = len(json_text(packing_report.json(report)))

    def stream() -> None:
        for _ in packing_report.json_stream(report):
            pass

    streaming, whole = peak_bytes(stream), peak_bytes(lambda: json_text(packing_report.json(report)))
    assert streaming < size / 4 < whole, (streaming, size, whole)
