"""The main job: every artifact of one subject, written into one folder.

Every artifact is made as bytes first and then written whole (``write_artifact``), so a failure
never leaves a half-written file behind.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from foldkit.exchange import write_artifact
from foldkit.fold.subject import Subject


@dataclass(frozen=True)
class BuildOptions:
    cell_mm: float = 10.0
    wall_mm: float | None = None
    numbers: bool = True
    paper: str = "a4"
    progress: bool = False


Maker = Callable[[Subject, BuildOptions], bytes]


def _solution_text(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.kinds.shutbox_report import folding_text, report_text

    if subject.report is not None:
        return (report_text(subject.report) + "\n").encode()
    return (f"{subject.name}: a {len(subject.cells)}-cell net\n" + folding_text(subject.folding) + "\n").encode()


def _solution_json(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.kinds.shutbox_report import folding_json, report_json

    data = report_json(subject.report) if subject.report is not None else folding_json(None, subject.folding)
    return (json.dumps(data, indent=1) + "\n").encode()


def _box_stl(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.exchange.stl import box_stl

    return box_stl(subject, cell_mm=options.cell_mm, wall_mm=options.wall_mm, numbers=options.numbers)


def _net_stl(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.exchange.stl import net_stl

    return net_stl(subject, cell_mm=options.cell_mm)


def _glb(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.exchange.glb import fold_glb

    return fold_glb(subject)


def _gif(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.fold.animation import AnimationOptions, animation_bytes

    return animation_bytes(subject, ".gif", AnimationOptions(progress=options.progress))


def _template(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.paper.template import TemplateOptions, template_pdf

    return template_pdf(subject, TemplateOptions(paper=options.paper))


def _template_svg(subject: Subject, options: BuildOptions) -> bytes:
    from foldkit.paper.template import TemplateOptions, template_svg

    return template_svg(subject, TemplateOptions(paper=options.paper))


ARTIFACTS: dict[str, Maker] = {
    "solution.txt": _solution_text,
    "solution.json": _solution_json,
    "box.stl": _box_stl,
    "net.stl": _net_stl,
    "fold.glb": _glb,
    "fold.gif": _gif,
    "template.pdf": _template,
    "template.svg": _template_svg,
}


@dataclass(frozen=True)
class Written:
    path: Path
    size: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.path} ({self.size / 1024:.0f} KiB, {self.seconds:.1f} s)"


def build(subject: Subject, folder: Path, options: BuildOptions, only: list[str] | None = None) -> list[Written]:
    """Make every artifact in memory first, then write each whole; return what was written.

    Making all before writing any means a bad option (a wall too thick, say) that one maker
    refuses leaves the folder as it was, not half rebuilt."""
    made = []
    for name, make in ARTIFACTS.items():
        if only is None or name in only:
            start = time.perf_counter()
            made.append((name, make(subject, options), time.perf_counter() - start))
    return [Written(write_artifact(folder / name, data), len(data), seconds) for name, data, seconds in made]
