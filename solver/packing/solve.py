"""Solving a packing puzzle: why it cannot be packed, one packing, or every packing with its classes."""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.packing.check import packing_problem
from solver.packing.engine import Counting, Row, Table, build_table, search
from solver.packing.model import Packing, PackingPuzzle, Placement, make_packing
from solver.packing.symmetry import (
    anchored_tasks,
    classes,
    symmetry_group,
)
from solver.packing.tasks import search_tasks


@dataclass(frozen=True)
class PackingReport:
    """What solving found: counts per piece, a packing or why there is none, and every-packing counts."""

    puzzle: PackingPuzzle
    orientation_counts: tuple[int, ...]  # per piece, in puzzle order
    placement_counts: tuple[int, ...]  # per piece, in puzzle order
    packing: Packing | None
    failure: str | None  # why there is no packing, or None
    packings: int | None = None  # every packing, when asked
    classes: int | None = None  # packings up to the symmetries, when asked
    representatives: tuple[Packing, ...] = ()  # one packing per class, when asked
    symmetries: int | None = None  # how many symmetries of the box map the piece set onto itself
    limited: bool = False  # the limit on packings counted stopped the count: packings and classes are lower bounds


@dataclass(frozen=True)
class Census:
    """Every packing counted: the total, the classes, one representative of each, and the symmetries used.

    Stopped by a limit, the counts are those reached (lower bounds) and limited is set. The first KEEP
    packings found are kept to pick the representatives from: past that, some classes may have none."""

    packings: int
    classes: int
    representatives: tuple[Packing, ...]
    symmetries: int
    nodes: int = 0  # placements the search made
    tasks: int = 0  # starting points after the symmetry anchors
    limited: bool = False


KEEP = 10_000  # packings kept to pick the classes' representatives from (each found once or a few times)


def impossibility(table: Table) -> str | None:
    """Why the puzzle cannot be packed before any search (volumes, a piece that fits nowhere), or None."""
    puzzle = table.puzzle
    if puzzle.piece_volume != puzzle.volume:
        return f"the pieces' volume {puzzle.piece_volume} differs from {puzzle.what}'s {puzzle.volume}"
    for piece, found in zip(puzzle.pieces, table.piece_placement_counts, strict=True):
        if not found:
            return f"piece {piece.name} fits nowhere in {puzzle.what}"
    return None


def as_packing(table: Table, row: Row) -> Packing:
    """The Packing a row of placement ids stands for."""
    names = [piece.name for piece in table.puzzle.pieces]
    return make_packing(Placement(names[table.placement_piece[p]], table.placement_cubes[p]) for p in row)


def first_packing(table: Table) -> Packing | None:
    """The first packing the search finds in the table's order, or None if there is none."""
    found = search(table, limit=1)
    return as_packing(table, found.rows[0]) if found.rows else None


def solve_one(puzzle: PackingPuzzle, seed: int | None = None) -> Packing | None:
    """The first packing the search finds (the same every time for a seed), or None if there is none."""
    table = build_table(puzzle, seed)
    return None if impossibility(table) else first_packing(table)


def count_packings(table: Table, engine: str = "auto", limit: int = 0, keep: int = KEEP) -> Census:
    """Every packing of a table counted (up to limit; 0: all), and sorted into classes under the puzzle's
    symmetries, in bounded memory.

    Each starting point's packings count its weight times; the classes are the sum over the packings
    of their stabiliser sizes divided by the symmetries (a class of n packings has stabilisers of
    |G| / n). The representatives are the distinct classes among the rows kept."""
    cells, group = symmetry_group(table)
    if impossibility(table):
        return Census(0, 0, (), len(group))
    tasks = anchored_tasks(table, group, cells)
    counting = Counting(limit, keep, tuple(group))
    found = search_tasks(table, tasks, engine, counting=counting)
    forms = classes(found.rows, group)
    representatives = tuple(as_packing(table, form) for form in forms)
    if found.limited:
        return Census(found.packings, len(forms), representatives, len(group), found.nodes, len(tasks), True)
    counted, rest = divmod(found.stabilisers, len(group))
    if rest or (len(found.rows) == found_rows(counting) and len(forms) != counted):
        raise RuntimeError(f"the classes do not add up: {found.stabilisers} / {len(group)}, {len(forms)} found")
    return Census(found.packings, counted, representatives, len(group), found.nodes, len(tasks))


def found_rows(counting: Counting) -> int:
    """How many packings the searches of a counting found (kept or not)."""
    return counting.control[2]


def census(puzzle: PackingPuzzle, engine: str = "auto") -> Census:
    """Every packing counted, and sorted into classes under the puzzle's symmetries."""
    return count_packings(build_table(puzzle), engine)


def count_all(puzzle: PackingPuzzle) -> tuple[int, int, tuple[Packing, ...]]:
    """(every packing, the classes under the puzzle's symmetries, one packing of each class)."""
    counted = census(puzzle)
    return counted.packings, counted.classes, counted.representatives


def solve(puzzle: PackingPuzzle, every: bool = False, seed: int | None = None, limit: int = 0) -> PackingReport:
    """Solve a puzzle: the impossible checks, then one packing, then (with every) all of them, up to limit
    packings counted (0: all; report.limited says whether the limit stopped the count).

    The placement table is built once and serves every step."""
    table = build_table(puzzle, seed)
    report = PackingReport(puzzle, tuple(len(turned) for turned in table.piece_orientations),
                           table.piece_placement_counts, None, impossibility(table))
    if report.failure:
        return _with_counts(report, every)
    packing = first_packing(table)
    if packing is None:
        return _with_counts(replace(report, failure="no packing"), every)
    problem = packing_problem(puzzle, packing)
    if problem:
        raise RuntimeError(f"the search found a packing that breaks a rule: {problem}")
    report = replace(report, packing=packing)
    if not every:
        return report
    counted = count_packings(table, limit=limit)
    return replace(report, packings=counted.packings, classes=counted.classes,
                   representatives=counted.representatives, symmetries=counted.symmetries, limited=counted.limited)


def _with_counts(report: PackingReport, every: bool) -> PackingReport:
    """A report with no packing: with every, the counts are zero."""
    return replace(report, packings=0, classes=0) if every else report
