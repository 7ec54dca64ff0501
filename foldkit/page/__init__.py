"""index.html for a build folder: one self-contained page per kind that shows the solution
interactively (the fold in 3D, a packing's assembly, a grid to solve) and links to the other
files of the folder. A page inlines its scripts, style and data and makes no network request.

The 3D view is our own small canvas renderer (assets/view3d.js), not a library: the panels and
cubes it draws are few flat quads, so painting them back to front is enough and works without
WebGL.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

PageMaker = Callable[[Any, Any, tuple[str, ...]], bytes]  # (subject, build options, links) -> the page


def with_page(make: PageMaker, artifacts: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """A kind's artifacts with index.html added, made by ``make`` (given ``extra``, such as the
    kind's rules) and linking to the others by name."""
    links = tuple(artifacts)

    def index_html(subject: Any, options: Any) -> bytes:
        return make(subject, options, links, **extra)

    return {**artifacts, "index.html": index_html}
