"""The human-style Shut the Box solver: every deduction agrees with the solution, the diary says
where deductions run out and what the fold decides, the grade never rises when clues are added,
and `foldkit hint`."""

from __future__ import annotations

import json
import random
from itertools import islice

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_WRONG
from foldkit.kinds.shutbox.hints import grade, graded_diary
from solver.shutbox.deduce import start, steps
from solver.shutbox.puzzle import Number, Puzzle, parse_puzzle
from solver.shutbox.rules import king_neighbourhood
from solver.shutbox.solve import solve
from tests.conftest import EXAMPLES, ROOT

BENCH = ROOT / "bench" / "puzzles"
PUZZLES = [EXAMPLES / "nov2025.txt", EXAMPLES / "nov2025-sample.txt", BENCH / "generated-16x16-seed1.txt",
           BENCH / "generated-20x20-seed3.txt"]


def load(path):
    return parse_puzzle(path.read_text(), str(path))


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def nov2025():
    return solve(load(EXAMPLES / "nov2025.txt"))


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_every_deduction_agrees_with_the_solution(path):
    puzzle = load(path)
    layout = solve(puzzle).solutions[0].layout
    decided = 0
    for step, state in steps(puzzle, start(puzzle)):
        assert all(cell in layout for cell in step.box) and not any(cell in layout for cell in step.cut), step.text
        decided = len(state)
    assert decided > len(puzzle.numbers) + len(puzzle.arrows)


def test_the_nov2025_diary_decides_333_cells_and_leaves_72_layouts_to_the_fold(nov2025):
    diary = graded_diary(nov2025)
    assert diary.grade.open_cells == 67 and not diary.grade.solved
    assert diary.end.startswith("Deductions run out here, with 67 cells open")
    assert "72 layouts that keep the grid rules are left, and the fold decides; one of them folds" in diary.end
    assert diary.grade.hardest == "connected"


def with_number(puzzle: Puzzle, cell, layout) -> Puzzle:
    value = sum(1 for x in king_neighbourhood(puzzle, cell) if x in layout)
    return Puzzle(puzzle.rows, puzzle.cols, {**puzzle.numbers, cell: Number(value, "")}, puzzle.arrows, puzzle.name)


@pytest.mark.parametrize("seed", range(2))
def test_the_grade_never_rises_when_true_clues_are_added(seed):
    puzzle = load(EXAMPLES / "nov2025-sample.txt") if seed == 0 else load(PUZZLES[2])
    report = solve(puzzle)
    layout = report.solutions[0].layout
    free = sorted(cell for cell in layout if cell not in puzzle.numbers)
    keys = [grade(report).key]
    for cell in random.Random(seed).sample(free, 3):
        puzzle = with_number(puzzle, cell, layout)
        keys.append(grade(solve(puzzle)).key)
    assert keys == sorted(keys, reverse=True), keys


def test_hint_on_nov2025_names_a_number_and_its_cells(capsys):
    code, out, _ = run(capsys, "hint", EXAMPLES / "nov2025.txt")
    assert code == 0 and out.startswith("nov2025: next [number needs all]: The 9 at row 7, column 8 needs every cell")


def progress(tmp_path, puzzle, cells):
    path = tmp_path / "progress.txt"
    path.write_text(f"{puzzle.rows} {puzzle.cols}\n" + "\n".join(
        " ".join({True: "#", False: "."}.get(cells.get((r, c)), "?") for c in range(puzzle.cols))
        for r in range(puzzle.rows)) + "\n")
    return path


def test_hint_from_progress_and_progress_that_is_wrong(tmp_path, capsys, nov2025):
    puzzle, layout = nov2025.puzzle, nov2025.solutions[0].layout
    state = [state for _, state in islice(steps(puzzle, start(puzzle)), 10)][-1]
    code, out, _ = run(capsys, "hint", EXAMPLES / "nov2025.txt", "--progress", progress(tmp_path, puzzle, state))
    assert code == 0 and out.startswith("nov2025: next [")
    wrong = {**state, (0, 0): (0, 0) not in layout}
    code, out, _ = run(capsys, "hint", EXAMPLES / "nov2025.txt", "--progress", progress(tmp_path, puzzle, wrong))
    assert code == EXIT_WRONG and "row 1, column 1: a box cell here does not lead to the solution" in out


def test_a_malformed_progress_file_is_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("8 8\n" + "? " * 8 + "\n" + "? ? x ? ? ? ? ?\n" + ("? " * 8 + "\n") * 6)
    code, _, err = run(capsys, "hint", EXAMPLES / "nov2025-sample.txt", "--progress", bad)
    assert code == 2 and f"{bad}:3:5:" in err


def test_solve_prints_the_grade(capsys):
    code, out, _ = run(capsys, "solve", EXAMPLES / "nov2025-sample.txt", "--json", "--grade")
    assert code == 0 and json.loads(out)["difficulty"]["word"] in {"easy", "medium", "hard", "expert", "needs search"}
    code, out, _ = run(capsys, "solve", EXAMPLES / "nov2025-sample.txt", "--grade")
    assert out.splitlines()[-1].startswith("Difficulty: ")
