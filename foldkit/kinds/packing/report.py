"""The body of polycube packing as a kind (``foldkit.kinds.packing`` declares it): solving (one
packing, or every packing with --all), the text, the JSON, the solution files and the makers'
subject.

JSON schema (``foldkit solve --json``), version 1:

    {
      "schema": "foldkit.packing/1",
      "name": str,
      "box": [X, Y, Z],
      "pieces": [{"name": str, "count": int, "cubes": [[x, y, z], ...],
                  "orientations": int, "placements": int}, ...],
      "failure": str | null,        # why there is no packing, when there is none
      "packing": [{"piece": str, "number": int, "cubes": [[x, y, z], ...]}, ...] | null,
      "packings": int | null,       # every packing (copies of a piece are interchangeable); null unless --all
      "classes": int | null,        # packings up to the symmetries; null unless --all
      "symmetries": int | null,     # symmetries of the box that map the piece set onto itself; null unless --all
      "representatives": [[{"piece": ..., "number": ..., "cubes": ...}, ...], ...] | null   # one per class
      "stabilisers": {str: int} | null  # with --classes: stabiliser order ("1", "2", ...) -> the classes that
                                        # have it (a class of order s has symmetries / s packings); else null
    }

Coordinates: x is the column, y the row (0 at the top of a level drawing), z the level (0 at the
bottom); piece numbers are those of the solution file (reading order of each piece's first cube).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from foldkit.errors import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.exchange import json as json_format
from foldkit.exchange.json import json_bytes, json_streamed, json_text
from foldkit.kinds.base import Outcome, lazy_module
from foldkit.kinds.packing import counting
from foldkit.kinds.packing.counting import PartReport
from solver.packing import Packing, PackingPuzzle, PackingReport, solution_picture
from solver.packing.model import Placement
from solver.text import counted

if TYPE_CHECKING:
    from foldkit.kinds.packing import artifacts
    from foldkit.kinds.packing.artifacts import Packed
else:
    artifacts = lazy_module("foldkit.kinds.packing.artifacts")  # the makers: loaded by a build, not a solve

SCHEMA = "foldkit.packing/1"


def outcome(report: PackingReport | PartReport) -> Outcome:
    """0 when a packing is found (with --all: how many), 1 when there is none, saying why."""
    if isinstance(report, PartReport):
        return counting.part_outcome(report)
    if report.packing is None:
        why = "the search is complete" if report.failure == "no packing" else report.failure
        return Outcome(EXIT_NO_SOLUTION, f"no packing: {why}")
    if report.packings is None:
        return Outcome(0, f"packed: {counted(len(report.packing), 'piece')} placed")
    if report.limited:
        return Outcome(EXIT_UNFINISHED, f"stopped at the limit: at least {counted_packings(report)}")
    return Outcome(0, counted_packings(report))


def counted_packings(report: PackingReport) -> str:
    """'480 packings, 2 classes under the box's 24 symmetries' (with --all)."""
    assert report.packings is not None and report.classes is not None and report.symmetries is not None
    return (f"{counted(report.packings, 'packing')}, {counted(report.classes, 'class', 'classes')} under the box's "
            f"{counted(report.symmetries, 'symmetry', 'symmetries')}")


# ---------------------------------------------------------------------------------------------
# Text


def puzzle_line(puzzle: PackingPuzzle) -> str:
    """'name: box 5x5x5, 25 pieces of 1 shape' (with a target shape: 'box 8x8x1, a shape of 60 cubes, ...'; with
    one-sided pieces: '18 one-sided pieces of 18 shapes')."""
    x, y, z = puzzle.box
    copies = sum(piece.count for piece in puzzle.pieces)
    target = "" if puzzle.target is None else f", a shape of {counted(puzzle.volume, 'cube')}"
    pieces = counted(copies, "one-sided piece" if puzzle.one_sided else "piece")
    return f"{puzzle.name}: box {x}x{y}x{z}{target}, {pieces} of {counted(len(puzzle.pieces), 'shape')}"


def legend(packing: Packing) -> str:
    """Which piece each number is, as runs: 'Y: 1-25' or 'A: 1, 3  B: 2'."""
    numbers: dict[str, list[int]] = {}
    for k, placement in enumerate(packing, 1):
        numbers.setdefault(placement.piece, []).append(k)
    return "  ".join(f"{name}: {_runs(found)}" for name, found in numbers.items())


def _runs(numbers: list[int]) -> str:
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)


def packing_text(packing: Packing, box: tuple[int, int, int]) -> str:
    """The packing drawn as levels from the bottom (z = 0), with the piece numbers' legend."""
    return solution_picture(packing, box) + f"pieces by number: {legend(packing)}"


def counts_text(report: PackingReport) -> str:
    """Orientations and placements per piece, then (with --all) the packings and classes."""
    lines = [f"  {piece.name} x{piece.count}: {counted(len(piece.cubes), 'cube')}, "
             f"{counted(turns, 'orientation')}, {counted(places, 'placement')}"
             for piece, turns, places in zip(report.puzzle.pieces, report.orientation_counts,
                                             report.placement_counts, strict=True)]
    if report.packings is not None and report.symmetries is not None:
        least = "at least " if report.limited else ""
        lines.append(f"every packing: {least}{report.packings:,}; classes under the box's "
                     f"{counted(report.symmetries, 'symmetry', 'symmetries')}: {least}{report.classes:,}")
    if report.stabilisers:
        lines.append("classes by stabiliser order (symmetries that map a packing onto itself): " + ", ".join(
            f"order {order}: {count:,}" for order, count in report.stabilisers))
    return "\n".join(["pieces:", *lines])


def text(report: PackingReport | PartReport) -> str:
    """What `foldkit solve` prints: the puzzle, the outcome, the packing as levels, the counts."""
    if isinstance(report, PartReport):
        return counting.part_text(report)
    head = [puzzle_line(report.puzzle), outcome(report).summary]
    body = [packing_text(report.packing, report.puzzle.box)] if report.packing is not None else []
    return "\n".join(head) + "\n\n" + "\n\n".join([*body, counts_text(report)])


# ---------------------------------------------------------------------------------------------
# JSON and artifacts


def _cubes(cubes) -> list[list[int]]:
    return [list(cube) for cube in sorted(cubes, key=lambda c: (c[2], c[1], c[0]))]


def packing_json(packing: Packing) -> list[dict]:
    """A packing as [{piece, number, cubes}] in number order."""
    return [{"piece": p.piece, "number": k, "cubes": _cubes(p.cubes)} for k, p in enumerate(packing, 1)]


def json(report: PackingReport | PartReport) -> dict:
    """The report in the documented schema (a part's: see counting)."""
    if isinstance(report, PartReport):
        return counting.part_json(report)
    puzzle = report.puzzle
    pieces = [{"name": piece.name, "count": piece.count, "cubes": _cubes(piece.cubes), "orientations": turns,
               "placements": places}
              for piece, turns, places in zip(puzzle.pieces, report.orientation_counts, report.placement_counts,
                                              strict=True)]
    counted = report.packings is not None
    return {
        "schema": SCHEMA,
        "name": puzzle.name,
        "box": list(puzzle.box),
        "pieces": pieces,
        "failure": report.failure,
        "packing": packing_json(report.packing) if report.packing is not None else None,
        "packings": report.packings,
        "classes": report.classes,
        "symmetries": report.symmetries,
        "representatives": [packing_json(p) for p in report.representatives] if counted else None,
        "stabilisers": None if report.stabilisers is None else {str(order): count for order, count in
                                                                 report.stabilisers},
    }


def json_stream(report: PackingReport | PartReport) -> Iterator[str]:
    """The text of json(report), piece by piece: the representatives (19,186 for Bedlam, a 17 MB text) each
    formatted as it is written, so that the memory stays flat and the time near the count's."""
    if isinstance(report, PartReport) or report.packings is None:
        yield json_text(json(report))
        return
    lines = RepresentativeLines()
    head = json(replace(report, representatives=()))
    yield from json_streamed(head, "representatives", map(lines.text, report.representatives))


@dataclass
class RepresentativeLines:
    """A representative's JSON text as json_text makes it, made of each placement's text made once (for each
    width of its number, which decides whether it fits on one line): a census's representatives share
    their placements."""

    made: dict[tuple[Placement, int], tuple[str, str]] = field(default_factory=dict)  # -> (before its number, after)

    def text(self, packing: Packing) -> str:
        """json_format.item_text(packing_json(packing)), quickly."""
        items = []
        for number, placement in enumerate(packing, 1):
            digits = str(number)
            key = (placement, len(digits))
            if key not in self.made:
                self.made[key] = self._parts(placement, len(digits))
            before, after = self.made[key]
            items.append(f"{INNER}{before}{digits}{after}")
        return "[\n" + ",\n".join(items) + "\n" + json_format.INDENT * 2 + "]"

    @staticmethod
    def _parts(placement: Placement, digits: int) -> tuple[str, str]:
        """The placement's text at a representative's depth, cut where its number (of so many digits) goes."""
        number = 10 ** (digits - 1)
        record = {"piece": placement.piece, "number": number, "cubes": _cubes(placement.cubes)}
        before, _, after = json_format.item_text(record, 3).partition(f'"number": {number}')
        return before + '"number": ', after


INNER = json_format.INDENT * 3  # a placement's indent in a representative


def solution_txt(report: PackingReport) -> bytes:
    """solution.txt: the packing in the solution file format (levels from the bottom), or why there is none."""
    head = f"# {report.puzzle.name}: {outcome(report).summary}\n"
    if report.packing is None:
        return head.encode()
    notes = (f"# levels from the bottom (z = 0) up; row = y (0 at the top), column = x\n"
             f"# {legend(report.packing)}\n")
    return (head + notes + solution_picture(report.packing, report.puzzle.box)).encode()


def solution_json(report: PackingReport) -> bytes:
    """solution.json: the JSON report."""
    return json_bytes(json(report))


def packed_solution_txt(packed: Packed, options: object) -> bytes:
    return solution_txt(packed.report)


def packed_solution_json(packed: Packed, options: object) -> bytes:
    return solution_json(packed.report)


def subject(report: PackingReport | PartReport, options: object) -> Packed:
    """What the makers take; a part of a count has nothing to make things of."""
    if isinstance(report, PartReport):
        raise FoldkitError("--part counts a part for 'foldkit merge': it makes nothing", EXIT_BAD_INPUT)
    return artifacts.packed(report, options)
