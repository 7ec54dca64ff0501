"""The two-way template: a net common to two boxes with both crease sets on one sheet, each in the
colour (and dash) of the box it folds for, a third for the creases both fold, and a legend. For a
net of three boxes, the three-way template: each box's crease set in its own colour and dash, a
crease that several boxes fold drawn once per box, side by side. It has no glue tabs: the seams
differ from box to box, so each box is closed with tape.
"""

from __future__ import annotations

from foldkit.drawing import Drawing, Line
from foldkit.fold.two_way import CREASE_COLOURS, ORDINALS, TwoWay
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
           "third": Stroke(CREASE_COLOURS["third"], 0.7, (3.0, 1.2, 0.8, 1.2)),
           "both": Stroke(CREASE_COLOURS["both"], 0.8)}
ROLES = {"cut": "cut", "flat": "grid", "first": "fold-first", "second": "fold-second", "third": "fold-third",
         "both": "fold-both"}
SIDE_BY_SIDE_MM = 0.9  # how far apart the lines of a crease several boxes fold are drawn, three boxes


def two_way_template(two_way: TwoWay, paper: str = "a4") -> Drawing:
    """The net on one page (turned to landscape when it is wider than tall), as large as fits."""
    rows, cols = _extent(two_way.cells)
    width, height = paper_size(paper)
    if cols > rows:
        width, height = height, width
    cell = min(MAX_CELL_MM, (width - 2 * MARGIN_MM) / cols, (height - TOP_MM - LEGEND_MM - MARGIN_MM) / rows)
    x0 = (width - cols * cell) / 2
    sheet = Sheet((width, height))
    names = [box_text(s.folding.box) for s in two_way.subjects]
    title = f"{two_way.name}: one net, {NUMBERS[len(names)]} boxes ({', '.join(names[:-1])} and {names[-1]})"
    draw_header(sheet, title, f"1 square = {cell:.1f} mm", width)
    for where, (a, b) in edges(two_way, cell):
        stroke = STROKES[where]
        sheet.add(Line((x0 + a[0] * cell, TOP_MM + a[1] * cell), (x0 + b[0] * cell, TOP_MM + b[1] * cell),
                       stroke.width, stroke.colour, ROLES[where], stroke.dash, "butt"))
    _legend(sheet, two_way, TOP_MM + rows * cell + 8)
    return sheet.drawing(title)


NUMBERS = {2: "two", 3: "three"}


def legend_lines(two_way: TwoWay) -> list[tuple[str, str]]:
    """(edge kind, what it means) for the legend, in drawing order."""
    if two_way.third is not None:
        return [("cut", "cut along the outline"),
                *((ORDINALS[k], f"fold for the {box_text(s.folding.box)} box") for k, s in enumerate(two_way.subjects)),
                ("flat", "stays flat for all three")]
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
    if two_way.third is not None:
        how = ("For each box fold on every line of its colour and dash, leave the others flat, and tape the seams; "
               "unfold before the next box. A crease two boxes or three fold has a line for each, side by side.")
    for i, line in enumerate(wrapped((how,), REGULAR, 8, sheet.size[0] - 2 * MARGIN_MM)):
        sheet.text(MARGIN_MM, y + 34 + 3.8 * i, line, 8, REGULAR, SOFT_INK)


Ends = tuple[tuple[float, float], tuple[float, float]]  # (x, y) in cells


def edges(two_way: TwoWay, cell_mm: float = 1.0) -> list[tuple[str, Ends]]:
    """Every side of every cell once, as (where it folds or 'cut', its ends (x, y) in cells); with
    three boxes, a side several boxes fold once per box ('first', 'second', 'third'), the lines
    SIDE_BY_SIDE_MM apart at a cell of cell_mm."""
    cells = set(two_way.cells)
    out: list[tuple[str, Ends]] = []
    for r, c in two_way.cells:
        sides = (((r - 1, c), ((c, r), (c + 1, r))), ((r, c + 1), ((c + 1, r), (c + 1, r + 1))),
                 ((r + 1, c), ((c, r + 1), (c + 1, r + 1))), ((r, c - 1), ((c, r), (c, r + 1))))
        for other, ends in sides:
            if other not in cells:
                out.append(("cut", ends))
            elif (r, c) < other:  # an inner side, once
                out += _crease_lines(two_way, ((r, c), other), ends, SIDE_BY_SIDE_MM / cell_mm)
    return out


def _crease_lines(two_way: TwoWay, edge: tuple[Cell, Cell], ends: Ends, apart: float) -> list[tuple[str, Ends]]:
    """The lines of one inner side: one, or with three boxes one per box that folds it, side by side."""
    boxes = two_way.crease_boxes[edge]
    if two_way.third is None or len(boxes) < 2:
        return [(two_way.creases[edge], ends)]
    (xa, ya), (xb, yb) = ends
    across = (0.0, 1.0) if ya == yb else (1.0, 0.0)  # perpendicular to the side
    out = []
    for i, k in enumerate(boxes):
        shift = (i - (len(boxes) - 1) / 2) * apart
        dx, dy = across[0] * shift, across[1] * shift
        out.append((ORDINALS[k], ((xa + dx, ya + dy), (xb + dx, yb + dy))))
    return out


def _extent(cells: list[Cell]) -> tuple[int, int]:
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
