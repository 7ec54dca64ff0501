"""glTF 2.0 binary (.glb): the one binary buffer a model's arrays go into, and the file's bytes.

A maker builds a ``pygltflib.GLTF2`` document and puts every array into a ``GlbBuffer``
(each becomes a 4-byte aligned buffer view and an accessor); ``glb_bytes`` writes both out.
"""

from __future__ import annotations

import numpy as np
import pygltflib as gl


def glb_bytes(gltf: gl.GLTF2, buffer: GlbBuffer) -> bytes:
    """The .glb file of a document whose arrays are all in buffer."""
    buffer.close()
    return b"".join(gltf.save_to_bytes())


def floats(values: np.ndarray) -> list[float]:
    """Plain Python floats, as the JSON part of a glTF file wants them."""
    return [float(v) for v in np.asarray(values, dtype=np.float64).reshape(-1)]


def linear_rgb(rgb: tuple[float, float, float]) -> list[float]:
    """sRGB colour components (0-1) in glTF's linear colour space."""
    c = np.asarray(rgb, dtype=np.float64)
    return floats(np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))


class GlbBuffer:
    """The GLB binary chunk being filled: each array becomes a 4-byte aligned view and an accessor."""

    def __init__(self, gltf: gl.GLTF2):
        self.gltf = gltf
        self.data = bytearray()

    def add_bytes(self, data: bytes) -> int:
        """Append raw bytes (an image) and return their buffer view index."""
        self.gltf.bufferViews.append(gl.BufferView(buffer=0, byteOffset=len(self.data), byteLength=len(data)))
        self.data += data + bytes(-len(data) % 4)
        return len(self.gltf.bufferViews) - 1

    def add(self, array: np.ndarray, kind: str, target: int | None = None, bounds: bool = False) -> int:
        """Append an array (float32 or uint32) and return its accessor index."""
        integer = array.dtype.kind in "ui"
        array = np.ascontiguousarray(array, dtype=np.uint32 if integer else np.float32)
        view = gl.BufferView(buffer=0, byteOffset=len(self.data), byteLength=array.nbytes, target=target)
        self.data += array.tobytes() + bytes(-array.nbytes % 4)
        self.gltf.bufferViews.append(view)
        rows = array.reshape(len(array), -1)
        accessor = gl.Accessor(bufferView=len(self.gltf.bufferViews) - 1, count=len(rows),
                               componentType=gl.UNSIGNED_INT if integer else gl.FLOAT, type=kind)
        if bounds:  # what the spec requires for positions and animation inputs
            accessor.min, accessor.max = floats(rows.min(axis=0)), floats(rows.max(axis=0))
        self.gltf.accessors.append(accessor)
        return len(self.gltf.accessors) - 1

    def close(self) -> None:
        """Attach the data as the file's one buffer."""
        self.gltf.buffers = [gl.Buffer(byteLength=len(self.data))]
        self.gltf.set_binary_blob(bytes(self.data))
