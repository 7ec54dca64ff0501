"""Solid-building helpers over manifold3d: extruded outlines, placed prisms, unions, and the
hand-over to a trimesh mesh. Manifold keeps every boolean result watertight. The fold's printed
box and the assembly's printed pieces are both built from these."""

from __future__ import annotations

import numpy as np
import trimesh
from manifold3d import CrossSection, FillRule, Manifold, OpType
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

Transform = np.ndarray  # (3, 4) float64: columns x axis, y axis, z axis, origin; p' = F[:, :3] p + F[:, 3]


def cross_section(shape: BaseGeometry) -> CrossSection:
    """A manifold cross-section of a shapely polygon or multipolygon (holes kept)."""
    polygons = shape.geoms if isinstance(shape, MultiPolygon) else [shape]
    contours = []
    for polygon in polygons:
        if isinstance(polygon, Polygon) and not polygon.is_empty:
            # Shapely closes rings by repeating the first point; manifold wants it once.
            contours += [np.asarray(ring.coords)[:-1, :2] for ring in (polygon.exterior, *polygon.interiors)]
    return CrossSection(contours, FillRule.EvenOdd)


def prism(shape: BaseGeometry, height: float, frame: Transform) -> Manifold:
    """The shape extruded along its local z from 0 to height, then placed by frame."""
    return Manifold.extrude(cross_section(shape), height).transform(np.asarray(frame, dtype=np.float64))


def frame(x_axis, y_axis, origin) -> Transform:
    """A right-handed frame from its x and y axes (unit, perpendicular) and origin."""
    x_axis, y_axis = np.asarray(x_axis, dtype=np.float64), np.asarray(y_axis, dtype=np.float64)
    return np.column_stack([x_axis, y_axis, np.cross(x_axis, y_axis), np.asarray(origin, dtype=np.float64)])


def union(solids: list[Manifold]) -> Manifold:
    """The union of several solids in one batch (an empty solid for none)."""
    return Manifold.batch_boolean(solids, OpType.Add) if solids else Manifold()


def cuboid(low, high) -> Manifold:
    """The axis-aligned box between two corners, shape (3,) each."""
    low, high = np.asarray(low, dtype=np.float64), np.asarray(high, dtype=np.float64)
    return Manifold.cube(high - low).translate(low)


def to_trimesh(solid: Manifold) -> trimesh.Trimesh:
    """The solid as a trimesh mesh: vertices (n, 3) float64, faces (m, 3) int64."""
    mesh = solid.to_mesh()
    vertices = np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3]
    return trimesh.Trimesh(vertices, np.asarray(mesh.tri_verts, dtype=np.int64), process=True)
