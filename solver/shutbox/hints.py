"""Hints, a solving diary and a difficulty grade for Shut the Box, from the human-style solver
(``deduce``): the grid rules decide cells one deduction at a time; where they run out, the layouts
that keep the grid rules and agree with every cell decided are left for the fold to choose among."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from math import log10

from solver.diary import Diary, Entry, Grade
from solver.grid import Cell, Layout, cell_text
from solver.shutbox.deduce import BOX, CUT, Known, Step, start, steps
from solver.shutbox.puzzle import Puzzle
from solver.text import InputError, content_lines, counted, quoted, tokens

MARKS = {"#": BOX, ".": CUT}  # '?' or '-': not decided yet
UNDECIDED = ("?", "-")


def entry(step: Step) -> Entry:
    return Entry(step.rule, step.level, step.text, True)


def hint(puzzle: Puzzle, known: Known | None = None) -> list[Entry]:
    """The next deduction from the cells decided so far (every step decides cells), or none."""
    return [entry(step) for step, _ in islice(steps(puzzle, start(puzzle, known)), 1)]


def agreeing(layouts: list[Layout], state: Mapping[Cell, bool]) -> list[Layout]:
    """The layouts that agree with every cell decided."""
    return [layout for layout in layouts if all((cell in layout) == kept for cell, kept in state.items())]


def diary(puzzle: Puzzle, known: Known | None = None, layouts: list[Layout] | None = None,
          solutions: list[Layout] | None = None) -> Diary:
    """Every deduction from the clues (and the cells known), how it ends (with the layouts that
    keep the grid rules and the solutions' layouts, when given: what is left for the fold), and the grade."""
    state = start(puzzle, known)
    entries = []
    for step, then in steps(puzzle, state):
        entries.append(entry(step))
        state = then
    open_cells = [cell for cell in puzzle.cells() if cell not in state]
    left = agreeing(layouts, state) if layouts is not None else None
    hardest = max(entries, key=lambda e: e.level, default=None)
    search = log10(len(left)) if left else len(open_cells) * log10(2)
    grade = Grade(hardest.rule if hardest else None, hardest.level if hardest else 0, not open_cells,
                  len(open_cells), search, left == [], "cells",
                  "layouts keeping the grid rules left for the fold to decide among" if left is not None else
                  "ways to decide them left to search")
    return Diary(tuple(entries), _end(open_cells, left, solutions), grade)


def _end(open_cells: list[Cell], left: list[Layout] | None, solutions: list[Layout] | None) -> str:
    if not open_cells:
        return "Every cell is decided: the box cells fold into the solution."
    head = (f"Deductions run out here, with {len(open_cells)} cells open (the first: "
            f"{'; '.join(cell_text(c) for c in open_cells[:3])})")
    if left is None:
        return head + "."
    if not left:
        return head + ", and no layout that keeps the grid rules agrees with the cells decided."
    if solutions is None:
        folds = ""
    elif len(solutions) == 1:
        folds = "; one of them folds into a box that keeps the circles and squares"
    else:
        folds = f"; {len(solutions)} of them fold into a box that keeps the circles and squares"
    keep = "keeps" if len(left) == 1 else "keep"
    return head + f": {counted(len(left), 'layout')} that {keep} the grid rules {'is' if len(left) == 1 else 'are'} " \
                  f"left, and the fold decides{folds}."


# ---------------------------------------------------------------------------------------------
# A person's progress


def parse_progress(text: str, source: str, puzzle: Puzzle) -> dict[Cell, bool]:
    """The cells a person has decided: the solution file's format ('rows cols', then '#' a box
    cell, '.' cut away), with '?' for a cell not decided yet."""
    lines = content_lines(text, comments=False)
    if not lines:
        raise InputError("empty file: expected a header 'rows cols'", source, 1)
    number, header = lines[0]
    if [t for _, t in tokens(header)] != [str(puzzle.rows), str(puzzle.cols)]:
        raise InputError(f"expected the header '{puzzle.rows} {puzzle.cols}', found {quoted(header.strip())}",
                         source, number, 1)
    rows = lines[1:]
    if len(rows) != puzzle.rows:
        at = rows[puzzle.rows][0] if len(rows) > puzzle.rows else lines[-1][0] + 1
        raise InputError(f"the grid has {len(rows)} rows, the puzzle {puzzle.rows}", source, at, 1)
    known = {}
    for r, (number, line) in enumerate(rows):
        found = tokens(line)
        if len(found) != puzzle.cols:
            raise InputError(f"row {r + 1} has {len(found)} cells, the puzzle {puzzle.cols}", source, number, 1)
        for c, (col, token) in enumerate(found):
            if token in MARKS:
                known[(r, c)] = MARKS[token]
            elif token not in UNDECIDED:
                raise InputError(f"unknown token {quoted(token)} (expected '#', '.' or '?')", source, number, col)
    return known


def wrong_progress(puzzle: Puzzle, known: Mapping[Cell, bool], solution: Layout | None) -> list[str]:
    """Where the cells decided go wrong, one line each: a number cut away or an arrow kept (the
    rules), or a cell the solution decides the other way (when the solution is known)."""
    lines = []
    for cell, kept in sorted(known.items()):
        if cell in puzzle.numbers and kept is CUT:
            lines.append(f"{cell_text(cell)}: a number cell is always a box cell (number rule)")
        elif cell in puzzle.arrows and kept is BOX:
            lines.append(f"{cell_text(cell)}: an arrow cell is never a box cell (arrow rule)")
        elif solution is not None and (cell in solution) != kept:
            lines.append(f"{cell_text(cell)}: {'a box cell' if kept else 'cut away'} here does not lead to the "
                         "solution")
    return lines
