"""Reading and writing packing solution files: levels from the bottom, each a grid of piece numbers.

``parse_solution(solution_picture(k), puzzle=p) == k``. Bad input raises ``InputError`` with the line and
column of the fault.
"""

from __future__ import annotations

import re
from itertools import islice

from solver.box import as_vec
from solver.packing.model import BoxSides, Cube, Packing, PackingPuzzle, Placement, make_packing
from solver.packing.parse import piece_of_shape
from solver.text import InputError, Line, ascii_int, content_lines, quoted, tokens


def parse_solution(text: str, source: str = "<input>", puzzle: PackingPuzzle | None = None) -> Packing:
    """The packing a solution file shows; each piece number's cubes must be the shape of one of the puzzle's
    pieces (without a puzzle, every placement is named by its number)."""
    lines = content_lines(text, comments=True)
    if not lines:
        raise InputError("empty file: expected 'level 1'", source, 1)
    levels = _levels(lines, source)
    box = _solution_box(levels, source, puzzle)
    numbered: dict[int, dict[Cube, tuple[int, int]]] = {}
    for z, (_, rows) in enumerate(levels):
        for y, (line_number, found) in enumerate(rows):
            if len(found) != box[0]:
                raise InputError(f"row {y + 1} of level {z + 1} has {len(found)} entries, expected {box[0]}", source,
                                 line_number, 1)
            for x, (column, token) in enumerate(found):
                if token == ".":  # not part of the target
                    continue
                value = ascii_int(token)
                if value is None or value == 0:
                    raise InputError(f"expected a piece number 1, 2, ... or '.', found {quoted(token)}", source,
                                     line_number, column)
                numbered.setdefault(value, {})[(x, y, z)] = (line_number, column)
    return make_packing(_placement(k, numbered, source, puzzle) for k in _numbers(numbered, source))


def check_solution_fits(text: str, source: str, box: BoxSides) -> None:
    """An InputError at the first line of a solution file past the box's levels, rows or entries, found
    before any row is read whole: a file far larger than its puzzle is refused at once."""
    levels = rows = 0
    for number, line in content_lines(text, comments=True):
        if line.lstrip(" \t").startswith("level"):
            levels, rows = levels + 1, 0
            if levels > box[2]:
                raise InputError(f"the solution has more than the box's {box[2]} levels", source, number, 1)
            continue
        if not levels:
            continue  # not a solution file: parse_solution says so at its first line
        rows += 1
        if rows > box[1]:
            raise InputError(f"level {levels} has more than the box's {box[1]} rows", source, number, 1)
        past = next(islice(re.finditer(r"[^ \t]+", line), box[0], None), None)
        if past is not None:
            raise InputError(f"row {rows} of level {levels} has more than the box's {box[0]} entries",
                             source, number, past.start() + 1)


def _levels(lines: list[Line], source: str) -> list[tuple[int, list[tuple[int, list[tuple[int, str]]]]]]:
    """[(level line number, [(row line number, tokens)])] of the level blocks, numbered 1, 2, ... in order."""
    levels: list[tuple[int, list[tuple[int, list[tuple[int, str]]]]]] = []
    for number, text in lines:
        found = tokens(text)
        if found[0][1] == "level":
            expected = len(levels) + 1
            if len(found) != 2 or ascii_int(found[1][1]) != expected:
                raise InputError(f"expected 'level {expected}', found {quoted(text.strip())}", source, number,
                                 found[0][0])
            levels.append((number, []))
        elif not levels:
            raise InputError(f"expected 'level 1', found {quoted(text.strip())}", source, number, found[0][0])
        else:
            levels[-1][1].append((number, found))
    return levels


def _solution_box(levels: list, source: str, puzzle: PackingPuzzle | None) -> BoxSides:
    """The box the levels show; with a puzzle, it must be the puzzle's box."""
    first_rows = levels[0][1]
    if not first_rows:
        raise InputError("level 1 has no rows", source, levels[0][0], 1)
    box = (len(first_rows[0][1]), len(first_rows), len(levels))
    if puzzle is not None:
        box = puzzle.box
        if len(levels) != box[2]:
            raise InputError(f"the solution has {len(levels)} levels, the box has {box[2]}", source, levels[-1][0], 1)
    for z, (number, rows) in enumerate(levels):
        if len(rows) != box[1]:
            raise InputError(f"level {z + 1} has {len(rows)} rows, expected {box[1]}", source, number, 1)
    return box


def _numbers(numbered: dict[int, dict[Cube, tuple[int, int]]], source: str) -> list[int]:
    """The piece numbers, which must be 1 to n without a gap."""
    numbers = sorted(numbered)
    for expected, value in enumerate(numbers, 1):
        if value != expected:
            line, column = min(numbered[value].values())
            raise InputError(f"piece numbers must be 1 to {len(numbers)} without gaps; {expected} is missing",
                             source, line, column)
    return numbers


def _placement(number: int, numbered: dict[int, dict[Cube, tuple[int, int]]], source: str,
               puzzle: PackingPuzzle | None) -> Placement:
    cubes = frozenset(numbered[number])
    if puzzle is None:
        return Placement(str(number), cubes)
    name = piece_of_shape(puzzle, cubes)
    if name is None:
        line, column = min(numbered[number].values())
        raise InputError(f"the cubes of piece {number} are not the shape of any piece of the puzzle", source, line,
                         column)
    return Placement(name, cubes)



def solution_picture(packing: Packing, box: BoxSides | None = None) -> str:
    """The solution file text of a packing: levels from the bottom, piece numbers in packing order, '.'
    where no piece is (a cube that is not part of the target).

    The box defaults to the smallest box holding every cube of the packing."""
    number = {cube: k for k, placement in enumerate(packing, 1) for cube in placement.cubes}
    if box is None:
        box = as_vec(max(cube[axis] for cube in number) + 1 for axis in range(3)) if number else (0, 0, 0)
    width = len(str(len(packing)))
    out = []
    for z in range(box[2]):
        out.append(f"level {z + 1}")
        for y in range(box[1]):
            out.append(" ".join(f"{number.get((x, y, z), '.'):>{width}}" for x in range(box[0])))
    return "\n".join(out) + "\n"
