"""The SAT route to common nets (solver.nets.sat) and its certificate of "none" (solver.nets.certificate,
checked by solver.drat): models are real nets by foldkit's folding search, model counts on small grids
agree with the enumeration, a "none" is certified and checked, and tampering is caught."""

from __future__ import annotations

import json

import pytest

from foldkit.cli import main
from solver.folding import foldings
from solver.nets import find_nets
from solver.nets.certificate import answer, check
from solver.nets.sat import Question, blocking_clause, encode, net_of
from solver.polyomino import canonical, transformed

NONE_22 = Question(((1, 1, 5), (1, 2, 3)), 3, 8)  # the smallest common nets of area 22 are 5 x 7 (enumeration)


def fits(net, rows: int, cols: int) -> bool:
    height, width = max(r for r, _ in net) + 1, max(c for _, c in net) + 1
    return (height <= rows and width <= cols) or (height <= cols and width <= rows)


def sat_nets(question: Question, most: int = 0) -> set:
    """Every net the formula's models describe (canonical images; the first `most` of them, 0: all), each checked
    by the folding search."""
    from pysat.solvers import Cadical195

    formula, found = encode(question), set()
    with Cadical195(bootstrap_with=formula.clauses) as solver:
        while (not most or len(found) < most) and solver.solve():
            model = solver.get_model()
            net = net_of(formula, model)
            assert all(foldings(net, box) for box in question.boxes), net
            found.add(canonical(net))
            solver.add_clause(blocking_clause(formula, model))
    return found


@pytest.mark.parametrize("box, rows, cols", [((1, 1, 1), 3, 5), ((1, 1, 1), 4, 4)])
def test_the_models_on_a_small_grid_are_the_enumerations_nets_that_fit_it(box, rows, cols):
    listed = {canonical(net) for net in find_nets([box]).nets if fits(net, rows, cols)}
    assert listed and sat_nets(Question((box,), rows, cols)) == listed


def admits(question: Question, net) -> bool:
    """Whether the formula has a model whose net is this one, in one of its eight images set at the grid's
    corner (the formula breaks the symmetries, so it keeps some of them): a solve with every cell fixed."""
    from pysat.solvers import Cadical195

    formula = encode(question)
    with Cadical195(bootstrap_with=formula.clauses) as solver:
        for k in range(8):
            image = set(transformed(net, k))
            if not fits(image, question.rows, question.cols) or max(r for r, _ in image) >= question.rows:
                continue
            cells = [int(formula.in_net[r, c]) * (1 if (r, c) in image else -1)
                     for r in range(question.rows) for c in range(question.cols)]
            if solver.solve(assumptions=cells):
                return True
    return False


@pytest.mark.slow  # about 20 CPU-s: the five common nets of area 22 that fit 5 x 7, each a model of the formula
def test_every_common_net_of_area_22_in_5_by_7_is_a_model_and_the_models_are_real_nets():
    """Both ways, without asking the solver for the last "no more" (over 100 CPU-s on such grids): each of the
    enumeration's five nets is a model, and the first models the solver gives are among them."""
    question = Question(((1, 1, 5), (1, 2, 3)), 5, 7)
    listed = {canonical(net) for net in find_nets(list(question.boxes)).nets if fits(net, 5, 7)}
    assert len(listed) == 5 and all(admits(question, net) for net in listed)
    assert sat_nets(question, most=2) <= listed


@pytest.fixture(scope="module")
def none_22():
    found = answer(NONE_22)
    assert found.net is None and found.proof.splitlines()[-1] == "0"
    return found


def test_a_grid_too_small_for_any_common_net_is_certified_and_the_certificate_checks(none_22):
    assert not [net for net in find_nets([(1, 1, 5), (1, 2, 3)]).nets if fits(net, 3, 8)]
    verdict = check(NONE_22, none_22.formula, none_22.proof)
    assert verdict.valid and verdict.lemmas > 100


def test_a_proof_without_its_lemmas_or_with_a_lemma_turned_over_is_refused(none_22):
    assert not check(NONE_22, none_22.formula, "0\n").valid
    lines = none_22.proof.splitlines()
    first = next(i for i, line in enumerate(lines) if not line.startswith("d"))
    lines[first] = " ".join(str(-int(x)) for x in lines[first].split()[:-1]) + " 0"
    verdict = check(NONE_22, none_22.formula, "\n".join(lines))
    assert not verdict.valid and "neither RUP nor RAT" in verdict.reason


def test_a_formula_that_is_not_the_questions_is_refused_whatever_the_proof(none_22):
    lines = none_22.formula.splitlines()
    dropped = "\n".join(lines[:5] + lines[6:]) + "\n"
    assert "not the encoding" in check(NONE_22, dropped, none_22.proof).reason
    other = Question(NONE_22.boxes, 3, 9)
    assert not check(other, none_22.formula, none_22.proof).valid


def test_nets_certify_writes_a_certificate_that_check_certificate_accepts_and_a_changed_one_it_refuses(tmp_path,
                                                                                                      capsys):
    folder = tmp_path / "cert"
    assert main(["nets", "1x1x5", "1x2x3", "--certify", str(folder), "--grid", "3x8"]) == 1
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == [
        "formula.cnf", "proof.drat", "question.json"]
    question = json.loads((folder / "question.json").read_text())
    assert question["proves"].startswith("no polyomino of area 22 that fits in a 3 x 8 grid")
    assert main(["check-certificate", str(folder)]) == 0
    (folder / "proof.drat").write_text("0\n")
    assert main(["check-certificate", str(folder)]) == 6
    assert "not a valid certificate" in capsys.readouterr().out
