"""Sketches of a row: its tiles and digits, without how the tiles share their digits out.

While a row is filled, a neighbouring row that is not filled yet can still prune it, if that
neighbour has a strong clue: the few sketches its clue allows say where tiles may stand across
and how much a cell across can take. ``Filter`` turns a list of sketches into bit masks per
column, so that the row being filled keeps, column by column, the set of sketches still possible
(an int used as a bit set) and stops when none is left.

A sketch is loose (necessary, never sufficient): a cell may exceed its region's digit if a tile
could stand beside or across it; the search itself settles the amounts exactly.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

Row = tuple[int | None, ...]
Digits = tuple[int, ...]
Sketch = tuple[Row, Digits]  # the row (None = tile), the region digits it assumes


class TooManySketches(Exception):
    """Listing a row's sketches took more steps, or found more sketches, than allowed."""


def sketches(layouts, region: tuple[int, ...], lit: tuple[bool, ...], can_take: tuple[bool, ...],
             choices: Callable[[int, Digits], list[tuple[int, Digits]]], tester, digits: Digits,
             budget: int, cap: int) -> list[Sketch]:
    """Every sketch of a row for these layouts; TooManySketches past budget steps or cap sketches.

    can_take[c]: cell c may receive from a tile across (an open side, or a known tile across);
    choices(k, digits) gives the digits region k may take."""
    out: list[Sketch] = []
    steps = [budget]
    cols = len(region)

    def walk(layout, starts, lengths, c: int, digits: Digits, prefix: int, cells: list, made: list) -> None:
        steps[0] -= 1
        if steps[0] <= 0:
            raise TooManySketches
        if c == cols:
            out.append((tuple(cells), digits))
            if len(out) > cap:
                raise TooManySketches
            return
        for d, chosen in choices(region[c], digits):
            if layout[c]:
                cells[c] = None
                walk(layout, starts, lengths, c + 1, chosen, 0, cells, made)
                continue
            beside = (c > 0 and layout[c - 1]) or (c + 1 < cols and layout[c + 1])
            top = d if lit[c] or not (beside or can_take[c]) else 9
            k, length = c - starts[c] + 1, lengths[c]
            for v in range(d, top + 1):
                number = prefix * 10 + v
                if not tester(number, k, length):
                    continue
                cells[c] = v
                if k < length:
                    walk(layout, starts, lengths, c + 1, chosen, number, cells, made)
                elif number not in made:
                    made.append(number)
                    walk(layout, starts, lengths, c + 1, chosen, 0, cells, made)
                    made.pop()

    for layout, starts, lengths in layouts:
        walk(layout, starts, lengths, 0, digits, 0, [None] * cols, [])
    return out


@dataclass(frozen=True)
class Filter:
    """Bit masks over a neighbour's sketches, per column: which stay possible after a choice here.

    tile[c][a]: the sketches that allow a tile here at c sending a across (a cell across, able to take a);
    cell[c][b]: the sketches that allow a cell here at c needing b from across (b = 0, or a tile across
    whose digit is at least b)."""

    everything: int
    tile: tuple[tuple[int, ...], ...]
    cell: tuple[tuple[int, ...], ...]
    digits: tuple[Digits, ...]  # per sketch: the region digits it assumes

    @cached_property
    def words(self) -> bytes:
        """Every mask as little-endian 64-bit words, each as wide as ``everything``: everything,
        then tile and then cell, column by column, amount by amount (as the compiled walk reads them)."""
        masks = (self.everything, *(m for column in self.tile for m in column),
                 *(m for column in self.cell for m in column))
        if self.everything.bit_length() <= 64:
            return struct.pack(f"<{len(masks)}Q", *masks)  # one word each: the most common, and quicker
        size = 8 * ((self.everything.bit_length() + 63) // 64)
        return b"".join(mask.to_bytes(size, "little") for mask in masks)


def make_filter(found: list[Sketch], region_across: tuple[int, ...]) -> Filter:
    """The masks of a list of sketches of the row across (whose region indices are region_across)."""
    cols = len(region_across)
    tile = [[0] * 10 for _ in range(cols)]
    cell = [[0] * 10 for _ in range(cols)]
    for i, (row, digits) in enumerate(found):
        bit = 1 << i
        for c, value in enumerate(row):
            base = digits[region_across[c]]
            cell[c][0] |= bit
            if value is None:
                for b in range(1, base + 1):
                    cell[c][b] |= bit
            else:
                for a in range(0, value - base + 1):
                    tile[c][a] |= bit
    return Filter((1 << len(found)) - 1, tuple(map(tuple, tile)), tuple(map(tuple, cell)),
                  tuple(d for _, d in found))


def layout_filter(layouts: list[tuple[bool, ...]]) -> Filter:
    """Masks over a row's tile layouts alone, all digits left open: for a row with too many sketches,
    it still rules out a tile across from a tile, and a cell needing something where no tile can stand."""
    cols = len(layouts[0]) if layouts else 0
    tile_at, cell_at = [0] * cols, [0] * cols
    for i, layout in enumerate(layouts):
        for c, tile in enumerate(layout):
            if tile:
                tile_at[c] |= 1 << i
            else:
                cell_at[c] |= 1 << i
    everything = (1 << len(layouts)) - 1
    return Filter(everything, tuple((cell_at[c],) * 10 for c in range(cols)),
                  tuple((everything,) + (tile_at[c],) * 9 for c in range(cols)), ())
