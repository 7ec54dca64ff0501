"""Hints, a solving diary and a difficulty grade for Block Party, from the human-style solver
(``deduce``): the path of deductions from the givens (and a person's progress), where it ends,
and how hard the hardest step on it was."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import log10

from solver.blockparty.deduce import RULE_LEVELS, State, Step, after, contradiction, distance, next_step, start
from solver.blockparty.model import BlockParty, Cell, Grid
from solver.diary import Diary, Entry, Grade
from solver.grid import cell_text
from solver.text import InputError, ascii_int, filled_cells, quoted

Known = dict[Cell, int]  # the numbers written in: the givens and a person's progress

SHOWN_OPEN = 6  # open cells named where deductions run out


def steps(puzzle: BlockParty, state: State) -> Iterator[tuple[Step, State]]:
    """Each deduction from the state on, the easiest that applies first, with the state after it;
    they stop at a full grid, when none applies, or at a contradiction (a puzzle with no solution)."""
    while not state.solved and contradiction(puzzle, state) is None and (step := next_step(puzzle, state)):
        state = after(puzzle, state, step)
        yield step, state


def entry(step: Step) -> Entry:
    return Entry(step.rule, step.level, step.text, bool(step.placed))


def hint(puzzle: BlockParty, known: Mapping[Cell, int]) -> list[Entry]:
    """The next number a person can write in and why: the deductions up to and including the
    first that writes one (those before it only rule candidates out). Empty when the grid is full
    or deductions have run out at once."""
    out = []
    for step, _ in steps(puzzle, start(puzzle, {**puzzle.givens, **known})):
        out.append(entry(step))
        if step.placed:
            break
    return out


def diary(puzzle: BlockParty, known: Mapping[Cell, int] | None = None) -> Diary:
    """The whole path of deductions from the givens (and the known numbers), how it ends, the grade."""
    state = start(puzzle, {**puzzle.givens, **(known or {})})
    entries = []
    for step, then in steps(puzzle, state):
        entries.append(entry(step))
        state = then
    hardest = max(entries, key=lambda e: e.level, default=None)
    open_cells = [cell for cell in puzzle.cells() if cell not in state.placed]
    search = sum(log10(len(state.candidates[cell])) for cell in open_cells)
    grade = Grade(hardest.rule if hardest else None, hardest.level if hardest else 0, state.solved, len(open_cells),
                  search, contradiction(puzzle, state) is not None)
    return Diary(tuple(entries), _end(puzzle, state, open_cells), grade)


def grade(puzzle: BlockParty) -> Grade:
    """The puzzle's difficulty for a person, from its givens alone."""
    return diary(puzzle).grade


def _end(puzzle: BlockParty, state: State, open_cells: list[Cell]) -> str:
    if state.solved:
        return "Solved: every cell holds its number."
    impossible = contradiction(puzzle, state)
    if impossible:
        return f"The rules contradict each other here: {impossible}, so the puzzle has no solution."
    named = "; ".join(f"{cell_text(cell)} ({' or '.join(map(str, sorted(state.candidates[cell])))})"
                      for cell in open_cells[:SHOWN_OPEN])
    more = f"; and {len(open_cells) - SHOWN_OPEN} more" if len(open_cells) > SHOWN_OPEN else ""
    return f"Deductions run out here, with {len(open_cells)} cells open: {named}{more}."


# ---------------------------------------------------------------------------------------------
# A person's progress


def parse_progress(text: str, source: str, puzzle: BlockParty) -> Known:
    """The numbers of a partly filled grid: the solution file's format, '.' for an empty cell."""
    return {cell: _number(token, puzzle, cell, source, line, col)
            for cell, token, line, col in filled_cells(text, source, puzzle.rows, puzzle.cols)}


def _number(token: str, puzzle: BlockParty, cell: Cell, source: str, line: int, col: int) -> int:
    value = ascii_int(token)
    size = puzzle.size_of(cell)
    if value is None or not 1 <= value <= size:
        raise InputError(f"{quoted(token)} is not a number 1 to {size} (the size of the cell's region) nor '.'",
                         source, line, col)
    return value


def wrong_progress(puzzle: BlockParty, known: Mapping[Cell, int], solution: Grid | None) -> list[str]:
    """Where the progress goes wrong, one line per cell: a number that breaks a rule with another
    written number (which one), or that is not the solution's (when the solution is known)."""
    lines = []
    written = {**known, **puzzle.givens}
    for cell, k in sorted(known.items()):
        if puzzle.givens.get(cell) == k:
            continue  # a given copied into the progress
        clash = _clash(puzzle, written, cell, k)
        if clash:
            lines.append(f"{cell_text(cell)}: the {k} there {clash}")
        elif solution is not None and solution[cell[0]][cell[1]] != k:
            lines.append(f"{cell_text(cell)}: the {k} there does not lead to the solution")
    return lines


def _clash(puzzle: BlockParty, written: Mapping[Cell, int], cell: Cell, k: int) -> str | None:
    """How a written K breaks a rule with another written number (the region holds each number
    once; no other K closer than K), or None."""
    if puzzle.givens.get(cell, k) != k:
        return f"is not the given {puzzle.givens[cell]}"
    for other, j in sorted(written.items()):
        if other != cell and j == k and puzzle.region_of(other) == puzzle.region_of(cell):
            return f"repeats the {k} at {cell_text(other)} in its region (region rule)"
        if other != cell and j == k and distance(cell, other) < k:
            return f"is only {distance(cell, other)} from the {k} at {cell_text(other)} (distance rule)"
    return None


__all__ = ["RULE_LEVELS", "Known", "diary", "grade", "hint", "parse_progress", "steps", "wrong_progress"]
