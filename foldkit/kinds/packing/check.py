"""`foldkit check` for a packing: a solution file is the packing as levels of piece numbers
(``solution.txt``); each numbered piece is named after the puzzle's piece it is a rotation of,
then the independent checker judges the whole. A packing has no number answer."""

from __future__ import annotations

from collections.abc import Iterator

from solver.broken import Broken
from solver.packing.check import broken_rules, named_by_shape
from solver.packing.model import Packing, PackingPuzzle
from solver.packing.solution_text import check_solution_fits, parse_solution


def read(puzzle: PackingPuzzle, text: str, source: str) -> Packing:
    """The packing a solution file shows, its pieces named by their numbers; a file larger than the
    puzzle's box is refused before it is read."""
    check_solution_fits(text, source, puzzle.box)
    return parse_solution(text, source)


def judge(puzzle: PackingPuzzle, packing: Packing) -> Iterator[Broken]:
    """Pieces that are the shape of no piece, named by the file's numbers, then every other rule
    broken. Every piece of a shape is named after that piece, so the shapeless are the only
    pieces the checker's own piece rule could name, by its own count: they are not named twice."""
    named, shapeless = named_by_shape(puzzle, packing)
    yield from shapeless
    yield from (broken for broken in broken_rules(puzzle, named) if broken.rule != "piece")

