"""A net's index.html: the maker a build calls, loaded only then."""

from __future__ import annotations

from typing import Any

from foldkit.kinds.net.report import NetFolding
from foldkit.page.fold import fold_page


def index_page(net: NetFolding, options: Any, links: tuple[str, ...]) -> bytes:
    """A net's chosen folding, and for a net of two boxes or more its folding onto the next box
    too (the two-way models' second), with a switch."""
    return fold_page([net.fold] if net.two_way is None else [net.fold, net.two_way.second], None, links)
