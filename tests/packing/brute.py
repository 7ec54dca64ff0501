"""A brute-force packer for small puzzles, written apart from solver.packing: orientations from
numpy's rot90 on voxel arrays, the first empty cell filled first with Python sets, classes from
numpy's flips and transposes of the box. One-sided pieces (on a board one level high) turn in the x-y
plane only, and the board's mirror images then rename each piece to its mirror image."""

from __future__ import annotations

from itertools import permutations, product

import numpy as np

Cells = frozenset[tuple[int, int, int]]
Solution = frozenset[tuple[str, Cells]]


def voxels(cubes) -> np.ndarray:
    """The cubes as a boolean array indexed [x, y, z], moved to the origin."""
    low = [min(c[i] for c in cubes) for i in range(3)]
    size = [max(c[i] for c in cubes) - low[i] + 1 for i in range(3)]
    grid = np.zeros(size, dtype=bool)
    for c in cubes:
        grid[c[0] - low[0], c[1] - low[1], c[2] - low[2]] = True
    return grid


def _key(grid: np.ndarray) -> tuple:
    return grid.shape, grid.tobytes()


def turns(cubes, one_sided: bool = False) -> list[np.ndarray]:
    """Every distinct rotation of a piece, as voxel arrays (closure under quarter turns about two axes; about
    z alone for a one-sided piece)."""
    start = voxels(cubes)
    found = {_key(start): start}
    frontier = [start]
    while frontier:
        grid = frontier.pop()
        for axes in ((0, 1),) if one_sided else ((0, 1), (1, 2)):
            turned = np.rot90(grid, 1, axes=axes)
            if _key(turned) not in found:
                found[_key(turned)] = turned
                frontier.append(turned)
    return list(found.values())


def placements(cubes, box, one_sided: bool = False) -> list[Cells]:
    """Every rotation of the piece at every position inside the box, as sets of cells."""
    out = set()
    for grid in turns(cubes, one_sided):
        offsets = np.argwhere(grid)
        for shift in product(*(range(box[i] - grid.shape[i] + 1) for i in range(3))):
            out.add(frozenset(tuple(int(v) for v in row + np.array(shift)) for row in offsets))
    return sorted(out, key=sorted)


def packings(box, pieces, one_sided: bool = False) -> list[Solution]:
    """Every packing: pieces is [(name, cubes, count)]; copies of a piece are interchangeable."""
    cells = [c for c in product(range(box[0]), range(box[1]), range(box[2]))]
    options = {name: {cell: [o for o in placements(cubes, box, one_sided) if cell in o] for cell in cells}
               for name, cubes, _ in pieces}
    left = {name: count for name, _, count in pieces}
    found: list[Solution] = []

    def fill(empty: set, chosen: list) -> None:
        if not empty:
            found.append(frozenset(chosen))
            return
        target = min(empty)
        for name in options:
            if not left[name]:
                continue
            for option in options[name][target]:
                if option <= empty:
                    left[name] -= 1
                    chosen.append((name, option))
                    fill(empty - option, chosen)
                    chosen.pop()
                    left[name] += 1

    fill(set(cells), [])
    return found


def _mirror_names(pieces, one_sided: bool = False) -> dict[str, str] | None:
    """Piece name -> its mirror piece of the same count, or None when some piece has none."""
    out = {}
    for name, cubes, count in pieces:
        image = _key(voxels(cubes)[::-1, :, :].copy())
        match = [other for other, other_cubes, other_count in pieces
                 if other_count == count and image in {_key(g) for g in turns(other_cubes, one_sided)}]
        if not match:
            return None
        out[name] = name if name in match else match[0]
    return out


def symmetries(box, pieces, one_sided: bool = False) -> list:
    """The box's symmetries (axis order, flips, piece renaming) that map the piece set onto itself. On a board
    of one-sided pieces, those of the board's plane (z stays, and its flip changes nothing), a mirror image
    of the plane renaming each piece to its mirror piece."""
    mirrored = _mirror_names(pieces, one_sided)
    same = {name: name for name, _, _ in pieces}
    out = []
    for axes in permutations(range(3)):
        if tuple(box[a] for a in axes) != tuple(box) or (one_sided and axes[2] != 2):
            continue
        parity = sum(1 for i in range(3) for j in range(i + 1, 3) if axes[i] > axes[j]) % 2
        for flips in product((False, True), repeat=3):
            if one_sided and flips[2]:
                continue
            proper = (parity + sum(flips)) % 2 == 0
            if proper:
                out.append((axes, flips, same))
            elif mirrored is not None:
                out.append((axes, flips, mirrored))
    return out


def _cell_map(box, symmetry) -> dict:
    """Where a symmetry sends each cell of the box."""
    axes, flips, _ = symmetry
    out = {}
    for cell in product(range(box[0]), range(box[1]), range(box[2])):
        moved = [cell[a] for a in axes]
        out[cell] = tuple(box[i] - 1 - moved[i] if flips[i] else moved[i] for i in range(3))
    return out


def class_count(solutions: list[Solution], box, pieces, one_sided: bool = False) -> int:
    """How many classes the packings fall into under the symmetries."""
    maps = [(_cell_map(box, g), g[2]) for g in symmetries(box, pieces, one_sided)]

    def canonical(solution: Solution) -> tuple:
        return min(tuple(sorted((names[name], tuple(sorted(cells_map[c] for c in cells))) for name, cells in solution))
                   for cells_map, names in maps)

    return len({canonical(s) for s in solutions})
