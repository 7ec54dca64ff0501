"""The body of `foldkit boxes` (``foldkit.kinds.net`` declares it): every box a net folds into."""

from __future__ import annotations

from foldkit.errors import EXIT_NO_SOLUTION
from foldkit.exchange.json import json_text
from foldkit.kinds.base import Invocation
from foldkit.kinds.net.report import json, text


def run_boxes(call: Invocation) -> int:
    """Every box the net folds into: exit 0 when there is one, 1 when there is none."""
    report = call.report()
    print(json_text(json(report)) if call.options.json else text(report))
    return 0 if report.foldings else EXIT_NO_SOLUTION
