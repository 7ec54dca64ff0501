"""Printable pieces: every piece lying on its largest flat face, shrunk by a clearance so a printed
set goes into the box, laid out in rows on print beds (pieces.stl, or pieces-1.stl, pieces-2.stl,
... when one bed is not enough); one STL per distinct piece shape; and an open tray (box.stl) to
keep the packed cube in. Millimetres, z up, every bed's pieces on z = 0.

A piece shrunk by the clearance is the set of points at least that far (in the max norm) from any
point outside it: its cubes less every empty cell round them grown by the clearance. Flat faces
move in by the clearance; inner corners stay square.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
import trimesh

from foldkit.assembly.file_names import BED_FILE, BEDS_FILE, SHAPE_FILE, TRAY_FILE
from foldkit.assembly.shapes import distinct_shapes, lying_flat
from foldkit.exchange.stl import stl_bytes
from foldkit.solids import cuboid, to_trimesh, union
from solver.packing.assembly import BoxSides, Cube, Placed

BED_MM = (250.0, 210.0)
EDGE_MM = 5.0  # kept free round the edge of the bed
MIN_CUBE_MM = 3.0


@dataclass(frozen=True)
class PrintOptions:
    """Sizes in mm: a unit cube, the clearance taken off each outer face, the gap between pieces,
    the bed; and the tray's wall, floor and the room it leaves round the packed cube per side."""

    cube_mm: float = 15.0
    clearance_mm: float = 0.15
    gap_mm: float = 5.0
    bed_mm: tuple[float, float] = BED_MM
    wall_mm: float = 2.0
    floor_mm: float = 2.0
    tray_room_mm: float = 0.25

    def check(self) -> None:
        """Raise ValueError for sizes that make no printable part."""
        if not self.cube_mm >= MIN_CUBE_MM:
            raise ValueError(f"cube_mm must be at least {MIN_CUBE_MM}, not {self.cube_mm}")
        if not 0 <= self.clearance_mm < self.cube_mm / 4:
            raise ValueError(f"clearance_mm must be from 0 to a quarter of the cube, not {self.clearance_mm}")
        if min(self.gap_mm, self.tray_room_mm) < 0 or not min(self.wall_mm, self.floor_mm) > 0:
            raise ValueError("gap_mm and tray_room_mm must not be negative; wall_mm and floor_mm must be positive")


# ---------------------------------------------------------------------------------------------
# One piece


def piece_mesh(cubes: Sequence[Cube], options: PrintOptions = PrintOptions()) -> trimesh.Trimesh:
    """A piece as it is printed: lying flat, shrunk by the clearance, its lowest corner at the origin."""
    flat = lying_flat(cubes)
    mesh = to_trimesh(shrunk_solid(flat, options.cube_mm, options.clearance_mm))
    mesh.apply_translation(-mesh.bounds[0])
    return mesh


def shrunk_solid(cubes: Sequence[Cube], cube_mm: float, clearance_mm: float):
    """The cubes (in cube units) scaled to mm and shrunk by the clearance, as a manifold solid."""
    filled = set(cubes)
    solid = union([cuboid(np.array(c) * cube_mm, (np.array(c) + 1) * cube_mm) for c in sorted(filled)])
    if clearance_mm == 0:
        return solid
    low, high = np.min(list(filled), axis=0) - 1, np.max(list(filled), axis=0) + 1
    ranges = [range(int(a), int(b) + 1) for a, b in zip(low, high, strict=True)]
    empty = [np.array(c) for c in product(*ranges) if c not in filled]
    grown = [cuboid(c * cube_mm - clearance_mm, (c + 1) * cube_mm + clearance_mm) for c in empty]
    return solid - union(grown)


# ---------------------------------------------------------------------------------------------
# Beds


def pieces_stls(box: BoxSides, packing: Sequence[Placed], options: PrintOptions = PrintOptions()) -> dict[str, bytes]:
    """Every piece of the packing laid out on beds: {"pieces.stl": ...}, or pieces-1.stl, pieces-2.stl,
    ... when they take more than one bed."""
    return {name: stl_bytes(mesh) for name, mesh in bed_meshes(packing, options).items()}


def bed_meshes(packing: Sequence[Placed], options: PrintOptions = PrintOptions()) -> dict[str, trimesh.Trimesh]:
    """The beds as meshes, by file name, each centred on its bed."""
    return {name: _joined([mesh for _, mesh in parts]) for name, parts in bed_pieces(packing, options).items()}


def _joined(meshes: list[trimesh.Trimesh]) -> trimesh.Trimesh:
    joined = trimesh.util.concatenate(meshes)
    assert isinstance(joined, trimesh.Trimesh)  # meshes concatenate to a mesh; trimesh types it as any Geometry
    return joined


def bed_pieces(packing: Sequence[Placed], options: PrintOptions = PrintOptions()
               ) -> dict[str, list[tuple[int, trimesh.Trimesh]]]:
    """Each bed's pieces (index in the packing, mesh where it lies on the bed), by the bed's file name."""
    options.check()
    made: dict[tuple[Cube, ...], trimesh.Trimesh] = {}
    for placed in packing:  # copies of a shape lie the same way: make each shape once
        flat = lying_flat(placed.cubes)
        if flat not in made:
            made[flat] = piece_mesh(flat, options)
    meshes = [made[lying_flat(p.cubes)] for p in packing]
    beds = placed_beds(meshes, options)
    names = [BEDS_FILE] if len(beds) == 1 else [BED_FILE.replace("N", str(k + 1)) for k in range(len(beds))]
    return dict(zip(names, beds, strict=True))


def placed_beds(meshes: list[trimesh.Trimesh], options: PrintOptions) -> list[list[tuple[int, trimesh.Trimesh]]]:
    """Pieces in rows on as few beds as this takes, each piece turned so its footprint is long along
    x, or all along y, whichever needs fewer beds (x when equal): per bed, (index, placed mesh)."""
    best = None
    for turn in (False, True):
        footprints = [mesh.extents[:2][::-1] if turn else mesh.extents[:2] for mesh in meshes]
        beds = shelf_places(footprints, options)
        if beds is not None and (best is None or len(beds) < len(best[1])):
            best = turn, beds
    if best is None:
        size = max(meshes, key=lambda m: max(m.extents[:2])).extents
        raise ValueError(f"a piece ({size[0]:.1f} x {size[1]:.1f} mm) does not fit the "
                         f"{options.bed_mm[0]:g} x {options.bed_mm[1]:g} mm bed")
    turn, beds = best
    out = []
    for places in beds:
        parts = []
        for index, corner in places:
            mesh = meshes[index].copy()
            if turn:  # a quarter turn about z, back to x, y >= 0
                mesh.apply_transform(trimesh.transformations.rotation_matrix(np.pi / 2, [0, 0, 1]))
                mesh.apply_translation(-mesh.bounds[0])
            mesh.apply_translation([corner[0], corner[1], 0.0])
            parts.append((index, mesh))
        corners = np.vstack([mesh.bounds for _, mesh in parts])
        middle = (corners.min(axis=0)[:2] + corners.max(axis=0)[:2]) / 2
        for _, mesh in parts:
            mesh.apply_translation([options.bed_mm[0] / 2 - middle[0], options.bed_mm[1] / 2 - middle[1], 0.0])
        out.append(parts)
    return out


def shelf_places(footprints: list[np.ndarray], options: PrintOptions) -> list[list[tuple[int, tuple]]] | None:
    """Rows of footprints (w, d) on beds, deepest first, left to right: per bed, (index, corner);
    None if one footprint is larger than the bed."""
    width, depth = (side - 2 * EDGE_MM for side in options.bed_mm)
    if any(w > width + 1e-9 or d > depth + 1e-9 for w, d in footprints):
        return None
    order = sorted(range(len(footprints)), key=lambda i: (-round(footprints[i][1], 6), -round(footprints[i][0], 6), i))
    beds: list[list[tuple[int, tuple]]] = [[]]
    x = y = row_depth = 0.0
    for i in order:
        w, d = footprints[i]
        if x > 0 and x + w > width + 1e-9:  # next row
            x, y, row_depth = 0.0, y + row_depth + options.gap_mm, 0.0
        if y + d > depth + 1e-9:  # next bed
            beds.append([])
            x = y = row_depth = 0.0
        beds[-1].append((i, (x, y)))
        x += w + options.gap_mm
        row_depth = max(row_depth, d)
    return beds


# ---------------------------------------------------------------------------------------------
# Shapes and the tray


def shape_stls(packing: Sequence[Placed], options: PrintOptions = PrintOptions()) -> dict[str, bytes]:
    """One file per distinct piece shape, named piece-NAME.stl, the piece lying flat at the origin."""
    options.check()
    shapes = distinct_shapes(packing)
    return {name: stl_bytes(piece_mesh(shape.cubes, options))
            for name, shape in zip(shape_file_names(packing), shapes, strict=True)}


def shape_file_names(packing: Sequence[Placed]) -> list[str]:
    """The file name of each distinct piece shape (as distinct_shapes orders them): piece-NAME.stl."""
    return [SHAPE_FILE.replace("NAME", name) for name in file_names([shape.name for shape in distinct_shapes(packing)])]


def file_name(name: str) -> str:
    """A piece name made safe for a file name: letters, digits, '-', '_' and '.' kept, others '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", name) or "piece"


def file_names(names: Sequence[str]) -> list[str]:
    """Safe file names for piece names, one each: two names that come out the same ('a/b' and
    'a_b') are told apart by a number ('a_b', 'a_b-2'), so that no file overwrites another."""
    taken: set[str] = set()
    out = []
    for name in names:
        safe, k = file_name(name), 2
        chosen = safe
        while chosen in taken:
            chosen, k = f"{safe}-{k}", k + 1
        taken.add(chosen)
        out.append(chosen)
    return out


def tray_mesh(box: BoxSides, options: PrintOptions = PrintOptions()) -> trimesh.Trimesh:
    """An open-topped tray the packed cube stands in: inside the box's size plus tray_room_mm on
    each side, as deep as the box is high, walls wall_mm and floor floor_mm thick."""
    options.check()
    room_mm = 2 * options.tray_room_mm
    inner = np.array(box, dtype=np.float64) * options.cube_mm + [room_mm, room_mm, 0.0]
    wall, floor = options.wall_mm, options.floor_mm
    outer = inner + [2 * wall, 2 * wall, floor]
    room = cuboid([wall, wall, floor], [wall + inner[0], wall + inner[1], outer[2] + 1.0])
    return to_trimesh(cuboid([0, 0, 0], outer) - room)


def tray_stl(box: BoxSides, options: PrintOptions = PrintOptions()) -> bytes:
    """The tray as binary STL."""
    return stl_bytes(tray_mesh(box, options))


def print_stls(box: BoxSides, packing: Sequence[Placed], options: PrintOptions = PrintOptions()) -> dict[str, bytes]:
    """Every printable file: the beds of pieces, one file per shape, and box.stl (the tray)."""
    return {**pieces_stls(box, packing, options), **shape_stls(packing, options), TRAY_FILE: tray_stl(box, options)}


def base_mesh(box: BoxSides, cubes: Sequence[Cube], options: PrintOptions = PrintOptions()) -> trimesh.Trimesh:
    """A challenge's base: the given pieces' cubes as one solid (shrunk by the clearance where
    the other pieces meet them) standing on a plate as large as the box's floor, so that pieces
    given apart print as one part. The plate reaches a little into the cubes above it, which the
    clearance lifted off the floor."""
    options.check()
    x, y, _ = box
    plate = cuboid(np.array([0.0, 0.0, -options.floor_mm]),
                   np.array([x * options.cube_mm, y * options.cube_mm, options.clearance_mm + 0.01]))
    mesh = to_trimesh(union([shrunk_solid(cubes, options.cube_mm, options.clearance_mm), plate]))
    mesh.apply_translation(-mesh.bounds[0])
    return mesh
