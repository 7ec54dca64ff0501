"""`foldkit generate KIND --difficulty easy|medium|hard`: what the words mean in terms of the grade;
generated puzzles grade as asked (graded again from the files written), each clue left is
needed for uniqueness or for the difficulty, same seed same bytes, the grade is in the file and
on the sheet; a bad word is one line and exit 2, no puzzle in time one line and exit 1."""

from __future__ import annotations

import contextlib
import random
import shutil
import signal
import subprocess
import time
from dataclasses import replace

import pytest

from foldkit.cli import main
from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.kinds import load
from foldkit.kinds.blockparty import KIND as BLOCK_PARTY
from foldkit.kinds.generating import OutOfTime, grader, time_bound
from solver.blockparty.generate import generate as block_party
from solver.blockparty.hints import grade as block_party_grade
from solver.blockparty.model import BlockParty
from solver.diary import Grade
from solver.packing.challenge import challenge_problem, completion_puzzle, make_challenge
from solver.packing.hints import grade as packing_grade
from solver.packing.parse import parse_packing
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as done:  # argparse's own errors
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


def graded(level: int, solved: bool = True, impossible: bool = False) -> Grade:
    return Grade("rule", level, solved, 0 if solved else 5, 0.0 if solved else 2.0, impossible)


@pytest.mark.parametrize("grade, word", [
    (graded(0), "easy"), (graded(1), "easy"), (graded(2), "medium"), (graded(3), "medium"),
    (graded(4), "hard"), (graded(5), "hard"), (graded(1, solved=False), "hard"),
    (graded(3, solved=False, impossible=True), None),
])
def test_the_words_follow_the_hardest_deduction_and_the_search_left(grade, word):
    assert grade.difficulty == word
    for asked in ("easy", "medium", "hard"):
        assert grade.within(asked) == (word is not None and ("easy", "medium", "hard").index(word)
                                       <= ("easy", "medium", "hard").index(asked))


def test_a_harder_grade_is_never_an_easier_difficulty():
    grades = [graded(level) for level in range(6)] + [graded(level, solved=False) for level in range(6)]
    order = ("easy", "medium", "hard")
    for a in grades:
        for b in grades:
            if a.key <= b.key:
                assert order.index(a.difficulty) <= order.index(b.difficulty)


# ---------------------------------------------------------------------------------------------
# Block Party


def without(puzzle: BlockParty, cell) -> BlockParty:
    return BlockParty(puzzle.rows, puzzle.cols, puzzle.regions, {x: k for x, k in puzzle.givens.items() if x != cell})


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_block_party_thinned_within_a_difficulty_keeps_each_given_for_a_reason(difficulty, seed):
    made = block_party(6, 6, 5, random.Random(seed), keeps=lambda p: block_party_grade(p).within(difficulty))
    assert block_party_grade(made.puzzle).within(difficulty)
    assert set(made.witnesses) | made.kept == set(made.puzzle.givens)
    for cell in made.kept:  # kept for the difficulty: without it the deductions need more
        assert not block_party_grade(without(made.puzzle, cell)).within(difficulty)


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_generated_block_party_grades_as_asked_with_the_grade_in_the_file_and_on_the_sheet(tmp_path, capsys,
                                                                                          difficulty):
    out = tmp_path / "bp.txt"
    code, printed, _ = run(capsys, "generate", "block-party", "--size", "6x6", "--max-region", "5", "--seed", "3",
                           "--difficulty", difficulty, "-o", out)
    assert code == 0
    loaded = load(out)
    grade = block_party_grade(loaded.puzzle)
    assert grade.difficulty == difficulty
    assert f"# difficulty: {grade.text}\n" in out.read_text()
    assert grade.short in printed
    if shutil.which("pdftotext"):
        sheet = subprocess.run(["pdftotext", tmp_path / "bp.pdf", "-"], capture_output=True, text=True).stdout
        assert f"Difficulty: {grade.short}" in sheet


def test_the_same_seed_and_difficulty_give_the_same_bytes(tmp_path, capsys):
    for name in ("a", "b"):
        assert run(capsys, "generate", "block-party", "--size", "6x6", "--max-region", "5", "--seed", "11",
                   "--difficulty", "medium", "-o", tmp_path / f"{name}.txt")[0] == 0
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes()
    assert (tmp_path / "a.solution.txt").read_text().replace("a.txt", "b.txt") == (
        tmp_path / "b.solution.txt").read_text()


def test_build_prints_the_grade_on_the_puzzle_sheet(tmp_path, capsys):
    code, _, _ = run(capsys, "build", EXAMPLES / "block-party-4.txt", "-o", tmp_path / "bp4", "--only", "puzzle.pdf")
    assert code == 0
    if shutil.which("pdftotext"):
        sheet = subprocess.run(["pdftotext", tmp_path / "bp4" / "puzzle.pdf", "-"], capture_output=True,
                               text=True).stdout
        assert "Difficulty: hard (hardest step: crowded)" in sheet


# ---------------------------------------------------------------------------------------------
# Shut the Box


@pytest.mark.parametrize("difficulty, seed", [("easy", 4), ("medium", 5), ("hard", 5)])
def test_generated_shut_the_box_grades_as_asked(tmp_path, capsys, difficulty, seed):
    out = tmp_path / "sb.txt"
    code, _, _ = run(capsys, "generate", "--size", "8x8", "--seed", seed, "--difficulty", difficulty, "-o", out)
    assert code == 0
    loaded = load(out)
    grade = loaded.kind.grade(loaded.kind.solve(loaded.puzzle, loaded.kind.solve_options()))
    assert grade.difficulty == difficulty
    assert f"# seed: {seed}\n" in out.read_text() and f"# difficulty: {grade.text}\n" in out.read_text()


def test_shut_the_box_puzzle_sheet_carries_the_grade(tmp_path, capsys):
    code, _, _ = run(capsys, "build", EXAMPLES / "nov2025-sample.txt", "-o", tmp_path / "s", "--only", "puzzle.pdf")
    assert code == 0
    if shutil.which("pdftotext"):
        sheet = subprocess.run(["pdftotext", tmp_path / "s" / "puzzle.pdf", "-"], capture_output=True,
                               text=True).stdout
        assert "Difficulty: needs search (hardest step: connected; deductions leave 11 cells open)" in sheet


# ---------------------------------------------------------------------------------------------
# Packing challenges


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_a_soma_challenge_within_a_difficulty_is_still_minimal_by_its_witnesses(difficulty):
    soma = parse_packing((EXAMPLES / "soma.txt").read_text(), "soma.txt")
    challenge = make_challenge(soma, 1, keeps=lambda rest: packing_grade(rest).within(difficulty))
    assert packing_grade(completion_puzzle(soma, challenge.given_placements)).within(difficulty)
    assert challenge_problem(challenge) is None
    for index in challenge.kept:  # kept for the difficulty: without it the completion needs more
        rest = [challenge.packing[i] for i in challenge.given if i != index]
        assert not packing_grade(completion_puzzle(soma, rest)).within(difficulty)


def test_challenge_cards_carry_the_grade(tmp_path, capsys):
    out = tmp_path / "c"
    code, printed, _ = run(capsys, "generate", "packing", "--from", EXAMPLES / "soma.txt", "--seed", "1",
                           "--difficulty", "medium", "-o", out)
    assert code == 0 and "medium (hardest step: dead end)" in printed
    assert "# difficulty: medium (hardest deduction: dead end; " in (out / "challenge-1.txt").read_text()
    if shutil.which("pdftotext"):
        cards = subprocess.run(["pdftotext", out / "challenges.pdf", "-"], capture_output=True, text=True).stdout
        assert "Difficulty: medium (hardest step: dead end)" in cards


# ---------------------------------------------------------------------------------------------
# Bad requests


@pytest.mark.parametrize("argv", [
    ["generate", "block-party", "--difficulty", "extreme"],
    ["generate", "--difficulty", "Easy"],
    ["generate", "--difficulty", "72"],
    ["generate", "packing", "--from", EXAMPLES / "soma.txt", "--difficulty", ""],
    ["generate", "number-cross", "--difficulty", "lots"],
])
def test_a_bad_difficulty_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "--difficulty" in err


def test_a_kind_without_a_grade_refuses_a_difficulty_in_one_line():
    ungraded = replace(BLOCK_PARTY, grade=None, title="Ungraded")
    with pytest.raises(FoldkitError) as refused:
        grader(ungraded, "easy")
    assert refused.value.exit_code == EXIT_BAD_INPUT and str(refused.value) == (
        "--difficulty: Ungraded has no difficulty grade yet (no human-style solver)")
    assert grader(ungraded, None)("any puzzle") is None  # no difficulty asked: nothing to grade


def test_no_puzzle_of_the_difficulty_in_time_is_exit_1_and_nothing_written(tmp_path, capsys):
    code, out, err = run(capsys, "generate", "block-party", "--size", "30x30", "--seed", "1", "--difficulty",
                         "medium", "--timeout", "0.5", "-o", tmp_path / "bp.txt")
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1 and "graded medium" in err
    assert not list(tmp_path.iterdir())


def test_shut_the_box_same_seed_same_bytes_when_a_later_candidate_has_the_difficulty(tmp_path, capsys):
    for name in ("a", "b"):  # seed 1's own puzzle needs an arrow deduction: easy comes from a later candidate
        assert run(capsys, "generate", "--size", "8x8", "--seed", 1, "--difficulty", "easy",
                   "-o", tmp_path / f"{name}.txt")[0] == 0
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes()
    assert "# seed: 1\n" in (tmp_path / "a.txt").read_text()


def test_a_time_bound_whose_alarm_was_swallowed_rings_again():
    """An OutOfTime raised inside a garbage collector's callback is only reported, never raised: the
    alarm must ring again, or a long step would run on past its bound (seen under hypothesis)."""
    rings, give_up = 0, time.monotonic() + 5
    with contextlib.suppress(OutOfTime), time_bound(0.05):  # suppress: a third ring before the block ends
        while rings < 2 and time.monotonic() < give_up:
            try:
                while time.monotonic() < give_up:  # a long step that never calls stop()
                    pass
            except OutOfTime:  # the first ring lost, as a gc callback loses it
                rings += 1
    assert rings == 2
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # and the alarm is off once the block ends
