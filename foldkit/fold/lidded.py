"""The box that opens: a hollow box cut in two across its height, a tray and a lid, printed
side by side, each lying flat on the bed.

The tray stands on the resting face, open at the top. The lid is the rest of the box turned
upside down, lying on the opposite face; a liner inside its wall reaches down into the tray,
clear of the tray's wall by the clearance all round, so the lid sits on the tray and stays put.
Labels on the two faces on the bed are sunk, like the resting face of the closed box.
"""

from __future__ import annotations

import numpy as np
import trimesh
from manifold3d import Manifold

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.fold.printed import box_solid, resting_face, resting_frame
from foldkit.fold.subject import Subject
from foldkit.solids import cuboid, to_trimesh, union

LID_WALL_MM = 1.6  # the wall when none is given: four lines of a 0.4 mm nozzle
LINER_MM = 1.2  # the thickness of the liner that reaches into the tray
LINER_DEPTH_MM = 6.0  # how far the liner reaches into the tray, at most
MIN_LINER_DEPTH_MM = 2.0
BED_GAP_MM = 6.0  # between the tray and the lid on the bed
FLIP = np.array([[1, 0, 0], [0, -1, 0], [0, 0, -1]], dtype=np.float64)  # upside down about x


def lidded_box_mesh(subject: Subject, cell_mm: float = 10.0, wall_mm: float | None = None, labels: bool = True,
                    clearance_mm: float = 0.15) -> trimesh.Trimesh:
    """The tray and the lid as one mesh of two solids, side by side on the bed (z = 0)."""
    tray, lid = tray_and_lid(subject, cell_mm, wall_mm or LID_WALL_MM, labels, clearance_mm)
    lid = _on_bed(lid.transform(np.column_stack([FLIP, np.zeros(3)])))
    tray_box, lid_box = tray.bounding_box(), lid.bounding_box()
    lid = lid.translate((tray_box[3] + BED_GAP_MM - lid_box[0], tray_box[1] - lid_box[1], 0))
    return to_trimesh(union([_on_bed(tray), lid]))


def tray_and_lid(subject: Subject, cell_mm: float, wall_mm: float, labels: bool,
                 clearance_mm: float) -> tuple[Manifold, Manifold]:
    """The two parts in world coordinates as the closed box lies (tray below, lid above)."""
    rest = resting_face(subject, labels)
    shell = box_solid(subject, cell_mm, wall_mm, labels, {rest, 1 - rest})
    shell = shell.transform(resting_frame(subject, cell_mm, labels))
    size = np.array(sorted_extent(subject, cell_mm, labels))
    cut = split_height(subject, cell_mm, labels)
    depth = min(LINER_DEPTH_MM, cut - wall_mm - 0.5)
    inner = size[:2] - 2 * wall_mm
    if depth < MIN_LINER_DEPTH_MM or (inner - 2 * (clearance_mm + LINER_MM)).min() < 1.0:
        raise FoldkitError(f"a box of {size[0]:g} x {size[1]:g} x {size[2]:g} mm has no room for a lid with "
                           f"{wall_mm:g} mm walls: use a larger --print-cell-mm or a thinner --wall-mm",
                           EXIT_BAD_INPUT)
    big = 1e3
    below = cuboid((-big, -big, -big), (big, big, cut))
    tray = shell ^ below
    lid = (shell - below) + liner(size, wall_mm, clearance_mm, cut, depth)
    return tray, lid


def sorted_extent(subject: Subject, cell_mm: float, labels: bool) -> tuple[float, float, float]:
    """The box's world size (mm) as it lies: x, y across the bed, z up; labels not counted."""
    place = resting_frame(subject, cell_mm, labels)
    size = np.abs(place[:, :3] @ (np.array(subject.folding.box, dtype=np.float64) * cell_mm))
    x, y, z = size
    return float(x), float(y), float(z)


def split_height(subject: Subject, cell_mm: float, labels: bool) -> float:
    """Where the box is cut (mm above the bed): on the grid line nearest the middle, so no
    label is cut, or in the middle of a box one cell high."""
    height = sorted_extent(subject, cell_mm, labels)[2]
    cells = round(height / cell_mm)
    return (cells // 2) * cell_mm if cells > 1 else height / 2


def liner(size: np.ndarray, wall: float, clearance: float, cut: float, depth: float) -> Manifold:
    """A ring inside the lid's wall: joined to the wall above the cut, and below it (inside the
    tray) standing clear of the tray's wall by the clearance."""
    inner_low, inner_high = np.array([wall, wall]), size[:2] - wall
    top = size[2] - wall

    def ring(offset: float, z0: float, z1: float) -> Manifold:
        outer = cuboid((*(inner_low + offset), z0), (*(inner_high - offset), z1))
        hole = cuboid((*(inner_low + clearance + LINER_MM), z0 - 1), (*(inner_high - clearance - LINER_MM), z1 + 1))
        return outer - hole

    return ring(0.0, cut, top + 0.01) + ring(clearance, cut - depth, cut + 0.01)


def _on_bed(solid: Manifold) -> Manifold:
    """The solid moved up or down to stand on z = 0."""
    return solid.translate((0, 0, -solid.bounding_box()[2]))
