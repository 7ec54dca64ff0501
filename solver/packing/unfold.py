"""Nets of polycubes: the surface of a piece cut along cube edges and laid flat as unit squares.

A piece's surface is made of squares, each the face of one of its cubes that no other cube of the
piece covers. Two surface squares meet across each edge of a square: where the surface turns
inwards (a concave edge) the neighbour is the face of the cube standing on the far side; where it
runs on (flat) the face of the cube beside; where it turns outwards (convex) the next face of the
same cube. Checking them in that order picks, at every edge, the square that bounds the same solid.

A net is grown square by square from a root: a square already laid flat is rolled over one of its
edges onto its neighbour, which lands beside it in the plane. A square is refused where the plane is
taken, and wherever it would touch a square laid before along an edge the two do not share on the
piece, so the net is a polyomino whose every outer edge is cut and every inner edge is a crease.
The growth is random (a seeded ``random.Random``: same seed, same nets) and prefers squares that
keep the net's bounding box small; a growth that gets stuck starts again.

Net coordinates are those of the templates (``foldkit.paper.template.geometry``): cell (row, col)
spans [col, col + 1] x [row, row + 1], x = col to the right, y = row down the page, and the printed
side (the outside of the piece) faces the reader.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from solver.grid import Cell
from solver.packing.model import Cube

Point = tuple[int, int, int]  # (x, y, z): a lattice point, such as a cube's corner
Vector = tuple[int, int, int]  # one of the six unit axis vectors
Square = tuple[Cube, Vector]  # a surface square: the face of a cube on the side its outward normal points to

AXES: tuple[Vector, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
# a cell's sides as (dx, dy) steps in the net: right, down, left, up
NET_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
ATTEMPTS = 400  # growths tried before giving up on a piece (a 26-square piece needs a handful)


def _add(a: Vector | Point, b: Vector) -> Point:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def _neg(a: Vector) -> Vector:
    return -a[0], -a[1], -a[2]


def surface(cubes: frozenset[Cube]) -> frozenset[Square]:
    """The squares of a piece's surface: every face of its cubes not covered by another of its cubes."""
    return frozenset((c, n) for c in cubes for n in AXES if _add(c, n) not in cubes)


def across(cubes: frozenset[Cube], square: Square, d: Vector) -> tuple[Square, Vector]:
    """The surface square beyond the edge of a square that lies in direction d (perpendicular to its
    normal), and the direction that leads away from that edge across the neighbour."""
    c, n = square
    beyond = _add(_add(c, n), d)
    if beyond in cubes:  # concave: the surface turns up onto the cube standing there
        return (beyond, _neg(d)), n
    if _add(c, d) in cubes:  # flat: the same face of the cube beside
        return (_add(c, d), n), d
    return (c, d), _neg(n)  # convex: round the corner onto the next face of the same cube


@dataclass(frozen=True)
class CellAxes:
    """Where a net cell lies on the piece: the 3D point of its top-left corner (origin) and the
    unit vectors its +x (right) and +y (down) sides run along."""

    origin: Point
    ex: Vector
    ey: Vector

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The cell's corners top-left, top-right, bottom-right, bottom-left."""
        o, ex, ey = self.origin, self.ex, self.ey
        return o, _add(o, ex), _add(_add(o, ex), ey), _add(o, ey)


def root_axes(square: Square) -> CellAxes:
    """The axes of a square laid flat first, printed side (outward normal) towards the reader."""
    c, n = square
    axis = next(i for i in range(3) if n[i])
    u, v = [tuple(int(i == k) for i in range(3)) for k in range(3) if k != axis]
    ex, ey = (u, v) if np.array_equal(np.cross(v, u), n) else (v, u)  # y down, reader on +normal: ey x ex = n
    face_centre = np.array(c) + 0.5 + np.array(n) / 2
    origin = face_centre - (np.array(ex) + np.array(ey)) / 2
    return CellAxes(tuple(int(round(x)) for x in origin), ex, ey)  # type: ignore[arg-type]


def rolled(axes: CellAxes, net_step: tuple[int, int], away: Vector) -> CellAxes:
    """The axes of the cell one net step beyond a cell, when its side there leads away along away."""
    dx, dy = net_step
    if dx:
        ex = away if dx > 0 else _neg(away)
        origin = _add(axes.origin, axes.ex) if dx > 0 else _add(axes.origin, away)
        return CellAxes(origin, ex, axes.ey)
    ey = away if dy > 0 else _neg(away)
    origin = _add(axes.origin, axes.ey) if dy > 0 else _add(axes.origin, away)
    return CellAxes(origin, axes.ex, ey)


@dataclass(frozen=True)
class PieceNet:
    """A net of a piece: cell i lies at cells[i] in the plane and folds onto squares[i]; parents[i]
    is the cell it was rolled from (-1 for the root), the creases of a tree that folds it up."""

    cells: tuple[Cell, ...]  # (row, col), shifted so the smallest row and col are 0
    squares: tuple[Square, ...]
    cell_axes: tuple[CellAxes, ...]
    parents: tuple[int, ...]

    @property
    def corners(self) -> np.ndarray:
        """The 3D corners of every cell (top-left, top-right, bottom-right, bottom-left), shape (n, 4, 3) int64."""
        return np.array([f.corners() for f in self.cell_axes], dtype=np.int64)

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the net's bounding box, in cells."""
        return max(c for _, c in self.cells) + 1, max(r for r, _ in self.cells) + 1

    def fold_angles(self) -> tuple[float, ...]:
        """The angle in degrees each cell turns about the crease to its parent as the net closes:
        0 flat, +90 away from the reader (a convex edge of the piece), -90 towards (a concave one)."""
        out = []
        for i, parent in enumerate(self.parents):
            if parent < 0:
                out.append(0.0)
                continue
            n_child, n_parent = self.squares[i][1], self.squares[parent][1]
            if n_child == n_parent:
                out.append(0.0)
            else:  # convex when the child's normal points the way that leads from the parent onto it
                r, c = self.cells[i]
                pr, pc = self.cells[parent]
                lead = np.array(self.cell_axes[parent].ex) * (c - pc) + np.array(self.cell_axes[parent].ey) * (r - pr)
                out.append(90.0 if np.array_equal(lead, n_child) else -90.0)
        return tuple(out)


def folded(net: PieceNet, t: float) -> np.ndarray:
    """The net folded a fraction t of the way (0 flat, 1 closed): every cell's corners (top-left,
    top-right, bottom-right, bottom-left) in space, shape (n, 4, 3) float64. The net starts in the
    plane z = 0 as it is drawn (x = col, y = row), the reader on the side z < 0; each cell turns about
    the crease to its parent by t times its fold angle, carried along by its parent's motion."""
    angles = net.fold_angles()
    poses: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(net.cells)
    out = np.zeros((len(net.cells), 4, 3))
    for i in _tree_order(net.parents):
        r, c = net.cells[i]
        flat = np.array([[c, r, 0], [c + 1, r, 0], [c + 1, r + 1, 0], [c, r + 1, 0]], dtype=np.float64)
        if net.parents[i] < 0:
            poses[i] = (np.eye(3), np.zeros(3))
        else:
            parent_turn, parent_shift = poses[net.parents[i]]  # type: ignore[misc]
            start, axis = _crease(net.cells[net.parents[i]], net.cells[i])
            turn = _turn(axis, np.radians(angles[i] * t))
            poses[i] = (parent_turn @ turn, parent_turn @ (start - turn @ start) + parent_shift)
        turn, shift = poses[i]  # type: ignore[misc]
        out[i] = flat @ turn.T + shift
    return out


def _tree_order(parents: tuple[int, ...]) -> list[int]:
    """The cells, each after its parent."""
    children: dict[int, list[int]] = {}
    for i, p in enumerate(parents):
        children.setdefault(p, []).append(i)
    order, todo = [], list(children.get(-1, []))
    while todo:
        i = todo.pop()
        order.append(i)
        todo += children.get(i, [])
    return order


def _crease(parent: Cell, child: Cell) -> tuple[np.ndarray, np.ndarray]:
    """A point on the crease between two cells beside each other and the crease's direction, oriented
    so a positive turn about it lifts the child away from the reader (to z > 0)."""
    (pr, pc), (r, c) = parent, child
    if r == pr:  # side by side: the crease runs down the page at x = the larger col
        x = float(max(c, pc))
        return np.array([x, r, 0.0]), np.array([0.0, -1.0 if c > pc else 1.0, 0.0])
    y = float(max(r, pr))
    return np.array([c, y, 0.0]), np.array([1.0 if r > pr else -1.0, 0.0, 0.0])


def _turn(axis: np.ndarray, angle: float) -> np.ndarray:
    """The rotation by an angle (radians, right-handed) about a unit axis, shape (3, 3)."""
    x, y, z = axis
    k = np.array([[0, -z, y], [z, 0, -x], [-y, x, 0]])
    return np.eye(3) + np.sin(angle) * k + (1 - np.cos(angle)) * k @ k


def unfold(cubes: frozenset[Cube], seed: int = 0, attempts: int = ATTEMPTS) -> PieceNet:
    """A net of a piece (a connected polycube), grown from a seeded random generator."""
    squares = sorted(surface(cubes))
    rng = random.Random(seed)
    for _ in range(attempts):
        net = _grow(cubes, squares, rng)
        if net is not None:
            return net
    raise ValueError(f"no net of a piece of {len(cubes)} cubes found in {attempts} tries")


def nets(cubes: frozenset[Cube], count: int, seed: int = 0, tries: int = 60) -> list[PieceNet]:
    """Up to count different nets of a piece from tries growths, the ones that fill most of their
    bounding box first (they nest closest on a sheet)."""
    found: dict[tuple[Cell, ...], PieceNet] = {}
    rng = random.Random(seed)
    for _ in range(tries):
        net = unfold(cubes, rng.randrange(2**32))
        found.setdefault(tuple(sorted(net.cells)), net)
    return sorted(found.values(), key=lambda n: (-len(n.cells) / (n.size[0] * n.size[1]), max(n.size),
                                                 sorted(n.cells)))[:count]


def _grow(cubes: frozenset[Cube], squares: list[Square], rng: random.Random) -> PieceNet | None:
    """One random growth of a net; None if it got stuck before every square was laid."""
    root = squares[rng.randrange(len(squares))]
    at: dict[Cell, int] = {(0, 0): 0}
    laid: dict[Square, int] = {root: 0}
    cells, cell_axes, order, parents = [(0, 0)], [root_axes(root)], [root], [-1]
    while len(order) < len(squares):
        options = []
        for i in range(len(cells)):
            for net_step in NET_STEPS:
                option = _option(cubes, i, net_step, cells, cell_axes, order, at, laid)
                if option is not None:
                    options.append(option)
        if not options:
            return None
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        # compact nets nest closest: keep the bounding box small and fill its nooks first
        parent, cell, square, axes = min(options, key=lambda o: _spread(o[1], rows, cols) - 2 * _touching(o[1], at)
                                          + 3 * rng.random())
        at[cell], laid[square] = len(cells), len(cells)
        cells.append(cell)
        cell_axes.append(axes)
        order.append(square)
        parents.append(parent)
    if has_hole(set(cells)):
        return None
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return PieceNet(tuple((r - top, c - left) for r, c in cells), tuple(order), tuple(cell_axes), tuple(parents))


def _touching(cell: Cell, at: dict[Cell, int]) -> int:
    """How many cells already laid lie beside a cell in the plane."""
    r, c = cell
    return sum((r + dy, c + dx) in at for dx, dy in NET_STEPS)


def _spread(cell: Cell, rows: list[int], cols: list[int]) -> int:
    """The area of the net's bounding box with the cell added."""
    r, c = cell
    return (max(max(rows), r) - min(min(rows), r) + 1) * (max(max(cols), c) - min(min(cols), c) + 1)


def _option(cubes, i, net_step, cells, cell_axes, order, at, laid):
    """(parent, cell, square, axes) for rolling cell i one net step over, or None where refused."""
    r, c = cells[i]
    dx, dy = net_step
    cell = (r + dy, c + dx)
    if cell in at:
        return None
    axes = cell_axes[i]
    d = axes.ex if dx > 0 else _neg(axes.ex) if dx < 0 else axes.ey if dy > 0 else _neg(axes.ey)
    square, away = across(cubes, order[i], d)
    if square in laid:
        return None
    new = rolled(axes, net_step, away)
    if not _meets_cleanly(cell, new, cells, cell_axes, at):
        return None
    return i, cell, square, new


def _meets_cleanly(cell: Cell, axes: CellAxes, cells, cell_axes, at) -> bool:
    """True if every cell beside this one in the plane shares that side's edge with it on the piece."""
    r, c = cell
    mine = axes.corners()
    for k, (dx, dy) in enumerate(NET_STEPS):
        other = at.get((r + dy, c + dx))
        if other is None:
            continue
        theirs = cell_axes[other].corners()
        # side k of this cell (right, bottom, left, top) against the opposite side of the other
        if _side(mine, k) != _side(theirs, (k + 2) % 4)[::-1]:
            return False
    return True


def _side(corners: tuple[Point, ...], k: int) -> tuple[Point, Point]:
    """Side k (0 right, 1 bottom, 2 left, 3 top) of a cell as its two 3D corners, clockwise."""
    start = (k + 1) % 4  # right runs top-right -> bottom-right, bottom: bottom-right -> bottom-left, ...
    return corners[start], corners[(start + 1) % 4]


def has_hole(cells: set[Cell] | frozenset[Cell]) -> bool:
    """True if some square of the plane outside the cells is closed in by them (a net must not have one:
    a hole is hard to cut and leaves its tabs no room)."""
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    top, bottom, left, right = min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 1
    outside, todo = {(top, left)}, [(top, left)]
    while todo:
        r, c = todo.pop()
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            n = (r + dr, c + dc)
            if top <= n[0] <= bottom and left <= n[1] <= right and n not in cells and n not in outside:
                outside.add(n)
                todo.append(n)
    return len(outside) + len(cells) < (bottom - top + 1) * (right - left + 1)
