"""index.html for a build folder: one self-contained page per kind that shows the solution
interactively (the fold in 3D, a packing's assembly, a grid to solve) and links to the other
files of the folder. A page inlines its scripts, style and data and makes no network request.

The 3D view is our own small canvas renderer (assets/view3d.js), not a library: the panels and
cubes it draws are few flat quads, so painting them back to front is enough and works without
WebGL.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from foldkit.errors import FoldkitError

PageMaker = Callable[[Any, Any, tuple[str, ...]], bytes]  # (subject, build options, links) -> the page
Artifact = TypeVar("Artifact")  # a kind's maker (foldkit.kinds.base.Maker), as the kind declares it


@dataclass(frozen=True)
class Linking:
    """A maker of a page that links to the other files of its build folder: ``make`` (subject,
    build options, their names) -> bytes, and ``others`` (subject, build options) -> the names of
    the files a whole build writes beside it, in order. A build makes it last, linking only the
    files its folder will hold (``present``); called as a plain maker, it links every one."""

    make: Callable[[Any, Any, list[str]], bytes]
    others: Callable[[Any, Any], list[str]]

    def __call__(self, subject: Any, options: Any, present: Collection[str] | None = None) -> bytes:
        others = self.others(subject, options)
        return self.make(subject, options, [name for name in others if present is None or name in present])


def with_page(make: PageMaker, artifacts: Mapping[str, Artifact], **extra: Any) -> dict[str, Artifact | Linking]:
    """A kind's artifacts with index.html added, made by ``make`` (given ``extra``, such as the
    kind's rules) and linking to those of the files the others write that the build folder holds."""

    def others(subject: Any, options: Any) -> list[str]:
        written = (_files_written(artifact, maker, subject, options) for artifact, maker in artifacts.items())
        return [name for names in written for name in names if name != "index.html"]

    def index_html(subject: Any, options: Any, links: list[str]) -> bytes:
        return make(subject, options, tuple(links), **extra)

    return {**artifacts, "index.html": Linking(index_html, others)}


def _files_written(artifact: str, maker: Any, subject: Any, options: Any) -> list[str]:
    """The names of the files an artifact's maker writes for this subject: its own name, or for a
    maker of several files (foldkit.kinds.base.Files) the names it gives, none if it would refuse."""
    names = getattr(maker, "names", None)
    if names is None:
        return [artifact]
    try:
        return list(names(subject, options))
    except FoldkitError:
        return []
