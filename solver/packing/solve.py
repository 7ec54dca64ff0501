"""Solving a packing puzzle: why it cannot be packed, one packing, or every packing with its classes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.packing.check import packing_problem
from solver.packing.classes import class_census
from solver.packing.engine import compiled, search
from solver.packing.model import Packing, PackingPuzzle, Placement
from solver.packing.parts import KEEP, Plan, Tally, count_part, plan_of
from solver.packing.table import PlacementId, Row, Table, build_table


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
    stabilisers: tuple[tuple[int, int], ...] | None = None  # with classes: (stabiliser order, classes that have it)


@dataclass(frozen=True)
class Census:
    """Every packing counted: the total, the classes, one representative of each, and the symmetries used.

    Stopped by a limit, the counts are those reached (lower bounds) and limited is set. Each part of the
    count keeps the first KEEP packings it finds to pick the representatives from: past that, some
    classes may have none."""

    packings: int
    classes: int
    representatives: tuple[Packing, ...]
    symmetries: int
    nodes: int = 0  # placements the search made
    tasks: int = 0  # starting points after the symmetry anchors
    limited: bool = False


Counter = Callable[[Plan, int], Tally]  # (the plan, the limit on packings; 0: none) -> what all its parts found


def impossibility(table: Table) -> str | None:
    """Why the puzzle cannot be packed before any search (volumes, a piece that fits nowhere), or None."""
    puzzle = table.puzzle
    if puzzle.piece_volume != puzzle.volume:
        return f"the pieces' volume {puzzle.piece_volume} differs from {puzzle.what}'s {puzzle.volume}"
    for piece, found in zip(puzzle.pieces, table.piece_placement_counts, strict=True):
        if not found:
            return f"piece {piece.name} fits nowhere in {puzzle.what}"
    return None


def as_packing(table: Table, row: Row, made: dict[PlacementId, Placement] | None = None) -> Packing:
    """The Packing a row of placement ids stands for; `made` keeps the Placements already made, for packings
    that share them (a census's representatives: 19,186 for Bedlam, from far fewer placements)."""
    made = {} if made is None else made
    for p in row:
        if p not in made:
            made[p] = Placement(table.puzzle.pieces[table.placement_piece[p]].name, table.placement_cubes(p))
    # A table numbers its cells in reading order, so ordering by each placement's first cell is make_packing's
    # order, without sorting cubes.
    return tuple(made[p] for p in sorted(row, key=lambda p: table.placement_cells[p][0]))


def reference_engine() -> str:
    """The engine whose tree is the same on every machine: the compiled "c" search, node for node the Python
    engine's, or the Python engine where nothing is compiled. Grades, hints and generated challenges follow it,
    so they read the same everywhere; the fastest engine built ("auto") may come to another first packing."""
    return "c" if compiled() else "python"


def first_packing(table: Table, engine: str = "auto") -> Packing | None:
    """The first packing the engine's search finds in the table's order, or None if there is none."""
    found = search(table, limit=1, engine=engine)
    return as_packing(table, found.rows[0]) if found.rows else None


def solve_one(puzzle: PackingPuzzle, seed: int | None = None, engine: str = "auto") -> Packing | None:
    """The first packing the engine's search finds (the same every time for a seed and an engine), or None if
    there is none."""
    table = build_table(puzzle, seed)
    return None if impossibility(table) else first_packing(table, engine)


def count_packings(table: Table, engine: str = "auto", limit: int = 0, keep: int = KEEP,
                   counter: Counter | None = None) -> Census:
    """Every packing of a table counted (up to limit; 0: all), and sorted into classes under the puzzle's
    symmetries, in bounded memory: by this process's threads, or by the counter given (which may run the
    parts of the count anywhere).

    Each starting point's packings count its weight times; the classes are the sum over the packings
    of their stabiliser sizes divided by the symmetries (a class of n packings has stabilisers of
    |G| / n). The representatives are the distinct classes among the rows kept."""
    return _census(Plan(table), engine, limit, keep, counter)


def _census(plan: Plan, engine: str = "auto", limit: int = 0, keep: int = KEEP,
            counter: Counter | None = None) -> Census:
    """count_packings of a plan."""
    table = plan.table
    if impossibility(table):
        return Census(0, 0, (), len(plan.group))
    if counter is None:
        tally = count_part(plan, 0, 1, limit, engine, workers=None, keep=keep)
    else:
        tally = counter(plan, limit)
    return census_of(plan, tally)


def census_of(plan: Plan, tally: Tally) -> Census:
    """The census that the tally of every part of a count makes (the classes checked against the forms met)."""
    symmetries = len(plan.group)
    made: dict[PlacementId, Placement] = {}
    representatives = tuple(as_packing(plan.table, form, made) for form in sorted(tally.forms))
    tasks = len(plan.starts)
    if tally.limited:
        return Census(tally.packings, len(tally.forms), representatives, symmetries, tally.nodes, tasks, True)
    counted, rest = divmod(tally.stabilisers, symmetries)
    if rest or (tally.complete and len(tally.forms) != counted):
        raise RuntimeError(f"the classes do not add up: {tally.stabilisers} / {symmetries}, {len(tally.forms)} found")
    return Census(tally.packings, counted, representatives, symmetries, tally.nodes, tasks)


def census(puzzle: PackingPuzzle, engine: str = "auto") -> Census:
    """Every packing counted, and sorted into classes under the puzzle's symmetries."""
    return count_packings(build_table(puzzle), engine)


def count_all(puzzle: PackingPuzzle) -> tuple[int, int, tuple[Packing, ...]]:
    """(every packing, the classes under the puzzle's symmetries, one packing of each class)."""
    counted = census(puzzle)
    return counted.packings, counted.classes, counted.representatives


def solve(puzzle: PackingPuzzle, every: bool = False, seed: int | None = None, limit: int = 0,
          counter: Counter | None = None, by_class: bool = False) -> PackingReport:
    """Solve a puzzle: the impossible checks, then one packing, then (with every) all of them, up to limit
    packings counted (0: all; report.limited says whether the limit stopped the count), by the counter
    when one is given (see count_packings). With by_class, every class is searched for with the symmetry
    broken (see classes) instead, each named by a representative, with the stabilisers' histogram.

    The placement table is built once a process (parts.plan_of) and serves every step."""
    plan = plan_of(puzzle, seed)
    table = plan.table
    report = PackingReport(puzzle, tuple(len(turned) for turned in table.piece_orientations),
                           table.piece_placement_counts, None, impossibility(table))
    if report.failure:
        return _with_counts(report, plan, every, by_class)
    packing = first_packing(table)
    if packing is None:
        return _with_counts(replace(report, failure="no packing"), plan, every, by_class)
    problem = packing_problem(puzzle, packing)
    if problem:
        raise RuntimeError(f"the search found a packing that breaks a rule: {problem}")
    report = replace(report, packing=packing)
    if not every:
        return report
    if by_class:
        return _with_classes(report, plan)
    counted = _census(plan, limit=limit, counter=counter)
    return replace(report, packings=counted.packings, classes=counted.classes,
                   representatives=counted.representatives, symmetries=counted.symmetries, limited=counted.limited)


def _with_classes(report: PackingReport, plan: Plan) -> PackingReport:
    """The report with every class of packings found by classes.class_census."""
    found = class_census(plan)
    made: dict[PlacementId, Placement] = {}
    return replace(report, packings=found.packings, classes=len(found.forms), symmetries=found.symmetries,
                   representatives=tuple(as_packing(plan.table, form, made) for form in found.forms),
                   stabilisers=tuple(found.histogram.items()))


def _with_counts(report: PackingReport, plan: Plan, every: bool, by_class: bool = False) -> PackingReport:
    """A report with no packing: with every, the counts are zero under the puzzle's symmetries (and with
    by_class, no stabiliser met)."""
    if not every:
        return report
    return replace(report, packings=0, classes=0, symmetries=len(plan.group), stabilisers=() if by_class else None)
