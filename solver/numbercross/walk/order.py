"""Which row the Number Cross search fills next, after its first: a row between two filled rows
first, then one with a clue beside the filled ones; a row without a clue is passed over, since
beside one filled row it has millions of ways and between two a handful. The generator's checks
meet such rows whenever they take a row's only condition away."""

from __future__ import annotations

from solver.numbercross.rules.clues import Clue


def beside(clues: tuple[Clue, ...], filled: tuple, todo: list[int]) -> int:
    """The next row to fill, beside the filled ones (`filled`: a row or None per row; `todo`: the
    rows not filled, in order)."""
    rows = len(filled)
    near = [r for r in todo if (r > 0 and filled[r - 1] is not None) or (r + 1 < rows and filled[r + 1] is not None)]
    between = [r for r in near if 0 < r < rows - 1 and filled[r - 1] is not None and filled[r + 1] is not None]
    clued = [r for r in near if clues[r].conditions]
    if between or clued:
        return (between or clued)[0]
    for r in near:
        past = r + 1 if r > 0 and filled[r - 1] is not None else r - 1
        if 0 <= past < rows and filled[past] is None:
            return past
    return near[0]


def clued_ends(clues: tuple[Clue, ...], todo: list[int]) -> tuple[int, int]:
    """The top and the bottom row with a clue among `todo` (an end row without one is passed over,
    like one inside); the ends of `todo` if no row has a clue."""
    clued = [r for r in todo if clues[r].conditions] or todo
    return clued[0], clued[-1]
