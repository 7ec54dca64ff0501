"""Looking at cubes: an orthographic camera (isometric by default), the faces of a scene that can
show, each with the strength of its four edge lines, and their order for a painter.

Pieces are told apart by dark lines where they meet; inside one piece the seams between its unit
cubes are faint lines, as on a wooden puzzle made of glued cubes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from foldkit.assembly.shapes import Face, add, edge_neighbours, face_quads, outer_faces
from solver.packing.assembly import Cube

Owners = dict[Cube, int]  # which piece fills each cube shown

ISO_ELEVATION = math.degrees(math.atan(1 / math.sqrt(2)))  # 35.26 degrees: the three axes equally short
FRONT_RIGHT = -45.0  # azimuth of the default view: the camera in front (-y) and to the right (+x)
SEAM = 0.28  # the strength of a seam between two cubes of one piece; an edge between pieces is 1
LIGHT = (-0.45, 0.75, 0.5)  # where the light comes from, in the camera's right, up, toward


@dataclass(frozen=True)
class View:
    """An orthographic camera: unit vectors to the screen's right, up, and towards the viewer."""

    right: np.ndarray
    up: np.ndarray
    toward: np.ndarray

    def project(self, points: np.ndarray) -> np.ndarray:
        """Screen coordinates (..., 2) of points (..., 3): x to the right, y up, in cube units."""
        return np.stack([points @ self.right, points @ self.up], axis=-1)

    def depth(self, points: np.ndarray) -> np.ndarray:
        """How near points are to the viewer (...,): larger is nearer."""
        return points @ self.toward

    def light(self) -> np.ndarray:
        """The direction the light comes from, in the world, (3,)."""
        a, b, c = LIGHT
        d = a * self.right + b * self.up + c * self.toward
        return d / np.linalg.norm(d)


def camera(azimuth: float = FRONT_RIGHT, elevation: float = ISO_ELEVATION) -> View:
    """The view from a direction (degrees: azimuth from +x towards +y, elevation above the table)."""
    a, e = math.radians(azimuth), math.radians(elevation)
    toward = np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
    right = np.cross(-toward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    return View(right, np.cross(right, -toward), toward)


def corner_azimuth(corner: int) -> float:
    """The azimuth of one of the four isometric views: 0 front right, 1 front left, 2 back left,
    3 back right."""
    return FRONT_RIGHT - 90.0 * corner


@dataclass(frozen=True)
class Faces:
    """Faces of a scene: corners (n, 4, 3), outward normals (n, 3), the piece of each (n,), and the
    strength of each edge line (n, 4), edges in corner order 0-1, 1-2, 2-3, 3-0."""

    quads: np.ndarray
    normals: np.ndarray
    pieces: np.ndarray
    edges: np.ndarray

    def moved(self, offset) -> Faces:
        """The same faces moved by an offset (3,)."""
        return Faces(self.quads + np.asarray(offset, dtype=np.float64), self.normals, self.pieces, self.edges)

    def facing(self, view: View) -> Faces:
        """Only the faces turned towards the viewer."""
        keep = self.normals @ view.toward > 1e-9
        return Faces(self.quads[keep], self.normals[keep], self.pieces[keep], self.edges[keep])

    def painted(self, view: View) -> Faces:
        """The faces turned towards the viewer, farthest cube first, as a painter lays them down."""
        shown = self.facing(view)
        centres = shown.quads.mean(axis=1) - 0.5 * shown.normals  # each face's cube centre
        order = np.argsort(view.depth(centres), kind="stable")
        return Faces(shown.quads[order], shown.normals[order], shown.pieces[order], shown.edges[order])


def scene_faces(owners: Owners) -> Faces:
    """The outer faces of the cubes shown, with their pieces and edge strengths."""
    faces = outer_faces(owners)
    edges = np.array([edge_strengths(face, owners) for face in faces]).reshape(-1, 4)
    normals = np.array([d for _, d in faces], dtype=np.float64).reshape(-1, 3)
    pieces = np.array([owners[cube] for cube, _ in faces], dtype=np.int64)
    return Faces(face_quads(faces), normals, pieces, edges)


def edge_strengths(face: Face, owners: Owners) -> list[float]:
    """For each edge of a face: a faint seam where the same piece's surface carries on flat beyond
    it, else a full line (a fold of the piece, or the border with another piece or with air)."""
    cube, d = face
    piece = owners[cube]
    out = []
    for other, _ in edge_neighbours(face):
        flat_on = owners.get(other) == piece and add(other, d) not in owners
        out.append(SEAM if flat_on else 1.0)
    return out
