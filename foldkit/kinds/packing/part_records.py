"""A part of a packing count as a census record (``foldkit.census``): written by `solve --all --part K/N`
and by a checkpoint, read back by `merge` and `--resume`.

Part JSON schema, version 2 (the census fields, see foldkit.census, and these):

    {
      "schema": "foldkit.packing-part/2",
      "count": str, "part": K, "parts": N, "digest": str,    # see foldkit.census
      "totals": {"packings": int, "stabilisers": int, "nodes": int, "found": int, "kept": int},
      "classes": ["placement id ...", ...],   # the canonical form of each class met, its placement ids
                                              # separated by spaces
      "puzzle": str,            # the packing file text of the puzzle (the merge reads it back)
      "name": str, "seed": int | null,
      "table": str,             # a digest of the placement table: parts must come from the same one
      "symmetries": int,
      "limited": bool           # a limit stopped the part: its totals are lower bounds
    }
"""

from __future__ import annotations

from foldkit import census
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.kinds.packing import PART_SCHEMA
from solver.packing import PackingPuzzle, picture
from solver.packing.parts import Plan, Tally
from solver.packing.symmetry import classes

TOTALS = ("packings", "stabilisers", "nodes", "found", "kept")


def count_of(plan: Plan, puzzle: PackingPuzzle, seed: int | None) -> str:
    """The census digest of a packing count: the puzzle, the seed and the table decide it."""
    return _count(picture(puzzle), seed, plan.fingerprint)


def _count(puzzle: str, seed: int | None, table: str) -> str:
    return census.count_digest(PART_SCHEMA, puzzle, repr(seed), table)


def part_record(plan: Plan, puzzle: PackingPuzzle, seed: int | None, part: int, parts: int, tally: Tally) -> dict:
    """The sealed record of part `part` (0-based) of `parts`."""
    return census.sealed({
        "schema": PART_SCHEMA, "count": count_of(plan, puzzle, seed), "part": part + 1, "parts": parts,
        "totals": {"packings": tally.packings, "stabilisers": tally.stabilisers, "nodes": tally.nodes,
                   "found": tally.found, "kept": tally.kept},
        "classes": sorted(" ".join(map(str, form)) for form in tally.forms),
        "puzzle": picture(puzzle), "name": puzzle.name, "seed": seed, "table": plan.fingerprint,
        "symmetries": len(plan.group), "limited": tally.limited,
    })


def tally_of(record: dict) -> Tally:
    """The tally a part's record holds."""
    totals = record["totals"]
    forms = frozenset(tuple(map(int, form.split())) for form in record["classes"])
    return Tally(totals["packings"], totals["stabilisers"], totals["nodes"], forms, totals["found"], totals["kept"],
                 record["limited"])


def check_part(record: dict, where: str) -> None:
    """The packing fields of a part's record (its census fields are checked already): their types, and
    totals that can be together; else a one-line error."""
    seed = record.get("seed")
    if not (isinstance(record.get("puzzle"), str) and isinstance(record.get("name"), str)
            and isinstance(record.get("table"), str) and census.is_count(record.get("symmetries"))
            and isinstance(record.get("limited"), bool) and (seed is None or census.is_count(seed))
            and set(record["totals"]) == set(TOTALS)
            and all(key.replace(" ", "").isdigit() for key in record["classes"])):
        raise FoldkitError(f"{where}: a part's JSON with fields missing or of the wrong type", EXIT_BAD_INPUT)
    if record["count"] != _count(record["puzzle"], seed, record["table"]):
        raise FoldkitError(f"{where}: its count digest is not that of its puzzle, seed and table", EXIT_BAD_INPUT)
    totals = record["totals"]
    if not len(record["classes"]) <= totals["kept"] <= totals["found"] <= totals["packings"] <= \
            totals["stabilisers"]:
        raise FoldkitError(f"{where}: its totals cannot be together (classes {len(record['classes'])}, kept "
                           f"{totals['kept']}, found {totals['found']}, packings {totals['packings']}, stabilisers "
                           f"{totals['stabilisers']})", EXIT_BAD_INPUT)


def check_forms(plan: Plan, records: list[dict], wheres: list[str]) -> None:
    """Every class a part names is a packing's canonical form in this plan's table: as many placements as
    copies, each id a placement, none twice, and the smallest of its images; else a one-line error."""
    table = plan.table
    width, placements = sum(table.counts), len(table.placement_piece)
    for record, where in zip(records, wheres, strict=True):
        forms = [tuple(map(int, key.split())) for key in record["classes"]]
        for key, form in zip(record["classes"], forms, strict=True):
            if len(form) != width or len(set(form)) != width or max(form, default=0) >= placements \
                    or not _packs(plan, form):
                raise FoldkitError(f"{where}: class {key[:60]!r} is not a packing of this puzzle ({width} "
                                   f"placement ids from 0 to {placements - 1})", EXIT_BAD_INPUT)
        if forms and classes(forms, list(plan.group)) != sorted(forms):  # each its own class's smallest image
            key = next(key for key, form in zip(record["classes"], forms, strict=True)
                       if classes([form], list(plan.group)) != [form])
            raise FoldkitError(f"{where}: class {key[:60]!r} is not in its canonical form", EXIT_BAD_INPUT)


def _packs(plan: Plan, form: tuple[int, ...]) -> bool:
    """The placements fill every cell once with the puzzle's pieces."""
    table = plan.table
    masks = [table.placement_masks[p] for p in form]
    covered = 0
    for mask in masks:
        covered |= mask
    pieces = [0] * len(table.counts)
    for p in form:
        pieces[table.placement_piece[p]] += 1
    return covered == (1 << len(table.cell_cubes)) - 1 and sum(bin(mask).count("1") for mask in masks) == \
        len(table.cell_cubes) and pieces == list(table.counts)
