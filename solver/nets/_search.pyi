"""The compiled nets search (_search.c), as search.compiled_run calls it.

The tables arrive as int32 bytes, named as solver.nets.plan.Plan names them (steps, orbits, pinned_symmetry,
frame_turns); roots holds the state of the first cell on each box. Returns (the nets' cells as int32 rows of
area grid indices, one row per net kept; how many nets; nodes; finished)."""

from _typeshed import ReadableBuffer

def search(area: int, steps: ReadableBuffer, orbits: ReadableBuffer, roots: tuple[int, ...],
           pinned_symmetry: ReadableBuffer, frame_turns: ReadableBuffer, limit: int, want_cells: bool,
           every_find: bool, part: int, parts: int) -> tuple[bytes, int, int, bool]: ...
