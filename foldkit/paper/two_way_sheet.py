"""The two-way template: a net common to two boxes with both crease sets on one sheet, each in the
colour (and dash) of the box it folds for, a third for the creases both fold, and a legend. It has
no glue tabs: the seams differ from box to box, so each box is closed with tape.
"""

from __future__ import annotations

from foldkit.drawing import Drawing, Line
from foldkit.fold.two_way import CREASE_COLOURS, TwoWay
from foldkit.look import INK, RGB, box_text
from foldkit.paper.page import BOLD, MARGIN_MM, REGULAR, SOFT_INK, Sheet, Stroke, draw_header, paper_size, wrapped
from solver.grid import Cell

MAX_CELL_MM = 30.0
LEGEND_MM = 48.0  # the legend's block under the net
TOP_MM = MARGIN_MM + 14
GRID_GREY: RGB = (0.70, 0.70, 0.72)
# How each edge of the net is drawn, by where it folds: 'cut' is the outline.
STROKES = {"cut": Stroke(INK, 0.5), "flat": Stroke(GRID_GREY, 0.15),
           "first": Stroke(CREASE_COLOURS["first"], 0.7, (4.0, 2.0)),
           "second": Stroke(CREASE_COLOURS["second"], 0.7, (1.2, 1.2)),
           "both": Stroke(CREASE_COLOURS["both"], 0.8)}
ROLES = {"cut": "cut", "flat": "grid", "first": "fold-first", "second": "fold-second", "both": "fold-both"}


def two_way_template(two_way: TwoWay, paper: str = "a4") -> Drawing:
    """The net on one page (turned to landscape when it is wider than tall), as large as fits."""
    rows, cols = _extent(two_way.cells)
    width, height = paper_size(paper)
    if cols > rows:
        width, height = height, width
    cell = min(MAX_CELL_MM, (width - 2 * MARGIN_MM) / cols, (height - TOP_MM - LEGEND_MM - MARGIN_MM) / rows)
    x0 = (width - cols * cell) / 2
    sheet = Sheet((width, height))
    first, second = (box_text(s.folding.box) for s in (two_way.first, two_way.second))
    title = f"{two_way.name}: one net, two boxes ({first} and {second})"
    draw_header(sheet, title, f"1 square = {cell:.1f} mm", width)
    for where, (a, b) in edges(two_way):
        stroke = STROKES[where]
        sheet.add(Line((x0 + a[0] * cell, TOP_MM + a[1] * cell), (x0 + b[0] * cell, TOP_MM + b[1] * cell),
                       stroke.width, stroke.colour, ROLES[where], stroke.dash, "butt"))
    _legend(sheet, two_way, TOP_MM + rows * cell + 8)
    return sheet.drawing(title)


def legend_lines(two_way: TwoWay) -> list[tuple[str, str]]:
    """(edge kind, what it means) for the legend, in drawing order."""
    first, second = (box_text(s.folding.box) for s in (two_way.first, two_way.second))
    return [("cut", "cut along the outline"),
            ("first", f"fold for the {first} box only"),
            ("second", f"fold for the {second} box only"),
            ("both", "fold for both boxes"),
            ("flat", "stays flat for both")]


def _legend(sheet: Sheet, two_way: TwoWay, y: float) -> None:
    first, second = (box_text(s.folding.box) for s in (two_way.first, two_way.second))
    sheet.text(MARGIN_MM, y, "Legend", 10, BOLD)
    for i, (where, meaning) in enumerate(legend_lines(two_way)):
        line_y = y + 5.5 + 5 * i
        stroke = STROKES[where]
        sheet.add(Line((MARGIN_MM, line_y - 1.2), (MARGIN_MM + 14, line_y - 1.2), max(stroke.width, 0.3),
                       stroke.colour, f"legend {ROLES[where]}", stroke.dash, "butt"))
        sheet.text(MARGIN_MM + 18, line_y, meaning, 9, REGULAR)
    how = (f"For the {first} box fold on the orange dashes and the purple lines, leave the blue dots flat, and "
           f"tape the seams; then unfold, and for the {second} box fold on the blue dots and the purple lines.")
    for i, line in enumerate(wrapped((how,), REGULAR, 8, sheet.size[0] - 2 * MARGIN_MM)):
        sheet.text(MARGIN_MM, y + 34 + 3.8 * i, line, 8, REGULAR, SOFT_INK)


def edges(two_way: TwoWay) -> list[tuple[str, tuple[tuple[int, int], tuple[int, int]]]]:
    """Every side of every cell once, as (where it folds or 'cut', its ends (x, y) in cells)."""
    cells = set(two_way.cells)
    out = []
    for r, c in two_way.cells:
        sides = (((r - 1, c), ((c, r), (c + 1, r))), ((r, c + 1), ((c + 1, r), (c + 1, r + 1))),
                 ((r + 1, c), ((c, r + 1), (c + 1, r + 1))), ((r, c - 1), ((c, r), (c, r + 1))))
        for other, ends in sides:
            if other not in cells:
                out.append(("cut", ends))
            elif (r, c) < other:  # an inner side, once
                out.append((two_way.creases[(r, c), other], ends))
    return out


def _extent(cells: list[Cell]) -> tuple[int, int]:
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
