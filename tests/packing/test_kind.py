"""The packing kind as foldkit sees it: outcome codes, the terminal text, the JSON and the artifacts."""

from __future__ import annotations

import json

import pytest

from foldkit.errors import EXIT_NO_SOLUTION, EXIT_UNFINISHED
from foldkit.kinds.packing import KIND
from foldkit.kinds.packing.report import legend, solution_json, solution_txt
from solver.packing import Placement, make_packing, packing_problem, parse_solution
from solver.text import InputError
from tests.conftest import EXAMPLES


def load(name: str):
    path = EXAMPLES / f"{name}.txt"
    return KIND.parse(path.read_text(), str(path), name)


def test_the_kind_knows_its_files():
    assert KIND.name == "packing" and KIND.recognise("packing") and not KIND.recognise("20")
    assert set(KIND.artifacts) == {"solution.txt", "solution.json", "assembly.pdf", "fold-steps.pdf", "assembly.gif",
                                   "assembly.glb", "pieces.stl", "pieces.3mf", "pieces-paper.pdf", "index.html",
                                   "hints.pdf"}
    with pytest.raises(InputError):
        KIND.parse("packing 0 1 1\npiece C: 0 0 0\n", "bad.txt", "bad")


def test_one_packing_of_the_y_pentacube():
    puzzle = load("y-pentacube")
    report = KIND.solve(puzzle, KIND.solve_options())
    outcome = KIND.outcome(report)
    assert outcome.code == 0 and outcome.summary == "packed: 25 pieces placed"
    text = KIND.text(report)
    assert text.startswith("y-pentacube: box 5x5x5, 25 pieces of 1 shape\n")
    assert "level 1\n" in text and "level 5\n" in text and "pieces by number: Y: 1-25" in text
    assert "Y x25: 5 cubes, 24 orientations, 960 placements" in text
    assert "every packing" not in text
    data = KIND.json(report)
    assert data["schema"] == "foldkit.packing/1" and data["box"] == [5, 5, 5]
    assert data["pieces"] == [{"name": "Y", "count": 25, "cubes": [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0],
                                                                    [1, 1, 0]], "orientations": 24, "placements": 960}]
    assert data["packings"] is None and data["classes"] is None and data["representatives"] is None
    assert [p["number"] for p in data["packing"]] == list(range(1, 26))
    assert json.loads(json.dumps(data)) == data


def test_artifacts_read_back_as_the_packing():
    puzzle = load("mixed-2x3x4")
    report = KIND.solve(puzzle, KIND.solve_options(seed=3))
    written = solution_txt(report).decode()
    assert written.startswith("# mixed-2x3x4: packed: 7 pieces placed\n")
    assert parse_solution(written, "solution.txt", puzzle) == report.packing
    data = json.loads(solution_json(report))
    assert data == KIND.json(report)


def test_every_packing_with_classes_in_the_json():
    puzzle = load("soma")
    report = KIND.solve(puzzle, KIND.solve_options(every=True))
    assert KIND.outcome(report).summary == "11,520 packings, 240 classes under the box's 48 symmetries"
    assert "every packing: 11,520; classes under the box's 48 symmetries: 240" in KIND.text(report)
    data = KIND.json(report)
    assert (data["packings"], data["classes"], data["symmetries"]) == (11520, 240, 48)
    assert len(data["representatives"]) == 240
    first = make_packing(Placement(p["piece"], frozenset(map(tuple, p["cubes"]))) for p in data["representatives"][0])
    assert packing_problem(puzzle, first) is None


@pytest.mark.parametrize(("text", "summary"), [
    ("packing 3 3 1\npiece V x3: 0 0 0, 1 0 0, 0 1 0\n", "no packing: the search is complete"),
    ("packing 2 2 2\npiece V x2: 0 0 0, 1 0 0, 0 1 0\n", "no packing: the pieces' volume 6 differs from the box's 8"),
    ("packing 1 1 3\npiece V: 0 0 0, 1 0 0, 0 1 0\n", "no packing: piece V fits nowhere in the box"),
])
def test_no_packing_exits_1_and_says_why(text, summary):
    puzzle = KIND.parse(text, "t.txt", "t")
    for every in (False, True):
        report = KIND.solve(puzzle, KIND.solve_options(every=every))
        outcome = KIND.outcome(report)
        assert outcome.code == EXIT_NO_SOLUTION and outcome.summary == summary
        assert "level 1" not in KIND.text(report)
        assert KIND.json(report)["packing"] is None and KIND.json(report)["failure"]
        assert solution_txt(report).decode() == f"# t: {summary}\n"


def test_the_legend_shows_runs_of_numbers():
    report = KIND.solve(load("mixed-2x3x4"), KIND.solve_options())
    assert legend(report.packing).count(":") == 4


def test_a_limit_on_the_count_exits_4():
    report = KIND.solve(load("soma"), KIND.solve_options(every=True, limit=100))
    outcome = KIND.outcome(report)
    assert outcome.code == EXIT_UNFINISHED and outcome.summary.startswith("stopped at the limit: at least ")
    assert "every packing: at least " in KIND.text(report)
    assert KIND.outcome(KIND.solve(load("soma"), KIND.solve_options(every=True, limit=0))).code == 0
