"""Counting every packing from the command line: on every core (--jobs), on a Dask cluster (--cluster),
or one part of the count at a time (--part K/N), whose JSON (see part_records) `foldkit merge` combines
into the whole count's report, the same as one run's. --checkpoint FILE keeps the parts finished, and
--resume FILE goes on from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from foldkit import census
from foldkit.console import ProgressBar
from foldkit.errors import EXIT_BAD_INPUT, EXIT_UNFINISHED, FoldkitError
from foldkit.exchange.json import json_text
from foldkit.kinds.base import Outcome
from foldkit.kinds.packing.parallel import ProgressLine, counter, worker_count
from foldkit.kinds.packing.part_records import PART_SCHEMA, check_forms, check_part, part_record, tally_of
from solver.packing import PackingPuzzle, PackingReport, parse_packing
from solver.packing import solve as solve_packing
from solver.packing.parts import Plan, Tally, count_part, merge, plan_of
from solver.packing.sizes import placement_total
from solver.packing.solve import census_of
from solver.text import counted

MAX_COUNTED_CUBES = 1_000  # a target of 10x10x10 (Bedlam's has 64, the Y-pentacube's 125)
MAX_COUNTED_PLACEMENTS = 25_000  # the pieces' placements (Bedlam's: 4,188)


@dataclass(frozen=True)
class PartReport:
    """What one part of a count found, to be merged with the others."""

    part: int  # 1 to parts
    parts: int
    tally: Tally
    record: dict  # its sealed census record (see part_records)


def solve(puzzle: PackingPuzzle, options) -> PackingReport | PartReport:
    """The report of `foldkit solve`: one part of the count with --part, else the whole, counted on
    --jobs processes or the --cluster, kept in the --checkpoint, with a progress line."""
    if options.every:
        check_countable(puzzle)
    if options.part is not None:
        k, n = options.part
        plan = plan_of(puzzle, options.seed)
        tally = count_part(plan, k - 1, n, options.limit, workers=None)
        return PartReport(k, n, tally, part_record(plan, puzzle, options.seed, k - 1, n, tally))
    if options.classes:
        return solve_packing(puzzle, every=True, seed=options.seed, by_class=True)
    jobs = worker_count(options.jobs)
    line = ProgressLine(ProgressBar("counting"))
    count = counter(puzzle, options.seed, jobs, options.cluster, line, keeping=(options.checkpoint, options.resume))
    return solve_packing(puzzle, every=options.every, seed=options.seed, limit=options.limit, counter=count)


def check_countable(puzzle: PackingPuzzle) -> None:
    """Refuse, before any table is built, a count whose set-up alone (the symmetries of every placement, the
    split into parts) would pass the memory or take minutes."""
    if puzzle.volume > MAX_COUNTED_CUBES:
        raise FoldkitError(f"{puzzle.name}: --all counts the packings of at most {MAX_COUNTED_CUBES:,} cubes, and "
                           f"{puzzle.what} has {puzzle.volume:,}: solve it without --all", EXIT_BAD_INPUT)
    placements = placement_total(puzzle.box, puzzle.pieces, puzzle.one_sided)
    if placements > MAX_COUNTED_PLACEMENTS:
        raise FoldkitError(f"{puzzle.name}: --all counts with at most {MAX_COUNTED_PLACEMENTS:,} placements, and the "
                           f"pieces have {placements:,}: solve it without --all", EXIT_BAD_INPUT)


# ---------------------------------------------------------------------------------------------
# A part's report


def part_json(report: PartReport) -> dict:
    """A part's report: its census record."""
    return report.record


def part_outcome(report: PartReport) -> Outcome:
    """0 when the part went to its end, EXIT_UNFINISHED when the limit stopped it."""
    code = EXIT_UNFINISHED if report.tally.limited else 0
    return Outcome(code, f"part {report.part} of {report.parts}: {counted(report.tally.packings, 'packing')}")


def part_text(report: PartReport) -> str:
    """A part prints its JSON even without --json: it is made to be merged."""
    return json_text(part_json(report))


# ---------------------------------------------------------------------------------------------
# Merging parts


def merged_report(paths: list[str]) -> PackingReport:
    """The report of the whole count the part files make up: the same as one run's."""
    found = census.read_parts(paths, PART_SCHEMA, check_part)
    first = found[0]
    puzzle = parse_packing(first["puzzle"], paths[0], first["name"])

    def gathered(plan: Plan, limit: int) -> Tally:
        if plan.fingerprint != first["table"]:
            raise FoldkitError(f"{paths[0]}: made by a foldkit that numbers the placements otherwise: count the "
                               "parts again with this one", EXIT_BAD_INPUT)
        check_forms(plan, found, paths)
        return merged_tally(plan, [tally_of(part) for part in found], paths[0])

    return solve_packing(puzzle, every=True, seed=first["seed"], counter=gathered)


def merged_tally(plan: Plan, tallies: list[Tally], where: str) -> Tally:
    """The parts' tallies merged, whose classes must add up (the census check); else a one-line error."""
    total = merge(tallies)
    try:
        census_of(plan, total)
    except RuntimeError as error:
        raise FoldkitError(f"{where} and the other parts: {error}", EXIT_BAD_INPUT) from None
    return total
