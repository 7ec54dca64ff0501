"""What a command works on: a puzzle file of any kind (or the built-in puzzle), or a net file
with one of its foldings; solved, checked to have one solution, and made into the subject the
kind's makers take."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError


@dataclass(frozen=True)
class Solved:
    """A target ready for its makers."""

    name: str
    makers: Mapping[str, Any]  # file name -> maker(subject, options)
    subject: Any
    summary: str  # one line: the answer and how it was proven, or which folding of a net
    kind: Any = None  # the puzzle kind, None for a net


class Target:
    """What the arguments name: a puzzle file of any kind (or the built-in one), or a net file
    with one of its foldings; solved on demand, and made into the subject its makers take."""

    def __init__(self, puzzle: str | None, net: str | None = None, folding: int | None = None):
        self.puzzle, self.net, self.folding = puzzle, net, folding
        if net is not None and puzzle is not None:
            raise FoldkitError("give a puzzle file or --net FILE, not both", EXIT_BAD_INPUT)
        if net is None and folding is not None:
            raise FoldkitError("--folding chooses among the foldings of a net: use it with --net FILE",
                               EXIT_BAD_INPUT)

    def solved(self) -> Solved:
        """The target solved, or a FoldkitError if it has no unique solution to make things of."""
        if self.net is not None:
            from foldkit.kinds.net import NET_ARTIFACTS, net_folding

            net = net_folding(self.net, self.folding or 1)
            rest = net.count - 1
            others = f"; {rest} other folding{'s' if rest > 1 else ''}: --folding 1..{net.count}" if rest else ""
            summary = f"folding {net.number} of {net.count}{others}"
            return Solved(net.fold.name, NET_ARTIFACTS, net, summary)
        from foldkit.kinds import load
        from foldkit.kinds.base import SolveOptions

        loaded = load(self.puzzle)
        report = loaded.kind.solve(loaded.puzzle, SolveOptions())
        outcome = loaded.kind.outcome(report)
        if not outcome.solved:
            raise FoldkitError(f"{loaded.name}: {outcome.summary}", outcome.code)
        return Solved(loaded.name, loaded.kind.artifacts, loaded.kind.subject(report), outcome.summary, loaded.kind)

    def fold(self):
        """The fold Subject of the target, or a FoldkitError if the target does not fold."""
        solved = self.solved()
        if not hasattr(solved.subject, "fold"):
            raise FoldkitError(f"{solved.name}: this puzzle kind does not fold into a box; try 'foldkit build'",
                               EXIT_BAD_INPUT)
        return solved.subject.fold
