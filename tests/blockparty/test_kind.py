"""The block-party kind: exit codes, terminal text, JSON, and the files `foldkit build` writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.kinds.blockparty import KIND
from foldkit.kinds.blockparty.pages import sheet_title
from foldkit.kinds.blockparty.report import puzzle_grid_text
from solver.blockparty import BlockPartyReport, parse_grid, solution_problem
from solver.text import first_word

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DATA = ROOT / "tests" / "data" / "blockparty"


def solved(path: Path, options: object = None) -> BlockPartyReport:
    text, options = path.read_text(), options or KIND.solve_options()
    assert KIND.recognise(first_word(text))
    return KIND.solve(KIND.parse(text, str(path), None), options)


@pytest.fixture(scope="module")
def bp4() -> BlockPartyReport:
    return solved(EXAMPLES / "block-party-4.txt")


def test_kind_names():
    assert KIND.name == "block-party" and KIND.title == "Block Party"
    assert not KIND.recognise("number-cross") and not KIND.recognise("packing")
    assert set(KIND.artifacts) == {"solution.txt", "solution.json", "puzzle.pdf", "solution.pdf", "puzzle.svg",
                                   "solution.svg", "index.html", "hints.pdf"}


@pytest.mark.parametrize(("path", "code", "words"), [
    (EXAMPLES / "block-party-4.txt", 0, "unique solution, answer 24405360"),
    (EXAMPLES / "block-party-example.txt", 0, "unique solution, answer 430"),
    (DATA / "unique-3x3.txt", 0, "unique solution, answer 34"),
    (DATA / "ambiguous-3x3.txt", EXIT_AMBIGUOUS, "ambiguous: 2 solutions"),
    (DATA / "impossible-two-rows.txt", EXIT_NO_SOLUTION, "no solution: no filling keeps every rule"),
    (DATA / "impossible-close-givens.txt", EXIT_NO_SOLUTION, "closer than 3"),
])
def test_outcomes(path, code, words):
    outcome = KIND.outcome(solved(path))
    assert outcome.code == code
    assert words in outcome.summary


def test_limit_one_on_an_ambiguous_puzzle_is_still_ambiguous():
    outcome = KIND.outcome(solved(DATA / "ambiguous-3x3.txt", KIND.solve_options(limit=1)))
    assert outcome.code == EXIT_AMBIGUOUS and "at least 2 solutions" in outcome.summary


def test_a_report_that_stopped_early_is_unfinished(bp4):
    stopped = BlockPartyReport(bp4.puzzle, bp4.solutions, False, 1)
    assert KIND.outcome(stopped).code == EXIT_UNFINISHED


def test_text_shows_the_grid_with_borders_row_products_and_answer(bp4):
    text = KIND.text(bp4)
    lines = text.splitlines()
    assert "block-party-4: 10x10 grid, 23 regions, 14 givens" in lines[0]
    assert lines[3] == "+----+----+----+----+----+----+----+----+----+----+"
    assert lines[4].startswith("|  4 |  3    6    5 |  3    7 ") and lines[4].endswith("= 8164800")
    assert lines[-1] == "Answer (sum of the row products): 24405360"


def test_text_of_an_impossible_puzzle_shows_the_givens():
    text = KIND.text(solved(DATA / "impossible-close-givens.txt"))
    assert "no solution: the givens 3" in text
    assert "| 3   .   . |\n+---+---+---+\n| .   3   . |" in text


def test_text_of_an_ambiguous_puzzle_shows_each_solution():
    text = KIND.text(solved(DATA / "ambiguous-3x3.txt"))
    assert "Solution 1:" in text and "Solution 2:" in text and "Solution 3:" not in text


def test_grid_text_borders_follow_the_regions():
    report = solved(DATA / "unique-3x3.txt")
    picture = puzzle_grid_text(report.puzzle, dict(report.puzzle.givens))
    assert picture.splitlines() == [
        "+---+---+---+",
        "| . | . | . |",
        "+---+---+   +",
        "| .   .   . |",
        "+---+---+---+",
        "| .   .   . |",
        "+---+---+---+",
    ]


def test_json_follows_the_schema(bp4):
    data = json.loads(json.dumps(KIND.json(bp4)))
    assert data["schema"] == "foldkit.block-party/1"
    assert data["puzzle"]["rows"] == 10 and len(data["puzzle"]["regions"]) == 10
    assert {"cell": [0, 5], "number": 7} in data["puzzle"]["givens"]
    assert (data["solutions"], data["found"], data["complete"], data["unique"]) == (1, 1, True, True)
    assert data["answer"] == 24405360 and data["failure"] is None
    assert data["solution_list"][0]["row_products"][0] == 8164800
    assert data["grid"] == [list(row) for row in bp4.solutions[0]]


def test_json_of_an_impossible_puzzle():
    data = KIND.json(solved(DATA / "impossible-two-rows.txt"))
    assert data["answer"] is None and data["grid"] is None and data["failure"] == "no filling keeps every rule"


def test_solution_file_parses_back_to_a_checked_solution(bp4):
    text = KIND.artifacts["solution.txt"](bp4, KIND.build_options()).decode()
    assert text.startswith("# The unique solution of block-party-4. Answer: the sum of the row products = 24405360.")
    grid = parse_grid(text)
    assert grid == parse_grid((EXAMPLES / "block-party-4.solution.txt").read_text())
    assert solution_problem(bp4.puzzle, grid) is None


def test_solution_json_file(bp4):
    data = json.loads(KIND.artifacts["solution.json"](bp4, KIND.build_options()))
    assert data["answer"] == 24405360


@pytest.mark.parametrize(("path", "code"), [(DATA / "ambiguous-3x3.txt", EXIT_AMBIGUOUS),
                                            (DATA / "impossible-two-rows.txt", EXIT_NO_SOLUTION)])
def test_no_solution_sheet_without_a_unique_solution(path, code):
    report = solved(path)
    for name in ("solution.txt", "solution.pdf", "solution.svg"):
        with pytest.raises(FoldkitError) as caught:
            KIND.artifacts[name](report, KIND.build_options())
        assert caught.value.exit_code == code
    assert KIND.artifacts["puzzle.pdf"](report, KIND.build_options()).startswith(b"%PDF")


def test_sheets_are_pdf_and_svg_and_repeatable(bp4):
    for name in ("puzzle.pdf", "solution.pdf"):
        data = KIND.artifacts[name](bp4, KIND.build_options())
        assert data.startswith(b"%PDF") and data == KIND.artifacts[name](bp4, KIND.build_options())
    svg = KIND.artifacts["solution.svg"](bp4, KIND.build_options(paper="letter")).decode()
    assert svg.count("<text") == 100 + 10 + 4  # the numbers, the row products, title and footer lines
    assert 'width="215.9mm"' in svg


def test_sheet_titles():
    assert sheet_title("block-party-4") == "Block Party 4"
    assert sheet_title("mine") == "Block Party: mine"
