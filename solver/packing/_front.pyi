"""The compiled search of the front of empty cells (_front.c), for targets of up to 128 cells, as
engine.search calls it.

prepare takes the table (table.Table.search_arguments' pieces and cells), its neighbours, the scan order and
the puzzle's copies of each piece, and returns an opaque object that search takes and threads share. search returns
what _core.search returns: (rows as int32 bytes, packings, nodes, finished, sum of stabiliser sizes); stopped by
max_nodes, it appends to `rest` the work it left, as prefixes (see _front.c). search_tasks searches many tasks
(records [weight, length, placement ids]) in one call, as parts.count_unit does a unit of work."""

from _typeshed import ReadableBuffer, WriteableBuffer

def prepare(ncells: int, placement_piece: ReadableBuffer, placement_cell_offsets: ReadableBuffer,
            placement_cells: ReadableBuffer, cell_neighbour_offsets: ReadableBuffer, cell_neighbours: ReadableBuffer,
            scan_order: ReadableBuffer, copies: ReadableBuffer) -> object: ...
def search(prepared: object, counts: ReadableBuffer, occupied: ReadableBuffer, limit: int = 0, max_nodes: int = 0,
           keep: int = -1, weight: int = 1, group: ReadableBuffer = ..., chosen: ReadableBuffer = ...,
           control: WriteableBuffer = ..., check_signals: bool = False,
           rest: list[bytes] | None = None) -> tuple[bytes, int, int, bool, int]: ...
def search_tasks(prepared: object, tasks: ReadableBuffer, max_nodes: int = 0, limit: int = 0, keep: int = -1,
                 group: ReadableBuffer = ..., control: WriteableBuffer = ..., check_signals: bool = False,
                 ways: int = 1) -> tuple[bytes, int, int, bool, int, int, tuple[bytes, ...]]: ...
