"""STL: a finished mesh in, the bytes of a binary STL file out."""

from __future__ import annotations

import trimesh
from trimesh.exchange.stl import export_stl


def stl_bytes(mesh: trimesh.Trimesh) -> bytes:
    """A mesh as binary STL, in its own units (millimetres for every printed part)."""
    return export_stl(mesh)  # what mesh.export(file_type="stl") calls, typed as bytes
