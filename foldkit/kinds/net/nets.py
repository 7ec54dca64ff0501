"""The body of `foldkit nets`: the nets of boxes as it prints them, a count line, then each net as
rows of '#' and '.'; or their worksheet (--pdf), or the build of one (--pick).

JSON schema (``foldkit nets --json``), version 1:

    {
      "schema": "foldkit.nets/1",
      "boxes": [[a, b, c], ...],     # the boxes asked for, each ascending, repeats dropped
      "area": int | null,            # their surface area (null when they differ: no common net)
      "count": int,                  # nets listed (all of them when complete)
      "complete": bool,              # false: the search stopped at the limit, there may be more
      "nets": [{"rows": int, "cols": int, "cells": [[row, col], ...], "picture": [str, ...]}, ...]
    }

Each net is a polyomino up to turning and mirroring, shown as its canonical image
(``solver.polyomino.canonical``: translated to row 0 and column 0, cells sorted), in the order of
those cell lists; "picture" is its rows of '#' (a cell) and '.' (none).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from foldkit.errors import EXIT_NO_SOLUTION, EXIT_UNFINISHED
from foldkit.exchange import refuse_to_overwrite
from foldkit.exchange.json import json_text
from foldkit.kinds.base import Invocation, lazy_module
from solver.box import Box, surface_area
from solver.grid import Layout
from solver.nets import NetsResult, find_nets
from solver.text import counted

SCHEMA = "foldkit.nets/1"
# What --pdf and --pick need (the pages, the fold's makers), loaded when asked for: listing nets needs neither.
if TYPE_CHECKING:
    from foldkit.kinds.net import census_parts, certify, pick, worksheet
else:
    certify = lazy_module("foldkit.kinds.net.certify")
    worksheet = lazy_module("foldkit.kinds.net.worksheet")
    pick = lazy_module("foldkit.kinds.net.pick")
    census_parts = lazy_module("foldkit.kinds.net.census_parts")


def box_name(box: Box) -> str:
    return "x".join(map(str, box))


def exit_code(result: NetsResult) -> int:
    """As for `foldkit solve`: 0 nets found, 1 none, 4 stopped at the limit."""
    if not result.complete:
        return EXIT_UNFINISHED
    return 0 if result.count else EXIT_NO_SOLUTION


def count_line(result: NetsResult) -> str:
    """'1x1x1: 11 nets', '1x2x3 and 1x1x5: 2,263 common nets', with 'at least' when stopped early."""
    names = [box_name(box) for box in result.boxes]
    boxes = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    nets = counted(result.count, "common net" if len(names) > 1 else "net")
    if not result.complete:
        return f"{boxes}: at least {nets} (the search stopped at the limit)"
    areas = {surface_area(box) for box in result.boxes}
    why = " (their surface areas differ)" if len(areas) > 1 else ""
    return f"{boxes}: {nets}{why}"


def picture(net: Layout) -> list[str]:
    """The net's rows of '#' and '.'."""
    rows, cols = max(r for r, _ in net) + 1, max(c for _, c in net) + 1
    return ["".join("#" if (r, c) in net else "." for c in range(cols)) for r in range(rows)]


def text(result: NetsResult) -> str:
    """The count line, then each net numbered, a blank line before each."""
    parts = [count_line(result)]
    for number, net in enumerate(result.nets, 1):
        parts += ["", f"net {number}:", *picture(net)]
    return "\n".join(parts)


def json(result: NetsResult) -> dict:
    """The result in the documented schema."""
    areas = {surface_area(box) for box in result.boxes}
    return {
        "schema": SCHEMA,
        "boxes": [list(box) for box in result.boxes],
        "area": areas.pop() if len(areas) == 1 else None,
        "count": result.count,
        "complete": result.complete,
        "nets": [_net_json(net) for net in result.nets],
    }


def _net_json(net: Layout) -> dict:
    rows = picture(net)
    return {"rows": len(rows), "cols": len(rows[0]), "cells": [list(cell) for cell in sorted(net)], "picture": rows}


def run_nets(call: Invocation) -> int:
    """Every net of a box, or the common nets of two or three boxes: the count, then the nets; or
    their worksheet (--pdf), or the build of one of them (--pick)."""
    options = call.options  # foldkit.kinds.net.NetsOptions
    if options.certify is not None:
        return certify.run_certify(call, options.certify)
    if options.pdf is not None:  # a file in the way is named before the search, not after
        refuse_to_overwrite(Path(options.pdf).parent, [Path(options.pdf).name], options.force)
    if options.part is not None:
        return census_parts.run_part(options.boxes, options.part)
    if options.checkpoint is not None or options.resume is not None or options.cluster is not None:
        result = census_parts.whole_count(options.boxes, options.checkpoint, options.resume, options.cluster)
    else:
        result = find_nets(options.boxes, limit=options.limit or None, keep=not options.count)
    if options.pdf is None and options.pick is None:
        print(json_text(json(result)) if options.json else text(result))
        return exit_code(result)
    print(count_line(result))
    if not result.nets:
        return exit_code(result)
    if options.pdf is not None:
        path, pages = worksheet.write_worksheet(result, Path(options.pdf), call.build_options.paper, options.mix,
                                                options.seed, options.force)
        print(f"wrote {path} ({counted(pages, 'page')})")
    code = pick.run_pick(call, result, options.pick) if options.pick is not None else 0
    return code or exit_code(result)
