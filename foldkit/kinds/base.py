"""What a puzzle kind supplies to foldkit: recognise, parse, solve, report, artifacts.

A kind is one module in ``foldkit/kinds/`` defining ``KIND``; the registry
(``foldkit.kinds.KINDS``) lists them. The command line knows nothing else about a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from foldkit.errors import EXIT_AMBIGUOUS, EXIT_NO_SOLUTION, EXIT_UNFINISHED, FoldkitError
from foldkit.progress import Progress


@dataclass(frozen=True)
class SolveOptions:
    """How hard to look: a limit on what is listed, every solution or the first, a seed."""

    limit: int | None = None  # None: the kind's own default
    every: bool = False  # count every solution (packing's --all)
    seed: int | None = None


@dataclass(frozen=True)
class BuildOptions:
    """Options of the artifacts; each maker reads the ones that concern it."""

    paper: str = "a4"  # a4 | letter | a3
    print_cell_mm: float = 10.0  # Shut the Box: a cell of the printed box and net
    wall_mm: float | None = None  # Shut the Box: hollow box wall
    numbers: bool = True  # Shut the Box: numbers on the box
    bed_mm: tuple[float, float] = (250.0, 210.0)  # Shut the Box: the printer's bed that net.stl must fit
    lid: bool = False  # Shut the Box: box.stl as a hollow tray and lid (clearance_mm between them)
    gif_size: tuple[int, int] = (640, 480)  # fold.gif: width and height in pixels
    gif_fps: int = 20  # fold.gif: frames per second
    cube_mm: float = 15.0  # packing: edge of one unit cube of a printed piece
    clearance_mm: float = 0.15  # packing: taken off each side of a piece; Shut the Box --lid: lid to tray
    progress: Progress | None = None


@dataclass(frozen=True)
class Outcome:
    """What a solve came to: the exit code and a one-line summary for the terminal."""

    code: int  # 0 solved (unique), EXIT_NO_SOLUTION, EXIT_AMBIGUOUS or EXIT_UNFINISHED
    summary: str

    @property
    def solved(self) -> bool:
        return self.code == 0


def sole_solution(report: Any, verdict: Outcome, what: str) -> Any:
    """The one solution of a report (``report.solutions[0]``) when its outcome is solved, else a
    FoldkitError with the outcome's exit code: there is no ``what`` to make."""
    if not verdict.solved:
        raise FoldkitError(f"no {what}: {verdict.summary}", verdict.code)
    return report.solutions[0]


Maker = Callable[[Any, BuildOptions], bytes | Mapping[str, bytes]]  # (subject, options) -> one file's bytes, or files


@dataclass(frozen=True)
class Kind:
    """One puzzle kind, as the command line sees it."""

    name: str  # the word that starts its files' header line ("packing"); "shutbox" has none
    title: str  # "Number Cross"
    recognise: Callable[[str], bool]  # the first word of the first non-comment line -> is it mine
    parse: Callable[[str, str, str], Any]  # (text, source, name) -> puzzle; raises InputError
    solve: Callable[[Any, SolveOptions], Any]  # (puzzle, options) -> report
    outcome: Callable[[Any], Outcome]  # report -> exit code and summary
    text: Callable[[Any], str]  # report -> the terminal text
    json: Callable[[Any], dict]  # report -> the documented JSON object
    artifacts: Mapping[str, Maker] = field(default_factory=dict)  # file name -> maker(subject, options)
    subject: Callable[[Any], Any] = lambda report: report  # what the makers take, made once per build
    show: Callable[[Any], None] | None = None  # subject -> opens a window


__all__ = ["EXIT_AMBIGUOUS", "EXIT_NO_SOLUTION", "EXIT_UNFINISHED", "BuildOptions", "Kind", "Maker", "Outcome",
           "Progress", "SolveOptions", "sole_solution"]
