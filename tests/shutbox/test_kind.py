"""The Shut the Box kind hands the fold plain data: each number clue as a cell label, and the
face sums and answer the solver found."""

from __future__ import annotations

from math import prod

from foldkit.fold.subject import CellLabel
from foldkit.kinds.shutbox.report import labels_of
from solver.shutbox.puzzle import Number
from tests.conftest import EXAMPLES, puzzle_fold


def test_each_number_becomes_its_digits_and_its_mark():
    numbers = {(0, 0): Number(7), (1, 2): Number(4, "o"), (3, 1): Number(9, "s")}
    assert labels_of(numbers) == {(0, 0): CellLabel("7"), (1, 2): CellLabel("4", "circle"),
                                  (3, 1): CellLabel("9", "square")}


def test_the_fold_carries_the_solved_sums_of_its_labels():
    subject = puzzle_fold(EXAMPLES / "nov2025-sample.txt")
    # Counted afresh from the labels on each face: what the fold prints is what it shows.
    counted = [0] * 6
    for cell, label in subject.labels.items():
        counted[subject.folding.face_of(cell)] += int(label.text)
    assert subject.face_sums == tuple(counted)
    assert subject.answer == prod(counted) == 118800
    assert {label.mark for label in subject.labels.values()} == {None, "circle", "square"}
