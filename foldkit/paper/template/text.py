"""Text on the net and the room it takes: a string centred on a point, in cell units, and the
box its ink fills, so that placements can be checked for overlaps."""

from __future__ import annotations

from dataclasses import dataclass

from shapely import Polygon, affinity, box

from foldkit.exchange.pdf import font_width
from foldkit.look import RGB, UNDERLINE_GAP, UNDERLINE_LINE
from foldkit.paper.page import BOLD

Point = tuple[float, float]  # (x, y) in net coordinates

CAP = 0.72  # the height of a capital or a digit of the bold face, per unit of font size


@dataclass(frozen=True)
class Text:
    """Bold text centred on a point; size is the font size in cells, angle in degrees,
    counterclockwise as seen on the paper. A backing colour is painted under the ink first,
    where the text has to sit over a line. An underlined text (upright only: a number that
    reads as another upside down) is lifted over its bar, the two centred on the point."""

    text: str
    at: Point
    size: float
    angle: float = 0.0
    backing: RGB | None = None
    underline: bool = False

    @property
    def width(self) -> float:
        """The advance width of the string, in cells."""
        return font_width(self.text, BOLD, self.size)


def text_box(text: Text, pad: float = 0.0) -> Polygon:
    """The rectangle the text's ink fills (capital height by advance width, and its underline),
    turned with it, grown by pad on every side; in net coordinates."""
    tall = 1 + (UNDERLINE_GAP + UNDERLINE_LINE if text.underline else 0.0)
    half_w, half_h = text.width / 2 + pad, tall * CAP * text.size / 2 + pad
    x, y = text.at
    flat = box(x - half_w, y - half_h, x + half_w, y + half_h)
    return affinity.rotate(flat, -text.angle, origin=(x, y)) if text.angle else flat  # y grows down
