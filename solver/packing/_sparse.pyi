"""The compiled exact-cover search for large targets (_sparse.c), as engine.search calls it.

The table arrives as int32 bytes (table.Table.search_arguments, named alike); control is the shared int64 array
(stop flag, packings counted, rows offered) that the search reads and writes while it runs.
Returns (rows as int32 bytes, packings, nodes, finished, sum of stabiliser sizes)."""

from _typeshed import ReadableBuffer, WriteableBuffer

def search(ncells: int, placement_piece: ReadableBuffer, placement_cell_offsets: ReadableBuffer,
           placement_cells: ReadableBuffer, cell_placement_offsets: ReadableBuffer, cell_placements: ReadableBuffer,
           counts: ReadableBuffer, occupied: ReadableBuffer, limit: int = 0, max_nodes: int = 0, keep: int = -1,
           weight: int = 1, group: ReadableBuffer = ..., chosen: ReadableBuffer = ..., control: WriteableBuffer = ...,
           check_signals: bool = False) -> tuple[bytes, int, int, bool, int]: ...
