"""The compiled Number Cross row walk (_walk.c), as rows._compiled_walk calls it."""

from collections.abc import Callable

MAX_COLS: int
ENOUGH: int
OVER_BUDGET: int

class Memo:
    def __init__(self, test: Callable[[int, int, int], bool]) -> None: ...
    def __call__(self, prefix: int, k: int, length: int) -> bool: ...

def fill(cols: int, region: tuple[int, ...], lit: tuple[bool, ...], neighbours: tuple[tuple[int, ...], ...],
         across_region: tuple, can_cross: tuple, known_in: tuple[int, ...], known: tuple, open: tuple[bool, bool],
         filters: tuple[bytes | None, bytes | None], tester: Callable[[int, int, int], bool],
         own_regions: tuple[int, ...], placements: list, digits: tuple[int, ...], steps: list[int], most: int,
         out: dict) -> int: ...

def sketches(cols: int, placements: list, region: tuple[int, ...], lit: tuple[bool, ...], can_take: tuple[bool, ...],
             neighbours: tuple[tuple[int, ...], ...], tester: Callable[[int, int, int], bool], digits: tuple[int, ...],
             budget: int, cap: int) -> list[tuple[tuple[int | None, ...], tuple[int, ...]]] | None: ...
