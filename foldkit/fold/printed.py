"""What a 3D printer makes of a folding: the closed box with raised labels, and the flat net
as a hinged plate, each a watertight mesh (``foldkit.exchange.stl`` turns them into STL).

Both are in millimetres. The box lies on one of its largest faces (0 or 1, b x c cells), the
one with less label area on it; the labels of that face are sunk into it, so the whole face
rests on the bed; its corner is at the origin. The net keeps the grid: world
x = col, y = row, cell (r, c) spans [c, c + 1] x [r, r + 1] cells, z from 0. Its bottom is the
printed side of the paper, the outside of the box, so the panels fold up, closing the grooves;
the labels are sunk into that bottom, reading as on the paper seen from below.
"""

from __future__ import annotations

import numpy as np
import trimesh
from manifold3d import Manifold
from shapely import affinity

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.fold.glyphs import MARK_OUTER, label_outline
from foldkit.fold.subject import Subject
from foldkit.solids import cuboid, frame, prism, to_trimesh, union
from solver.box import face_normal, square_center
from solver.folding import Folding, grid_points_on_box
from solver.grid import DIRECTIONS, STEP, Cell, step

MIN_WALL_MM = 0.4  # one line of a 0.4 mm nozzle: anything thinner does not print
MIN_VOID_MM = 1.0  # a hollow box keeps at least this much room inside
SINK_MM = 0.1  # labels start this far inside the wall, so they fuse with it
MIN_ENGRAVE_MM = 0.3  # shallower sunk labels do not show
MIN_NET_CELL_MM = 3.0  # below this the hinge grooves of a cell would meet

# Rotations that lay the box on face 0 or face 1 (outward normal -x or +x in box axes) with
# that normal pointing down: world (x, y, z) = box (y, z, x) or (y, -z, -x).
LYING = {0: np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=np.float64),
         1: np.array([[0, 1, 0], [0, 0, -1], [-1, 0, 0]], dtype=np.float64)}


# ---------------------------------------------------------------------------------------------
# Sizes


def relief_mm(cell_mm: float) -> float:
    """How far the labels stand out: 8% of a cell, kept between 0.6 and 1 mm."""
    return float(np.clip(0.08 * cell_mm, 0.6, 1.0))


def plate_mm(cell_mm: float) -> float:
    """The thickness of the net's panels: 18% of a cell, kept between 1 and 2 mm."""
    return float(np.clip(0.18 * cell_mm, 1.0, 2.0))


def hinge_mm(cell_mm: float) -> float:
    """The thickness of the living hinge left under each groove: two 0.2 mm layers."""
    return 0.4


# ---------------------------------------------------------------------------------------------
# The closed box


def box_mesh(subject: Subject, cell_mm: float = 10.0, wall_mm: float | None = None,
             labels: bool = True) -> trimesh.Trimesh:
    """The closed box as a watertight mesh, lying on its largest face; the labels on that
    face are sunk into it, so the whole face rests on the bed."""
    solid = box_solid(subject, cell_mm, wall_mm, labels, {resting_face(subject, labels)})
    return to_trimesh(solid.transform(resting_frame(subject, cell_mm, labels)))


def box_solid(subject: Subject, cell_mm: float, wall_mm: float | None, labels: bool,
              flat_faces: set[int]) -> Manifold:
    """The box in box coordinates (mm, corner at 0), labels raised on every face except
    flat_faces, where they are sunk (left off if a thin wall has no room for them)."""
    _check_cell(cell_mm)
    size = np.array(subject.folding.box, dtype=np.float64) * cell_mm
    solid = cuboid(np.zeros(3), size)
    if wall_mm is not None:
        solid = solid - cuboid(np.full(3, wall_mm), size - _checked_wall(wall_mm, size))
    if not labels:
        return solid
    on_flat = {c for c in subject.labels if subject.folding.face_of(c) in flat_faces}
    raised = label_reliefs(subject, cell_mm, set(subject.labels) - on_flat)
    depth = engrave_mm(cell_mm, wall_mm)
    sunk = label_reliefs(subject, cell_mm, on_flat, -depth) if depth > 0 else []
    return union([solid, *raised]) - union(sunk)


def engrave_mm(cell_mm: float, wall_mm: float | None) -> float:
    """How deep labels are sunk into a face: as deep as others stand out, leaving at least
    MIN_WALL_MM of a hollow box's wall under them (0: no room, leave them off)."""
    depth = relief_mm(cell_mm)
    if wall_mm is not None:
        depth = min(depth, wall_mm - MIN_WALL_MM)
    return depth if depth >= MIN_ENGRAVE_MM else 0.0


def resting_face(subject: Subject, labels: bool = True) -> int:
    """The face the box lies on: of the two largest, the one with less label area."""
    if not labels:
        return 0
    return int(label_area(subject, 1) < label_area(subject, 0))


def label_area(subject: Subject, face: int) -> float:
    """The area of the label outlines on a face, in square cells."""
    labelled = [subject.labels[c] for c in subject.folding.cells_on(face) if c in subject.labels]
    return sum(label_outline(label).area for label in labelled)


def resting_frame(subject: Subject, cell_mm: float, labels: bool = True) -> np.ndarray:
    """Box coordinates (mm) to world, shape (3, 4): lying on resting_face, corner at 0."""
    rotation = LYING[resting_face(subject, labels)]
    size = np.array(subject.folding.box, dtype=np.float64) * cell_mm
    corner = np.minimum(rotation @ size, 0)  # where the far corner lands below zero
    return np.column_stack([rotation, -corner])


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


def label_reliefs(subject: Subject, cell_mm: float, cells: set[Cell], sunk_mm: float = 0.0) -> list[Manifold]:
    """The label outline of each of the cells, on its square, upright as on the paper: raised
    out of the face, or with sunk_mm < 0 a solid to cut that far into it."""
    height = relief_mm(cell_mm)
    out = []
    for cell, label in sorted(subject.labels.items()):
        if cell not in cells:
            continue
        outline = affinity.scale(label_outline(label), cell_mm, cell_mm, origin=(0, 0))
        if sunk_mm < 0:  # from the depth up through the face, SINK_MM past it
            out.append(prism(outline, SINK_MM - sunk_mm, _cell_frame(subject, cell, cell_mm, -sunk_mm)))
        else:
            out.append(prism(outline, SINK_MM + height, _cell_frame(subject, cell, cell_mm, SINK_MM)))
    return out


def _cell_frame(subject: Subject, cell, cell_mm: float, below_mm: float) -> np.ndarray:
    """The frame of a cell on the box (mm): x along its grid right, y along its grid up, z out
    of the face, origin below_mm under the centre of its square."""
    folding = subject.folding
    placement = folding.placement[cell]
    normal = np.array(face_normal(placement[0]), dtype=np.float64)
    up = np.array(folding.up[cell], dtype=np.float64)
    # Grid right seen from outside; equal to folding.right[cell] when the print is outside,
    # and never mirrored otherwise.
    right = np.cross(up, normal)
    origin = square_center(folding.box, placement) * cell_mm - below_mm * normal
    return frame(right, up, origin)


# ---------------------------------------------------------------------------------------------
# The flat net


def net_mesh(subject: Subject, cell_mm: float = 10.0, bed_mm: tuple[float, float] | None = None,
             labels: bool = True) -> trimesh.Trimesh:
    """The net as a watertight plate: one slab per cell, joined into panels on flat creases
    and by a thin hinge layer under a V-groove on every 90-degree crease, with the labels sunk
    into its bottom (the outside of the box; left off if labels is False or the plate has no
    room for them). Given a printer's bed (width, depth in mm), the plate is turned a quarter
    if that is what makes it fit, and refused if it fits neither way."""
    _check_cell(cell_mm)
    if cell_mm < MIN_NET_CELL_MM:
        raise FoldkitError(f"the net needs cells of at least {MIN_NET_CELL_MM} mm for its hinges, "
                           f"not {cell_mm} mm", EXIT_BAD_INPUT)
    folding = subject.folding
    turn = bed_turn(folding.cells, cell_mm, bed_mm) if bed_mm is not None else False
    # Manifold merges blocks that touch face to face into one solid.
    solid = union([cell_block(cell, side_kinds(folding, cell), cell_mm) for cell in sorted(folding.cells)])
    depth = net_engrave_mm(cell_mm)
    if labels and depth > 0:
        solid = solid - union(net_label_cuts(subject, cell_mm, depth))
    if turn:  # a quarter turn about z, back into x, y >= 0: (x, y) -> (y, -x)
        solid = solid.rotate((0, 0, -90))
        low = solid.bounding_box()
        solid = solid.translate((-low[0], -low[1], 0))
    return to_trimesh(solid)


def net_engrave_mm(cell_mm: float) -> float:
    """How deep the labels are sunk into the net's bottom: as deep as the box's stand out, but
    leaving MIN_WALL_MM of plate over them, and shallow enough to stay clear of a side mitred at
    45 degrees from the bottom (a ring reaches to within 6.5% of a cell of the side: a quarter
    of that is kept free); 0 when that leaves less than MIN_ENGRAVE_MM (cells under 6.2 mm)."""
    depth = min(relief_mm(cell_mm), plate_mm(cell_mm) - MIN_WALL_MM, 0.75 * (0.5 - MARK_OUTER) * cell_mm)
    return depth if depth >= MIN_ENGRAVE_MM else 0.0


def net_label_cuts(subject: Subject, cell_mm: float, depth_mm: float) -> list[Manifold]:
    """Solids to cut each label depth_mm into the net's bottom (SINK_MM past it), reading as on
    the paper when seen from below: the label's right along +x (the column), its up along -y."""
    cuts = []
    for (r, c), label in sorted(subject.labels.items()):
        outline = affinity.scale(label_outline(label), cell_mm, cell_mm, origin=(0, 0))
        centre = ((c + 0.5) * cell_mm, (r + 0.5) * cell_mm, depth_mm)
        cuts.append(prism(outline, depth_mm + SINK_MM, frame((1, 0, 0), (0, -1, 0), centre)))
    return cuts


def bed_turn(cells, cell_mm: float, bed_mm: tuple[float, float]) -> bool:
    """Whether the net's plate must be turned a quarter to fit the bed; a FoldkitError saying
    what fits when it fits neither way."""
    rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) - min(c for _, c in cells) + 1
    width, depth = bed_mm
    for turn, (along_x, along_y) in ((False, (cols, rows)), (True, (rows, cols))):
        if along_x * cell_mm <= width + 1e-9 and along_y * cell_mm <= depth + 1e-9:
            return turn
    biggest = max(min(width / cols, depth / rows), min(width / rows, depth / cols))
    raise FoldkitError(f"net.stl would be {cols * cell_mm:g} x {rows * cell_mm:g} mm, more than the "
                       f"{width:g} x {depth:g} mm bed (--bed) either way round: use --print-cell-mm "
                       f"{int(biggest * 10) / 10:g} or less, a bigger --bed, or --only/--skip to leave net.stl out",
                       EXIT_BAD_INPUT)


def side_kinds(folding: Folding, cell: Cell) -> dict[str, str]:
    """How each side of a cell (by grid direction U R D L) is cut.

    'hinge': a 90-degree crease; 'flat': a flat crease; 'edge': the net's outline where it
    meets another panel on a box edge once folded; 'seam': the outline inside a box face."""
    kinds = {}
    for direction in DIRECTIONS:
        neighbour = step(cell, direction)
        if neighbour in folding.placement:
            kinds[direction] = "hinge" if folding.face_of(neighbour) != folding.face_of(cell) else "flat"
        else:
            kinds[direction] = "edge" if _on_box_edge(folding, cell, direction) else "seam"
    return kinds


def _on_box_edge(folding: Folding, cell: Cell, direction: str) -> bool:
    """True if this side of the cell lies on an edge of the box once folded."""
    side_middle = np.add(cell, 0.5) + np.multiply(STEP[direction], 0.5)  # (row, col) on the grid
    middle = grid_points_on_box(folding, [cell], side_middle[None])[0]
    at_limit = np.isclose(middle, 0) | np.isclose(middle, folding.box)
    return int(at_limit.sum()) >= 2  # on a face, plus on the boundary of a second one


def side_start_mm(kind: str, cell_mm: float) -> float:
    """The height where a side starts to lean in at 45 degrees (inf: it stays upright).

    A hinge side leans in above the hinge layer: with its neighbour's side it makes the
    groove that closes at 90 degrees. An 'edge' side leans in from the bottom: a mitre, so the
    panels that meet on that box edge once folded do not collide."""
    return {"hinge": hinge_mm(cell_mm), "edge": 0.0}.get(kind, np.inf)


def cell_block(cell: Cell, kinds: dict[str, str], cell_mm: float) -> Manifold:
    """One cell of the plate (mm): the convex slab over its square, world x = col, y = row,
    from z = 0 (the printed side) up, its sides upright or leaning in at 45 degrees."""
    r, c = cell
    start = {d: side_start_mm(kinds[d], cell_mm) for d in DIRECTIONS}
    points = []
    # Each side's inset max(0, z - start) is linear between these heights, so the block is
    # the hull of its outline at each of them.
    for z in sorted({0.0, hinge_mm(cell_mm), plate_mm(cell_mm)}):
        inset = {d: max(0.0, z - start[d]) for d in DIRECTIONS}
        x0, x1 = c * cell_mm + inset["L"], (c + 1) * cell_mm - inset["R"]
        y0, y1 = r * cell_mm + inset["U"], (r + 1) * cell_mm - inset["D"]
        points += [(x, y, z) for x in (x0, x1) for y in (y0, y1)]
    return Manifold.hull_points(np.array(points, dtype=np.float64))
