"""A DRAT proof checker, written apart from the SAT encoding and the solver it checks.

A DRAT proof of a CNF formula's unsatisfiability is a list of clauses added (lemmas) and deleted;
it is valid when each lemma is implied by the clauses before it through unit propagation alone
(RUP: setting every literal of the lemma false and propagating reaches a conflict), or failing
that is a resolution asymmetric tautology on its first literal l (RAT: for every clause D with
-l, the lemma together with D less -l is RUP), and the empty clause is derived.

The check is forward: clauses are kept with two watched literals each; literals the formula fixes
on its own (units and what they propagate) stay assigned between checks, and each check assigns
the lemma's negation on top and takes it back. A deletion takes the clause out of the watch lists,
except a clause that is the reason of a fixed literal, which stays (keeping a clause never makes a
RUP check wrong; drat-trim does the same with unit clauses). Deletions of clauses not present
are ignored, as drat-trim does, with a count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Clause = tuple[int, ...]


class ProofError(ValueError):
    """A formula or proof that cannot be read: what is wrong and on which line (1-based)."""


@dataclass(frozen=True)
class Verdict:
    """What the check found: ``valid`` True when the proof refutes the formula."""

    valid: bool
    reason: str
    lemmas: int  # lemmas checked
    deletions: int  # deletions applied
    ignored_deletions: int  # deletions of clauses not present


def read_cnf(text: str) -> tuple[int, list[Clause]]:
    """(the variable count, the clauses) of DIMACS CNF text; a ProofError if its header's counts
    do not match what follows, or a line is not a clause."""
    header: tuple[int, int] | None = None
    clauses: list[Clause] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            if header is not None or len(words) != 4 or words[1] != "cnf":
                raise ProofError(f"line {number}: expected one header 'p cnf VARIABLES CLAUSES'")
            header = (_integer(words[2], number), _integer(words[3], number))
            continue
        if header is None:
            raise ProofError(f"line {number}: a clause before the header 'p cnf VARIABLES CLAUSES'")
        clause = _clause(words, number)
        if any(abs(x) > header[0] for x in clause):
            raise ProofError(f"line {number}: a variable past the header's {header[0]}")
        clauses.append(clause)
    if header is None or len(clauses) != header[1]:
        raise ProofError(f"the header promises {header[1] if header else 'no'} clauses, and {len(clauses)} follow")
    return header[0], clauses


def read_proof(text: str) -> Iterator[tuple[bool, Clause]]:
    """(deleted, clause) for each line of a text DRAT proof ('d 1 -2 0' deletes, '1 -2 0' adds)."""
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        deleted = words[0] == "d"
        yield deleted, _clause(words[1:] if deleted else words, number)


def _integer(word: str, number: int) -> int:
    if not word.lstrip("-").isdigit() or not word.isascii():
        raise ProofError(f"line {number}: {word!r} is not a whole number")
    return int(word)


def _clause(words: list[str], number: int) -> Clause:
    if not words or words[-1] != "0":
        raise ProofError(f"line {number}: a clause ends with 0")
    literals = tuple(_integer(w, number) for w in words[:-1])
    if 0 in literals:
        raise ProofError(f"line {number}: a 0 inside a clause")
    return literals


class _Checker:
    """The clauses, their watches, and the literals fixed at the top level."""

    def __init__(self, variables: int):
        self.value: dict[int, int] = {}  # per literal assigned: 1 true, -1 false (a dict: the inner loop's lookup)
        self.reason: dict[int, int] = {}  # per variable fixed at the top: its clause
        self.trail: list[int] = []  # literals assigned, in order
        self.clauses: list[list[int] | None] = []  # by id; None once deleted
        self.ids: dict[Clause, list[int]] = {}  # sorted literals -> live ids
        self.watches: dict[int, list[int]] = {}  # literal -> ids of clauses watching it
        self.inconsistent = False  # the top level has a conflict: every lemma is implied

    def lit_value(self, lit: int) -> int:
        return self.value.get(lit, 0)

    def assign(self, lit: int, reason: int) -> None:
        self.value[lit], self.value[-lit] = 1, -1
        if reason >= 0:
            self.reason[abs(lit)] = reason
        self.trail.append(lit)

    def unassign(self, lit: int) -> None:
        del self.value[lit], self.value[-lit]
        self.reason.pop(abs(lit), None)

    def add(self, clause: Clause) -> None:
        """Add a clause at the top level, watching two literals that are not false where it can."""
        literals = sorted(set(clause), key=lambda x: self.lit_value(x) < 0)  # non-false first
        cid = len(self.clauses)
        self.clauses.append(literals)
        self.ids.setdefault(tuple(sorted(set(clause))), []).append(cid)
        if self.inconsistent:
            return
        if not literals or self.lit_value(literals[0]) < 0:
            self.inconsistent = True
            return
        for lit in literals[:2]:
            self.watches.setdefault(lit, []).append(cid)
        if (len(literals) == 1 or self.lit_value(literals[1]) < 0) and self.lit_value(literals[0]) == 0:
            self.assign(literals[0], cid)
            if not self.propagate(len(self.trail) - 1):
                self.inconsistent = True

    def delete(self, clause: Clause) -> bool:
        """Take a live copy of the clause out, unless it is a fixed literal's reason; False if absent."""
        found = self.ids.get(tuple(sorted(set(clause))))
        if not found:
            return False
        cid = found[-1]
        literals = self.clauses[cid]
        assert literals is not None
        if any(self.reason.get(abs(x)) == cid for x in literals):
            return True  # kept: a fixed literal stands on it
        found.pop()
        self.clauses[cid] = None
        for lit in literals[:2]:
            self.watches[lit].remove(cid)
        return True

    def propagate(self, start: int) -> bool:
        """Unit propagation of the trail from position start on; False at a conflict."""
        head, value = start, self.value.get
        while head < len(self.trail):
            false = -self.trail[head]
            head += 1
            watching = self.watches.get(false, [])
            keep = []
            for i, cid in enumerate(watching):
                literals = self.clauses[cid]
                assert literals is not None
                if literals[0] == false:
                    literals[0], literals[1] = literals[1], literals[0]
                other = literals[0]
                if value(other, 0) > 0:
                    keep.append(cid)
                    continue
                moved = next((k for k in range(2, len(literals)) if value(literals[k], 0) >= 0), None)
                if moved is not None:
                    literals[1], literals[moved] = literals[moved], literals[1]
                    self.watches.setdefault(literals[1], []).append(cid)
                    continue
                keep.append(cid)
                if value(other, 0) < 0:
                    self.watches[false] = keep + watching[i + 1:]
                    return False
                self.assign(other, cid)
            self.watches[false] = keep
        return True

    def rup(self, lemma: Iterable[int]) -> bool:
        """True if setting every literal of the lemma false and propagating reaches a conflict."""
        if self.inconsistent:
            return True
        mark = len(self.trail)
        try:
            for lit in lemma:
                value = self.lit_value(lit)
                if value > 0:
                    return True
                if value == 0:
                    self.assign(-lit, -1)
            return not self.propagate(mark)
        finally:
            for lit in self.trail[mark:]:
                self.unassign(lit)
            del self.trail[mark:]

    def rat(self, lemma: Clause) -> bool:
        """True if the lemma is a resolution asymmetric tautology on its first literal."""
        if not lemma:
            return False
        pivot = lemma[0]
        return all(self.rup(lemma + tuple(x for x in other if x != -pivot))
                   for other in self.clauses if other is not None and -pivot in other)


def check(variables: int, formula: list[Clause], proof: Iterable[tuple[bool, Clause]]) -> Verdict:
    """Check a DRAT proof (deleted, clause) steps against the formula: valid when every lemma is RUP
    or RAT and the empty clause is derived (or the formula's units already conflict)."""
    checker = _Checker(variables)
    for clause in formula:
        checker.add(clause)
    lemmas = deletions = ignored = 0
    for number, (deleted, clause) in enumerate(proof, 1):
        if deleted:
            if checker.delete(clause):
                deletions += 1
            else:
                ignored += 1
            continue
        lemmas += 1
        if not (checker.rup(clause) or checker.rat(clause)):
            return Verdict(False, f"step {number}: the lemma {' '.join(map(str, clause)) or '(empty)'} is neither "
                           "RUP nor RAT", lemmas, deletions, ignored)
        if not clause:
            return Verdict(True, "the empty clause is derived", lemmas, deletions, ignored)
        checker.add(clause)
    if checker.inconsistent:
        return Verdict(True, "the clauses derived conflict by unit propagation", lemmas, deletions, ignored)
    return Verdict(False, "the proof ends without deriving the empty clause", lemmas, deletions, ignored)
