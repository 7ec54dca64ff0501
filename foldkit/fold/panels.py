"""The hinged panel tree of a folding.

A panel is a maximal group of cells on one box face joined by flat creases; a hinge is the
90-degree crease between two panels. In a hole-free net every crease line is a straight chord,
so the panels form a tree, and the creases between two panels lie on one segment. The root is
the panel that stays on the table: the largest panel on one of the box's largest faces.

Net coordinates: x = col, y = row, along grid lines, so cell (r, c) spans [c, c+1] x [r, r+1].
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from solver.box import face_size
from solver.folding import Edge, Folding, grid_edges
from solver.grid import Cell

Point = tuple[float, float]  # (x, y) in net coordinates: x = col, y = row


@dataclass(frozen=True)
class Panel:
    """Cells on one face joined by flat creases."""

    index: int
    face: int
    cells: frozenset[Cell]


@dataclass(frozen=True)
class Hinge:
    """The 90-degree crease between a panel and its parent in the tree.

    ``start`` -> ``end`` is the axis the child turns about by +90 degrees (right-hand rule,
    z up) to close the box; ``stage`` is the height of the child's subtree, so hinges near
    the leaves fold first."""

    parent: int
    child: int
    edges: tuple[Edge, ...]  # each (cell in parent, cell in child)
    start: Point
    end: Point
    stage: int


@dataclass(frozen=True)
class PanelTree:
    """The panels of a folding, rooted at the panel that stays on the table.

    ``hinges`` are in breadth-first order from the root: a parent's hinge comes before its
    children's, so composing transforms along the list visits parents first."""

    folding: Folding
    panels: list[Panel]
    root: int
    hinges: list[Hinge]
    stage_count: int
    _panel_of: dict[Cell, int] = field(repr=False, compare=False, default_factory=dict)

    def panel_of(self, cell: Cell) -> int:
        """The index of the panel holding a cell."""
        return self._panel_of[cell]

    def hinge_of(self, child: int) -> Hinge:
        """The hinge joining a (non-root) panel to its parent."""
        return next(h for h in self.hinges if h.child == child)

    def children(self, panel: int) -> list[int]:
        """The panels hinged to this one, further from the root."""
        return [h.child for h in self.hinges if h.parent == panel]

    @property
    def cells(self) -> list[Cell]:
        """Every cell, sorted: the order of cell_corners and of the scene's cells."""
        return sorted(self._panel_of)


def panel_tree(folding: Folding) -> PanelTree:
    """The hinged panel tree of a folding (whose printed side is outside)."""
    if not folding.printed_outside:
        raise ValueError("the panel tree closes the box upward, so the printed side must end up outside")
    panels = _panels(folding)
    panel_of = {cell: p.index for p in panels for cell in p.cells}
    root = _root(folding, panels, panel_of)
    parent, edges = _tree(panel_of, folding, root)
    heights = _heights(parent)
    order = _breadth_first(parent, root)
    hinges = [_hinge(parent[child], child, edges[child], heights[child]) for child in order]
    stage_count = max((h.stage for h in hinges), default=-1) + 1
    return PanelTree(folding, panels, root, hinges, stage_count, panel_of)


def _panels(folding: Folding) -> list[Panel]:
    """Groups of cells joined by flat creases, numbered in order of their smallest cell."""
    group = {cell: cell for cell in folding.cells}

    def find(cell: Cell) -> Cell:
        while group[cell] != cell:
            cell = group[cell]
        return cell

    for a, b in grid_edges(folding.cells):
        if folding.face_of(a) == folding.face_of(b):
            ra, rb = find(a), find(b)
            group[max(ra, rb)] = min(ra, rb)
    members: dict[Cell, set[Cell]] = {}
    for cell in sorted(folding.cells):
        members.setdefault(find(cell), set()).add(cell)
    groups = sorted(members.items())
    return [Panel(i, folding.face_of(key), frozenset(cells)) for i, (key, cells) in enumerate(groups)]


def _root(folding: Folding, panels: list[Panel], panel_of: dict[Cell, int]) -> int:
    """The largest panel on a largest face; among equals the one whose tree is lowest (the most
    central, so the fewest stages), then the lowest index."""

    def area(face: int) -> int:
        du, dv = face_size(folding.box, face)
        return du * dv

    biggest = max(area(f) for f in range(6))
    candidates = [p for p in panels if area(p.face) == biggest]
    most = max(len(p.cells) for p in candidates)

    def tree_height(root: int) -> int:
        return max(_heights(_tree(panel_of, folding, root)[0]).values(), default=-1) + 1

    return min((tree_height(p.index), p.index) for p in candidates if len(p.cells) == most)[1]


Parents = dict[int, int]  # non-root panel -> its parent panel


def _tree(panel_of: dict[Cell, int], folding: Folding, root: int) -> tuple[Parents, dict[int, list[Edge]]]:
    """The parent of each non-root panel, and the creases it shares with it as (parent cell, child cell)."""
    shared: dict[tuple[int, int], list[Edge]] = {}
    for a, b in grid_edges(folding.cells):
        pa, pb = panel_of[a], panel_of[b]
        if pa != pb:
            shared.setdefault((pa, pb), []).append((a, b))
            shared.setdefault((pb, pa), []).append((b, a))
    parent: dict[int, int] = {}
    edges: dict[int, list[Edge]] = {}
    queue, seen = deque([root]), {root}
    while queue:
        p = queue.popleft()
        for (q, child), between in sorted(shared.items()):
            if q == p and child not in seen:
                seen.add(child)
                parent[child], edges[child] = p, between
                queue.append(child)
    return parent, edges


def _heights(parent: Parents) -> dict[int, int]:
    """The height of each panel's subtree (0 for a leaf)."""
    height = {p: 0 for p in parent}
    for child in parent:
        node, h = child, 0
        while node in parent:
            node, h = parent[node], h + 1
            height[node] = max(height.get(node, 0), h)
    return height


def _breadth_first(parent: Parents, root: int) -> list[int]:
    """Non-root panels, each after its parent, by depth then index."""

    def depth(p: int) -> int:
        return 0 if p == root else 1 + depth(parent[p])

    return sorted(parent, key=lambda p: (depth(p), p))


def _hinge(parent: int, child: int, edges: list[Edge], stage: int) -> Hinge:
    """The hinge along the given creases, its axis turned so the child folds up by +90 degrees."""
    points = sorted({pt for a, b in edges for pt in shared_side(a, b)})
    start, end = points[0], points[-1]
    # The child turns up (towards +z) about axis d x z, where d points from the hinge into the child.
    (pr, pc), (cr, cc) = edges[0]
    dx, dy = cc - pc, cr - pr
    ax, ay = end[0] - start[0], end[1] - start[1]
    if ax * dy - ay * dx < 0:  # axis . (dy, -dx) must be positive
        start, end = end, start
    return Hinge(parent, child, tuple(edges), start, end, stage)


def shared_side(a: Cell, b: Cell) -> tuple[Point, Point]:
    """The two ends of the grid segment between two adjacent cells, in net coordinates."""
    (ra, ca), (rb, cb) = a, b
    if ra == rb:
        x = float(max(ca, cb))
        return (x, float(ra)), (x, float(ra + 1))
    y = float(max(ra, rb))
    return (float(ca), y), (float(ca + 1), y)


def one_at_a_time(tree: PanelTree, order: Sequence[int]) -> PanelTree:
    """The same panels folded one hinge at a time, in the given order of child panels."""
    stage_of = {child: stage for stage, child in enumerate(order)}
    hinges = [replace(h, stage=stage_of[h.child]) for h in tree.hinges]
    return replace(tree, hinges=hinges, stage_count=len(order))


def subtree(tree: PanelTree, panel: int) -> set[int]:
    """A panel and every panel hinged below it."""
    out, todo = set(), [panel]
    while todo:
        p = todo.pop()
        out.add(p)
        todo += tree.children(p)
    return out
