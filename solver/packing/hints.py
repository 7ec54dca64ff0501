"""Hints, a solving diary and a difficulty grade for packings, from the human-style packer
(``deduce``): the path from the pieces placed so far to a packing, where deductions ran out, and
how much choosing was left."""

from __future__ import annotations

from math import log10

from solver.diary import Diary, Entry, Grade
from solver.packing.deduce import State, Step, Table, completion, cube_words, placement_words, start, steps
from solver.packing.model import Packing, PackingPuzzle, Placement

CHOICE = "most constrained choice"


def entry(step: Step) -> Entry:
    return Entry(step.rule, step.level, step.text, step.placed is not None)


def hint(puzzle: PackingPuzzle, placed: Packing = ()) -> list[Entry]:
    """The next piece a person can place and why: the steps up to and including the first that
    places one (a dead end only strikes placements). Empty when the target is full or cannot be."""
    out = []
    for step, _ in steps(Table(puzzle), start(Table(puzzle), placed)):
        out.append(entry(step))
        if step.placed is not None:
            break
    return out


def diary(puzzle: PackingPuzzle, placed: Packing = ()) -> Diary:
    """Every step to a packing, how it ends, and the grade: the hardest deduction on the way, the
    cubes open when deductions first ran out, and the choices made (each the most constrained
    cube's options)."""
    table = Table(puzzle)
    state = start(table, placed)
    entries: list[Entry] = []
    open_at_first_choice, search = 0, 0.0
    for step, then in steps(table, state):
        if step.rule == CHOICE:
            open_at_first_choice = open_at_first_choice or len(state.empty(table))
            search += log10(step.options)
        entries.append(entry(step))
        state = then
    hardest = max((e for e in entries if e.rule != CHOICE), key=lambda e: e.level, default=None)
    choices = sum(e.rule == CHOICE for e in entries)
    grade = Grade(hardest.rule if hardest else None, hardest.level if hardest else 0, choices == 0,
                  open_at_first_choice, search, bool(state.empty(table)), "cubes",
                  "combinations of the choices made on the way")
    return Diary(tuple(entries), _end(table, state, entries, choices), grade)


def _first_choice(entries: list[Entry]) -> int:
    return next((k for k, e in enumerate(entries) if e.rule == CHOICE), len(entries))


def _end(table: Table, state: State, entries: list[Entry], choices: int) -> str:
    empty = state.empty(table)
    if empty:
        return (f"No packing of the rest exists: the cube at {cube_words(empty[0])} and {len(empty) - 1} more stay "
                "empty.")
    if not choices:
        return "Packed: every cube is covered, by deductions alone."
    first = _first_choice(entries) + 1
    return (f"Packed: every cube is covered. Deductions ran out first at step {first}; {choices} of the steps were "
            "the most constrained choice.")


MAX_GRADED = 5000  # placements: beyond, the diary's bit masks and scans would outweigh the search itself


def grade(puzzle: PackingPuzzle) -> Grade | None:
    """The puzzle's difficulty for a person, or None for a puzzle too large to walk step by step."""
    return diary(puzzle).grade if len(Table(puzzle).all) <= MAX_GRADED else None


def wrong_progress(puzzle: PackingPuzzle, placed: Packing) -> list[str]:
    """Where pieces placed so far go wrong: too many copies of a piece, or (when no packing of the
    rest exists) each piece whose removal alone would let the rest be packed."""
    table = Table(puzzle)
    counts = {piece.name: piece.count for piece in puzzle.pieces}
    used: dict[str, int] = {}
    lines = []
    for k, placement in enumerate(placed, 1):
        used[placement.piece] = used.get(placement.piece, 0) + 1
        if used[placement.piece] > counts[placement.piece]:
            lines.append(f"piece {k} ({placement_words(placement)}): the puzzle has only {counts[placement.piece]} "
                         f"piece{'s' if counts[placement.piece] > 1 else ''} {placement.piece}")
    if lines or _packable(table, placed):
        return lines
    culprits = [k for k in range(len(placed)) if _packable(table, placed[:k] + placed[k + 1:])]
    if not culprits:
        return ["no packing completes the pieces placed so far, and taking out any one of them does not help"]
    return [f"piece {k + 1} ({placement_words(placed[k])}): no packing of the rest exists with it there"
            for k in culprits]


def _packable(table: Table, placed: tuple[Placement, ...]) -> bool:
    return completion(table, start(table, placed)) is not None
