"""`foldkit generate block-party` and the generator behind it: every puzzle solves to exactly the
solution written beside it; each given left is needed, by a witness the rules alone confirm;
same seed, same bytes; bad options are one line with exit 2, a missed time bound exit 1."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache

import pytest

from foldkit.cli import main
from foldkit.kinds.blockparty import KIND
from solver.blockparty import parse_block_party, parse_grid, solution_problem, solve
from solver.blockparty.generate import Generated, generate
from solver.blockparty.model import BlockParty
from tests.conftest import ROOT, cpu_used, run_foldkit

SMALL = [(4, 4, 3, 1), (5, 5, 4, 2), (5, 6, 5, 3), (6, 6, 6, 4), (7, 7, 5, 5), (6, 8, 7, 6)]


@cache
def made(rows: int, cols: int, max_region: int, seed: int) -> Generated:
    return generate(rows, cols, max_region, random.Random(seed))


def without(puzzle: BlockParty, cell) -> BlockParty:
    return BlockParty(puzzle.rows, puzzle.cols, puzzle.regions, {x: k for x, k in puzzle.givens.items() if x != cell})


@pytest.mark.parametrize("rows, cols, max_region, seed", SMALL)
def test_a_generated_puzzle_has_exactly_its_planted_filling(rows, cols, max_region, seed):
    new = made(rows, cols, max_region, seed)
    report = solve(new.puzzle, limit=None)
    assert report.solutions == (new.solution,) and report.complete
    assert solution_problem(new.puzzle, new.solution) is None
    sizes = [len(cells) for cells in new.puzzle.region_cells.values()]
    assert max(sizes) <= max_region and sum(sizes) == rows * cols


@pytest.mark.parametrize("rows, cols, max_region, seed", SMALL)
def test_every_given_is_needed_by_the_rules_alone(rows, cols, max_region, seed):
    """Taking any one given away lets a second filling in: the solver finds two, and the witness
    kept for it is a filling the independent checker accepts."""
    new = made(rows, cols, max_region, seed)
    assert set(new.witnesses) == set(new.puzzle.givens)
    for cell, witness in new.witnesses.items():
        weaker = without(new.puzzle, cell)
        assert witness != new.solution and solution_problem(weaker, witness) is None
        assert solve(weaker, limit=1).ambiguous


def test_some_small_puzzles_keep_givens():
    # so that the test above checks witnesses at all
    assert sum(len(made(*case).witnesses) for case in SMALL) >= 3


def test_the_regions_are_connected_and_numbered_in_reading_order():
    puzzle = made(7, 7, 5, 5).puzzle
    first_seen = list(dict.fromkeys(r for row in puzzle.regions for r in row))
    assert first_seen == list(range(len(first_seen)))
    for cells in puzzle.region_cells.values():
        reached, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in cells and near not in reached:
                    reached.add(near)
                    todo.append(near)
        assert reached == set(cells)


@pytest.mark.parametrize("size, seed", [("6x6", 1), ("10x10", 2)])
def test_a_written_puzzle_solves_to_exactly_its_written_solution(tmp_path, capsys, size, seed):
    path = tmp_path / "new.txt"
    code, out, _ = run_foldkit(capsys, "generate", "blockparty", "--size", size, "--seed", str(seed), "-o", str(path))
    assert code == 0 and out.startswith(f"seed {seed}: {size}, ")
    text = path.read_text()
    assert text.startswith("# Block Party puzzle made by foldkit generate\n# seed: ")
    puzzle = parse_block_party(text, str(path))
    written = parse_grid((tmp_path / "new.solution.txt").read_text())
    assert (puzzle.rows, puzzle.cols) == tuple(map(int, size.split("x")))
    report = solve(puzzle, limit=None)
    assert report.solutions == (written,) and report.complete
    assert (tmp_path / "new.pdf").read_bytes().startswith(b"%PDF")
    assert main(["solve", str(path)]) == 0


def test_a_build_of_a_generated_puzzle_makes_every_artifact(tmp_path, capsys):
    path = tmp_path / "bp.txt"
    assert run_foldkit(capsys, "generate", "block-party", "--size", "6x7", "--seed", "9", "-o", str(path))[0] == 0
    assert run_foldkit(capsys, "build", str(path), "-o", str(tmp_path / "out"), "--quiet")[0] == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == sorted(KIND.artifacts)


def test_the_same_seed_gives_the_same_bytes(tmp_path, capsys):
    for folder in ("a", "b"):
        assert run_foldkit(capsys, "generate", "blockparty", "--size", "8x8", "--seed", "17",
                   "-o", str(tmp_path / folder / "p.txt"))[0] == 0
    for name in ("p.txt", "p.solution.txt", "p.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    run_foldkit(capsys, "generate", "blockparty", "--size", "8x8", "--seed", "18", "-o", str(tmp_path / "c" / "p.txt"))
    assert (tmp_path / "c" / "p.txt").read_bytes() != (tmp_path / "a" / "p.txt").read_bytes()


def test_the_bytes_do_not_depend_on_the_process(tmp_path):
    texts = []
    for hashing in ("1", "2"):
        path = tmp_path / hashing / "p.txt"
        subprocess.run([sys.executable, "-m", "foldkit", "generate", "blockparty", "--size", "7x7", "--seed", "3",
                        "-o", str(path)], check=True, capture_output=True, cwd=ROOT,
                       env={**os.environ, "PYTHONHASHSEED": hashing})
        texts.append(path.read_bytes() + path.with_name("p.solution.txt").read_bytes())
    assert texts[0] == texts[1]


@pytest.mark.parametrize("argv, words", [
    (["--size", "1x9"], "--size: each side must be between 2 and 30, not 1x9"),
    (["--size", "ten"], "--size: expected ROWSxCOLS, e.g. 10x10, not 'ten'"),
    (["--max-region", "0"], "--max-region: must be between 1 and 20, not 0"),
    (["--size", "3x3", "--max-region", "10"], "--max-region 10 is more than the 9 cells of a 3x3 grid"),
    (["--timeout", "0"], "--timeout: must be between 0.1 and 86400, not 0"),
    (["--seed", "x"], "--seed: expected a whole number, not 'x'"),
    (["-o", "p.pdf"], "p.pdf: cannot write a .pdf file here: use .txt"),
    (["--box", "2x2x2"], "--box is an option of Shut the Box, not of Block Party"),
])
def test_bad_options_are_one_line_with_exit_2(capsys, argv, words):
    code, out, err = run_foldkit(capsys, "generate", "blockparty", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_an_unknown_kind_is_one_line_with_exit_2(capsys):
    code, _, err = run_foldkit(capsys, "generate", "sudoku")
    assert code == 2 and err.count("\n") == 1 and "no puzzle kind called 'sudoku'" in err


def test_no_puzzle_in_time_is_exit_1_within_a_second_of_the_bound(tmp_path):
    path = tmp_path / "late.txt"
    start = cpu_used()  # a bad seed: the same start-up, then exit 2 at once (CPU: a wall clock measures the load)
    subprocess.run([sys.executable, "-m", "foldkit", "generate", "blockparty", "--seed", "x"], capture_output=True,
                   cwd=ROOT)
    start_up = cpu_used() - start
    start = cpu_used()
    result = subprocess.run([sys.executable, "-m", "foldkit", "generate", "blockparty", "--size", "30x30",
                             "--timeout", "1", "-o", str(path)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1 and cpu_used() - start - start_up < 1 + 1
    assert result.stderr == "foldkit: error: no 30x30 Block Party puzzle with a unique solution within 1 s " \
                            "(raise --timeout or try another --seed)\n"
    assert list(tmp_path.iterdir()) == []  # nothing half-written
