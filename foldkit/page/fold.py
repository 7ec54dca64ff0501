"""The fold's page: the net folding into its box in 3D (orbit, zoom, a scrub bar from flat to
closed, play and pause, a step per hinge group), the face colours and numbers, the box, the face
sums and the answer, and for a puzzle its grid beside it with a control that reveals the solution.

The page gets the motions, not a model: every panel's 3x4 matrix (``foldkit.fold.pose``) at
SAMPLES evenly spaced fractions of each hinge group, blended in the page between samples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import numpy as np

from foldkit.fold.pose import cell_corners, panel_matrices
from foldkit.fold.subject import Subject
from foldkit.look import box_text, face_colour, face_sums_text, product_text, underlined
from foldkit.page.html import css_rgb, page_bytes, viewer_html

SAMPLES = 8  # per hinge group; the eased turn blended linearly between samples stays within ~1 degree


def motions(subject: Subject) -> list[list[float]]:
    """Per sampled fold fraction, every panel's motion as 12 numbers (the top 3 rows of its 4x4)."""
    tree = subject.tree
    fractions = np.linspace(0.0, 1.0, max(tree.stage_count, 1) * SAMPLES + 1)
    return [np.round(panel_matrices(tree, t)[:, :3, :], 4).reshape(-1).tolist() for t in fractions]


def extent(subject: Subject) -> tuple[list[float], float]:
    """The centre and radius of a sphere holding the flat net and the closed box, for the camera."""
    corners = np.concatenate([cell_corners(subject.tree, t).reshape(-1, 3) for t in (0.0, 1.0)])
    low, high = corners.min(axis=0), corners.max(axis=0)
    return np.round((low + high) / 2, 3).tolist(), round(float(np.linalg.norm(high - low) / 2), 3)


def folding_data(subject: Subject) -> dict:
    """One folding as fold.js draws it: its box, the cells on their panels, the sampled motions."""
    tree = subject.tree
    texts = [subject.labels[cell].text if cell in subject.labels else "" for cell in tree.cells]
    cells = [[r, c, tree.panel_of((r, c)), subject.folding.placement[(r, c)][0], text, int(underlined(text))]
             for (r, c), text in zip(tree.cells, texts, strict=True)]
    centre, radius = extent(subject)
    return {"box": box_text(subject.folding.box), "cells": cells, "frames": motions(subject),
            "stages": max(tree.stage_count, 1), "centre": centre, "radius": radius}


@dataclass(frozen=True)
class PuzzleBeside:
    """A puzzle shown beside its fold: the page's title after the net's name, what fold.js draws of
    its grid (rows, cols, marks: [row, col, text, mark, underlined], arrows: [row, col, pointed,
    outline]), and its rules."""

    title: str
    grid: dict
    rules: Sequence[str]


def fold_data(subjects: Sequence[Subject], puzzle: PuzzleBeside | None = None) -> dict:
    """What fold.js draws: each folding of the net (one, or one per box), colours, the puzzle."""
    data = {"foldings": [folding_data(subject) for subject in subjects],
            "colours": [css_rgb(face_colour(f)) for f in range(6)],
            "inside": [css_rgb(face_colour(f), 0.6) for f in range(6)], "puzzle": None}
    if puzzle is not None:
        data["puzzle"] = puzzle.grid
    return data


def facts_html(subject: Subject) -> str:
    """The box, the face sums and the answer (for a puzzle: hidden until revealed)."""
    facts = [f"<p>Box: {box_text(subject.folding.box)}, {len(subject.cells)} cells.</p>"]
    if subject.face_sums is not None:
        facts.append(f"<p>Face sums: {escape(face_sums_text(subject.face_sums))}</p>")
    if subject.answer is not None and subject.face_sums is not None:
        facts.append(f'<p class="answer">Answer: {escape(product_text(subject.face_sums, subject.answer))}</p>')
    return "".join(facts)


def boxes_html(subjects: Sequence[Subject]) -> str:
    """For a net that folds into several boxes, a switch between its foldings (#box=N)."""
    if len(subjects) < 2:
        return ""
    buttons = "".join(f'<button data-box="{n}">Box {n}: {box_text(subject.folding.box)}</button>'
                      for n, subject in enumerate(subjects, 1))
    return f'<div class="controls" id="boxes" role="group" aria-label="which box the net folds into">' \
           f"The same net folds into {len(subjects)} boxes: {buttons}</div>"


# Any FOLD file can be played in the view (foldfile.js): the reader's own file, read in the page.
FOLD_FILE_HTML = """<p class="foldfile"><label>Play a FOLD file (.fold, from foldkit or another tool; or drop one on
the page): <input type="file" id="fold-file" accept=".fold,application/json"></label>
<button id="fold-back" hidden>Back to this page's fold</button> <span id="fold-status" aria-live="polite"></span></p>"""


def fold_body(subjects: Sequence[Subject], puzzle: PuzzleBeside | None) -> str:
    view = viewer_html("the fold", "hinge group", 'min="0" max="1000" value="0"',
                       "The scrub bar goes from the flat net to the closed box. While the net lies flat, its "
                       "printed side (colours and numbers) faces the table: turn the view to see it.",
                       boxes_html(subjects) + FOLD_FILE_HTML)
    facts = "".join(f'<div class="facts" data-box="{n}">{facts_html(subject)}</div>'
                    for n, subject in enumerate(subjects, 1))
    if puzzle is None:
        return view + f'<section class="side"><div id="answer">{facts}</div></section>'
    rules = "".join(f"<li>{escape(rule)}</li>" for rule in puzzle.rules)
    return view + f"""<section class="side"><h2>The puzzle</h2><table id="puzzle" class="grid"></table>
<button id="reveal">Reveal the solution</button>
<div id="answer" hidden>{facts}</div><h2>Rules</h2><ul class="rules">{rules}</ul></section>"""


def fold_page(subjects: Sequence[Subject], puzzle: PuzzleBeside | None = None, links: Sequence[str] = ()) -> bytes:
    """The fold of a net into its box, or into each of its boxes, as a self-contained page;
    ``puzzle`` adds a puzzle's grid and rules beside it."""
    name = subjects[0].name
    title = f"{name}: the fold" if puzzle is None else f"{name}: {puzzle.title}"
    scripts = ("view3d.js", "fold.js", "foldfile.js")
    return page_bytes(title, fold_body(subjects, puzzle), fold_data(subjects, puzzle), scripts, links)
