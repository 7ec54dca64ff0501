"""The body of `foldkit merge` (``foldkit.kinds.packing`` declares it): the counts of the parts of
`foldkit solve --all --part K/N` (or of `foldkit nets --count --part K/N`), combined."""

from __future__ import annotations

from typing import TYPE_CHECKING

from foldkit.console import print_stream
from foldkit.kinds.base import Invocation, lazy_module
from foldkit.kinds.packing import counting
from foldkit.kinds.packing.report import json_stream, outcome, text

if TYPE_CHECKING:
    from foldkit.kinds.net import census_parts as nets_census
else:
    nets_census = lazy_module("foldkit.kinds.net.census_parts")  # `merge` adds up a nets count's parts too


def run_merge(call: Invocation) -> int:
    """The parts' counts combined and printed as `foldkit solve --all` prints the whole count; parts of a nets
    count (their schema says so) as `foldkit nets --count` prints it."""
    if nets_census.is_nets_part(call.options.parts[0]):
        return nets_census.run_merge(call)
    report = counting.merged_report(call.options.parts)
    if call.options.json:
        print_stream(json_stream(report))
    else:
        print(text(report))
    return outcome(report).code
