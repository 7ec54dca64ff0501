"""`foldkit nets A B [C] --certify DIR` and `foldkit check-certificate DIR`: the SAT route to the
common-net question, with a proof a second program checks when the answer is "none"
(``solver.nets.certificate`` says what it proves and what it trusts).

A certificate folder holds three files foldkit writes together:

    question.json   {"schema": "foldkit.nets-certificate/1", "encoding": "foldkit.nets-sat/1",
                     "boxes": [[a, b, c], ...], "rows": R, "cols": C, "proves": "no polyomino of area ..."}
    formula.cnf     the question's formula, DIMACS CNF
    proof.drat      CaDiCaL's proof that the formula has no model, text DRAT
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, EXIT_WRONG, FoldkitError
from foldkit.exchange import write_files
from foldkit.exchange.json import json_text
from foldkit.kinds.base import Invocation
from foldkit.kinds.net.nets import picture
from solver.box import surface_area
from solver.nets import NetsResult
from solver.nets.certificate import SCHEMA, answer, check, record
from solver.nets.find import as_box
from solver.nets.sat import Question, full_grid

MAX_GRID_CELLS = 4_096  # a grid past this makes a formula of millions of clauses for nothing a search could decide


def grid_size(text: str) -> tuple[int, int]:
    """'ROWSxCOLS', each 1 to MAX_GRID_CELLS."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLS, e.g. 5x7, not {text[:60]!r}")
    rows, cols = int(parts[0]), int(parts[1])
    if not (1 <= rows and 1 <= cols and rows * cols <= MAX_GRID_CELLS):
        raise argparse.ArgumentTypeError(f"the grid must have 1 to {MAX_GRID_CELLS:,} cells, not {rows * cols:,}")
    return rows, cols


def question_of(boxes: list[tuple[int, int, int]], grid: tuple[int, int] | None) -> Question:
    """The question `nets --certify` asks: the boxes (distinct, two or three, of one area) in the grid
    given, or in the grid that holds every polyomino of their area."""
    distinct = tuple(dict.fromkeys(boxes))
    if not 2 <= len(distinct) <= 3 or len({surface_area(box) for box in distinct}) > 1:
        raise FoldkitError("nets: --certify takes two or three different boxes of one surface area", EXIT_BAD_INPUT)
    rows, cols = grid or full_grid(surface_area(distinct[0]))
    if rows * cols > MAX_GRID_CELLS:
        raise FoldkitError(f"nets: a {rows} x {cols} grid is past the {MAX_GRID_CELLS:,} cells --certify encodes: "
                           "give a smaller --grid", EXIT_BAD_INPUT)
    return Question(distinct, rows, cols)


def run_certify(call: Invocation, folder: str) -> int:
    """Decide the question by SAT; write the certificate when the boxes share no net (exit 1), else print
    the net found (exit 0) and, with --pick 1, build it as a listed net builds."""
    options = call.options
    question = question_of(options.boxes, options.grid)
    found = answer(question)
    if found.net is None:
        files = {"question.json": json_text(record(question)).encode(), "formula.cnf": found.formula.encode(),
                 "proof.drat": found.proof.encode()}
        write_files(folder, files, force=options.force)
        print(f"{question.statement('no')}.\nwrote the certificate into {folder} ({len(found.proof.splitlines()):,} "
              f"proof lines); check it with 'foldkit check-certificate {folder}'")
        return EXIT_NO_SOLUTION
    print(f"{question.statement('a')}: this one (each folding checked by foldkit's folding search):")
    print("\n".join(picture(found.net)))
    if options.pick is None:
        return 0
    from foldkit.kinds.net import pick

    return pick.run_pick(call, NetsResult(question.boxes, (found.net,), 1, False), options.pick)


def run_check(call: Invocation) -> int:
    """Check a certificate: re-derive the formula from its boxes and grid, then check the proof. Exit 0
    valid, EXIT_WRONG (6) not, 2 unreadable."""
    folder = Path(call.options.folder)
    question = _question(folder)
    verdict = check(question, _text(folder / "formula.cnf"), _text(folder / "proof.drat"))
    if not verdict.valid:
        print(f"{folder}: not a valid certificate: {verdict.reason}")
        return EXIT_WRONG
    print(f"{folder}: valid ({verdict.lemmas:,} lemmas checked, {verdict.deletions:,} deletions, "
          f"{verdict.ignored_deletions:,} of clauses not there ignored): "
          f"{question.statement('no')}")
    return 0


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as error:
        raise FoldkitError(f"{path}: cannot read it ({getattr(error, 'strerror', None) or error})",
                           EXIT_BAD_INPUT) from None


def _question(folder: Path) -> Question:
    """The question a certificate states, or a one-line error naming what is wrong."""
    where = folder / "question.json"
    try:
        found = json.loads(_text(where))
        boxes = tuple(as_box(box) for box in found["boxes"])
        if found["schema"] != SCHEMA or not all(isinstance(found[k], int) for k in ("rows", "cols")):
            raise ValueError
        return Question(boxes, found["rows"], found["cols"])
    except (ValueError, KeyError, TypeError):
        raise FoldkitError(f"{where}: not a certificate's question ({SCHEMA})", EXIT_BAD_INPUT) from None

