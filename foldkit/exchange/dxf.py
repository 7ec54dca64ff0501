"""DXF: a drawing (``foldkit.drawing``) as the bytes of a DXF file in millimetres, for laser
cutters, cutting plotters and CAD programs. Each named layer of the drawing becomes a DXF layer
of that name, and the text of every layer goes on one more layer, ``text``, so a machine can cut
one layer, score another and leave the words out.

A layer may be given a colour (an AutoCAD colour index, ACI): the layer then has it, and every
entity on it is drawn BYLAYER and carries the same colour as its true colour, so that programs
that sort by either (cutter software sorts by colour) agree.

A DXF here is a drawing of lines: strokes become LINE, LWPOLYLINE and CIRCLE entities and labels
TEXT entities; fills (a page's tints, the cells' colours) are left out, because a machine follows
lines. DXF has no clipping: a clipped group is written whole. The page's y axis is turned up
(DXF's), so the drawing looks the same, with (0, 0) at the page's bottom-left corner.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections import OrderedDict
from collections.abc import Mapping

import ezdxf  # loaded only when a DXF is written: foldkit.exchange imports a format's module on demand
from ezdxf import units
from ezdxf.colors import BYLAYER, aci2rgb
from ezdxf.enums import TextEntityAlignment
from ezdxf.lldxf.const import VALID_DXF_LINEWEIGHTS

from foldkit.drawing import PT_MM, Circle, Drawing, Group, Label, Line, Matrix, Mm, Polygon, Rect, Shape

TEXT_LAYER = "text"
PAGE_LAYER = "0"  # DXF's own layer, for shapes outside any named group
CAP_HEIGHT = 0.72  # of the em: a DXF text height is the height of its capitals
DASHED = "DASHED"  # a linetype of ezdxf's standard set
ALIGNMENT = {"left": TextEntityAlignment.LEFT, "centre": TextEntityAlignment.CENTER,
             "right": TextEntityAlignment.RIGHT}
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def drawing_dxf(drawing: Drawing, layer_colours: Mapping[str, int] | None = None) -> bytes:
    """The DXF bytes of one page (R2010, units mm), its layers kept apart, those named in
    layer_colours in that colour index (see the module's doc)."""
    with _fixed_metadata():
        document = ezdxf.new("R2010", setup=True, units=units.MM)
        document.header["$MEASUREMENT"] = 1  # metric
        document.header["$EXTMIN"] = (0.0, 0.0, 0.0)
        document.header["$EXTMAX"] = (drawing.size[0], drawing.size[1], 0.0)
        _Writer(document, drawing.size[1], layer_colours or {}).add(drawing.shapes, PAGE_LAYER, IDENTITY)
        _fix_class_order(document)
        out = io.StringIO()
        document.write(out)
    return out.getvalue().encode("utf-8")


def _fix_class_order(document) -> None:
    """ezdxf adds a CLASS for each entity type in use in the order of a set, which changes from
    one run to the next (string hashing): add them now and sort them, so that the same drawing
    gives the same bytes (writing adds only the classes still missing, none)."""
    classes = document.classes
    classes.add_required_classes(document.dxfversion)
    classes.classes = OrderedDict(sorted(classes.classes.items()))


@contextlib.contextmanager
def _fixed_metadata():
    """ezdxf writes no clock times or random GUIDs meanwhile: the same drawing, the same bytes."""
    options = ezdxf.options
    was = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        options.write_fixed_meta_data_for_testing = was


class _Writer:
    """Writes shapes into the model space of a DXF document, page mm mapped to DXF mm (y up)."""

    def __init__(self, document, page_height: float, colours: Mapping[str, int]):
        self.document, self.space, self.height = document, document.modelspace(), page_height
        self.colours = colours

    def layer(self, name: str) -> str:
        if name not in self.document.layers:
            layer = self.document.layers.add(name)
            if name in self.colours:
                layer.color = self.colours[name]
                layer.rgb = aci2rgb(self.colours[name])
        return name

    def paint(self, layer: str, colour) -> dict:
        """The colour attributes of an entity on a layer: the layer's (BYLAYER) if it has one."""
        if layer in self.colours:
            return {"color": BYLAYER, "true_color": ezdxf.rgb2int(aci2rgb(self.colours[layer]))}
        return {"true_color": ezdxf.rgb2int(_byte_rgb(colour))}

    def point(self, matrix: Matrix, p: Mm) -> tuple[float, float]:
        a, b, c, d, e, f = matrix
        x, y = a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f
        return x, self.height - y

    def add(self, shapes: tuple[Shape, ...], layer: str, matrix: Matrix) -> None:
        for shape in shapes:
            if isinstance(shape, Group):
                self.add(shape.shapes, shape.layer or layer, _compose(matrix, shape.transform or IDENTITY))
            elif isinstance(shape, Line):
                self.line(shape, layer, matrix)
            elif isinstance(shape, Polygon) and shape.stroke is not None:
                attributes = self.pen(layer, shape.stroke, shape.width, shape.dash)
                self.space.add_lwpolyline([self.point(matrix, p) for p in shape.points], close=True,
                                          dxfattribs=attributes)
            elif isinstance(shape, Circle) and shape.stroke is not None:
                attributes = self.pen(layer, shape.stroke, shape.width, ())
                self.space.add_circle(self.point(matrix, shape.centre), shape.radius * _scale(matrix),
                                      dxfattribs=attributes)
            elif isinstance(shape, Label):
                self.label(shape, matrix)
            elif not isinstance(shape, Rect | Polygon | Circle):  # fills alone are left out (see above)
                raise TypeError(f"cannot write {type(shape).__name__} to DXF")

    def pen(self, layer: str, colour, width: float, dash: tuple[float, ...]) -> dict:
        """The DXF attributes of a stroke: layer, true colour, line weight (1/100 mm), dashes."""
        attributes = {"layer": self.layer(layer), **self.paint(layer, colour), "lineweight": _lineweight(width)}
        if dash:
            attributes |= {"linetype": DASHED, "ltscale": sum(dash) / 12.7}  # DASHED repeats every 12.7 mm
        return attributes

    def line(self, line: Line, layer: str, matrix: Matrix) -> None:
        attributes = self.pen(layer, line.colour, line.width, line.dash)
        self.space.add_line(self.point(matrix, line.start), self.point(matrix, line.end), dxfattribs=attributes)

    def label(self, label: Label, matrix: Matrix) -> None:
        scale = _scale(matrix)
        a, b = matrix[0], matrix[1]
        turned = label.angle - math.degrees(math.atan2(b, a))  # a turn on the y-down page is clockwise as seen
        attributes = {"layer": self.layer(TEXT_LAYER), **self.paint(TEXT_LAYER, label.colour),
                      "height": label.size_pt * PT_MM * CAP_HEIGHT * scale, "rotation": turned}
        text = self.space.add_text(label.text, dxfattribs=attributes)
        text.set_placement(self.point(matrix, (label.x, label.y)), align=ALIGNMENT[label.align])


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix applying inner, then outer."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def _scale(matrix: Matrix) -> float:
    """How much a matrix enlarges lengths (the square root of its area factor)."""
    a, b, c, d, _, _ = matrix
    return math.sqrt(abs(a * d - b * c))


def _byte_rgb(colour) -> tuple[int, int, int]:
    return tuple(round(255 * channel) for channel in colour)


def _lineweight(width_mm: float) -> int:
    """The nearest DXF line weight (hundredths of a mm, from a fixed list) to a width in mm."""
    return min(VALID_DXF_LINEWEIGHTS, key=lambda w: abs(w - 100 * width_mm))
