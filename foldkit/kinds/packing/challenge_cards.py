"""challenges.pdf: packing challenge cards, a booklet of them from easiest to hardest. Each card
shows the given pieces in the box (an isometric view and the level charts) and the pieces left to
place; its solution is on the next page, the given pieces washed out and the found ones in full
colour. Drawn with the assembly instructions' views and charts (``foldkit.paper.instructions``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from foldkit.assembly.colours import INK, faded, piece_colour
from foldkit.assembly.shapes import distinct_shapes
from foldkit.assembly.view import camera, scene_faces
from foldkit.drawing import PT_MM, Document
from foldkit.exchange.pdf import PT_PER_MM
from foldkit.paper.instructions import (
    MARGIN,
    SHAPE_CUBE_PT,
    SOFT_INK,
    Page,
    chart_cell,
    draw_cubes,
    draw_levels,
)
from foldkit.paper.page import BOLD, REGULAR, difficulty_line, paper_size, wrapped
from solver.diary import Grade
from solver.packing.assembly import piece_colours
from solver.packing.challenge import Challenge

HOLE = (0.80, 0.80, 0.82)  # a level chart's cell that is not part of the shape
BOX_CUBE_PT = 46.0  # the largest a cube of the box is drawn on a card
HEADING_PT = 13.0  # "The pieces to place"
CLEAR_PT = 12.0  # blank paper between the level charts' captions and that heading


def challenge_document(challenges: Sequence[Challenge], title: str, paper: str = "a4",
                       grades: Sequence[Grade | None] = ()) -> Document:
    """The booklet: for each challenge its card (with the difficulty of completing it, when
    graded), then its solution."""
    width, height = paper_size(paper)
    size = width * PT_PER_MM, height * PT_PER_MM
    pages = []
    for number, challenge in enumerate(challenges, 1):
        heading = f"{title}: challenge {number} of {len(challenges)}"
        fills = challenge_fills(challenge)
        card, answer = Page(size), Page(size)
        draw_card(card, challenge, fills, heading, grades[number - 1] if grades else None)
        draw_solution(answer, challenge, fills, f"{heading}, solution")
        pages += [card.drawing(heading), answer.drawing(f"{heading}, solution")]
    return Document(f"{title}: challenges", tuple(pages))


def challenge_fills(challenge: Challenge) -> np.ndarray:
    """A colour for each placement of the planted packing (neighbours apart), and last the grey of
    a hole in the shape."""
    packing = challenge.packing
    colours = piece_colours(challenge.puzzle.box, packing, list(range(len(packing))))
    return np.array([*(piece_colour(c) for c in colours), HOLE])


def holes(challenge: Challenge, hole: int) -> dict:
    """The cubes of the box that are not part of the target, as the hole's owner."""
    box = challenge.puzzle.box
    target = challenge.puzzle.target_cubes
    return {(x, y, z): hole for x in range(box[0]) for y in range(box[1]) for z in range(box[2])
            if (x, y, z) not in target}


def draw_card(c: Page, challenge: Challenge, fills: np.ndarray, heading: str, grade: Grade | None = None) -> None:
    """The given pieces in the box, their level charts, and the pieces to place."""
    width, height = c.size
    given = challenge.given
    to_find = len(challenge.packing) - len(given)
    c.text(MARGIN, height - MARGIN - 18, heading, 18, BOLD)
    more = "there are more ways, or it gets harder" if challenge.kept else "there are more"
    intro = (f"Put the {len(given)} given pieces in as shown, then place the other {to_find} so that they fill "
             f"{challenge.puzzle.what}. There is exactly one way; take out any given piece and {more}.")
    lines = wrapped((intro, *difficulty_line(grade)), REGULAR, 9, (width - 2 * MARGIN) * PT_MM)
    for k, line in enumerate(lines):
        c.text(MARGIN, height - MARGIN - 36 - 11 * k, line, 9, colour=SOFT_INK)
    top = height - MARGIN - 48 - 11 * len(lines)
    owners = {cube: i for i in given for cube in challenge.packing[i].cubes}
    draw_box_and_charts(c, challenge, owners, fills, (MARGIN, top - 0.55 * height, width - 2 * MARGIN,
                                                      0.55 * height), strong=None)
    draw_pieces_to_find(c, challenge, fills, (MARGIN, MARGIN, width - 2 * MARGIN,
                                              top - 0.55 * height - MARGIN - CLEAR_PT))


def draw_solution(c: Page, challenge: Challenge, fills: np.ndarray, heading: str) -> None:
    """The whole packing: the pieces placed in full colour, the given ones washed out."""
    width, height = c.size
    c.text(MARGIN, height - MARGIN - 18, heading, 18, BOLD)
    shown = np.array([faded(tuple(f)) if i in challenge.given else f for i, f in enumerate(fills)])
    shown[-1] = fills[-1]
    owners = {cube: i for i, placed in enumerate(challenge.packing) for cube in placed.cubes}
    draw_box_and_charts(c, challenge, owners, shown, (MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - 30),
                        strong=None)


def draw_box_and_charts(c: Page, challenge: Challenge, owners: dict, fills: np.ndarray, rect,
                        strong: int | None) -> None:
    """An isometric view of the pieces in the box above the level charts, inside rect."""
    left, bottom, width, height = rect
    box = challenge.puzzle.box
    cell, rows = chart_cell(box, width, height)
    charts_h = rows * (box[1] * cell + 12)
    if owners:
        draw_cubes(c, scene_faces(owners), camera(), fills, (left, bottom + charts_h + 10, width,
                                                             height - charts_h - 10), frame_box=box, strong=strong,
                   most=BOX_CUBE_PT)
    charted = {**holes(challenge, len(fills) - 1), **owners}
    draw_levels(c, box, charted, fills, -1, (left, bottom, width), cell, rows)


def draw_pieces_to_find(c: Page, challenge: Challenge, fills: np.ndarray, rect) -> None:
    """The shapes of the pieces left to place, with how many of each."""
    left, bottom, width, height = rect
    c.text(left, bottom + height - HEADING_PT, "The pieces to place", HEADING_PT, BOLD)  # its capitals inside rect
    shapes = distinct_shapes(challenge.to_find)
    columns = min(5, len(shapes))
    rows = -(-len(shapes) // columns)
    below = HEADING_PT + 16  # the heading's line and the space under it
    cell_w, cell_h = width / columns, min(120.0, (height - below) / rows)
    for k, shape in enumerate(shapes):
        x0 = left + (k % columns) * cell_w
        y0 = bottom + height - below - (k // columns + 1) * cell_h
        shape_owners = dict.fromkeys(shape.cubes, 0)
        draw_cubes(c, scene_faces(shape_owners), camera(), np.array([(0.78, 0.80, 0.84)]),
                   (x0 + 6, y0 + 16, cell_w - 12, cell_h - 20), most=SHAPE_CUBE_PT)
        c.text(x0 + cell_w / 2, y0 + 4, f"{shape.name} \u00d7 {shape.count}", 10, BOLD, colour=INK, align="centre")
