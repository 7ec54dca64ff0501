"""3MF: bodies to print, each a mesh in millimetres with a name and a colour, as the bytes of a
3MF package (a zip holding 3D/3dmodel.model). Every body is its own object and build item, so a
slicer lists them apart; its colour is a base material of one ``basematerials`` group, which
slicers show and multi-colour printers can be given. Written here rather than by trimesh,
whose 3MF exporter keeps no colours.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

RGB = tuple[float, float, float]  # each 0-1

CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
"""
RELATIONSHIPS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
 <Relationship Target="/3D/3dmodel.model" Id="rel0"
  Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
"""
PLAIN: RGB = (0.82, 0.82, 0.80)  # one filament: a light grey a viewer shades well
ZIP_TIME = (2000, 1, 1, 0, 0, 0)  # same input, same bytes


@dataclass(frozen=True)
class Body:
    """One object to print: a name, a mesh (anything with ``vertices`` (n, 3) float and
    ``faces`` (m, 3) int, in mm, e.g. a trimesh.Trimesh) and its colour."""

    name: str
    mesh: Any
    colour: RGB


def threemf_bytes(bodies: Sequence[Body]) -> bytes:
    """The 3MF package of these bodies, each an object in its colour, placed as its mesh lies."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as package:
        for name, text in (("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", RELATIONSHIPS),
                           ("3D/3dmodel.model", model_xml(bodies))):
            package.writestr(zipfile.ZipInfo(name, ZIP_TIME), text, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def model_xml(bodies: Sequence[Body]) -> str:
    """The 3D model part: one base material per distinct colour, one object and build item per body."""
    ET.register_namespace("", CORE)
    model = ET.Element(f"{{{CORE}}}model", {"unit": "millimeter", "xml:lang": "en-US"})
    resources = ET.SubElement(model, f"{{{CORE}}}resources")
    materials = ET.SubElement(resources, f"{{{CORE}}}basematerials", {"id": "1"})
    colours = list(dict.fromkeys(body.colour for body in bodies))
    for k, colour in enumerate(colours):
        ET.SubElement(materials, f"{{{CORE}}}base", {"name": f"colour {k + 1}", "displaycolor": hex_colour(colour)})
    build = ET.Element(f"{{{CORE}}}build")
    for k, body in enumerate(bodies):
        object_id = str(k + 2)
        item = ET.SubElement(resources, f"{{{CORE}}}object", {"id": object_id, "type": "model", "name": body.name,
                                                              "pid": "1", "pindex": str(colours.index(body.colour))})
        item.append(mesh_xml(np.asarray(body.mesh.vertices, dtype=np.float64),
                             np.asarray(body.mesh.faces, dtype=np.int64)))
        ET.SubElement(build, f"{{{CORE}}}item", {"objectid": object_id})
    model.append(build)
    return ET.tostring(model, encoding="unicode", xml_declaration=True)


def mesh_xml(vertices: np.ndarray, faces: np.ndarray) -> ET.Element:
    """A 3MF mesh: vertices (n, 3) float64 in mm, triangles (m, 3) int64, counterclockwise from outside."""
    mesh = ET.Element(f"{{{CORE}}}mesh")
    listed = ET.SubElement(mesh, f"{{{CORE}}}vertices")
    for x, y, z in vertices:
        ET.SubElement(listed, f"{{{CORE}}}vertex", {"x": number(x), "y": number(y), "z": number(z)})
    triangles = ET.SubElement(mesh, f"{{{CORE}}}triangles")
    for a, b, c in faces:
        ET.SubElement(triangles, f"{{{CORE}}}triangle", {"v1": str(a), "v2": str(b), "v3": str(c)})
    return mesh


def number(value: float) -> str:
    """A coordinate in mm to a ten-thousandth, without trailing zeros."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def hex_colour(colour: RGB) -> str:
    """'#RRGGBB' of an RGB colour with channels 0-1."""
    return "#" + "".join(f"{round(255 * channel):02X}" for channel in colour)
