"""The human-style Block Party solver: every hint is a true consequence, the diary ends at the
solution or says where deductions ran out, the grade never rises when givens are added, and the
command `foldkit hint` (with --progress and --all) and the grade in `solve`."""

from __future__ import annotations

import json
import random

import pytest

from foldkit.errors import EXIT_WRONG
from solver.blockparty import BlockParty, parse_block_party, parse_grid, solve
from solver.blockparty.deduce import RULE_LEVELS, after, start
from solver.blockparty.hints import diary, grade, hint, steps
from tests.conftest import EXAMPLES, run_foldkit

NAMES = ["block-party-4", "block-party-example"]


def published(name: str):
    puzzle = parse_block_party((EXAMPLES / f"{name}.txt").read_text(), name)
    if name == "block-party-example":  # no solution file: the solver's (the puzzle is unique)
        return puzzle, solve(puzzle).solutions[0]
    return puzzle, parse_grid((EXAMPLES / f"{name}.solution.txt").read_text())


def keeps_the_solution(state, solution) -> bool:
    return all(solution[r][c] in left for (r, c), left in state.candidates.items())


def with_givens(puzzle: BlockParty, givens: dict) -> BlockParty:
    return BlockParty(puzzle.rows, puzzle.cols, puzzle.regions, givens, puzzle.name)


@pytest.mark.parametrize("name", NAMES)
def test_every_step_of_the_diary_is_a_true_consequence_and_it_ends_at_the_solution(name):
    puzzle, solution = published(name)
    state = start(puzzle, puzzle.givens)
    for step, then in steps(puzzle, state):
        assert all(solution[r][c] == k for (r, c), k in step.placed), step
        assert all(solution[r][c] != k for (r, c), k in step.removed), step
        assert after(puzzle, state, step) == then and keeps_the_solution(then, solution)
        state = then
    assert state.solved
    assert all(state.value((r, c)) == solution[r][c] for r in range(puzzle.rows) for c in range(puzzle.cols))
    assert diary(puzzle).end.startswith("Solved")


@pytest.mark.parametrize("seed", range(3))
def test_hints_from_partial_progress_are_true_and_end_by_writing_a_number(seed):
    puzzle, solution = published("block-party-4")
    rng = random.Random(seed)
    cells = rng.sample(puzzle.cells(), 40)
    known = {cell: solution[cell[0]][cell[1]] for cell in cells}
    entries = hint(puzzle, known)
    assert entries and entries[-1].writes and not any(e.writes for e in entries[:-1])
    for _, state in steps(puzzle, start(puzzle, {**puzzle.givens, **known})):
        assert keeps_the_solution(state, solution)


def test_with_too_few_givens_the_diary_says_where_deductions_ran_out():
    puzzle, _ = published("block-party-4")
    bare = with_givens(puzzle, {})
    found = diary(bare)
    assert found.end.startswith("Deductions run out here, with ")
    assert not found.grade.solved and found.grade.word == "needs search" and found.grade.open_cells > 0
    first_open = found.end.split(": ", 1)[1].split(" (")[0]
    assert first_open.startswith("row ")


def test_the_grades_of_the_published_puzzles():
    assert grade(published("block-party-4")[0]).text == "hard (hardest deduction: crowded; deductions alone solve it)"
    assert grade(published("block-party-example")[0]).word in {"easy", "medium", "hard"}


@pytest.mark.parametrize("seed", range(4))
def test_the_grade_never_rises_when_givens_are_added(seed):
    puzzle, solution = published("block-party-example" if seed % 2 else "block-party-4")
    rng = random.Random(seed)
    order = rng.sample(puzzle.cells(), len(puzzle.cells()))
    keys = []
    for count in (0, 3, 8, len(order) // 4):
        givens = {cell: solution[cell[0]][cell[1]] for cell in order[:count]}
        keys.append(grade(with_givens(puzzle, givens)).key)
    assert keys == sorted(keys, reverse=True), keys


def test_rule_levels_run_from_easy_to_hard():
    assert list(RULE_LEVELS.values()) == sorted(RULE_LEVELS.values())


# ---------------------------------------------------------------------------------------------
# The command line


PUZZLE = EXAMPLES / "block-party-4.txt"


def progress_file(tmp_path, rows, keep, change=None):
    grid = [list(map(str, row)) for row in rows]
    if change:
        (r, c), value = change
        grid[r][c] = str(value)
    path = tmp_path / "progress.txt"
    path.write_text("\n".join(" ".join(x if r < keep else "." for x in row) for r, row in enumerate(grid)) + "\n")
    return path


def test_hint_names_a_cell_and_a_rule(capsys):
    code, out, _ = run_foldkit(capsys, "hint", PUZZLE)
    assert code == 0 and out.startswith("block-party-4: next [last number]: Row 5, column 7 must hold 1")


def test_hint_from_progress_and_a_progress_that_is_already_wrong(tmp_path, capsys):
    _, solution = published("block-party-4")
    code, out, _ = run_foldkit(capsys, "hint", PUZZLE, "--progress", progress_file(tmp_path, solution, 3))
    assert code == 0 and "Row 4, column 3 must hold 2" in out
    code, out, _ = run_foldkit(capsys, "hint", PUZZLE, "--progress", progress_file(tmp_path, solution, 3, ((2, 0), 7)))
    assert code == EXIT_WRONG and "row 3, column 1: the 7 there" in out
    code, out, _ = run_foldkit(capsys, "hint", PUZZLE, "--progress", progress_file(tmp_path, solution, 1, ((0, 0), 3)))
    assert code == EXIT_WRONG and "row 1, column 1: the 3 there is only 1 from the 3 at row 1, column 2" in out


def test_a_malformed_progress_file_is_exit_2_with_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(". " * 10 + "\n" + ". . 11 . . . . . . .\n" + (". " * 10 + "\n") * 8)
    code, _, err = run_foldkit(capsys, "hint", PUZZLE, "--progress", bad)
    assert code == 2 and f"{bad}:2:5:" in err


def test_hint_all_prints_the_diary_and_solve_reports_the_grade(capsys):
    code, out, _ = run_foldkit(capsys, "hint", PUZZLE, "--all")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "block-party-4: a solving diary, 135 steps"
    assert lines[-2] == "Solved: every cell holds its number." and lines[-1].startswith("Difficulty: hard")
    code, out, _ = run_foldkit(capsys, "solve", PUZZLE, "--grade")
    assert code == 0
    assert out.splitlines()[-1] == "Difficulty: hard (hardest deduction: crowded; deductions alone solve it)"
    code, out, _ = run_foldkit(capsys, "solve", PUZZLE, "--json", "--grade")
    assert json.loads(out)["difficulty"] == {"word": "hard", "hardest": "crowded", "level": 4, "solved": True,
                                             "open_cells": 0, "search_log10": 0.0, "impossible": False}
