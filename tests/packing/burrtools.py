"""A small BurrTools .xmpuzzle writer for the tests: the XML BurrTools writes (puzzle version 2, cube
grid), gzip-compressed with a fixed time stamp, so the same puzzle makes the same bytes."""

from __future__ import annotations

import gzip

from solver.packing import PackingPuzzle
from solver.packing.model import Cube


def voxel_xml(size: tuple[int, int, int], states: dict[Cube, str], name: str = "") -> str:
    """A <voxel> shape: every voxel x fastest, then y, then z; states maps a cube to '#', '+' or '#3'
    (a state with a colour); the others are empty ('_')."""
    sx, sy, sz = size
    text = "".join(states.get((x, y, z), "_") for z in range(sz) for y in range(sy) for x in range(sx))
    named = f' name="{name}"' if name else ""
    return f'<voxel x="{sx}" y="{sy}" z="{sz}"{named} type="0">{text}</voxel>'


def document(shapes: list[str], parts: list[str], result: int, grid: int = 0, colours: int = 0,
             pairs: str = "") -> bytes:
    """A whole .xmpuzzle: the shapes, one problem with its parts (<shape .../> lines) and result."""
    colour_xml = "".join(f'<color red="{40 * k}" green="0" blue="0"/>' for k in range(colours))
    xml = (f'<?xml version="1.0"?>\n<puzzle version="2">\n  <gridType type="{grid}"/>\n'
           f'  <colors>{colour_xml}</colors>\n  <shapes>\n    ' + "\n    ".join(shapes) + "\n  </shapes>\n"
           '  <problems>\n    <problem name="Problem">\n      <shapes>\n        ' + "\n        ".join(parts) +
           f'\n      </shapes>\n      <result id="{result}"/>\n      <bitmap>{pairs}</bitmap>\n    </problem>\n'
           "  </problems>\n</puzzle>\n")
    return gzip.compress(xml.encode(), mtime=0)


def xmpuzzle(puzzle: PackingPuzzle) -> bytes:
    """A puzzle as BurrTools would save it: one shape per piece, then the result (the target in its box)."""
    shapes = []
    for piece in puzzle.pieces:
        size = tuple(max(cube[axis] for cube in piece.cubes) + 1 for axis in range(3))
        shapes.append(voxel_xml(size, dict.fromkeys(piece.cubes, "#"), piece.name))  # type: ignore[arg-type]
    shapes.append(voxel_xml(puzzle.box, dict.fromkeys(puzzle.target_cubes, "#"), "Result"))
    parts = [f'<shape id="{k}" count="{piece.count}"/>' for k, piece in enumerate(puzzle.pieces)]
    return document(shapes, parts, len(puzzle.pieces))
