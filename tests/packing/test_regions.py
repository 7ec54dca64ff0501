"""Regions of empty cells: a region whose volume no pieces left add up to is a dead end, in both engines."""

from __future__ import annotations

from array import array

from solver.packing import parse_packing
from solver.packing.regions import empty_regions, reachable_volumes, regions_fit
from solver.packing.table import build_table
from tests.conftest import ROOT

LINE = tuple(tuple(near for near in (cell - 1, cell + 1) if 0 <= near < 7) for cell in range(7))  # 7 cells in a row


def test_the_volumes_the_pieces_left_can_fill():
    assert reachable_volumes((5, 4), (2, 1)) == {0, 4, 5, 9, 10, 14}
    assert reachable_volumes((5, 4), (0, 0)) == {0}


def test_a_filled_cell_splits_a_row_into_two_regions():
    assert list(empty_regions(LINE, 0b0001000)) == [[0, 1, 2], [4, 5, 6]]
    assert list(empty_regions(LINE, 0)) == [list(range(7))]
    assert regions_fit(LINE, (3,), 0b0001000, (2,))
    assert not regions_fit(LINE, (3, 4), 0b0000100, (1, 1))  # regions of 2 and 4 cells: no tromino fits the 2


def test_the_compiled_search_cuts_dead_regions_and_finds_the_same_packings():
    from solver.packing import _core

    path = ROOT / "bench" / "packing" / "pentominoes-3x20.txt"
    table = build_table(parse_packing(path.read_text(), str(path)))
    plain = dict(table.search_arguments, counts=array("i", table.counts).tobytes(),
                 occupied=bytes(len(table.cell_cubes)))
    rows, found, nodes, finished, _ = _core.search(**plain)
    cut_rows, cut_found, cut_nodes, cut_finished, _ = _core.search(**plain, **table.neighbour_arguments)
    assert found == cut_found == 8 and finished and cut_finished  # 2 classes of 4 packings each
    assert sorted(rows[i:i + 48] for i in range(0, len(rows), 48)) == \
        sorted(cut_rows[i:i + 48] for i in range(0, len(cut_rows), 48))
    assert cut_nodes < nodes
