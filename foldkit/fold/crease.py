"""The fold as a FOLD document (FOLD 1.2, the JSON format of origami software): the net as a
crease pattern, and the box folding up stage by stage as folded frames.

Vertices: the corners of the cells, one per point of the paper (two cells that touch only at a
corner keep a vertex each: they part when folded). Faces: the cells, counterclockwise as seen
from the printed side. Edges: the cells' sides: "B" the cut outline, "F" a crease inside a box
face, "M" a fold (the printed side goes outside, so seen from it every fold is a mountain).

Coordinates in cells: FOLD's (x, y, z) = (col, -row, -z) of the pose's world frame
(foldkit.fold.pose), a turn about x that keeps the page readable with y up and the printed side
towards +z. The key frame is the flat crease pattern (2D); ``file_frames`` holds one folded
frame per stage of the staged fold, each with its vertices' places and the angles of its folds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from foldkit.fold.panels import PanelTree
from foldkit.fold.pose import hinge_fraction, panel_matrices
from foldkit.fold.subject import Subject
from solver.folding import grid_edges
from solver.grid import Cell

FOLD_SPEC = 1.2
CREATOR = "foldkit"
TO_FOLD = np.diag([1.0, -1.0, -1.0])  # world (x = col, y = row, z up) -> FOLD axes
Corner = tuple[Cell, int]  # a cell and one of its corners, in the order of CORNERS
# A cell's corners in net (x, y) offsets, counterclockwise as seen from the printed side (FOLD's +z).
CORNERS = ((0, 0), (0, 1), (1, 1), (1, 0))


@dataclass(frozen=True)
class CreasePattern:
    """The net as vertices, edges and faces; a vertex is placed by the first corner that names it."""

    corners: list[Corner]  # per vertex
    vertex_of: dict[Corner, int]
    edges: list[tuple[int, int]]
    assignments: list[str]
    edge_hinges: list[int | None]  # per edge, the index in tree.hinges of the hinge it folds on
    faces: list[list[int]]  # per cell of tree.cells


def fold_document(subject: Subject) -> dict:
    """The FOLD document of a subject's fold: the crease pattern and one folded frame per stage."""
    tree = subject.tree
    pattern = crease_pattern(tree)
    flat = [[x, -y] for x, y in (_net_point(corner) for corner in pattern.corners)]
    document = {
        "file_spec": FOLD_SPEC,
        "file_creator": CREATOR,
        "file_title": f"{subject.name}: a {'x'.join(map(str, subject.folding.box))} box",
        "file_description": "one unit is one cell; the printed side faces +z; frames fold the net stage by stage",
        "file_classes": ["singleModel", "diagrams"],
        "frame_title": "crease pattern",
        "frame_classes": ["creasePattern"],
        "frame_attributes": ["2D", "manifold", "orientable"],
        "frame_unit": "unit",
        "vertices_coords": flat,
        "edges_vertices": [list(edge) for edge in pattern.edges],
        "edges_assignment": pattern.assignments,
        "edges_foldAngle": [-90.0 if a == "M" else 0.0 for a in pattern.assignments],
        "faces_vertices": pattern.faces,
        "faces_foldkit:boxFace": [subject.folding.face_of(cell) for cell in tree.cells],
    }
    stages = tree.stage_count
    document["file_frames"] = [folded_frame(tree, pattern, stage / stages, f"stage {stage} of {stages}")
                               for stage in range(1, stages + 1)]
    return document


def folded_frame(tree: PanelTree, pattern: CreasePattern, t: float, title: str) -> dict:
    """A frame of the staged fold at fraction t: the key frame's mesh with the vertices moved and the folds' angles."""
    matrices = panel_matrices(tree, t)
    angles = [0.0 if hinge is None else -90.0 * hinge_fraction(tree, tree.hinges[hinge], t)
              for hinge in pattern.edge_hinges]
    return {
        "frame_title": title,
        "frame_parent": 0,
        "frame_inherit": True,
        "frame_classes": ["foldedForm"],
        "frame_attributes": ["3D", "manifold", "orientable"],
        "vertices_coords": [_rounded(TO_FOLD @ _placed(matrices, tree, corner)) for corner in pattern.corners],
        "edges_foldAngle": [_rounded([angle])[0] for angle in angles],
    }


def crease_pattern(tree: PanelTree) -> CreasePattern:
    """The vertices, edges (with assignments and hinges) and faces of a panel tree's net."""
    cells = tree.cells
    vertex_of, corners = _vertices(cells)
    hinge_index = {h.child: k for k, h in enumerate(tree.hinges)}
    edges: dict[frozenset[int], int] = {}
    pairs: list[tuple[int, int]] = []
    assignments: list[str] = []
    edge_hinges: list[int | None] = []
    for cell in cells:
        for k in range(4):
            ends = vertex_of[(cell, k)], vertex_of[(cell, (k + 1) % 4)]
            if frozenset(ends) in edges:
                continue
            edges[frozenset(ends)] = len(pairs)
            across = _across(cell, k)
            assignment, hinge = _crease(tree, cell, across, hinge_index)
            pairs.append(ends)
            assignments.append(assignment)
            edge_hinges.append(hinge)
    faces = [[vertex_of[(cell, k)] for k in range(4)] for cell in cells]
    return CreasePattern(corners, vertex_of, pairs, assignments, edge_hinges, faces)


def _vertices(cells: list[Cell]) -> tuple[dict[Corner, int], list[Corner]]:
    """Corners joined into vertices through the sides cells share: (corner -> vertex, a corner per vertex)."""
    parent: dict[Corner, Corner] = {(cell, k): (cell, k) for cell in cells for k in range(4)}

    def find(corner: Corner) -> Corner:
        while parent[corner] != corner:
            corner = parent[corner]
        return corner

    for a, b in grid_edges(frozenset(cells)):
        for k in range(4):
            for j in range(4):
                if _net_point((a, k)) == _net_point((b, j)):
                    ra, rb = find((a, k)), find((b, j))
                    parent[max(ra, rb)] = min(ra, rb)
    vertex_of: dict[Corner, int] = {}
    first: dict[Corner, int] = {}
    corners: list[Corner] = []
    for corner in parent:  # cells in order, corners in order
        root = find(corner)
        if root not in first:
            first[root] = len(corners)
            corners.append(corner)
        vertex_of[corner] = first[root]
    return vertex_of, corners


def _across(cell: Cell, k: int) -> Cell:
    """The cell on the other side of the side from corner k to corner k + 1."""
    (x0, y0), (x1, _) = CORNERS[k], CORNERS[(k + 1) % 4]
    r, c = cell
    if x0 == x1:
        return (r, c - 1) if x0 == 0 else (r, c + 1)
    return (r - 1, c) if y0 == 0 else (r + 1, c)


def _crease(tree: PanelTree, cell: Cell, across: Cell, hinge_index: dict[int, int]) -> tuple[str, int | None]:
    """The assignment of the side between two cells, and the hinge it turns on (None: it does not fold)."""
    if across not in tree.folding.cells:
        return "B", None
    here, there = tree.panel_of(cell), tree.panel_of(across)
    if here == there:
        return "F", None
    child = here if here in hinge_index and tree.hinges[hinge_index[here]].parent == there else there
    return "M", hinge_index[child]


def _net_point(corner: Corner) -> tuple[int, int]:
    (r, c), k = corner
    dx, dy = CORNERS[k]
    return c + dx, r + dy


def _placed(matrices: np.ndarray, tree: PanelTree, corner: Corner) -> np.ndarray:
    """Where a cell's corner is in the world, shape (3,), its panel moved by its matrix."""
    x, y = _net_point(corner)
    matrix = matrices[tree.panel_of(corner[0])]
    return matrix[:3, :3] @ np.array([x, y, 0.0]) + matrix[:3, 3]


def _rounded(values) -> list[float]:
    """Numbers to a billionth, without negative zeros."""
    return [round(float(v), 9) + 0.0 for v in values]
