"""Hints, a solving diary and a difficulty grade for Number Cross, from the human-style solver
(``deduce``, ``deduce_rows``): the path of deductions from the clues (and a person's progress),
where it ends, and how much search is left."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import log10

from solver.diary import Diary, Entry, Grade
from solver.numbercross.deduce.deductions import (
    TILE,
    Candidates,
    State,
    Step,
    after,
    as_its_region,
    no_tile_here,
    region_borders,
    start,
    touching_regions,
    values_words,
    where,
)
from solver.numbercross.deduce.digits import clue_digits
from solver.numbercross.deduce.rows import number_candidates, row_candidates
from solver.numbercross.deduce.tiles import tile_sharing
from solver.numbercross.deduce.whatif import what_if
from solver.numbercross.rules.model import Grid, NumberCross
from solver.text import InputError, filled_cells, quoted, sentence

SHOWN_OPEN = 6  # open cells named where deductions run out
HINT_STEPS = 12  # steps a hint looks ahead for one that decides a cell
MAX_STEPS = 2_000  # a diary longer than this stops (each step narrows something, so it ends anyway)

Rule = Callable[[NumberCross, State], Iterator[Step]]


def rules(puzzle: NumberCross) -> tuple[Rule, ...]:
    """The deductions, easiest first."""
    touching = touching_regions(puzzle)
    easier: tuple[Rule, ...] = (no_tile_here, as_its_region, lambda p, s: region_borders(p, s, touching),
                                clue_digits, tile_sharing, number_candidates, row_candidates)
    return (*easier, lambda p, s: what_if(p, s, easier))


def steps(puzzle: NumberCross, state: State) -> Iterator[tuple[Step, State]]:
    """Each deduction from the state on, the easiest that applies first, with the state after it;
    they stop when every cell is decided, when none applies, or at a contradiction."""
    order = rules(puzzle)
    for _ in range(MAX_STEPS):
        if state.solved or state.broken():
            return
        found = next((s for rule in order for s in rule(puzzle, state)), None)
        if found is None:
            return
        state = after(state, found)
        yield found, state


def entry(found: Step) -> Entry:
    return Entry(found.rule, found.level, sentence(found.text), found.writes)


def hint(puzzle: NumberCross, known: Candidates | None = None) -> list[Entry]:
    """The next cell a person can decide and why: the deductions up to and including the first
    that decides one (those before it only narrow candidates), if one comes within HINT_STEPS;
    else the next deduction alone. Empty when nothing applies."""
    out = []
    for found, _ in steps(puzzle, start(puzzle, known or {})):
        out.append(entry(found))
        if found.writes:
            return out
        if len(out) == HINT_STEPS:
            break
    return out[:1]


def diary(puzzle: NumberCross, known: Candidates | None = None) -> Diary:
    """The whole path of deductions from the clues (and the known cells), how it ends, the grade."""
    state = start(puzzle, known or {})
    entries = []
    for found, then in steps(puzzle, state):
        entries.append(entry(found))
        state = then
    hardest = max(entries, key=lambda e: e.level, default=None)
    open_cells = state.open_cells()
    search = sum(log10(len(state.cells[cell])) for cell in open_cells)
    grade = Grade(hardest.rule if hardest else None, hardest.level if hardest else 0, state.solved, len(open_cells),
                  search, state.broken() is not None)
    return Diary(tuple(entries), _end(puzzle, state, open_cells), grade)


def grade(puzzle: NumberCross) -> Grade:
    """The puzzle's difficulty for a person, from its clues alone."""
    return diary(puzzle).grade


def _end(puzzle: NumberCross, state: State, open_cells: list) -> str:
    if state.solved:
        return "Solved: every cell holds its digit or tile."
    broken = state.broken()
    if broken:
        return f"The rules contradict each other here: {broken}, so there is no solution from here."
    decided = len(state.cells) - len(open_cells)
    named = "; ".join(f"{where(cell)} {values_words(state.cells[cell])}" for cell in open_cells[:SHOWN_OPEN])
    more = f"; and {len(open_cells) - SHOWN_OPEN} more" if len(open_cells) > SHOWN_OPEN else ""
    return (f"Deductions run out here, with {decided} cells decided and {len(open_cells)} open: {named}{more}.")


# ---------------------------------------------------------------------------------------------
# A person's progress


def parse_progress(text: str, source: str, puzzle: NumberCross) -> Candidates:
    """The cells of a partly filled grid: the solution file's format (a digit, X for a tile), '.'
    for a cell not filled in yet."""
    return {cell: frozenset({_value(token, source, line, col)})
            for cell, token, line, col in filled_cells(text, source, puzzle.rows, puzzle.cols)}


def _value(token: str, source: str, line: int, col: int) -> int:
    if token.upper() == "X":
        return TILE
    if len(token) == 1 and "1" <= token <= "9":
        return int(token)
    raise InputError(f"{quoted(token)} is not a digit 1-9, 'X' for a tile, nor '.'", source, line, col)


def wrong_progress(puzzle: NumberCross, known: Candidates, solution: Grid | None) -> list[str]:
    """Where the progress goes wrong, one line per cell: a tile that breaks a rule (on a
    highlighted cell, beside another tile), or a cell that is not the solution's (when known)."""
    lines = []
    for cell, values in sorted(known.items()):
        (value,) = values
        tiles = [other for other in puzzle.neighbours(cell) if known.get(other) == frozenset({TILE})]
        if value == TILE and cell in puzzle.highlighted:
            lines.append(f"{where(cell)}: a tile cannot stand on a highlighted cell (tile rule)")
        elif value == TILE and tiles:
            lines.append(f"{where(cell)}: the tile there shares an edge with the tile at {where(tiles[0])} (tile rule)")
        elif solution is not None and (solution[cell[0]][cell[1]] or TILE) != value:
            shown = "a tile" if value == TILE else f"the {value}"
            lines.append(f"{where(cell)}: {shown} there does not lead to the solution")
    return lines


__all__ = ["diary", "grade", "hint", "parse_progress", "steps", "wrong_progress"]
