"""The body of Shut the Box as a kind (``foldkit.kinds.shutbox`` declares it): solving, the
outcome, the fold its artifacts are made of, the solution files, and the solution as a person
reads it (text) and as a program reads it (JSON).

JSON schema (``foldkit solve --json``), version 1:

    {
      "schema": "foldkit.solve/1",
      "puzzle": {"name": str, "rows": int, "cols": int},
      "layouts": int,            # layouts that keep the grid rules
      "layouts_complete": bool,  # false if the search stopped at its limit
      "even_layouts": int,       # of those, how many have an even cell count
      "boxed_layouts": int,      # of those, how many have the surface area of some box
      "foldings": int,           # foldings of any layout onto any box, up to box symmetry
      "solutions": int,          # complete solutions (1 for a proper puzzle)
      "failure": str | null,     # where the search died when solutions == 0
      "solution_list": [solution, ...],   # every solution
      # the fields of the first solution, repeated at the top level for convenience (each
      # null when there is no solution):
      "answer": int, "box": [a, b, c], "cells": [[row, col], ...], "faces": [face, ...],
      "creases": [{"cells": [[r, c], [r, c]], "angle": 0 | 90}, ...]
    }
    solution = {"answer", "box", "cells", "faces", "creases", "face_sums"}
    face = {"face": "A".."F", "normal": [x, y, z], "size": [du, dv], "sum": int,
            "cells": [{"cell": [row, col], "u": int, "v": int, "number": str | null}, ...]}

Box faces: face A/B have normals -x/+x, C/D -y/+y, E/F -z/+z, for a box spanning
[0, a] x [0, b] x [0, c]; u runs along the first of the face's two axes, v along the second.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from foldkit.exchange.json import json_bytes
from foldkit.fold.subject import CellLabel, Mark, Subject
from foldkit.kinds.base import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, Outcome
from foldkit.kinds.fold_text import folding_json
from foldkit.kinds.folds import Folded
from foldkit.kinds.shutbox import ShutboxSolveOptions
from foldkit.kinds.solutions import Solutions, solutions_text
from foldkit.look import box_text, face_sums_text, product_text
from solver.box import FACE_LABELS, face_size
from solver.folding import Folding
from solver.grid import Cell, Layout
from solver.shutbox.puzzle import Number, Puzzle
from solver.shutbox.solve import Report, Solution
from solver.shutbox.solve import solve as solve_puzzle
from solver.text import counted

SCHEMA = "foldkit.solve/1"


# ---------------------------------------------------------------------------------------------
# JSON


def one_solution_json(puzzle: Puzzle, solution: Solution) -> dict:
    out = folding_json(solution.folding, puzzle.numbers)
    out["answer"] = solution.answer
    out["face_sums"] = list(solution.face_sums)
    return out


def report_json(report: Report) -> dict:
    """The whole solver report in the documented schema."""
    p = report.puzzle
    out = {
        "schema": SCHEMA,
        "puzzle": {"name": p.name, "rows": p.rows, "cols": p.cols},
        "layouts": len(report.layouts),
        "layouts_complete": report.layouts_complete,
        "even_layouts": sum(1 for x in report.layouts if len(x) % 2 == 0),
        "boxed_layouts": len(report.boxed_layouts),
        "foldings": report.folding_count,
        "solutions": len(report.solutions),
        "failure": report.failure,
        "solution_list": [one_solution_json(p, s) for s in report.solutions],
    }
    if report.solutions:
        out.update(one_solution_json(p, report.solutions[0]))
    else:  # no solution: the fields of one are there, null
        out.update(dict.fromkeys(("box", "cells", "faces", "creases", "answer", "face_sums")))
    return out


# ---------------------------------------------------------------------------------------------
# Text


def grid_text(puzzle: Puzzle, layout: Layout) -> str:
    """The puzzle grid with clues shown on box cells, '#' on other box cells, '.' elsewhere."""
    def token(cell):
        if cell in puzzle.numbers:
            return puzzle.numbers[cell].token
        return "#" if cell in layout else "."

    return "\n".join(
        " ".join(f"{token((r, c)):>2}" for c in range(puzzle.cols)) for r in range(puzzle.rows)
    )


def _face_grid(puzzle: Puzzle | None, folding: Folding, face: int, columns, rows) -> list[str]:
    """A face drawn as text: columns and rows are (axis index, ascending) pairs of the picture."""
    by_place = {folding.placement[c][1:]: c for c in folding.cells_on(face)}
    du, dv = face_size(folding.box, face)
    in_plane = [x for x in range(3) if x != face // 2]
    size = {in_plane[0]: du, in_plane[1]: dv}

    def coords(axis, ascending):
        n = size[axis]
        return list(range(n)) if ascending else list(range(n - 1, -1, -1))

    lines = []
    for row in coords(*rows):
        tokens = []
        for col in coords(*columns):
            uv = {rows[0]: row, columns[0]: col}
            cell = by_place[(uv[in_plane[0]], uv[in_plane[1]])]
            number = puzzle.numbers.get(cell) if puzzle else None
            tokens.append(f"{number.token if number else '.':>2}")
        lines.append(" ".join(tokens))
    return lines


def flattened_faces(puzzle: Puzzle | None, folding: Folding) -> str:
    """The six faces unfolded as a cross around the z axis: top, a belt of four, bottom."""
    x, y, z = 0, 1, 2
    belt = [  # (face, picture columns axis and direction); rows run down the z axis
        (2, (x, True)), (1, (y, True)), (3, (x, False)), (0, (y, False)),
    ]
    blocks = [_face_grid(puzzle, folding, f, cols, (z, False)) for f, cols in belt]
    top = _face_grid(puzzle, folding, 5, (x, True), (y, False))
    bottom = _face_grid(puzzle, folding, 4, (x, True), (y, True))
    widths = [len(b[0]) for b in blocks]
    labels = [f"{FACE_LABELS[f]}".ljust(w) for (f, _), w in zip(belt, widths, strict=True)]
    out = [FACE_LABELS[5]] + top + ["  ".join(labels)]
    out += ["  ".join(row) for row in zip(*blocks, strict=True)]
    out += [FACE_LABELS[4]] + bottom
    return "\n".join(out)


def solution_text(puzzle: Puzzle, solution: Solution) -> str:
    sums = solution.face_sums
    lines = [
        grid_text(puzzle, solution.layout),
        "",
        f"Box {box_text(solution.box)} ({len(solution.layout)} cells)",
        "",
        flattened_faces(puzzle, solution.folding),
        "",
        f"Face sums: {face_sums_text(sums)}",
        f"Answer: {product_text(sums, solution.answer)}",
    ]
    return "\n".join(lines)


def report_text(report: Report) -> str:
    """The human summary: counts of every stage, then each solution."""
    p = report.puzzle
    even = sum(1 for x in report.layouts if len(x) % 2 == 0)
    more = "" if report.layouts_complete else " (search stopped at its limit; there are more)"
    head = [
        f"{p.name}: {p.rows}x{p.cols} grid, {counted(len(p.numbers), 'number')}, {counted(len(p.arrows), 'arrow')}",
        f"Layouts keeping the grid rules: {len(report.layouts):,}{more}; {even:,} with an even cell count, "
        f"{len(report.boxed_layouts):,} with the surface area of a box",
        f"Foldings onto a box: {report.folding_count:,}; complete solutions: {len(report.solutions):,}",
    ]
    if not report.solutions and not report.layouts_complete:
        return "\n".join(head + [f"No solution among the first {counted(len(report.layouts), 'layout')}."])
    if not report.solutions:
        return "\n".join(head + [f"No solution: {report.failure}."])
    if report.unique:
        head.append("The solution is unique.")
    elif not report.layouts_complete:
        head.append("Uniqueness is not proven: the layout search stopped at its limit.")
    else:
        head.append(f"The puzzle is {solutions_found(report).summary()}.")
    if report.unique or len(report.solutions) == 1:
        return "\n".join(head) + "\n\nSolution 1:\n" + solution_text(p, report.solutions[0])
    return "\n".join(head) + "\n" + solutions_text(solutions_found(report), lambda s: box_cells(p, s.layout),
                                                  lambda s: solution_text(p, s))


def solutions_found(report: Report) -> Solutions[Solution]:
    return Solutions(report.solutions, len(report.solutions), report.layouts_complete,
                     otherwise="in how they fold onto the box")


def box_cells(puzzle: Puzzle, layout: Layout) -> tuple[tuple[bool, ...], ...]:
    """Which cells of the grid are box cells, row by row."""
    return tuple(tuple((r, c) in layout for c in range(puzzle.cols)) for r in range(puzzle.rows))


# ---------------------------------------------------------------------------------------------
# The fold and the solution files


@dataclass(frozen=True)
class Solved(Folded):
    """A solved puzzle ready for its artifacts: the solver's report and the fold it came to."""

    report: Report
    fold: Subject


def solve(puzzle: Puzzle, options: ShutboxSolveOptions) -> Report:
    return solve_puzzle(puzzle, limit=options.limit or None)


def outcome(report: Report) -> Outcome:
    """Unique, none, ambiguous, or unfinished (the layout search stopped at its limit)."""
    found, complete = report.solutions, report.layouts_complete
    if len(found) > 1:
        return Outcome(EXIT_AMBIGUOUS, solutions_found(report).summary())
    if not complete:
        what = "one solution found, but" if found else "no solution found, and"
        return Outcome(EXIT_UNFINISHED, f"{what} the layout search stopped at its limit of "
                                        f"{counted(len(report.layouts), 'layout')}: nothing is proven (raise --limit, "
                                        "0 for none)")
    if not found:
        return Outcome(EXIT_NO_SOLUTION, f"no solution: {report.failure}")
    return Outcome(0, f"answer {found[0].answer}, box {box_text(found[0].box)}, unique")


def subject(report: Report, options: object = None) -> Solved:
    """The unique solution as the fold its artifacts are made of: its numbers as the cells'
    labels, with the face sums and the answer the solver found."""
    solution = report.solutions[0]
    numbers = {c: n for c, n in report.puzzle.numbers.items() if c in solution.layout}
    return Solved(report, Subject(report.puzzle.name, solution.folding, labels_of(numbers),
                                  face_sums=solution.face_sums, answer=solution.answer, source="puzzle"))


# A clue's mark ('' plain, 'o' circled, 's' squared) as the fold draws it round the label.
LABEL_MARKS: dict[str, Mark | None] = {"": None, "o": "circle", "s": "square"}


def labels_of(numbers: Mapping[Cell, Number]) -> dict[Cell, CellLabel]:
    """Shut the Box number clues as the fold's cell labels: the value's digits, circled or
    squared as the clue is marked."""
    return {cell: CellLabel(str(n.value), LABEL_MARKS[n.mark]) for cell, n in numbers.items()}


def solution_txt(solved: Solved, options: object) -> bytes:
    return (report_text(solved.report) + "\n").encode()


def solution_json(solved: Solved, options: object) -> bytes:
    return json_bytes(report_json(solved.report))
