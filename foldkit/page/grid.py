"""The page of a grid puzzle: the puzzle to solve in the page, its
rules, a check that says which rows are right without showing the solution, and a control that
reveals the solution and the answer.

The check compares each row with a 32-bit FNV-1a hash of the solution's row (salted with the
puzzle's name and the row); the revealed solution is inlined in base64. Both are conveniences for
the person solving, not secrets: the page says so in its script."""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from html import escape
from typing import Any

from foldkit.errors import EXIT_NO_SOLUTION, FoldkitError
from foldkit.page.html import page_bytes
from solver.grid import Cell

Cells = Sequence[Sequence[str]]  # a grid's cell texts, row by row


def row_hash(text: str) -> int:
    """FNV-1a over 32 bits of the UTF-16 code units, the same function as page.js's rowHash."""
    h, raw = 0x811C9DC5, text.encode("utf-16-le")
    for unit in (int.from_bytes(raw[i:i + 2], "little") for i in range(0, len(raw), 2)):
        h = ((h ^ unit) * 0x01000193) & 0xFFFFFFFF
    return h


def row_hashes(salt: str, solution: Cells) -> list[int]:
    return [row_hash(f"{salt}|{r}|{','.join(row)}") for r, row in enumerate(solution)]


def sealed(solution: Cells, answer: str) -> str:
    """The solution and the answer in base64, for the reveal control (hidden from a glance only)."""
    return base64.b64encode(json.dumps({"grid": [list(row) for row in solution], "answer": answer}).encode()).decode()


def unique_solution(report: Any) -> Any:
    """The one solution of a grid report; a FoldkitError when the puzzle has none or several."""
    if not report.unique:
        raise FoldkitError(f"no index.html: {report.puzzle.name} has no unique solution", EXIT_NO_SOLUTION)
    return report.solutions[0]


def grid_data(puzzle: Any, solution: Cells, answer: str, givens: dict[Cell, str], clues: Sequence[str] | None,
              tiles: bool) -> dict:
    width = max(len(text) for row in solution for text in row)
    return {"rows": puzzle.rows, "cols": puzzle.cols, "regions": [list(row) for row in puzzle.regions],
            "highlighted": sorted(list(cell) for cell in getattr(puzzle, "highlighted", ())),
            "givens": [[r, c, text] for (r, c), text in sorted(givens.items())], "clues": clues, "tiles": tiles,
            "width": width, "salt": puzzle.name, "hashes": row_hashes(puzzle.name, solution),
            "sealed": sealed(solution, answer)}


def grid_body(rules: Sequence[str], how: str) -> str:
    listed = "".join(f"<li>{escape(rule)}</li>" for rule in rules)
    return f"""<section class="stage"><table id="grid" class="grid"></table>
<div class="controls"><button id="check">Check</button><button id="reveal">Reveal the solution</button></div>
<p id="verdict" aria-live="polite"></p><p class="answer" id="answer" hidden></p></section>
<section class="side"><h2>Rules</h2><ul class="rules">{listed}</ul><p>{escape(how)}</p></section>"""


def grid_page(title: str, data: dict, rules: Sequence[str], how: str, links: Sequence[str]) -> bytes:
    return page_bytes(title, grid_body(rules, how), data, ("grid.js",), links)
