"""Poses: where every panel is at fold fraction t (0 = the flat net, 1 = the closed box).

World frame: x = col, y = row, z up. At t = 0 cell (r, c) lies on [c, c+1] x [r, r+1] x {0}.
The root panel never moves; every other panel turns about its hinge by up to 90 degrees,
carried by its parent, so the box closes upward and rests on the root, printed side out.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from foldkit.fold.panels import Hinge, PanelTree
from solver.box import square_center

Sequence = Literal["staged", "together"]
SEQUENCES: tuple[str, ...] = ("staged", "together")
Matrix = np.ndarray  # (4, 4) float64, a rigid motion acting on homogeneous column vectors


def ease(s: float | np.ndarray) -> float | np.ndarray:
    """A smooth step from 0 to 1 with zero speed at both ends, exact at 0 and 1 (elementwise on an array)."""
    s = np.clip(s, 0.0, 1.0)
    return s * s * (3.0 - 2.0 * s)


def hinge_fraction(tree: PanelTree, hinge: Hinge, t: float | np.ndarray, sequence: Sequence = "staged"
                   ) -> float | np.ndarray:
    """How far a hinge has turned at fold fraction t, in [0, 1] (1 = 90 degrees); at each t of an array."""
    return _turned(tree, hinge.stage, t, sequence)


def hinge_fractions(tree: PanelTree, t: np.ndarray, sequence: Sequence = "staged") -> np.ndarray:
    """How far every hinge has turned at each t, shape (m, H): hinge_fraction for all at once."""
    stages = np.array([h.stage for h in tree.hinges], dtype=np.float64)
    times = np.asarray(t, dtype=np.float64)[:, None]
    return np.broadcast_to(_turned(tree, stages[None, :], times, sequence), (len(times), len(stages)))


def _turned(tree: PanelTree, stage: int | np.ndarray, t: float | np.ndarray, sequence: Sequence
            ) -> float | np.ndarray:
    if sequence == "together":
        return ease(t)
    if sequence != "staged":
        raise ValueError(f"unknown fold sequence {sequence!r}; expected one of {SEQUENCES}")
    # Stage s of S folds while t runs over [s/S, (s+1)/S].
    return ease(t * tree.stage_count - stage)


def hinge_rotation(hinge: Hinge, angle: float) -> Matrix:
    """The rigid motion turning the child by angle (radians) about the hinge axis, (4, 4)."""
    start = np.array([*hinge.start, 0.0])
    axis = np.array([*hinge.end, 0.0]) - start
    x, y, z = axis / np.linalg.norm(axis)
    c, s = np.cos(angle), np.sin(angle)
    # Rodrigues' formula: R = c I + s [a]x + (1 - c) a a^T.
    cross = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    rotation = c * np.eye(3) + s * cross + (1.0 - c) * np.outer([x, y, z], [x, y, z])
    out = np.eye(4)
    out[:3, :3] = rotation
    out[:3, 3] = start - rotation @ start
    return out


def panel_matrices(tree: PanelTree, t: float, sequence: Sequence = "staged") -> np.ndarray:
    """Per panel, the motion from net coordinates (x, y, 0) to the world, shape (P, 4, 4)."""
    out = np.tile(np.eye(4), (len(tree.panels), 1, 1))
    for hinge in tree.hinges:  # parents first
        angle = 0.5 * np.pi * float(hinge_fraction(tree, hinge, t, sequence))
        out[hinge.child] = out[hinge.parent] @ hinge_rotation(hinge, angle)
    return out


def cell_outlines(tree: PanelTree) -> np.ndarray:
    """The corners of every cell (in tree.cells order) in net coordinates, shape (n, 4, 3).

    Corners go (c, r), (c+1, r), (c+1, r+1), (c, r+1): counter-clockwise seen from +z."""
    cells = np.array(tree.cells, dtype=np.float64).reshape(-1, 2)
    r, c = cells[:, 0, None], cells[:, 1, None]
    x = c + np.array([0.0, 1.0, 1.0, 0.0])
    y = r + np.array([0.0, 0.0, 1.0, 1.0])
    return np.stack([x, y, np.zeros_like(x)], axis=-1)


def place(matrices: np.ndarray, panels: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points given in net coordinates moved to the world by their panel's matrix.

    matrices (P, 4, 4); panels (n,) int, the panel of each group; points (n, k, 3) -> (n, k, 3)."""
    m = matrices[panels]
    return np.einsum("nij,nkj->nki", m[:, :3, :3], points) + m[:, None, :3, 3]


def cell_panels(tree: PanelTree) -> np.ndarray:
    """The panel index of every cell in tree.cells order, shape (n,) int64."""
    return np.array([tree.panel_of(cell) for cell in tree.cells], dtype=np.int64)


def cell_corners(tree: PanelTree, t: float, sequence: Sequence = "staged") -> np.ndarray:
    """The world corners of every cell at fold fraction t, shape (n, 4, 3), order of cell_outlines."""
    return place(panel_matrices(tree, t, sequence), cell_panels(tree), cell_outlines(tree))


def closed_box_transform(tree: PanelTree) -> Matrix:
    """The proper rigid motion W, (4, 4), taking the folding's box to the closed pose (t = 1).

    It is fixed by the root cell, which never moves: its right goes to +x, its up to -y
    (rows grow downward) and its outward normal, right x up, to -z (the printed side faces
    the table)."""
    folding = tree.folding
    cell = min(tree.panels[tree.root].cells)
    right, up = np.array(folding.right[cell], dtype=float), np.array(folding.up[cell], dtype=float)
    on_box = np.column_stack([right, up, np.cross(right, up)])
    in_world = np.diag([1.0, -1.0, -1.0])
    out = np.eye(4)
    out[:3, :3] = in_world @ on_box.T
    centre = np.array([cell[1] + 0.5, cell[0] + 0.5, 0.0])
    out[:3, 3] = centre - out[:3, :3] @ square_center(folding.box, folding.placement[cell])
    return out
