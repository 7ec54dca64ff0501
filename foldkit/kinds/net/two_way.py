"""The two-way artifacts of a net that folds into two boxes (``foldkit build --net`` and ``foldkit
nets ... --pick``): the template with both crease sets (``two-way.pdf``, ``two-way.svg``), and the
film and model that fold the same paper into the first box, unfold it, and fold it into the second
(``two-way.gif``, ``two-way.glb``). The subject is a net's folding that names its ``two_way``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from foldkit.exchange.pdf import drawing_pdf
from foldkit.exchange.svg import drawing_svg
from foldkit.fold.two_way import TwoWay
from foldkit.kinds.base import lazy_module
from foldkit.kinds.folds import FoldBuildOptions
from foldkit.paper.fold_steps import fold_steps_document, two_way_steps_document
from foldkit.paper.two_way_sheet import two_way_template

if TYPE_CHECKING:
    from foldkit.fold import two_way_film, two_way_gltf
else:  # pyvista and trimesh: loaded when the film or the model is made
    two_way_film = lazy_module("foldkit.fold.two_way_film")
    two_way_gltf = lazy_module("foldkit.fold.two_way_gltf")

TWO_WAY_FOLD_SECONDS = 4.0  # each fold of the two-way film


def _two_way(net: Any) -> TwoWay:
    assert net.two_way is not None, "the two-way makers are only asked for a net of two boxes"
    return net.two_way


def two_way_pdf(net: Any, options: FoldBuildOptions) -> bytes:
    return drawing_pdf(two_way_template(_two_way(net), options.paper))


def fold_steps_pdf(net: Any, options: FoldBuildOptions) -> bytes:
    """The fold diagram: of the chosen folding, or of both boxes for a net that folds into two."""
    if net.two_way is None:
        return drawing_pdf(fold_steps_document(net.fold, options.paper))
    return drawing_pdf(two_way_steps_document(net.two_way.first, net.two_way.second, options.paper))


def two_way_svg(net: Any, options: FoldBuildOptions) -> bytes:
    return drawing_svg(two_way_template(_two_way(net), options.paper))


def two_way_gif(net: Any, options: FoldBuildOptions) -> bytes:
    return two_way_film.two_way_bytes(_two_way(net), ".gif", options.gif_size, options.gif_fps, TWO_WAY_FOLD_SECONDS,
                                      options.progress)


def two_way_glb(net: Any, options: FoldBuildOptions) -> bytes:
    return two_way_gltf.two_way_glb(_two_way(net))
