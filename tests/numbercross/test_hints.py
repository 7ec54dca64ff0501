"""The human-style Number Cross solver: every step is a true consequence (it keeps every
completed grid and its region digits), the diary ends at the solution or says where deductions
ran out, the grade never rises when cells are filled in, and the command `foldkit hint` (with
--progress and --all) and the grade in `solve`."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from foldkit.cli import main
from foldkit.drawing import label_texts
from foldkit.errors import EXIT_WRONG
from foldkit.paper.diary import diary_document
from solver.numbercross import Clue, Condition, NumberCross, numbers, parse_number_cross, parse_solution
from solver.numbercross.deduce.deductions import RULE_LEVELS, TILE, start
from solver.numbercross.deduce.hints import diary, hint, parse_progress, steps, wrong_progress
from solver.numbercross.generate.plant import plant, true_conditions
from solver.numbercross.search import grids
from solver.text import InputError
from tests.conftest import EXAMPLES, ROOT

SMALL = """# hand-made: 16 completed grids, so every step must keep all of them
number-cross 4 5
regions:
0 0 1 1 1
0 2 2 1 1
3 3 2 2 1
3 3 3 2 2
highlighted:
* . . . .
. . . . *
. . * . .
. . . . .
clues:
multiple of 7
odd
square
product of digits is 12
"""


def puzzle_of(name: str):
    if name == "small":
        return parse_number_cross(SMALL, "small")
    return parse_number_cross((EXAMPLES / f"{name}.txt").read_text(), name)


@cache
def published_diary(name: str):
    """The diary of an example from its clues (Number Cross 5's takes seconds: made once)."""
    return diary(puzzle_of(name))


def completed(puzzle, most: int = 20):
    """The puzzle's completed grids (the first `most`), each with its region digits."""
    out = []
    for found in grids(puzzle):
        out.append(found)
        if len(out) == most:
            break
    return out


def keeps(state, grid, region_digits) -> bool:
    cells = all((grid[r][c] or TILE) in left for (r, c), left in state.cells.items())
    return cells and all(region_digits[k] in left for k, left in state.regions.items())


def progress_text(grid, rows: int) -> str:
    """The grid's first rows filled in, the rest '.'."""
    return "\n".join(" ".join("." if r >= rows else ("X" if v is None else str(v)) for v in row)
                     for r, row in enumerate(grid)) + "\n"


@pytest.mark.parametrize("name", ["number-cross-example", "small",
                                  pytest.param("number-cross-5", marks=pytest.mark.slow)])  # about 6 CPU-s
def test_every_step_keeps_every_completed_grid(name):
    puzzle = puzzle_of(name)
    solutions = completed(puzzle)
    assert solutions
    count = 0
    for step, then in steps(puzzle, start(puzzle, {})):
        assert step.rule in RULE_LEVELS and step.text
        assert all(keeps(then, grid, digits) for grid, digits in solutions), f"step {count + 1}: {step.text}"
        count += 1
    assert count > 5


def test_deductions_alone_solve_the_example_to_its_solution():
    puzzle = puzzle_of("number-cross-example")
    (grid, _), = completed(puzzle)
    found = diary(puzzle)
    assert found.grade.solved and found.grade.open_cells == 0 and found.end.startswith("Solved")
    *_, (_, last) = steps(puzzle, start(puzzle, {}))
    assert all(last.cells[(r, c)] == {grid[r][c] or TILE} for r in range(puzzle.rows) for c in range(puzzle.cols))


def test_number_cross_5_stops_and_says_where_with_the_search_left():
    found = published_diary("number-cross-5")
    assert not found.grade.solved and not found.grade.impossible and found.grade.hardest == "what if"
    assert 0 < found.grade.open_cells < 121 and found.grade.search_log10 > 1
    assert found.end.startswith("Deductions run out here, with ")


@pytest.mark.slow  # about 5 CPU-s: a hint at every step of the solution
def test_a_hint_from_the_solution_s_progress_keeps_the_solution_and_the_grade_does_not_rise():
    puzzle = puzzle_of("number-cross-5")
    grid = parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())
    digits = completed(puzzle, 1)[0][1]
    known = parse_progress(progress_text(grid, 4), "mine.txt", puzzle)
    entries = hint(puzzle, known)
    assert entries and len(entries) <= 12
    before, after = published_diary("number-cross-5").grade, diary(puzzle, known).grade
    assert after.key <= before.key and after.open_cells < before.open_cells
    for _, then in steps(puzzle, start(puzzle, known)):
        assert keeps(then, grid, digits)


def test_a_wrong_progress_is_named_cell_by_cell():
    puzzle = puzzle_of("number-cross-5")
    grid = parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())
    text = progress_text(grid, 2).splitlines()
    text[0] = "4 " + text[0][2:]  # (0,0) is a tile in the solution
    text[1] = "5 4 X 2 2 5 X X 5 2 X"  # two tiles side by side
    lines = wrong_progress(puzzle, parse_progress("\n".join(text), "mine.txt", puzzle), grid)
    assert any(line.startswith("row 1, column 1: the 4 there does not lead") for line in lines)
    assert any("row 2, column 8: the tile there shares an edge" in line for line in lines)


def test_a_malformed_progress_is_a_one_line_error_with_its_place():
    puzzle = puzzle_of("small")
    with pytest.raises(InputError, match="mine.txt:2:3"):
        parse_progress(". . . . .\n. 0 . . .\n. . . . .\n. . . . .\n", "mine.txt", puzzle)
    with pytest.raises(InputError, match="the grid has 3 rows"):
        parse_progress(". . . . .\n. . . . .\n. . . . .\n", "mine.txt", puzzle)


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_hint_command_names_the_rule_and_cells(capsys):
    code, out, _ = run(capsys, "hint", EXAMPLES / "number-cross-example.txt")
    assert code == 0 and out.startswith("number-cross-example: the next cell, in")
    assert "[clue digits] Row 5, column 5 ends a number of row 5 ('multiple of 2025'): it holds 5." in out


def test_hint_all_prints_the_diary_and_the_grade(capsys):
    code, out, _ = run(capsys, "hint", EXAMPLES / "number-cross-example.txt", "--all")
    lines = out.splitlines()
    assert code == 0 and "a solving diary" in lines[0] and lines[-1].startswith("Difficulty: ")


def test_hint_progress_that_leaves_the_solution_exits_wrong(capsys, tmp_path):
    grid = parse_solution((EXAMPLES / "number-cross-5.solution.txt").read_text())
    text = progress_text(grid, 1).replace("X 3 4", "X 3 5", 1)
    (tmp_path / "mine.txt").write_text(text)
    code, out, _ = run(capsys, "hint", EXAMPLES / "number-cross-5.txt", "--progress", tmp_path / "mine.txt")
    assert code == EXIT_WRONG and "row 1, column 3: the 5 there does not lead to the solution" in out


def test_solve_grade_reports_the_difficulty(capsys):
    code, out, _ = run(capsys, "solve", EXAMPLES / "number-cross-example.txt", "--json", "--grade")
    assert code == 0
    grade = json.loads(out)["difficulty"]
    assert grade["solved"] and grade["open_cells"] == 0 and grade["word"] == "hard"


def test_build_writes_the_diary_as_hints_pdf(capsys, tmp_path):
    code, out, _ = run(capsys, "build", EXAMPLES / "number-cross-example.txt", "-o", tmp_path, "--only", "hints.pdf")
    assert code == 0 and (tmp_path / "hints.pdf").read_bytes().startswith(b"%PDF")
    pages = label_texts(diary_document("number-cross-example", diary(puzzle_of("number-cross-example")), "a4"))
    words = " ".join(text for page in pages for text in page)
    assert "[row candidates]" in words and "Solved: every cell holds its digit or tile." in words


def test_a_grid_of_a_thousand_one_cell_regions_gets_a_diary_with_bounded_work():
    corpus = ROOT / "tests" / "hostile" / "numbercross"  # rows of 7,769 tile layouts each
    found = diary(parse_number_cross((corpus / "cells-42x24.txt").read_text(), "cells"))
    assert not found.grade.solved and found.grade.open_cells == 42 * 24 and found.end.startswith("Deductions run out")


def planted(seed: int):
    """A random small puzzle with clues its planted grid keeps (one or two per row), so it has
    that grid and maybe others: the deductions must keep all of them."""
    rng = random.Random(seed)
    made = None
    while made is None:  # the planter gives up on some draws
        made = plant(5, 5, rng) if seed % 2 else plant(4, 6, rng)
    puzzle, grid = made
    values: list[list[int]] = [[] for _ in grid]
    for placed in numbers(grid):
        values[placed.row].append(placed.value)
    clues = []
    for row in values:
        pool = true_conditions(row) + [Condition(w) for w in ("odd", "even", "palindrome")
                                       if row and all(Condition(w).holds(v) for v in row)]
        clues.append(Clue(tuple(rng.sample(pool, min(len(pool), rng.choice((1, 2)))))))
    return NumberCross(puzzle.rows, puzzle.cols, puzzle.regions, puzzle.highlighted, tuple(clues), f"planted-{seed}")


@pytest.mark.parametrize("seed", [5, 7, 13, 35, 39])
def test_every_step_keeps_every_grid_of_random_planted_puzzles(seed):
    puzzle = planted(seed)
    solutions = completed(puzzle, 40)
    count = 0
    for step, then in steps(puzzle, start(puzzle, {})):
        assert all(keeps(then, grid, digits) for grid, digits in solutions), f"step {count + 1}: {step.text}"
        count += 1
    assert count > 0
