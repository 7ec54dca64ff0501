"""Printable STL files: the closed box with raised numbers, and the flat net as a hinged plate.

Both are in millimetres. The box lies on its largest face (face 0, spanning b x c), the way a
folded box rests on the table: world (x, y, z) = box (y, z, x). The net keeps the grid: world
x = col, y = row, cell (r, c) spans [c, c + 1] x [r, r + 1] cells, z from 0. Its bottom is the
printed side of the paper, the outside of the box, so the panels fold up, closing the grooves.
"""

from __future__ import annotations

import numpy as np
import trimesh
from manifold3d import Manifold
from shapely import affinity
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.glyphs import number_outline
from foldkit.solids import cuboid, frame, prism, stl_bytes, to_trimesh, union
from foldkit.subject import Subject
from solver.box import face_normal, square_center
from solver.folding import Edge

MIN_WALL_MM = 0.4  # one line of a 0.4 mm nozzle: anything thinner does not print
MIN_VOID_MM = 1.0  # a hollow box keeps at least this much room inside
SINK_MM = 0.1  # numbers start this far inside the wall, so they fuse with it
MIN_NET_CELL_MM = 3.0  # below this the hinge grooves of a cell would meet

# The box lies on face 0: world (x, y, z) = box (y, z, x), a proper rotation.
LYING = np.array([[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0]], dtype=np.float64)


# ---------------------------------------------------------------------------------------------
# Sizes


def relief_mm(cell_mm: float) -> float:
    """How far the numbers stand out: 8% of a cell, kept between 0.6 and 1 mm."""
    return float(np.clip(0.08 * cell_mm, 0.6, 1.0))


def plate_mm(cell_mm: float) -> float:
    """The thickness of the net's panels: 18% of a cell, kept between 1 and 2 mm."""
    return float(np.clip(0.18 * cell_mm, 1.0, 2.0))


def hinge_mm(cell_mm: float) -> float:
    """The thickness of the living hinge left under each groove: two 0.2 mm layers."""
    return 0.4


# ---------------------------------------------------------------------------------------------
# The closed box


def box_stl(subject: Subject, cell_mm: float = 10.0, wall_mm: float | None = None,
            numbers: bool = True) -> bytes:
    """The closed box at true size as binary STL: solid or hollow, numbers raised or not."""
    return stl_bytes(box_mesh(subject, cell_mm, wall_mm, numbers))


def box_mesh(subject: Subject, cell_mm: float = 10.0, wall_mm: float | None = None,
             numbers: bool = True) -> trimesh.Trimesh:
    """The closed box as a watertight mesh, lying on its largest face."""
    _check_cell(cell_mm)
    size = np.array(subject.folding.box, dtype=np.float64) * cell_mm
    solid = cuboid(np.zeros(3), size)
    if wall_mm is not None:
        solid = solid - cuboid(np.full(3, wall_mm), size - _checked_wall(wall_mm, size))
    if numbers:
        solid = union([solid, *number_reliefs(subject, cell_mm)])
    return to_trimesh(solid.transform(LYING))


def _check_cell(cell_mm: float) -> None:
    if not cell_mm > 0:
        raise FoldkitError(f"the cell size must be positive, not {cell_mm} mm", EXIT_BAD_INPUT)


def _checked_wall(wall_mm: float, size: np.ndarray) -> float:
    """The wall, or a FoldkitError if it is too thin to print or leaves no room inside."""
    if wall_mm < MIN_WALL_MM:
        raise FoldkitError(f"--wall-mm {wall_mm} is too thin to print: use at least {MIN_WALL_MM} mm",
                           EXIT_BAD_INPUT)
    thickest = (size.min() - MIN_VOID_MM) / 2
    if wall_mm > thickest:
        raise FoldkitError(f"--wall-mm {wall_mm} is too thick for a box whose smallest side is "
                           f"{size.min():g} mm: use at most {thickest:g} mm", EXIT_BAD_INPUT)
    return wall_mm


def number_reliefs(subject: Subject, cell_mm: float) -> list[Manifold]:
    """One raised outline per numbered cell, on its square, upright as on the paper."""
    height = relief_mm(cell_mm)
    return [prism(affinity.scale(number_outline(number), cell_mm, cell_mm, origin=(0, 0)), SINK_MM + height,
                  _cell_frame(subject, cell, cell_mm))
            for cell, number in sorted(subject.numbers.items())]


def _cell_frame(subject: Subject, cell, cell_mm: float) -> np.ndarray:
    """The frame of a cell on the box (mm): x along its grid right, y along its grid up, z out
    of the face, origin SINK_MM below the centre of its square."""
    folding = subject.folding
    placement = folding.placement[cell]
    normal = np.array(face_normal(placement[0]), dtype=np.float64)
    up = np.array(folding.up[cell], dtype=np.float64)
    # Grid right seen from outside; equal to folding.right[cell] when the print is outside,
    # and never mirrored otherwise.
    right = np.cross(up, normal)
    origin = square_center(folding.box, placement) * cell_mm - SINK_MM * normal
    return frame(right, up, origin)


# ---------------------------------------------------------------------------------------------
# The flat net


def net_stl(subject: Subject, cell_mm: float = 10.0) -> bytes:
    """The flat net as a print-in-place plate with living hinges, as binary STL."""
    return stl_bytes(net_mesh(subject, cell_mm))


def net_mesh(subject: Subject, cell_mm: float = 10.0) -> trimesh.Trimesh:
    """The net as a watertight plate: panels as slabs, a V-groove over a thin hinge layer on
    every 90-degree crease, flat creases solid."""
    _check_cell(cell_mm)
    if cell_mm < MIN_NET_CELL_MM:
        raise FoldkitError(f"the net needs cells of at least {MIN_NET_CELL_MM} mm for its hinges, "
                           f"not {cell_mm} mm", EXIT_BAD_INPUT)
    flat = frame((1, 0, 0), (0, 1, 0), (0, 0, 0))
    plate = prism(net_outline(subject.cells, cell_mm), plate_mm(cell_mm), flat)
    grooves = [hinge_groove(edge, cell_mm) for edge in subject.folding.hinges()]
    return to_trimesh(plate - union(grooves))


def net_outline(cells, cell_mm: float) -> Polygon:
    """The net's outline in mm: world x = col, y = row."""
    squares = [box(c * cell_mm, r * cell_mm, (c + 1) * cell_mm, (r + 1) * cell_mm) for r, c in cells]
    return unary_union(squares)


def hinge_groove(edge: Edge, cell_mm: float) -> Manifold:
    """The V-shaped cut over one 90-degree crease: its tip on the crease line at the top of the
    hinge layer, each side at 45 degrees so the panels close it when they turn 90 degrees.

    It reaches a little above the plate, and past both ends of the crease by its own half
    width: there it meets either air, a chamfer on the net's edge, or the same groove of the
    next crease along the line."""
    hinge, top = hinge_mm(cell_mm), plate_mm(cell_mm) + 0.25
    half = top - hinge
    vee = Polygon([(0, hinge), (half, top), (-half, top)])
    (r0, c0), (r1, c1) = edge
    if r0 == r1:  # side by side: the crease is the line x = c0 + 1, running along y
        across, start = (-1, 0, 0), ((c0 + 1) * cell_mm, r0 * cell_mm - half)
    else:  # one above the other: the crease is the line y = r0 + 1, running along x
        across, start = (0, 1, 0), (c0 * cell_mm - half, (r0 + 1) * cell_mm)
    # Local x goes across the crease (the V is symmetric, so its sign does not matter), local y
    # up, local z (the extrusion) along the crease towards +x or +y.
    return prism(vee, cell_mm + 2 * half, frame(across, (0, 0, 1), (*start, 0)))
