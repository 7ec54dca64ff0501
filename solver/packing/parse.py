"""Reading and writing packing puzzles.

Parsing and printing are inverses: ``parse_packing(picture(p)) == p`` (solution files:
``solver.packing.solution_text``). Bad input raises ``InputError`` with the
line and column of the fault.

An optional target shape is a ``shape:`` block (``solver.packing.shape_text``).

The word ``one-sided`` after the box's sides (``packing 9 10 1 one-sided``) makes the pieces one-sided: they
lie on a board one level high and turn in its plane only, never over, so a chiral piece and its mirror image
are two pieces (the 18 one-sided pentominoes). Without it a piece turns freely in space, and a flat piece
may be turned over.
"""

from __future__ import annotations

from solver.packing.geometry import normalise, orientations
from solver.packing.model import (
    MAX_SIDE,
    BoxSides,
    Cube,
    PackingPuzzle,
    Piece,
    Shape,
    reading_key,
)
from solver.packing.shape_text import read_target, shape_picture
from solver.packing.sizes import placement_total
from solver.text import InputError, Line, ascii_int, content_lines, quoted, split_lines, tokens

MAX_PIECES = 1_000  # piece lines: pieces of one shape are one line with a count
MAX_PLACEMENTS = 1_000_000  # every orientation of every piece line at every position: the search's table
HEADER = "packing X Y Z [one-sided]"
ONE_SIDED = "one-sided"
PIECE_LINE = "piece NAME [xCOUNT]: x y z, x y z, ..."
STEPS: tuple[Cube, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def parse_packing(text: str, source: str = "<input>", name: str | None = None) -> PackingPuzzle:
    """The PackingPuzzle a `packing` file describes."""
    raw = split_lines(text)
    lines = content_lines(text, comments=True)
    if not lines:
        raise InputError(f"empty file: expected a header {quoted(HEADER)}", source, 1)
    box, one_sided = _header(lines[0], source)
    target, block = read_target(raw, lines, box, source)
    lines = [line for line in lines if line[0] not in block]
    if len(lines) == 1:
        raise InputError(f"no pieces: expected lines {quoted(PIECE_LINE)} after the header", source, lines[0][0], 1)
    pieces: list[Piece] = []
    seen: dict[str, int] = {}
    if len(lines) - 1 > MAX_PIECES:
        number, text = lines[MAX_PIECES + 1]
        raise InputError(f"more than {MAX_PIECES:,} piece lines: give the pieces of one shape one line with a count "
                         f"({quoted('piece NAME xCOUNT: ...')})", source, number, tokens(text)[0][0])
    for line in lines[1:]:
        piece, column = _piece(line, source, one_sided)
        if piece.name in seen:
            raise InputError(f"piece {piece.name} is already defined on line {seen[piece.name]}", source, line[0],
                             column)
        seen[piece.name] = line[0]
        pieces.append(piece)
    _check_placements(box, pieces, one_sided, source)
    return PackingPuzzle(box, tuple(pieces), name or _stem(source), target, one_sided)


def _check_placements(box: BoxSides, pieces: list[Piece], one_sided: bool, source: str) -> None:
    """Refuse pieces whose placements would make a search table past MAX_PLACEMENTS, before it is built."""
    total = placement_total(box, pieces, one_sided)
    if total > MAX_PLACEMENTS:
        raise InputError(f"the pieces have {total:,} placements in the box, more than the {MAX_PLACEMENTS:,} foldkit "
                         "searches: give fewer piece lines (one line with a count for pieces of one shape), larger "
                         "pieces or a smaller box", source)


def _header(line: Line, source: str) -> tuple[BoxSides, bool]:
    """(the box, whether the pieces are one-sided)."""
    number, text = line
    found = tokens(text)
    if len(found) not in (4, 5) or found[0][1] != "packing":
        raise InputError(f"expected a header {quoted(HEADER)}, found {quoted(text.strip())}", source, number,
                         found[0][0] if found else 1)
    sides = []
    for column, token in found[1:4]:
        side = ascii_int(token)
        if side is None:
            raise InputError(f"box side {quoted(token)} is not a number", source, number, column)
        if not 1 <= side <= MAX_SIDE:
            raise InputError(f"box side {side} is outside 1 to {MAX_SIDE}", source, number, column)
        sides.append(side)
    one_sided = len(found) == 5
    if one_sided:
        _check_one_sided(found[4], sides[2], source, number)
    return (sides[0], sides[1], sides[2]), one_sided


def _check_one_sided(word: tuple[int, str], levels: int, source: str, number: int) -> None:
    """Raise unless the header's last word is 'one-sided' and the board is one level high."""
    column, text = word
    if text != ONE_SIDED:
        raise InputError(f"expected {quoted(ONE_SIDED)} or nothing after the box's sides, found {quoted(text)}",
                         source, number, column)
    if levels != 1:
        raise InputError(f"one-sided pieces lie on a board one level high ({quoted('packing X Y 1 one-sided')}), "
                         f"this box has {levels} levels", source, number, column)


def _piece(line: Line, source: str, one_sided: bool = False) -> tuple[Piece, int]:
    """(the piece a piece line describes, the column of its name)."""
    number, text = line
    found = tokens(text)
    if found[0][1] != "piece" and not found[0][1].startswith("piece:"):
        raise InputError(f"expected {quoted(PIECE_LINE)}, found {quoted(text.strip())}", source, number, found[0][0])
    colon = text.find(":")
    if colon < 0:
        raise InputError(f"a piece line needs ':' before its cubes: {quoted(PIECE_LINE)}", source, number,
                         len(text) + 1)
    head = tokens(text[:colon])
    if len(head) not in (2, 3):
        column = head[3][0] if len(head) > 3 else colon + 1
        raise InputError(f"expected {quoted('piece NAME [xCOUNT]:')}, found {quoted(text[:colon + 1].strip())}",
                         source, number, column)
    name_column, name = head[1]
    count = _count(head[2], source, number) if len(head) == 3 else 1
    cubes = _cubes(text, colon + 1, source, number)
    _check_connected(name, cubes, source, number)
    if one_sided:
        _check_flat(name, cubes, source, number)
    return Piece(name, frozenset(cubes), count), name_column


def _count(token: tuple[int, str], source: str, number: int) -> int:
    column, text = token
    count = ascii_int(text[1:]) if text.startswith("x") else None
    if count is None:
        raise InputError(f"expected a count 'xN' (like x25), found {quoted(text)}", source, number, column)
    if count == 0:
        raise InputError("a piece's count must be at least 1 (x0 found)", source, number, column)
    return count


def _cubes(text: str, start: int, source: str, number: int) -> dict[Cube, int]:
    """The cubes listed from character `start` on (0-based), each with its 1-based column."""
    cubes: dict[Cube, int] = {}
    position = start
    for group in text[start:].split(","):
        found = [(position + column, token) for column, token in tokens(group)]
        where = found[0][0] if found else position + 1
        if len(found) != 3:
            raise InputError(f"a cube is three numbers 'x y z', found {quoted(group.strip())}", source, number, where)
        values = []
        for column, token in found:
            value = ascii_int(token)
            if value is None:
                raise InputError(f"coordinate {quoted(token)} is not a number", source, number, column)
            values.append(value)
        cube = (values[0], values[1], values[2])
        if cube in cubes:
            raise InputError(f"cube {' '.join(map(str, cube))} is listed twice", source, number, where)
        cubes[cube] = where
        position += len(group) + 1
    return cubes


def _check_connected(name: str, cubes: dict[Cube, int], source: str, number: int) -> None:
    """Raise unless the cubes are face-connected (pointing at the first cube cut off from the first one)."""
    first = next(iter(cubes))
    reached, frontier = {first}, [first]
    while frontier:
        x, y, z = frontier.pop()
        for dx, dy, dz in STEPS:
            cube = (x + dx, y + dy, z + dz)
            if cube in cubes and cube not in reached:
                reached.add(cube)
                frontier.append(cube)
    for cube, column in cubes.items():
        if cube not in reached:
            raise InputError(f"piece {name} is not face-connected: cube {' '.join(map(str, cube))} does not touch "
                             f"the others", source, number, column)


def _check_flat(name: str, cubes: dict[Cube, int], source: str, number: int) -> None:
    """Raise unless the cubes lie in one level, as a one-sided piece on its board does (pointing at the first
    cube off the first one's level)."""
    level = next(iter(cubes))[2]
    for cube, column in cubes.items():
        if cube[2] != level:
            raise InputError(f"piece {name} is not flat: a one-sided piece lies in one level (its cubes' z all "
                             f"equal), cube {' '.join(map(str, cube))} is not at z = {level}", source, number, column)


def _stem(source: str) -> str:
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base[:-4] if base.endswith(".txt") else base


def picture(puzzle: PackingPuzzle) -> str:
    """The `packing` file text of a puzzle."""
    out = [f"packing {puzzle.box[0]} {puzzle.box[1]} {puzzle.box[2]}" + (f" {ONE_SIDED}" if puzzle.one_sided else "")]
    for piece in puzzle.pieces:
        count = f" x{piece.count}" if piece.count != 1 else ""
        cubes = ", ".join(f"{x} {y} {z}" for x, y, z in sorted(piece.cubes, key=reading_key))
        out.append(f"piece {piece.name}{count}: {cubes}")
    if puzzle.target is not None:
        out.append("shape:")
        out.extend(shape_picture(puzzle.box, puzzle.target).splitlines())
    return "\n".join(out) + "\n"


def piece_of_shape(puzzle: PackingPuzzle, cubes: Shape) -> str | None:
    """The name of the first piece of which the cubes are a rotation (one it may make), or None."""
    shape = normalise(cubes)
    for piece in puzzle.pieces:
        if len(piece.cubes) == len(cubes) and shape in set(orientations(piece.cubes, puzzle.one_sided)):
            return piece.name
    return None
