"""Number Cross as a foldkit kind: outcome codes, terminal text, JSON, solution files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.kinds.numbercross import KIND
from foldkit.kinds.numbercross.report import SCHEMA
from solver.numbercross import parse_solution, solution_problem

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE, DATA = ROOT / "examples" / "number-cross-example.txt", ROOT / "tests" / "data" / "numbercross"


def solved(path: Path, limit: int | None = None):
    puzzle = KIND.parse(path.read_text(), str(path), path.stem)
    return KIND.solve(puzzle, KIND.solve_options(limit=limit))


def test_the_kind_recognises_its_header_word():
    assert KIND.recognise("number-cross") and not KIND.recognise("block-party")
    assert KIND.name == "number-cross" and KIND.title == "Number Cross"


def test_outcome_codes():
    assert KIND.outcome(solved(EXAMPLE)).code == 0
    assert KIND.outcome(solved(DATA / "impossible-2x3.txt")).code == EXIT_NO_SOLUTION
    assert KIND.outcome(solved(DATA / "ambiguous-3x3.txt")).code == EXIT_AMBIGUOUS
    assert KIND.outcome(solved(DATA / "ambiguous-3x3.txt", limit=1)).code == EXIT_AMBIGUOUS


def test_unfinished_when_the_search_stopped_without_a_verdict():
    from dataclasses import replace

    report = replace(solved(EXAMPLE), complete=False)
    assert KIND.outcome(report).code == EXIT_UNFINISHED


def test_text_shows_the_grid_with_borders_tiles_numbers_and_answer():
    text = KIND.text(solved(EXAMPLE))
    assert "unique completed grid, 7 numbers, answer 107639" in text
    assert "+---+" in text and "|" in text and "\u2588" in text
    assert "multiple of 2025" in text
    assert "row 5: 99225 (columns 1-5)" in text and text.rstrip().endswith("Answer: 107639")


def test_text_of_an_ambiguous_puzzle_shows_every_grid():
    text = KIND.text(solved(DATA / "ambiguous-3x3.txt"))
    assert "ambiguous: 3 completed grids" in text
    assert all(f"Completed grid {i}:" in text for i in (1, 2, 3))


def test_text_of_an_impossible_puzzle_gives_the_reason():
    assert "no completed grid keeps every rule" in KIND.text(solved(DATA / "impossible-2x3.txt"))


def test_json_follows_the_schema():
    data = KIND.json(solved(EXAMPLE))
    assert data["schema"] == SCHEMA
    assert data["unique"] and data["complete"] and data["solutions"] == 1 and not data["more"]
    assert data["answer"] == 107639
    assert data["grid"][0] == [5, 5, None, 8, 8]
    assert [0, 2] in data["tiles"]
    assert data["numbers"][0] == {"value": 55, "row": 0, "cols": [0, 1]}
    assert data["puzzle"]["clues"][4] == "multiple of 2025"
    assert json.loads(json.dumps(data)) == data


def test_json_of_an_ambiguous_puzzle_lists_each_grid():
    data = KIND.json(solved(DATA / "ambiguous-3x3.txt"))
    assert data["solutions"] == 3 and not data["unique"]
    assert sorted(item["answer"] for item in data["solution_list"]) == [136, 176, 204]


def test_the_solution_files():
    report = solved(EXAMPLE)
    text = KIND.artifacts["solution.txt"](report, KIND.build_options()).decode()
    assert "107639" in text
    assert solution_problem(report.puzzle, parse_solution(text)) is None
    data = json.loads(KIND.artifacts["solution.json"](report, KIND.build_options()))
    assert data["answer"] == 107639


def test_no_solution_file_without_exactly_one_grid():
    with pytest.raises(FoldkitError) as error:
        KIND.artifacts["solution.txt"](solved(DATA / "ambiguous-2x3.txt"), KIND.build_options())
    assert error.value.exit_code == EXIT_AMBIGUOUS


def test_every_lists_all_grids_past_the_limit():
    puzzle = KIND.parse((DATA / "ambiguous-3x3.txt").read_text(), "a.txt", "a")
    assert len(KIND.solve(puzzle, KIND.solve_options(limit=1, every=True)).solutions) == 3
