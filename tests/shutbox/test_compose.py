"""`foldkit generate` and the generator behind it: same seed, same bytes; every puzzle solves to
exactly the solution written beside it; the clue set is minimal; the difficulty bounds the
layouts; bad options are one line with exit 2, a missed time bound exit 1."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache

import pytest

from foldkit.cli import main
from solver.folding_check import folding_problem
from solver.shutbox import compose, spread
from solver.shutbox.clues import clue_problem
from solver.shutbox.compose import TimedOut, generate
from solver.shutbox.oracle import UNDECIDED, Verdict
from solver.shutbox.puzzle import Number, Puzzle, parse_layout, parse_puzzle, picture
from solver.shutbox.rules import broken_rule
from solver.shutbox.solve import solution_problem, solve
from tests.conftest import ROOT

SMALL = [(7, 7, 1), (8, 8, 2), (9, 9, 4), (10, 10, 5), (8, 8, 6), (8, 10, 9)]
MEDIUM = [(12, 12, 1), (14, 14, 2)]


@cache
def made(rows: int, cols: int, seed: int, difficulty: int = 100):
    return generate(rows, cols, seed, difficulty=difficulty)


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as done:  # argparse's own errors
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_same_seed_gives_the_same_bytes(tmp_path, capsys):
    for folder in ("a", "b"):
        code, out, _ = run(capsys, "generate", "--size", "9x11", "--seed", "17", "-o", str(tmp_path / folder / "p.txt"))
        assert code == 0 and "seed 17: 9x11" in out
    for name in ("p.txt", "p.solution.txt"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    run(capsys, "generate", "--size", "9x11", "--seed", "18", "-o", str(tmp_path / "c" / "p.txt"))
    assert (tmp_path / "c" / "p.txt").read_bytes() != (tmp_path / "a" / "p.txt").read_bytes()


@pytest.mark.parametrize("size, seed", [("8x8", 1), ("12x12", 2), ("10x14", 3)])
def test_a_written_puzzle_solves_to_exactly_its_written_solution(tmp_path, capsys, size, seed):
    path = tmp_path / "new.txt"
    assert run(capsys, "generate", "--size", size, "--seed", str(seed), "-o", str(path))[0] == 0
    text = path.read_text()
    assert text.startswith("# Shut the Box puzzle made by foldkit generate\n# seed: ")
    puzzle = parse_puzzle(text, str(path))
    rows, cols, written = parse_layout((tmp_path / "new.solution.txt").read_text())
    assert (rows, cols) == (puzzle.rows, puzzle.cols) == tuple(map(int, size.split("x")))
    report = solve(puzzle, limit=None)
    assert [s.layout for s in report.solutions] == [written]
    assert solution_problem(puzzle, report.solutions[0]) is None
    notes = dict(note.split(": ", 1) for note in puzzle.notes[1:])
    assert notes["seed"] == str(seed)
    assert notes["layouts"].startswith(f"{len(report.layouts)} keep the grid rules")
    assert notes["box"] == "x".join(map(str, report.solutions[0].box))
    assert main(["solve", str(path)]) == 0


def without(puzzle: Puzzle, cell, folding=None) -> Puzzle:
    """The puzzle with the clue on cell taken away, and the mark of any number left without a
    partner (no circle opposite it, no square beside it on the solved box, the folding)."""
    folding = folding or solve(puzzle).solutions[0].folding
    at = {p: x for x, p in folding.placement.items()}
    numbers = {x: n for x, n in puzzle.numbers.items() if x != cell}
    arrows = {x: a for x, a in puzzle.arrows.items() if x != cell}
    for x, n in list(numbers.items()):
        f, u, v = folding.placement[x]
        near = [(f ^ 1, u, v)] if n.mark == "o" else [(f, u + 1, v), (f, u - 1, v), (f, u, v + 1), (f, u, v - 1)]
        if n.mark and not any(at.get(p) in numbers and numbers[at[p]].mark == n.mark for p in near):
            numbers[x] = Number(n.value)
    return Puzzle(puzzle.rows, puzzle.cols, numbers, arrows)


def kept_to_spread(puzzle: Puzzle) -> set:
    """The clue cells whose clue stays to keep the clues spread: taking it away would leave a band
    of rows or columns without a clue wider than the generator allows."""
    clued = set(puzzle.numbers) | set(puzzle.arrows)
    sides = list(enumerate((puzzle.rows, puzzle.cols)))
    return {cell for cell in clued if any(spread.widest_gap(list(clued - {cell}), side, axis)
                                          > spread.allowed_gap(side) for axis, side in sides)}


@pytest.mark.parametrize("rows, cols, seed", SMALL + [pytest.param(*size, marks=pytest.mark.slow) for size in MEDIUM])
def test_every_clue_is_needed(rows, cols, seed):
    """Taking any one clue away lets a second solution in, or more layouts than the difficulty, or
    leaves a band of rows or columns without a clue wider than the clues' spread allows."""
    puzzle = made(rows, cols, seed).puzzle
    assert puzzle.notes[-1].startswith("minimal: taking away any one clue lets in a second solution or more layouts")
    assert len(solve(puzzle).solutions) == 1
    spreading = kept_to_spread(puzzle)
    assert not spreading or "without a clue" in puzzle.notes[-1]  # as the note says
    for cell in sorted(set(puzzle.numbers) | set(puzzle.arrows) - spreading):
        weaker = solve(without(puzzle, cell), limit=100)
        assert len(weaker.solutions) >= 2 or not weaker.layouts_complete, f"the clue on {cell} is not needed"


@pytest.mark.parametrize("rows, cols, seed", [(8, 8, 2), pytest.param(20, 20, 5, marks=pytest.mark.slow)])
def test_every_clue_left_comes_with_a_witness_the_rules_confirm(rows, cols, seed):
    """On a 20x20 grid, solving the puzzle without each clue can take the solver a minute; the
    generator keeps what its checks found instead, and here the rules alone confirm it: another
    solution, or more layouts than the difficulty."""
    new = made(rows, cols, seed)
    puzzle = new.puzzle
    clued = set(puzzle.numbers) | set(puzzle.arrows)
    assert clued - kept_to_spread(puzzle) <= set(new.witnesses) <= clued
    for cell, witness in new.witnesses.items():
        weaker = without(puzzle, cell, new.folding)
        if isinstance(witness, tuple):
            assert len(set(witness)) > 100
            assert all(broken_rule(weaker, layout) is None for layout in witness)
        else:
            assert witness.placement != new.folding.placement
            layout = frozenset(witness.placement)
            assert broken_rule(weaker, layout) is None and folding_problem(layout, witness) is None
            assert clue_problem(weaker, witness) is None


def test_witnesses_are_second_solutions_or_many_layouts():
    kinds = {isinstance(w, tuple) for w in made(8, 8, 2).witnesses.values()}
    assert kinds == {True, False}  # so the test above checks both kinds


class OutOfRounds(compose.Oracle):
    """An oracle whose every removal check runs out of rounds, in the first `doomed` drafts."""

    made = 0
    doomed = 1

    def __init__(self, *args):
        super().__init__(*args)
        OutOfRounds.made += 1

    def verdict(self, active, without, marked, cap, stop=lambda: None):
        if without is not None and OutOfRounds.made <= OutOfRounds.doomed:
            stop()
            return Verdict(UNDECIDED)
        return super().verdict(active, without, marked, cap, stop)


def test_a_draft_with_an_undecided_clue_is_given_up_for_another_net(monkeypatch):
    """A clue whose removal check runs out of rounds twice would leave the clue set unproven
    minimal: that draft is dropped and another net planted, so what is written is minimal."""
    monkeypatch.setattr(compose, "Oracle", OutOfRounds)
    monkeypatch.setattr(OutOfRounds, "made", 0)
    new = generate(8, 10, 3)
    assert OutOfRounds.made >= 2
    assert new.puzzle.notes[-1].startswith("minimal: taking away any one clue lets in a second solution or more")
    assert solve(new.puzzle).unique and new.puzzle != made(8, 10, 3).puzzle


def test_no_puzzle_is_written_when_no_removal_can_be_decided(monkeypatch):
    monkeypatch.setattr(compose, "Oracle", OutOfRounds)
    monkeypatch.setattr(OutOfRounds, "doomed", 10**9)
    with pytest.raises(TimedOut):
        generate(8, 10, 3, timeout=2)


@pytest.mark.parametrize("difficulty", [5, 30])
def test_the_difficulty_bounds_the_layouts_the_grid_rules_leave(difficulty):
    new = made(10, 10, 7, difficulty)
    report = solve(new.puzzle, limit=None)
    assert new.layouts == len(report.layouts) <= difficulty
    assert broken_rule(new.puzzle, new.layout) is None


def test_the_default_difficulty_leaves_many_layouts_and_lets_the_folding_decide():
    new = made(14, 14, 2)
    report = solve(new.puzzle)
    assert 50 <= len(report.layouts) <= 100
    assert report.unique and report.solutions[0].layout == new.layout


def test_circles_and_squares_come_in_true_pairs():
    puzzles = [made(r, c, s).puzzle for r, c, s in SMALL]
    assert any(p.circled() for p in puzzles) and any(p.squared() for p in puzzles)
    for p in puzzles:
        assert solve(p).unique  # every circle has its opposite, every square its neighbour


def test_a_chosen_box(tmp_path, capsys):
    path = tmp_path / "box.txt"
    assert run(capsys, "generate", "--size", "10x10", "--box", "3x1x2", "--seed", "4", "-o", str(path))[0] == 0
    assert solve(parse_puzzle(path.read_text())).solutions[0].box == (1, 2, 3)
    assert "# box: 1x2x3\n" in path.read_text()


def test_no_puzzle_in_time_is_exit_1_in_one_line(tmp_path):
    result = subprocess.run([sys.executable, "-m", "foldkit", "generate", "--timeout", "0.1", "-o",
                             str(tmp_path / "x.txt")], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    assert result.stderr == "foldkit: error: no 20x20 puzzle with a unique solution within 0.1 s " \
                            "(raise --timeout or try another --seed)\n"
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(TimedOut):
        generate(20, 20, 1, timeout=0.0)


@pytest.mark.parametrize("argv, words", [
    (["--size", "2x9"], "--size: each side must be between 3 and 100, not 2x9"),
    (["--size", "twenty"], "--size: expected ROWSxCOLS, e.g. 20x20, not 'twenty'"),
    (["--box", "1x2"], "--box: expected AxBxC, e.g. 2x6x7, not '1x2'"),
    (["--box", "0x1x2"], "--box: each side must be between 1 and 50, not 0x1x2"),
    (["--layouts", "0"], "--layouts: must be between 1 and 5000, not 0"),
    (["--difficulty", "72"], "--difficulty: expected easy, medium or hard, not '72' (the bound on layouts is now "
                             "--layouts K)"),
    (["--timeout", "-1"], "--timeout: must be between 0.1 and 86400, not -1"),
    (["--seed", "x"], "--seed: expected a whole number, not 'x'"),
    (["-o", "p.pdf"], "p.pdf: cannot write a .pdf file here: use .txt"),
    (["--size", "5x5", "--box", "2x2x3"], "a 2x2x3 box has 32 cells, more than the 5x5 grid"),
])
def test_bad_options_are_one_line_with_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "generate", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_notes_survive_the_file_round_trip():
    puzzle = made(8, 8, 2).puzzle
    again = parse_puzzle(picture(puzzle))
    assert again == puzzle and again.notes == puzzle.notes
    assert picture(again) == picture(puzzle)


@pytest.mark.parametrize("path", sorted((ROOT / "bench" / "puzzles").glob("generated-*-seed*[0-9].txt")),
                         ids=lambda p: p.stem)
def test_the_bench_set_solves_to_its_saved_solutions_on_100_to_150_layouts(path):
    puzzle = parse_puzzle(path.read_text(), str(path))
    _, _, saved = parse_layout(path.with_suffix(".solution.txt").read_text())
    report = solve(puzzle)
    assert 100 <= len(report.layouts) <= 150 and report.unique
    assert report.solutions[0].layout == saved
    assert len(report.candidates) == 1  # of all those layouts, one alone folds into a box


def test_the_bytes_do_not_depend_on_the_process(tmp_path):
    """Two processes with different string hashing write the same puzzle for the same seed."""
    texts = []
    for hashing in ("1", "2"):
        path = tmp_path / f"h{hashing}.txt"
        subprocess.run([sys.executable, "-m", "foldkit", "generate", "--size", "9x9", "--seed", "12", "-o", str(path)],
                       check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": hashing})
        texts.append(path.read_bytes() + path.with_name(f"h{hashing}.solution.txt").read_bytes())
    assert texts[0] == texts[1]
