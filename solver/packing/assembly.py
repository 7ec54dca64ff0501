"""The order a person assembles a packing in, and colours that tell touching pieces apart.

A piece can be placed when it can be lowered straight down into its place: no cube already in
the box lies above any of its cubes, in the same column. In a packing that fills the box this
settles everything: whatever lies below a piece (in any of its columns) has to go in first, so an
order is a topological order of the relation "has a cube below a cube of", and each piece then
rests on the floor or on pieces already placed. Among the pieces free to go next the lowest is
taken (lowest bottom cube, then lowest mean height, then the first in the packing), so the order
is deterministic and builds the box up level by level.

Some packings interlock (piece A lies above B in one column and under B in another); they cannot
be built by lowering pieces. Nor can a piece with nothing under it but holes (only a packing that
leaves cubes of the box empty has those). ``assembly_order`` raises ``NoAssemblyOrder`` for both,
naming the pieces; the error carries ``fallback``, an order where each piece rests on the floor or
on pieces already placed whenever one can, taking at each step the piece with the fewest placed
cubes above it (those pieces have to be slid in sideways).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, field
from typing import Protocol

from solver.packing.model import BoxSides, Cube

Order = tuple[int, ...]  # indices into the packing, in the order the pieces go in

NEIGHBOURS: tuple[Cube, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
PALETTE_SIZE = 8  # colours the makers can tell apart; more are used only when a piece needs them


class Placed(Protocol):
    """A piece in its place: the name of its shape and the unit cubes it fills (read only, as a
    frozen ``solver.packing.Placement`` has them)."""

    @property
    def piece(self) -> str: ...

    @property
    def cubes(self) -> frozenset[Cube]: ...


class NoAssemblyOrder(ValueError):
    """No order lowers every piece straight down; ``fallback`` is a supported order to use instead."""

    def __init__(self, message: str, fallback: Order):
        super().__init__(message)
        self.fallback = fallback


# ---------------------------------------------------------------------------------------------
# The order


def assembly_order(box: BoxSides, packing: Sequence[Placed]) -> Order:
    """The pieces' indices in an order where each is lowered straight down onto the floor or
    onto pieces already placed, lowest first; raises NoAssemblyOrder when none exists."""
    owner = cube_owners(box, packing)
    floating = [i for i, placed in enumerate(packing) if not is_supported(placed.cubes, owner.keys() - placed.cubes)]
    if floating:  # with nothing under it, a piece rests on nothing whatever the order
        names = ", ".join(f"{i + 1} ({packing[i].piece})" for i in floating[:8])
        raise NoAssemblyOrder(f"pieces {names} rest on nothing: no cube of theirs is on the floor or on another "
                              "piece", supported_order(box, packing))
    after = below_relation(packing, owner)
    waiting = [len(after[i]) for i in range(len(packing))]  # pieces that must go in before i
    before: dict[int, set[int]] = {i: set() for i in range(len(packing))}
    for i, lower in after.items():
        for j in lower:
            before[j].add(i)
    ready = [(lowness(packing[i].cubes), i) for i, count in enumerate(waiting) if count == 0]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, i = heapq.heappop(ready)
        order.append(i)
        for j in sorted(before[i]):
            waiting[j] -= 1
            if waiting[j] == 0:
                heapq.heappush(ready, (lowness(packing[j].cubes), j))
    if len(order) < len(packing):
        stuck = sorted(set(range(len(packing))) - set(order))
        names = ", ".join(f"{i + 1} ({packing[i].piece})" for i in stuck[:8])
        more = "" if len(stuck) <= 8 else f" and {len(stuck) - 8} more"
        message = (f"no assembly order lowers every piece straight down: pieces {names}{more} lie above "
                   "and below each other; the fallback order slides some of them in sideways")
        raise NoAssemblyOrder(message, supported_order(box, packing))
    return tuple(order)


def cube_owners(box: BoxSides, packing: Sequence[Placed]) -> dict[Cube, int]:
    """Which piece fills each cube; raises ValueError for a cube outside the box or filled twice."""
    owner: dict[Cube, int] = {}
    for i, placed in enumerate(packing):
        for cube in placed.cubes:
            if not all(0 <= c < side for c, side in zip(cube, box, strict=True)):
                raise ValueError(f"piece {i + 1} ({placed.piece}) has cube {cube} outside the box {box}")
            if cube in owner:
                raise ValueError(f"cube {cube} is in pieces {owner[cube] + 1} and {i + 1}")
            owner[cube] = i
    return owner


def below_relation(packing: Sequence[Placed], owner: dict[Cube, int]) -> dict[int, set[int]]:
    """For each piece, the other pieces with a cube under one of its cubes, in the same column."""
    columns: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for (x, y, z), i in owner.items():
        columns.setdefault((x, y), []).append((z, i))
    lower: dict[int, set[int]] = {i: set() for i in range(len(packing))}
    for stack in columns.values():
        stack.sort()
        for k, (_, upper) in enumerate(stack):
            lower[upper].update(i for _, i in stack[:k] if i != upper)
    return lower


def lowness(cubes: Iterable[Cube]) -> tuple[int, float, tuple[Cube, ...]]:
    """What puts a piece early among those free to go: its lowest cube, its mean height, its cubes."""
    cubes = sorted(cubes, key=lambda c: (c[2], c[1], c[0]))
    return cubes[0][2], sum(c[2] for c in cubes) / len(cubes), tuple(cubes)


def supported_order(box: BoxSides, packing: Sequence[Placed]) -> Order:
    """An order where every piece rests on the floor or on pieces placed before it (when the
    packing allows), taking each time the piece with the fewest placed cubes above it, then the lowest."""
    cube_owners(box, packing)
    placed: set[Cube] = set()
    left = set(range(len(packing)))
    order: list[int] = []
    while left:
        best = min(left, key=lambda i: (*fallback_cost(packing[i].cubes, placed), i))  # noqa: B023
        order.append(best)
        placed |= packing[best].cubes
        left.remove(best)
    return tuple(order)


def fallback_cost(cubes: frozenset[Cube], placed: set[Cube]) -> tuple:
    """What makes a piece a worse next step in the fallback order: floating, cubes above it, height."""
    return not is_supported(cubes, placed), len(cubes_above(cubes, placed)), lowness(cubes)


# ---------------------------------------------------------------------------------------------
# The rules, checked from scratch


def is_supported(cubes: frozenset[Cube], placed: set[Cube] | frozenset[Cube] | Set[Cube]) -> bool:
    """True if some cube of the piece stands on the floor or on a placed cube."""
    return any(z == 0 or (x, y, z - 1) in placed for x, y, z in cubes)


def cubes_above(cubes: frozenset[Cube], placed: set[Cube] | frozenset[Cube]) -> list[Cube]:
    """The placed cubes above some cube of the piece, in the same column (they block lowering it)."""
    lowest: dict[tuple[int, int], int] = {}
    for x, y, z in cubes:
        lowest[x, y] = min(z, lowest.get((x, y), z))
    return sorted(c for c in placed if c[:2] in lowest and c[2] > lowest[c[:2]])


def order_problem(box: BoxSides, packing: Sequence[Placed], order: Sequence[int]) -> str | None:
    """What is wrong with an assembly order (None if nothing): each piece once, each one resting on
    the floor or on placed pieces, none lowered past a placed cube."""
    if sorted(order) != list(range(len(packing))):
        return f"the order {tuple(order)} does not name each of the {len(packing)} pieces once"
    placed: set[Cube] = set()
    for step, i in enumerate(order, 1):
        cubes = packing[i].cubes
        if not is_supported(cubes, placed):
            return f"step {step}: piece {i + 1} rests on neither the floor nor a placed piece"
        blocking = cubes_above(cubes, placed)
        if blocking:
            return f"step {step}: piece {i + 1} cannot be lowered into place: cube {blocking[0]} is above it"
        placed |= cubes
    return None


# ---------------------------------------------------------------------------------------------
# Colours


def touching_pieces(box: BoxSides, packing: Sequence[Placed]) -> dict[int, set[int]]:
    """For each piece, the pieces that share a face with it."""
    owner = cube_owners(box, packing)
    touching: dict[int, set[int]] = {i: set() for i in range(len(packing))}
    for (x, y, z), i in owner.items():
        for dx, dy, dz in NEIGHBOURS:
            j = owner.get((x + dx, y + dy, z + dz))
            if j is not None and j != i:
                touching[i].add(j)
    return touching


def piece_colours(box: BoxSides, packing: Sequence[Placed], order: Sequence[int],
                  palette_size: int = PALETTE_SIZE) -> list[int]:
    """A colour index per piece (packing order) so that pieces sharing a face differ: pieces are
    coloured in the assembly order, each with the least used colour its coloured neighbours leave
    free; an index of palette_size or more appears only when all palette_size are taken around it."""
    touching = touching_pieces(box, packing)
    colour: dict[int, int] = {}
    uses = [0] * palette_size
    for i in order:
        taken = {colour[j] for j in touching[i] if j in colour}
        free = [c for c in range(palette_size) if c not in taken]
        if free:
            pick = min(free, key=lambda c: (uses[c], c))
            uses[pick] += 1
        else:
            pick = next(c for c in range(palette_size, palette_size + len(taken) + 1) if c not in taken)
        colour[i] = pick
    return [colour[i] for i in range(len(packing))]


@dataclass(frozen=True)
class Assembly:
    """The order to build a packing in, whether every piece can be lowered straight down in it,
    and each piece's colour index."""

    order: Order
    lowered: bool  # False: no such order exists; this is the supported fallback (see NoAssemblyOrder)
    colours: list[int] = field(default_factory=list)
    note: str = ""  # why the fallback was used


def plan_assembly(box: BoxSides, packing: Sequence[Placed]) -> Assembly:
    """The assembly order (the supported fallback when no lowering order exists) and colours."""
    try:
        order, lowered, note = assembly_order(box, packing), True, ""
    except NoAssemblyOrder as error:
        order, lowered, note = error.fallback, False, str(error)
    return Assembly(order, lowered, piece_colours(box, packing, order), note)
