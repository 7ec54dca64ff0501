"""Near-nets: polyominoes one square away from a net of a box that do not fold into it, the
distractors of a worksheet ("which of these fold into a cube?").

A near-net is a real net with one square moved: taken off (the rest stays connected) and put
back beside the rest somewhere else. Each is checked by the folding verifier
(``solver.folding.foldings``), never assumed: with several boxes, a near-net is one that misses
at least one of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.box import Box
from solver.folding import foldings
from solver.grid import Layout, components, neighbours, normalise
from solver.polyomino import canonical

TRIES_PER_NEAR_NET = 200  # random moves tried per near-net wanted before giving up on more


def folds_into(cells: Layout, boxes: Sequence[Box]) -> tuple[Box, ...]:
    """The boxes (of those given, in their order) the polyomino folds into, by the verifier."""
    return tuple(box for box in boxes if foldings(cells, box))


def moved_square(net: Layout, rng: random.Random) -> Layout | None:
    """The net with one random square moved to a random free place beside the rest (normalised),
    or None when the square chosen cannot leave without cutting the net in two."""
    square = rng.choice(sorted(net))
    rest = net - {square}
    if len(components(rest)) != 1:
        return None
    free = sorted({n for cell in rest for n in neighbours(cell)} - net)
    return normalise(rest | {rng.choice(free)})


def near_nets(nets: Sequence[Layout], boxes: Sequence[Box], count: int, rng: random.Random) -> list[Layout]:
    """Up to count polyominoes, each a net of ``nets`` with one square moved, that do not fold into
    every box: distinct up to turning and mirroring, none of them a net listed. Fewer when the
    tries run out (a box with very few nets has few near-nets)."""
    known = {canonical(net) for net in nets}
    found: list[Layout] = []
    for _ in range(count * TRIES_PER_NEAR_NET):
        if len(found) == count or not nets:
            break
        moved = moved_square(rng.choice(nets), rng)
        if moved is None or canonical(moved) in known:
            continue
        known.add(canonical(moved))  # tried once, whatever the verifier says
        if not all(foldings(moved, box) for box in boxes):  # the first box it misses settles it
            found.append(moved)
    return found
