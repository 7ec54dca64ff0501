"""`foldkit check` on Shut the Box: the published layouts and answers pass; mutated layouts and
wrong numbers name the rule they break, and where."""

from __future__ import annotations

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_WRONG
from solver.box import boxes_of_area
from solver.shutbox.check import answer_broken, broken_rules
from solver.shutbox.clues import answer
from solver.shutbox.puzzle import parse_layout, parse_puzzle
from solver.shutbox.rules import king_neighbourhood
from solver.shutbox.solve import solve
from tests.conftest import EXAMPLES, ROOT

PUZZLE = EXAMPLES / "nov2025.txt"
SOLUTION = EXAMPLES / "nov2025.solution.txt"


def run(capsys, *argv):
    code = main(["check", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def nov2025():
    puzzle = parse_puzzle(PUZZLE.read_text(), str(PUZZLE))
    return puzzle, parse_layout(SOLUTION.read_text())[2], solve(puzzle)


@pytest.mark.parametrize(("name", "number"), [("nov2025", "16414860"), ("nov2025-sample", "118800"),
                                              ("nov2025", "16,414,860")])
def test_published_layouts_and_answers_are_right(capsys, name, number):
    code, out, _ = run(capsys, EXAMPLES / f"{name}.txt", EXAMPLES / f"{name}.solution.txt")
    assert code == 0 and "is right" in out
    code, out, _ = run(capsys, EXAMPLES / f"{name}.txt", number)
    assert code == 0 and "is right" in out


def test_cutting_a_cell_beside_a_number_breaks_that_number(nov2025):
    puzzle, layout, _ = nov2025
    number = min(puzzle.numbers)
    beside = next(x for x in king_neighbourhood(puzzle, number) if x in layout and x not in puzzle.numbers)
    broken = broken_rules(puzzle, layout - {beside})
    assert ("number", f"row {number[0] + 1}, column {number[1] + 1}") in {(x.rule, x.where) for x in broken}


def test_moving_the_layout_breaks_numbers_and_arrows(nov2025, tmp_path, capsys):
    puzzle, layout, _ = nov2025
    moved = frozenset((r, c + 1) for r, c in layout if c + 1 < puzzle.cols)
    broken = broken_rules(puzzle, moved)
    assert {"number", "arrow"} <= {x.rule for x in broken}
    answer_file = tmp_path / "moved.txt"
    answer_file.write_text(f"{puzzle.rows} {puzzle.cols}\n" + "\n".join(
        " ".join("#" if (r, c) in moved else "." for c in range(puzzle.cols)) for r in range(puzzle.rows)) + "\n")
    code, out, _ = run(capsys, PUZZLE, answer_file)
    assert code == EXIT_WRONG and out.splitlines()[1] == broken[0].line


def test_a_layout_that_keeps_the_grid_rules_but_cannot_fold_breaks_the_fold_rule(nov2025):
    puzzle, _, report = nov2025
    unboxed = next(x for x in report.layouts if not boxes_of_area(len(x)))
    assert [b.rule for b in broken_rules(puzzle, unboxed)] == ["fold"]


def test_a_folding_that_breaks_the_circle_rule_names_it_for_a_layout_and_for_its_answer():
    cube = (ROOT / "tests" / "data" / "cube.txt").read_text().replace("4o 5 5o", "4o 5o 5")  # on adjacent faces
    puzzle = parse_puzzle(cube, "cube-circles.txt")
    report = solve(puzzle)
    assert not report.solutions and len(report.candidates) == 1
    candidate = report.candidates[0]
    broken = broken_rules(puzzle, candidate.layout)
    assert [(b.rule, b.where) for b in broken] == [("circle", "row 3, column 2"), ("circle", "row 3, column 3")]
    wrong = answer(puzzle, candidate.foldings[0])
    assert [b.rule for b in answer_broken(report, wrong)] == ["circle"]


def test_a_wrong_number_is_wrong(nov2025, capsys):
    code, out, _ = run(capsys, PUZZLE, "16414861")
    assert code == EXIT_WRONG and "answer rule" in out


def test_a_layout_of_another_size_is_exit_2(tmp_path, capsys):
    small = tmp_path / "small.txt"
    small.write_text("2 2\n# #\n# #\n")
    code, _, err = run(capsys, PUZZLE, small)
    assert code == 2 and f"{small}:1:1:" in err and "the puzzle 20x20" in err
