"""The body of `foldkit merge` (``foldkit.kinds.packing`` declares it): the counts of the parts of
`foldkit solve --all --part K/N`, combined (a nets count's parts go to the net kind's merge)."""

from __future__ import annotations

from foldkit.console import print_stream
from foldkit.kinds.base import Invocation
from foldkit.kinds.packing import counting
from foldkit.kinds.packing.report import json_stream, outcome, text


def run_merge(call: Invocation) -> int:
    """The parts' counts combined and printed as `foldkit solve --all` prints the whole count."""
    report = counting.merged_report(call.options.parts)
    if call.options.json:
        print_stream(json_stream(report))
    else:
        print(text(report))
    return outcome(report).code
