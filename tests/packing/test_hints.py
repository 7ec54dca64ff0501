"""The human-style packer: every step stays on the way to a packing, the diary ends at a packing
the independent checker accepts, progress that cannot be completed is caught, the grade never
rises when pieces are given, and `foldkit hint`."""

from __future__ import annotations

import random

import pytest

from foldkit.errors import EXIT_WRONG
from solver.packing import make_packing, packing_problem, parse_packing, solution_picture
from solver.packing.challenge import completion_puzzle
from solver.packing.deduce import Table, completion, members, start, steps
from solver.packing.hints import diary, grade, hint, wrong_progress
from solver.packing.solve import solve_one
from tests.conftest import EXAMPLES, run_foldkit

SMALL = ["soma", "l-tricubes", "mixed-2x3x4", "scott-pentominoes"]


def load(name: str):
    path = EXAMPLES / f"{name}.txt"
    return parse_packing(path.read_text(), str(path))


@pytest.mark.parametrize("name", [*SMALL, "y-pentacube"])
def test_the_diary_ends_at_a_packing_the_checker_accepts(name):
    puzzle = load(name)
    table = Table(puzzle)
    walked = [state for _, state in steps(table, start(table))]
    assert packing_problem(puzzle, make_packing(walked[-1].placed)) is None
    assert diary(puzzle).end.startswith("Packed: every cube is covered")


@pytest.mark.parametrize("name", SMALL)
def test_every_step_stays_on_the_way_to_a_packing(name):
    puzzle = load(name)
    table = Table(puzzle)
    state = start(table)
    for step, then in steps(table, state):
        assert completion(table, then) is not None, step.text
        if step.rule == "dead end":  # nothing struck is in any packing of the rest: each one alone is hopeless
            for k in members(step.struck)[:5]:
                assert completion(table, start(table, (*state.placed, table.all[k]))) is None
        state = then


def test_a_hint_from_progress_places_a_piece_on_the_way(tmp_path, capsys):
    puzzle = load("soma")
    table = Table(puzzle)
    packing = completion(table, start(table))
    progress = make_packing(packing[:3])
    entries = hint(puzzle, progress)
    assert entries and entries[-1].writes
    path = tmp_path / "progress.txt"
    path.write_text(solution_picture(progress, puzzle.box))
    code, out, _ = run_foldkit(capsys, "hint", EXAMPLES / "soma.txt", "--progress", path)
    assert code == 0 and out.startswith("soma: ") and "piece " in out


def test_progress_that_no_packing_completes_names_the_piece(tmp_path, capsys):
    puzzle = load("soma")
    table = Table(puzzle)
    hopeless = next(p for p in table.all if completion(table, start(table, (p,))) is None)
    assert wrong_progress(puzzle, (hopeless,))[0].startswith("piece 1 (piece ")
    path = tmp_path / "progress.txt"
    path.write_text(solution_picture((hopeless,), puzzle.box))
    code, out, _ = run_foldkit(capsys, "hint", EXAMPLES / "soma.txt", "--progress", path)
    assert code == EXIT_WRONG and "no packing of the rest exists with it there" in out


def test_hint_all_and_solve_report_the_grade(capsys):
    code, out, _ = run_foldkit(capsys, "hint", EXAMPLES / "l-tricubes.txt", "--all")
    assert code == 0 and out.splitlines()[-2].startswith("Packed") and "Difficulty: " in out.splitlines()[-1]
    code, out, _ = run_foldkit(capsys, "solve", EXAMPLES / "l-tricubes.txt", "--grade")
    assert code == 0 and out.splitlines()[-1].startswith("Difficulty: ")


DIFFICULTY_ORDER = ("easy", "medium", "hard")


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_grade_never_rises_when_pieces_are_given(name, seed):
    """Pieces of a packing given one at a time (as a challenge gives them): the hardest deduction
    (or needing search), the cubes open when deductions first run out, and the difficulty never
    rise. (The search amount, the product of the options at each choice on the diary's path, can
    rise a little: a given piece changes which choices the path makes.)"""
    puzzle = load(name)
    packing = solve_one(puzzle, seed)
    order = list(range(len(packing)))
    random.Random(seed).shuffle(order)
    grades = [grade(completion_puzzle(puzzle, [packing[i] for i in order[:k]])) for k in range(len(order))]
    for easier, harder in zip(grades[1:], grades, strict=False):
        assert easier.key[0] <= harder.key[0] and easier.open_cells <= harder.open_cells
        assert DIFFICULTY_ORDER.index(easier.difficulty) <= DIFFICULTY_ORDER.index(harder.difficulty)
