"""Counting every packing from the command line: on every core (--jobs), on a Dask cluster (--cluster),
or one part of the count at a time (--part K/N), whose JSON `foldkit merge` combines into the whole
count's report, the same as one run's.

Part JSON schema (``foldkit solve PUZZLE --all --part K/N``), version 1:

    {
      "schema": "foldkit.packing-part/1",
      "puzzle": str,            # the packing file text of the puzzle (the merge reads it back)
      "name": str, "seed": int | null,
      "part": K, "parts": N,    # K from 1 to N
      "table": str,             # a digest of the placement table: parts must come from the same one
      "symmetries": int,
      "packings": int, "stabilisers": int, "nodes": int,   # they add up over the parts
      "found": int, "kept": int, "limited": bool,
      "classes": ["placement id ...", ...]    # the canonical form of each class met (the merge's keys),
                                              # its placement ids separated by spaces
    }
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from foldkit.console import ProgressBar
from foldkit.errors import EXIT_BAD_INPUT, EXIT_UNFINISHED, FoldkitError
from foldkit.exchange.json import json_text
from foldkit.files import read_text
from foldkit.kinds.base import Outcome
from foldkit.kinds.packing.parallel import ProgressLine, cores, counter
from solver.packing import PackingPuzzle, PackingReport, parse_packing, picture
from solver.packing import solve as solve_packing
from solver.packing.parts import Plan, Tally, count_part, merge, plan_of
from solver.text import counted

PART_SCHEMA = "foldkit.packing-part/1"


@dataclass(frozen=True)
class PartReport:
    """What one part of a count found, to be merged with the others."""

    puzzle: PackingPuzzle
    seed: int | None
    part: int  # 1 to parts
    parts: int
    tally: Tally
    table: str  # the plan's fingerprint
    symmetries: int


def solve(puzzle: PackingPuzzle, options) -> PackingReport | PartReport:
    """The report of `foldkit solve`: one part of the count with --part, else the whole, counted on
    --jobs processes or the --cluster, with a progress line."""
    if options.part is not None:
        k, n = options.part
        plan = plan_of(puzzle, options.seed)
        tally = count_part(plan, k - 1, n, options.limit, workers=None)
        return PartReport(puzzle, options.seed, k, n, tally, plan.fingerprint, len(plan.group))
    jobs = options.jobs or cores()
    line = ProgressLine(ProgressBar("counting"))
    count = counter(puzzle, options.seed, jobs, options.cluster, line)
    return solve_packing(puzzle, every=options.every, seed=options.seed, limit=options.limit, counter=count)


# ---------------------------------------------------------------------------------------------
# A part's report


def part_json(report: PartReport) -> dict:
    """A part's report in the documented schema."""
    tally = report.tally
    return {
        "schema": PART_SCHEMA, "puzzle": picture(report.puzzle), "name": report.puzzle.name, "seed": report.seed,
        "part": report.part, "parts": report.parts, "table": report.table, "symmetries": report.symmetries,
        "packings": tally.packings, "stabilisers": tally.stabilisers, "nodes": tally.nodes, "found": tally.found,
        "kept": tally.kept, "limited": tally.limited,
        "classes": [" ".join(map(str, form)) for form in sorted(tally.forms)],
    }


def part_outcome(report: PartReport) -> Outcome:
    """0 when the part went to its end, EXIT_UNFINISHED when the limit stopped it."""
    code = EXIT_UNFINISHED if report.tally.limited else 0
    return Outcome(code, f"part {report.part} of {report.parts}: {counted(report.tally.packings, 'packing')}")


def part_text(report: PartReport) -> str:
    """A part prints its JSON even without --json: it is made to be merged."""
    return json_text(part_json(report))


# ---------------------------------------------------------------------------------------------
# Merging parts


def read_parts(paths: list[str]) -> list[dict]:
    """The part files' JSON, each checked to be a part of the same count, every part there once."""
    found = [_read_part(path) for path in paths]
    first = found[0]
    for path, part in zip(paths, found, strict=True):
        for key in ("puzzle", "seed", "parts", "table"):
            if part[key] != first[key]:
                raise FoldkitError(f"{path}: a part of another count than {paths[0]} (its {key} differs)",
                                   EXIT_BAD_INPUT)
    numbers = [part["part"] for part in found]
    twice = sorted({k for k in numbers if numbers.count(k) > 1})
    if twice:
        raise FoldkitError(f"part {twice[0]} of {first['parts']} is given more than once", EXIT_BAD_INPUT)
    missing = sorted(set(range(1, first["parts"] + 1)) - set(numbers))
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        raise FoldkitError(f"parts missing: {shown} of {first['parts']}", EXIT_BAD_INPUT)
    return found


def _read_part(path: str) -> dict:
    """One part file's JSON, or a one-line error saying why it is not one."""
    try:
        found = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        raise FoldkitError(f"{path}:{error.lineno}:{error.colno}: not JSON ({error.msg})", EXIT_BAD_INPUT) from None
    if not isinstance(found, dict) or found.get("schema") != PART_SCHEMA:
        raise FoldkitError(f"{path}: not the JSON of a part (`foldkit solve PUZZLE --all --part K/N`)",
                           EXIT_BAD_INPUT)
    numbers = ("part", "parts", "symmetries", "packings", "stabilisers", "nodes", "found", "kept")
    shapes = [isinstance(found.get(key), int) for key in numbers] + [
        isinstance(found.get("puzzle"), str), isinstance(found.get("name"), str), isinstance(found.get("table"), str),
        isinstance(found.get("limited"), bool), isinstance(found.get("classes"), list),
        all(isinstance(form, str) and form.replace(" ", "").isdigit() for form in found.get("classes", []))]
    if not all(shapes) or not 1 <= found["part"] <= found["parts"]:
        raise FoldkitError(f"{path}: a part's JSON with fields missing or of the wrong type", EXIT_BAD_INPUT)
    return found


def tally_of(part: dict) -> Tally:
    """The tally a part's JSON holds."""
    forms = frozenset(tuple(map(int, form.split())) for form in part["classes"])
    return Tally(part["packings"], part["stabilisers"], part["nodes"], forms, part["found"], part["kept"],
                 part["limited"])


def merged_report(paths: list[str]) -> PackingReport:
    """The report of the whole count the part files make up: the same as one run's."""
    found = read_parts(paths)
    first = found[0]
    puzzle = parse_packing(first["puzzle"], paths[0], first["name"])
    total = merge(tally_of(part) for part in found)

    def gathered(plan: Plan, limit: int) -> Tally:
        if plan.fingerprint != first["table"]:
            raise FoldkitError(f"{paths[0]}: made by a foldkit that numbers the placements otherwise: count the "
                               "parts again with this one", EXIT_BAD_INPUT)
        return total

    return solve_packing(puzzle, every=True, seed=first["seed"], counter=gathered)


