"""Shut the Box solved the way a person starts it: which cells stay (box cells) and which are cut
away, by named deductions from the grid rules, easiest first; the fold decides the rest.

Number cells are box cells and arrow cells are cut away (the rules themselves). The deductions:

1. number full: a number that already sees that many box cells around it cuts the rest away;
1. number needs all: a number that needs every cell around it not cut away keeps them all;
2. arrow: of the distances an arrow's first box cells can still be at, every one agrees on a cell
   (a box cell, or one cut away);
3. connected: a cell the box cells cannot reach each other without is a box cell, and a cell no
   box cell can reach is cut away;
3. no hole: a cell that cut-away cells cannot reach the grid's edge without is cut away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from solver.grid import DIRECTIONS, STEP, Cell, cell_text, components, neighbours
from solver.shutbox.puzzle import Puzzle
from solver.shutbox.rules import WORDS, king_neighbourhood

BOX, CUT = True, False
Known = Mapping[Cell, bool]  # cell -> BOX or CUT, for the cells decided

RULE_LEVELS = {"number full": 1, "number needs all": 1, "arrow": 2, "connected": 3, "no hole": 3}


@dataclass(frozen=True)
class Step:
    rule: str
    box: tuple[Cell, ...]
    cut: tuple[Cell, ...]
    text: str

    @property
    def level(self) -> int:
        return RULE_LEVELS[self.rule]


def start(puzzle: Puzzle, known: Known | None = None) -> dict[Cell, bool]:
    """The cells decided from the start: numbers are box cells, arrows cut away; and those known."""
    out = {cell: BOX for cell in puzzle.numbers} | {cell: CUT for cell in puzzle.arrows}
    return out | dict(known or {})


def after(state: Known, step: Step) -> dict[Cell, bool]:
    return {**state, **dict.fromkeys(step.box, BOX), **dict.fromkeys(step.cut, CUT)}


def _cells(cells: list[Cell] | tuple[Cell, ...]) -> str:
    shown = "; ".join(cell_text(c) for c in cells[:4])
    return shown + (f" and {len(cells) - 4} more" if len(cells) > 4 else "")


def number_rules(puzzle: Puzzle, state: Known) -> Step | None:
    for cell in sorted(puzzle.numbers):
        value, block = puzzle.numbers[cell].value, king_neighbourhood(puzzle, cell)
        kept = [x for x in block if state.get(x) is BOX]
        open_cells = [x for x in block if x not in state]
        if open_cells and len(kept) == value:
            return Step("number full", (), tuple(open_cells), f"The {value} at {cell_text(cell)} already sees {value} "
                        f"box cells around it, so the rest of its block is cut away: {_cells(open_cells)}.")
        if open_cells and len(kept) + len(open_cells) == value:
            return Step("number needs all", tuple(open_cells), (), f"The {value} at {cell_text(cell)} needs every "
                        f"cell around it that is not cut away: {_cells(open_cells)} {_are(open_cells)} box cells.")
    return None


def rays(puzzle: Puzzle, cell: Cell) -> dict[str, tuple[Cell, ...]]:
    """The cells from an arrow to the grid's edge in each direction, nearest first."""
    return _rays(puzzle.rows, puzzle.cols, cell)


@lru_cache(maxsize=65536)
def _rays(rows: int, cols: int, cell: Cell) -> dict[str, tuple[Cell, ...]]:
    out = {}
    for d in DIRECTIONS:
        (dr, dc), (r, c), found = STEP[d], cell, []
        while 0 <= r + dr < rows and 0 <= c + dc < cols:
            r, c = r + dr, c + dc
            found.append((r, c))
        out[d] = tuple(found)
    return out


def arrow_distances(puzzle: Puzzle, state: Known, cell: Cell) -> list[int]:
    """The distances d at which an arrow's first box cells can still be: in each pointed direction
    cells 1..d-1 cut away and cell d a box cell; in each other direction cells 1..d cut away."""
    pointed, around = puzzle.arrows[cell], rays(puzzle, cell)
    none = max(len(cells) for cells in around.values()) + 1
    first = {d: next((k for k, x in enumerate(around[d], 1) if state.get(x) is BOX), none)
             for d in DIRECTIONS}  # the nearest box cell decided, 1-based ('none' if there is none)
    furthest = min([first[p] for p in pointed] + [first[o] - 1 for o in DIRECTIONS if o not in pointed] +
                   [len(around[p]) for p in pointed])
    return [d for d in range(1, furthest + 1) if all(state.get(around[p][d - 1]) is not CUT for p in pointed)]


def arrow_rule(puzzle: Puzzle, state: Known) -> Step | None:
    for cell in sorted(puzzle.arrows):
        pointed = puzzle.arrows[cell]
        options = arrow_distances(puzzle, state, cell)
        if not options:
            continue
        around, near = rays(puzzle, cell), min(options)
        cut = [x for p in pointed for x in around[p][:near - 1]]  # closer than any distance left
        cut += [x for o in DIRECTIONS if o not in pointed for x in around[o][:near]]
        box = [around[p][near - 1] for p in pointed] if len(options) == 1 else []
        cut = [x for x in dict.fromkeys(cut) if x not in state]
        box = [x for x in box if x not in state]
        if cut or box:
            return Step("arrow", tuple(box), tuple(cut), _arrow_text(cell, pointed, near, len(options) == 1, box, cut))
    return None


def _arrow_text(cell: Cell, pointed: str, near: int, exact: bool, box: list[Cell], cut: list[Cell]) -> str:
    steps = f"{near} step{'s' if near > 1 else ''}"
    first = f"exactly {steps} away" if exact else f"no nearer than {steps}, and no box cell as near in the other " \
                                                  "directions"
    told = "; ".join(part for part in (f"{_cells(box)} {_are(box)} box cells" if box else "",
                                       f"{_cells(cut)} {_are(cut)} cut away" if cut else "") if part)
    where = ", ".join(WORDS[p] for p in pointed)
    return f"The arrow at {cell_text(cell)} ({where}) meets its first box cells {first}: {told}."


def _are(cells: list[Cell]) -> str:
    return "is" if len(cells) == 1 else "are"


def connected_rule(puzzle: Puzzle, state: Known) -> Step | None:
    kept = {x for x, v in state.items() if v is BOX}
    if not kept:
        return None
    possible = frozenset(x for x in puzzle.cells() if state.get(x) is not CUT)
    reach = next(part for part in components(possible) if kept & part)
    stranded = sorted(x for x in possible - reach if x not in state)
    if stranded:
        return Step("connected", (), tuple(stranded), f"No box cell can reach {_cells(stranded)} without crossing "
                    f"cut-away cells, so {'it is' if len(stranded) == 1 else 'they are'} cut away (the box cells are "
                    "one piece).")
    start_cell = min(kept)
    links = separating(start_cell, lambda x: [n for n in neighbours(x) if n in reach], kept)
    for x in sorted(links - kept):
        return Step("connected", (x,), (), f"The box cells cannot reach each other without {cell_text(x)}, so it "
                    "is a box cell (the box cells are one piece).")
    return None


OUTSIDE: Cell = (-1, -1)  # a node beyond the grid's edge, next to every edge cell


def hole_rule(puzzle: Puzzle, state: Known) -> Step | None:
    cut = {x for x, v in state.items() if v is CUT}
    possible = {x for x in puzzle.cells() if state.get(x) is not BOX}
    edge = [x for x in possible if x[0] in (0, puzzle.rows - 1) or x[1] in (0, puzzle.cols - 1)]

    def around(x: Cell) -> list[Cell]:
        if x == OUTSIDE:
            return edge
        near = [n for n in neighbours(x) if n in possible]
        return [*near, OUTSIDE] if x[0] in (0, puzzle.rows - 1) or x[1] in (0, puzzle.cols - 1) else near

    links = separating(OUTSIDE, around, cut | {OUTSIDE})
    for x in sorted(links - cut - {OUTSIDE}):
        return Step("no hole", (), (x,), f"Cells cut away cannot reach the edge of the grid without {cell_text(x)}, so "
                    "it is cut away too (the box cells enclose no hole).")
    return None


def separating(root: Cell, around: Callable[[Cell], list[Cell]], marked: set[Cell]) -> set[Cell]:
    """The nodes reachable from root whose removal cuts some marked node off from another (root
    counts as marked): articulation points found by one depth-first search (Tarjan's low links),
    keeping count of the marked nodes below each."""
    order, low, below = {root: 0}, {root: 0}, {root: int(root in marked)}
    total = sum(1 for x in marked if x != root) + 1  # root included
    out: set[Cell] = set()
    stack = [(root, iter(around(root)))]
    parent: dict[Cell, Cell] = {}
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if node != root:
                up = parent[node]
                low[up] = min(low[up], low[node])
                below[up] += below[node]
                if up != root and low[node] >= order[up] and below[node] and total - below[node] - (up in marked) > 0:
                    out.add(up)
            continue
        if child not in order:
            parent[child] = node
            order[child] = low[child] = len(order)
            below[child] = int(child in marked)
            stack.append((child, iter(around(child))))
        elif child != parent.get(node):
            low[node] = min(low[node], order[child])
    return out


DEDUCTIONS: tuple[Callable[[Puzzle, Known], Step | None], ...] = (number_rules, arrow_rule, connected_rule, hole_rule)


def next_step(puzzle: Puzzle, state: Known) -> Step | None:
    for deduction in DEDUCTIONS:
        step = deduction(puzzle, state)
        if step is not None:
            return step
    return None


def steps(puzzle: Puzzle, state: Known) -> Iterator[tuple[Step, dict[Cell, bool]]]:
    """Each deduction from the state on, the easiest first, with the state after it, until none applies."""
    current = dict(state)
    while len(current) < puzzle.rows * puzzle.cols and (step := next_step(puzzle, current)) is not None:
        current = after(current, step)
        yield step, current


__all__ = ["BOX", "CUT", "RULE_LEVELS", "Known", "Step", "after", "neighbours", "start", "steps"]
