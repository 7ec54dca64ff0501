"""A certificate that boxes share no net within a grid: the question's SAT formula
(``solver.nets.sat``) and CaDiCaL's DRAT proof that it has no model, checked by ``solver.drat``.

What a valid certificate proves: no polyomino of area A that fits in a rows x cols grid (turned or
not) folds along grid lines onto each of the boxes, covering each surface exactly once and keeping
every grid adjacency on the box. With rows x cols at least ``sat.full_grid(A)`` that is every
polyomino of area A. What it trusts: the encoding (``sat.encode``, re-derived from the boxes and
the grid when checked, never read from the certificate) and the checker (``solver.drat``); not
the solver that found the proof.

When the question has an answer instead, the net found is checked by foldkit's folding search on
every box before it is given: a "some" needs no other certificate than the net itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver import drat
from solver.folding import foldings
from solver.grid import Layout
from solver.nets.sat import ENCODING, Question, encode, net_of

SCHEMA = "foldkit.nets-certificate/1"


@dataclass(frozen=True)
class Answer:
    """A net found (``net``), or none: then ``formula`` (DIMACS) and ``proof`` (text DRAT) refute it."""

    question: Question
    net: Layout | None
    formula: str = ""
    proof: str = ""


def answer(question: Question) -> Answer:
    """Decide the question with CaDiCaL 1.5.3 (python-sat), keeping its DRAT proof when there is no net."""
    from pysat.solvers import Cadical153

    formula = encode(question)
    with Cadical153(bootstrap_with=formula.clauses, with_proof=True) as solver:
        if solver.solve():
            net = net_of(formula, solver.get_model())
            missed = [box for box in question.boxes if not foldings(net, box)]
            if missed:  # the encoding and the folding search disagree: a bug, never an answer
                raise AssertionError(f"the SAT model's net does not fold onto {missed}")
            return Answer(question, net)
        return Answer(question, None, formula.dimacs(), "\n".join(solver.get_proof()) + "\n")


def record(question: Question) -> dict:
    """The question as a certificate states it (the JSON beside the formula and the proof)."""
    return {"schema": SCHEMA, "encoding": ENCODING, "boxes": [list(box) for box in question.boxes],
            "rows": question.rows, "cols": question.cols, "proves": question.statement("no")}


def check(question: Question, formula: str, proof: str) -> drat.Verdict:
    """Whether the proof refutes the question's formula, re-derived here: a formula that is not the
    question's is refused whatever the proof says."""
    if formula != encode(question).dimacs():
        return drat.Verdict(False, "the formula is not the encoding of the boxes and grid stated", 0, 0, 0)
    variables, clauses = drat.read_cnf(formula)
    try:
        return drat.check(variables, clauses, drat.read_proof(proof))
    except drat.ProofError as error:
        return drat.Verdict(False, f"the proof cannot be read: {error}", 0, 0, 0)
