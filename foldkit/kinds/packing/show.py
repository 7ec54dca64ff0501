"""The body of `foldkit show` for a packing (``foldkit.kinds.packing`` declares it): the assembly
played in a window."""

from __future__ import annotations

from foldkit.kinds.base import Invocation
from foldkit.kinds.packing.artifacts import show


def run_show(call: Invocation) -> int:
    show(call.subject())
    return 0
