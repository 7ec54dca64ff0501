"""`foldkit nets BOX ... --pick N`: net N of the list, built as a net file is (``foldkit build
--net``: template, animation, model, STL files, page, and for a net common to two boxes the two-way
artifacts of foldkit.kinds.net.two_way), plus ``net.txt`` to build it again.

The net's own artifacts show its first folding onto the first box named; the two-way artifacts
add its first folding onto the second.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from foldkit.errors import EXIT_BAD_INPUT, FoldkitError
from foldkit.fold.subject import Subject
from foldkit.fold.two_way import TwoWay
from foldkit.kinds.base import Invocation, Maker
from foldkit.kinds.folds import FoldBuildOptions, Folded
from foldkit.kinds.net.nets import box_name, picture
from foldkit.kinds.net.pages import index_page
from foldkit.page import with_page
from solver.nets import NetsResult
from solver.text import counted


@dataclass(frozen=True)
class PickedNet(Folded):
    """A net picked from a list, as the net kind's makers take it (``fold``, ``number``, ``count``:
    its folding onto the first box, which of how many foldings), with its folding onto the second
    box named, if any."""

    fold: Subject
    number: int
    count: int
    text: str  # the net file: rows of '#' and '.'
    two_way: TwoWay | None


def pick_name(result: NetsResult, number: int) -> str:
    """'1x1x1-net-3', '1x1x5-1x2x3-net-7': the build folder's name."""
    return "-".join(box_name(box) for box in result.boxes) + f"-net-{number}"


def picked_net(call: Invocation, result: NetsResult, number: int) -> PickedNet:
    """Net ``number`` (1-based) of the result, solved as a net file by the net kind."""
    if not 1 <= number <= len(result.nets):
        raise FoldkitError(f"nets: --pick {number} is out of range: there are "
                           f"{counted(len(result.nets), 'net')} listed", EXIT_BAD_INPUT)
    name, cells = pick_name(result, number), result.nets[number - 1]
    defaults: Any = call.kind.solve_options  # the net kind's solve options: folding 1, chosen below
    report = call.kind.solve((name, cells), defaults())
    ordered = [folding.box for folding in report.every]  # foldings over every box, in the order --folding counts
    chosen = call.kind.subject(replace(report, chosen=ordered.index(result.boxes[0]) + 1), call.build_options)
    two_way = None
    if len(result.boxes) > 1:
        others = [Subject(name, report.foldings[box][0], labels={}) for box in result.boxes[1:3]]
        two_way = TwoWay(name, chosen.fold, *others)
    return PickedNet(chosen.fold, chosen.number, chosen.count, "\n".join(picture(cells)) + "\n", two_way)


def picked_makers(call: Invocation, picked: PickedNet) -> dict[str, Maker]:
    """What a build of the picked net makes: the net kind's artifacts (with the two-way ones for a
    net of two boxes) and net.txt; the page links them all."""
    own = {name: make for name, make in call.kind.artifacts.items() if name != "index.html"}
    return with_page(index_page, {**own, "net.txt": net_txt})


def run_pick(call: Invocation, result: NetsResult, number: int) -> int:
    """Build net ``number`` of the result into the folder --output names (default outputs/<name>)."""
    picked = picked_net(call, result, number)
    boxes = " and ".join(box_name(box) for box in result.boxes)
    print(f"{picked.fold.name}: net {number} of the {len(result.nets)} listed for {boxes}")
    return call.build(picked_makers(call, picked), picked, picked.fold.name, picked.text)


# ---------------------------------------------------------------------------------------------
# Makers (each imports what draws or renders inside itself: see foldkit.kinds.folds)


def net_txt(picked: PickedNet, options: FoldBuildOptions) -> bytes:
    return picked.text.encode()


