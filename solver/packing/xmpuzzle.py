"""BurrTools puzzle files (``.xmpuzzle``): gzip-compressed XML, read into a PackingPuzzle.

The format, as BurrTools' own source writes and reads it (src/lib/puzzle.cpp, problem.cpp, voxel.cpp,
gridtype.cpp): ``<puzzle version="1|2">`` holds a ``<gridType type="N"/>`` (0, or absent: cubes),
``<shapes>`` of ``<voxel x y z type="0" [name]>`` whose text lists every voxel, x fastest, then y, then
z: ``_`` empty, ``#`` filled, ``+`` variable (may stay empty), each optionally followed by a colour
number; and ``<problems>``, each ``<problem>`` naming its pieces (``<shapes><shape id count|min max>``)
and the shape to fill (``<result id>``), with colour constraints as ``<bitmap><pair piece result>``.

foldkit reads the first problem of a cube-grid puzzle whose piece counts are fixed; it takes a
result's variable voxels when the pieces' volume says they all stay empty or all get filled, and
colours only when they constrain nothing (no colours defined, or none on the pieces or on the
result). Anything else is refused in one line. Coordinates are kept as BurrTools has them (x, y, z).
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from xml.etree import ElementTree

from solver.packing.model import Cube, PackingPuzzle, Piece
from solver.packing.parse import MAX_PIECES, parse_packing, picture
from solver.text import InputError, ascii_int, quoted

MAX_XML_BYTES = 64 * 1024 * 1024  # decompressed: a puzzle is kilobytes; a bomb stops here
MAX_VOXELS = 1_000_000  # declared by every shape together, counted before any shape is read
GRIDS = {0: "cubes", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra", 4: "tetrahedra and octahedra"}
VOXEL = re.compile(r"([_#+])(\d*)")
SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True)
class Voxels:
    """One BurrTools shape: its name and its voxels by state, with whether any carries a colour."""

    name: str
    filled: frozenset[Cube]
    variable: frozenset[Cube]
    coloured: bool


def xmpuzzle_text(data: bytes, source: str = "<input>") -> str:
    """The `packing` file text of a BurrTools file, checked as any packing file is (connected pieces, sides
    of at most 30 cubes...)."""
    puzzle = parse_xmpuzzle(data, source)
    text = f"# read from the BurrTools file {source}\n" + picture(puzzle)
    try:
        parse_packing(text, source)
    except InputError as error:
        raise InputError(f"{error.message} (in the puzzle read from BurrTools)", source) from None
    return text


def parse_xmpuzzle(data: bytes, source: str = "<input>", name: str | None = None) -> PackingPuzzle:
    """The packing puzzle of a BurrTools file's first problem, or an InputError saying what foldkit cannot take."""
    root = _xml(_gunzip(data, source), source)
    if root.tag != "puzzle" or root.get("version") not in ("1", "2"):
        raise InputError("not a BurrTools puzzle (expected <puzzle version=\"1\" or \"2\">)", source)
    grid = root.find("gridType")
    kind = _number(grid.get("type", "0") if grid is not None else "0", "gridType type", source)
    if kind != 0:
        raise InputError(f"a BurrTools puzzle of {GRIDS.get(kind, f'grid type {kind}')}: foldkit packs cubes only",
                         source)
    nodes = root.findall("shapes/voxel")
    sizes = [_size(node, k, source) for k, node in enumerate(nodes)]
    if sum(x * y * z for x, y, z in sizes) > MAX_VOXELS:
        raise InputError(f"the BurrTools shapes have {sum(x * y * z for x, y, z in sizes):,} voxels, more than the "
                         f"{MAX_VOXELS:,} foldkit reads (a 30x30x30 box has 27,000)", source)
    problem = root.find("problems/problem")
    if problem is None:
        raise InputError("the BurrTools puzzle has no problem to solve", source)
    if len(problem.findall("shapes/shape")) > MAX_PIECES:
        raise InputError(f"the BurrTools problem has {len(problem.findall('shapes/shape')):,} pieces, more than the "
                         f"{MAX_PIECES:,} foldkit takes", source)
    shapes = [_voxels(node, k, size, source) for k, (node, size) in enumerate(zip(nodes, sizes, strict=True))]
    pieces = _pieces(problem, shapes, source)
    result = shapes[_shape(problem.find("result"), "id", shapes, source)]
    _refuse_colours(root, [shapes[k] for k, _ in pieces], result, source)
    target = _target(result, sum(len(shapes[k].filled) * count for k, count in pieces), source)
    return _puzzle(target, [(shapes[k], count) for k, count in pieces], name or problem.get("name") or "burrtools")


def _gunzip(data: bytes, source: str) -> bytes:
    """The decompressed bytes, at most MAX_XML_BYTES of them."""
    inflate = zlib.decompressobj(zlib.MAX_WBITS | 16)  # the gzip wrapper
    try:
        out = inflate.decompress(data, MAX_XML_BYTES + 1)
    except zlib.error as error:
        raise InputError(f"not a readable gzip file ({error})", source) from None
    if not inflate.eof and len(out) <= MAX_XML_BYTES:
        raise InputError("not a readable gzip file (it ends too soon)", source)
    if len(out) > MAX_XML_BYTES:
        raise InputError(f"the file unpacks to more than {MAX_XML_BYTES // 2**20} MB, far more than any puzzle",
                         source)
    return out


def _xml(data: bytes, source: str) -> ElementTree.Element:
    """The XML tree; BurrTools writes its texts (comments, names) in the system's encoding, so bytes that are
    not UTF-8 are read as Latin-1."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        line, column = error.position
        raise InputError(f"not well-formed XML ({str(error).split(':')[0]})", source, line, column + 1) from None


def _number(text: str, what: str, source: str) -> int:
    """A whole number of at most 9 ASCII digits (ascii_int), else an InputError naming what it was to be."""
    value = ascii_int(text.strip())
    if value is None:
        raise InputError(f"BurrTools {what} {quoted(text)} is not a whole number of at most 9 digits", source)
    return value


def _size(node: ElementTree.Element, index: int, source: str) -> Cube:
    """The x, y and z sizes a <voxel> shape declares."""
    x, y, z = (_number(node.get(axis, ""), f"shape {index + 1} {axis}", source) for axis in "xyz")
    return x, y, z


def _voxels(node: ElementTree.Element, index: int, size: Cube, source: str) -> Voxels:
    """A <voxel> shape read into its filled and variable cubes."""
    sx, sy, sz = size
    if node.get("type", "0") != "0":
        raise InputError(f"BurrTools shape {index + 1} has voxel type {node.get('type')}: only type 0 is known", source)
    text = "".join((node.text or "").split())
    found = VOXEL.findall(text)
    if "".join(state + colour for state, colour in found) != text or len(found) != sx * sy * sz:
        raise InputError(f"BurrTools shape {index + 1} does not list its {sx}x{sy}x{sz} voxels", source)
    cubes: dict[str, set[Cube]] = {"#": set(), "+": set(), "_": set()}
    for i, (state, _) in enumerate(found):
        cubes[state].add((i % sx, i // sx % sy, i // (sx * sy)))
    coloured = any(colour.strip("0") for state, colour in found if state != "_")
    return Voxels(node.get("name") or f"S{index + 1}", frozenset(cubes["#"]), frozenset(cubes["+"]), coloured)


def _shape(node: ElementTree.Element | None, key: str, shapes: list[Voxels], source: str) -> int:
    """The index of the shape a problem part names."""
    if node is None or not node.get(key):
        raise InputError(f"a BurrTools problem part has no shape {key!r}", source)
    k = _number(node.get(key, ""), f"shape {key}", source)
    if k >= len(shapes):
        raise InputError(f"the BurrTools problem names shape {k + 1}, and there are {len(shapes)}", source)
    return k


def _pieces(problem: ElementTree.Element, shapes: list[Voxels], source: str) -> list[tuple[int, int]]:
    """(shape index, count) of each piece of the problem; a range of counts is refused."""
    pieces = []
    for node in problem.findall("shapes/shape"):
        k = _shape(node, "id", shapes, source)
        low, high = node.get("min"), node.get("max")
        if node.get("count") is None and low is not None and high is not None and low != high:
            raise InputError(f"piece {shapes[k].name} may be used {low} to {high} times: foldkit takes fixed "
                             "counts only", source)
        count = _number(node.get("count") or low or "1", "shape count", source)
        if shapes[k].variable:
            raise InputError(f"piece {shapes[k].name} has variable voxels ('+'): a piece is all filled", source)
        if count:
            pieces.append((k, count))
    if not pieces:
        raise InputError("the BurrTools problem has no pieces", source)
    return pieces


def _refuse_colours(root: ElementTree.Element, pieces: list[Voxels], result: Voxels, source: str) -> None:
    """BurrTools lets a coloured piece voxel sit on a coloured result voxel only as the problem's colour
    pairs allow: with colours on both, foldkit would count packings BurrTools forbids."""
    defined = root.find("colors/color") is not None
    if defined and result.coloured and any(piece.coloured for piece in pieces):
        raise InputError("the BurrTools problem constrains where coloured voxels may go: foldkit has no colour "
                         "constraints", source)


def _target(result: Voxels, volume: int, source: str) -> frozenset[Cube]:
    """The cubes to fill: the filled voxels, and the variable ones when the pieces' volume needs them all."""
    if volume == len(result.filled):
        return result.filled
    if result.variable and volume == len(result.filled) + len(result.variable):
        return result.filled | result.variable
    if result.variable:
        raise InputError(f"the pieces' volume {volume} fills some of the result's {len(result.variable)} variable "
                         "voxels: foldkit fills a target exactly", source)
    return result.filled


def _puzzle(target: frozenset[Cube], pieces: list[tuple[Voxels, int]], name: str) -> PackingPuzzle:
    """The puzzle with the target moved to the corner of its bounding box and pieces given usable names."""
    low = tuple(min(cube[axis] for cube in target) for axis in range(3)) if target else (0, 0, 0)
    moved = frozenset((cx - low[0], cy - low[1], cz - low[2]) for cx, cy, cz in target)
    x, y, z = (max((cube[axis] + 1 for cube in moved), default=1) for axis in range(3))
    full = len(moved) == x * y * z
    named: list[Piece] = []
    for shape, count in pieces:
        base = SAFE_NAME.sub("-", shape.name).strip("-") or "S"
        label = base if all(p.name != base for p in named) else f"{base}-{len(named) + 1}"
        named.append(Piece(label, _corner(shape.filled), count))
    return PackingPuzzle((x, y, z), tuple(named), name, None if full else moved)


def _corner(cubes: frozenset[Cube]) -> frozenset[Cube]:
    """The cubes moved so that their smallest x, y and z are 0."""
    if not cubes:
        return cubes
    low = [min(cube[axis] for cube in cubes) for axis in range(3)]
    return frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in cubes)
