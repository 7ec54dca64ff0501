"""The `shape:` block of a packing file: the target drawn as levels of '#' (a cube to fill) and '.' (not part
of it), z = 0 first, Y rows of X characters each (row = y from 0 at the top, column = x), one blank line
between levels. Inside the block a row that starts with '#' is a row, not a comment."""

from __future__ import annotations

from solver.packing.model import BoxSides, Cube, Shape
from solver.text import InputError, Line, quoted, tokens


def _is_shape_line(text: str) -> bool:
    found = tokens(text)
    return bool(found) and found[0][1].startswith("shape")


def read_target(raw: list[str], lines: list[Line], box: BoxSides, source: str) -> tuple[Shape | None, set[int]]:
    """(the target the file's `shape:` block draws, or None without one; the line numbers of the block)."""
    starts = [number for number, text in lines if _is_shape_line(text)]
    if not starts:
        return None, set()
    if len(starts) > 1:
        raise InputError(f"a second 'shape:' block (the first is on line {starts[0]})", source, starts[1], 1)
    number = starts[0]
    if raw[number - 1].strip() != "shape:":
        raise InputError(f"expected 'shape:' alone on its line, found {quoted(raw[number - 1].strip())}", source,
                         number, 1)
    cubes: set[Cube] = set()
    at = number  # 0-based index of the next raw line
    for z in range(box[2]):
        if z:
            at = _blank_between_levels(raw, at, z, box, source)
        for y in range(box[1]):
            if at >= len(raw) or not raw[at].strip():
                raise InputError(f"level {z + 1} of the shape has {y} rows, expected {box[1]}", source,
                                 at + 1 if at < len(raw) else len(raw), 1)
            cubes.update((x, y, z) for x in _shape_row(raw[at], at + 1, box[0], source))
            at += 1
    if at < len(raw) and raw[at].strip() and set(raw[at].strip()) <= {"#", "."}:
        raise InputError(f"the shape has more rows than its {box[2]} levels of {box[1]}: expected the pieces "
                         f"or the end of the file", source, at + 1, 1)
    if not cubes:
        raise InputError("the shape has no cube to fill ('#')", source, number, 1)
    return frozenset(cubes), set(range(number, at + 1))


def _blank_between_levels(raw: list[str], at: int, z: int, box: BoxSides, source: str) -> int:
    """The index after the one blank line that must separate level z from level z + 1."""
    if at < len(raw) and raw[at].strip():
        raise InputError(f"level {z} of the shape has more than {box[1]} rows (expected a blank line before "
                         f"level {z + 1})", source, at + 1, 1)
    if at + 1 < len(raw) and not raw[at + 1].strip():
        raise InputError(f"levels of the shape are separated by one blank line, found more before level {z + 1}",
                         source, at + 2, 1)
    if at + 1 >= len(raw):
        raise InputError(f"the shape has {z} levels, expected {box[2]}", source, len(raw), 1)
    return at + 1


def _shape_row(text: str, number: int, width: int, source: str) -> list[int]:
    """The x of each '#' of a row of the shape, which must have width characters '#' or '.'."""
    start = len(text) - len(text.lstrip(" \t"))
    row = text.strip(" \t")
    for offset, ch in enumerate(row):
        if ch not in "#.":
            raise InputError(f"expected '#' (a cube to fill) or '.' (not part of the shape), found {quoted(ch)}",
                             source, number, start + offset + 1)
    if len(row) != width:
        raise InputError(f"a row of the shape has {len(row)} characters, expected {width} (the box's X)", source,
                         number, start + min(len(row), width) + 1)
    return [x for x, ch in enumerate(row) if ch == "#"]


def shape_picture(box: BoxSides, target: Shape) -> str:
    """The levels of a target shape from z = 0 up: '#' a cube to fill, '.' not; a blank line between levels."""
    levels = ["\n".join("".join("#" if (x, y, z) in target else "." for x in range(box[0])) for y in range(box[1]))
              for z in range(box[2])]
    return "\n\n".join(levels) + "\n"
