"""The Shut the Box puzzle page, to solve by hand: the unsolved grid filling the page as the
published puzzle shows it (arrows as arrows, numbers with their circles and squares), a title
with the seed, the rules in a few lines and a line for the answer. One neutral ``Drawing``,
written as PDF or SVG; same puzzle, same bytes.
"""

from __future__ import annotations

from foldkit.drawing import PT_MM, Circle, Drawing, Label, Line, Polygon, Rect, Shape
from foldkit.exchange.pdf import drawing_pdf, font_width
from foldkit.exchange.svg import drawing_svg
from foldkit.look import RGB, underline_bar, underlined
from foldkit.paper.page import BOLD, REGULAR, paper_size, wrapped
from solver.grid import DIRECTIONS, STEP
from solver.shutbox.puzzle import Puzzle

MARGIN_MM = 12.0
TITLE_PT, RULES_PT, ANSWER_PT = 22.0, 10.0, 13.0
LINE_GAP = 1.4
THIN_MM, FRAME_MM = 0.2, 0.9
INK: RGB = (0.0, 0.0, 0.0)
GRID_GREY: RGB = (0.6, 0.6, 0.6)
SOFT_INK: RGB = (0.3, 0.3, 0.33)
WHITE: RGB = (1.0, 1.0, 1.0)

RULES = (
    "Cut away some cells of the grid so that the cells that stay fold along the grid lines into a closed "
    "rectangular box, covering its surface exactly once. The cells that stay are joined edge to edge and "
    "enclose no hole.",
    "Numbers stay: each counts the cells that stay in its 3x3 block, itself included. Arrow cells are cut "
    "away: the nearest cells that stay lie in every direction the arrow shows, all at the same distance, and "
    "no cell that stays is that close in any other direction.",
    "On the box, a circled number lies directly opposite another circled number; a squared number touches "
    "another squared number on the same face.",
    "The answer is the product of the six face sums.",
)

# An arrow glyph in cells about the cell's centre: shaft half-width, where the head starts,
# the head's half-width, the tip, and the tail of a one-way arrow.
SHAFT, HEAD_BASE, HEAD_HALF, TIP, TAIL = 0.035, 0.2, 0.13, 0.41, 0.36


def seed_of(puzzle: Puzzle) -> str | None:
    """The seed a generated puzzle's notes give ('seed: 7'), else None."""
    for note in puzzle.notes:
        key, _, value = note.partition(":")
        if key.strip().lower() == "seed" and value.strip():
            return value.strip()
    return None


def arrow_outline(pointed: str) -> list[tuple[float, float]]:
    """One closed outline (in cells, about the centre, y down) of the arrows of a cell: a head in
    each pointed direction; a lone arrow gets a tail behind it."""
    tail = {DIRECTIONS[(DIRECTIONS.index(pointed) + 2) % 4]} if len(pointed) == 1 else set()
    points = []
    for i, d in enumerate(DIRECTIONS):
        out, side = STEP[d], STEP[DIRECTIONS[(i + 1) % 4]]  # (dy, dx) outwards, and clockwise on

        def at(along: float, across: float, out=out, side=side) -> tuple[float, float]:
            return along * out[1] + across * side[1], along * out[0] + across * side[0]

        points.append(at(SHAFT, -SHAFT))
        if d in pointed:
            points += [at(HEAD_BASE, -SHAFT), at(HEAD_BASE, -HEAD_HALF), at(TIP, 0.0), at(HEAD_BASE, HEAD_HALF),
                       at(HEAD_BASE, SHAFT)]
        elif d in tail:
            points += [at(TAIL, -SHAFT), at(TAIL, SHAFT)]
    return points


def _arrow(x: float, y: float, s: float, pointed: str) -> Polygon:
    return Polygon(tuple((x + s * px, y + s * py) for px, py in arrow_outline(pointed)), INK, None, 0.0, "arrow")


def _number(x: float, y: float, s: float, value: int, mark: str) -> list[Shape]:
    """A number centred at (x, y), with its ring (circled) or square frame (squared), lifted
    over a bar when it reads as another number upside down."""
    size, text = s * 0.46 / (0.72 * PT_MM), str(value)
    out: list[Shape] = []
    pen = max(0.25, 0.05 * s)
    middle = y
    if underlined(text):
        lift, (x0, y0, x1, y1) = underline_bar(0.46 * s, font_width(text, REGULAR, size) * PT_MM)
        bar_y = y - (y0 + y1) / 2
        out.append(Line((x + x0, bar_y), (x + x1, bar_y), y1 - y0, INK, "underline", (), "butt"))
        middle = y - lift  # the page's y runs down
    out.append(Label(x, middle + 0.36 * size * PT_MM, text, size, REGULAR, INK, "centre"))
    if mark == "o":
        out.append(Circle((x, y), 0.37 * s, None, INK, pen, "circle"))
    elif mark == "s":
        h = 0.34 * s
        corners = ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
        out.append(Polygon(corners, None, INK, pen, "square"))
    return out


def grid_shapes(puzzle: Puzzle, left: float, top: float, s: float) -> list[Shape]:
    """The grid's lines, frame, arrows and numbers, cells of s mm from (left, top)."""
    right, bottom = left + puzzle.cols * s, top + puzzle.rows * s
    out: list[Shape] = [Line((left, top + r * s), (right, top + r * s), THIN_MM, GRID_GREY, "thin")
                        for r in range(1, puzzle.rows)]
    out += [Line((left + c * s, top), (left + c * s, bottom), THIN_MM, GRID_GREY, "thin")
            for c in range(1, puzzle.cols)]
    corners = ((left, top), (right, top), (right, bottom), (left, bottom))
    out.append(Polygon(corners, None, INK, FRAME_MM, "frame"))
    for (r, c), pointed in sorted(puzzle.arrows.items()):
        out.append(_arrow(left + (c + 0.5) * s, top + (r + 0.5) * s, s, pointed))
    for (r, c), number in sorted(puzzle.numbers.items()):
        out += _number(left + (c + 0.5) * s, top + (r + 0.5) * s, s, number.value, number.mark)
    return out


def _title(puzzle: Puzzle, width: float, k: float) -> tuple[list[Label], float]:
    """Title and seed (or name) on one line; (labels, the y below them)."""
    baseline = MARGIN_MM * k + TITLE_PT * k * PT_MM
    seed = seed_of(puzzle)
    aside = f"seed {seed}" if seed is not None else puzzle.name
    return [Label(MARGIN_MM * k, baseline, "Shut the Box", TITLE_PT * k, BOLD, INK),
            Label(width - MARGIN_MM * k, baseline, aside, RULES_PT * k * 1.3, REGULAR, SOFT_INK, "right")], \
        baseline + 5 * k


def _under(left: float, top: float, inner: float, k: float, extra: tuple[str, ...] = ()) -> list[Label]:
    """The rules, the extra lines (the difficulty), then a line for the answer, from top down."""
    size, baseline, out = RULES_PT * k, top, []
    for line in wrapped(RULES, REGULAR, size, inner):
        baseline += size * LINE_GAP * PT_MM
        out.append(Label(left, baseline, line, size, REGULAR, SOFT_INK))
    for line in wrapped(extra, REGULAR, size, inner):
        baseline += size * LINE_GAP * PT_MM
        out.append(Label(left, baseline, line, size, REGULAR, INK))
    baseline += 1.8 * ANSWER_PT * k * PT_MM
    return out + [Label(left, baseline, "Answer: ______________________", ANSWER_PT * k, BOLD, INK)]


def _under_height(inner: float, k: float, extra: tuple[str, ...] = ()) -> float:
    lines = len(wrapped(RULES + extra, REGULAR, RULES_PT * k, inner))
    return lines * RULES_PT * k * LINE_GAP * PT_MM + 1.8 * ANSWER_PT * k * PT_MM + 4 * k


def puzzle_drawing(puzzle: Puzzle, paper: str = "a4", extra: tuple[str, ...] = ()) -> Drawing:
    """The puzzle page on a portrait sheet of the paper ('a4', 'letter', 'a3'), with extra lines
    under the rules (the difficulty); type grows with the paper."""
    width, height = paper_size(paper)
    k = width / paper_size("a4")[0]
    head, top = _title(puzzle, width, k)
    inner = width - 2 * MARGIN_MM * k
    s = min(inner / puzzle.cols, (height - MARGIN_MM * k - _under_height(inner, k, extra) - top) / puzzle.rows)
    left = (width - s * puzzle.cols) / 2
    under = _under(MARGIN_MM * k, top + s * puzzle.rows + 3 * k, inner, k, extra)
    shapes = [Rect(0, 0, width, height, WHITE, "page"), *head, *grid_shapes(puzzle, left, top, s), *under]
    return Drawing((width, height), f"Shut the Box: {puzzle.name}", tuple(shapes))


def sheet_pdf(puzzle: Puzzle, paper: str = "a4", extra: tuple[str, ...] = ()) -> bytes:
    return drawing_pdf(puzzle_drawing(puzzle, paper, extra))


def sheet_svg(puzzle: Puzzle, paper: str = "a4", extra: tuple[str, ...] = ()) -> bytes:
    return drawing_svg(puzzle_drawing(puzzle, paper, extra))

