"""A printed page as plain shapes in page millimetres (y down): filled rectangles, lines,
polygons, circles and text. A sheet lays itself out as a ``Drawing``; ``foldkit.exchange.pdf`` and
``foldkit.exchange.svg`` draw the same shapes, so both files show the same page."""

from __future__ import annotations

from dataclasses import dataclass

from foldkit.look import RGB

Mm = tuple[float, float]  # (x, y) in millimetres from the page's top-left, y down

PT_MM = 25.4 / 72  # one point in millimetres


@dataclass(frozen=True)
class Rect:
    """A filled rectangle; `role` names it in the SVG ('tile', 'shade', 'page')."""

    x: float
    y: float
    width: float
    height: float
    fill: RGB
    role: str


@dataclass(frozen=True)
class Line:
    """A straight line of a width in mm, with square ends."""

    start: Mm
    end: Mm
    width: float
    colour: RGB
    role: str


@dataclass(frozen=True)
class Label:
    """Text with its baseline at (x, y); `align` is 'left', 'centre' or 'right'."""

    x: float
    y: float
    text: str
    size_pt: float
    font: str
    colour: RGB
    align: str = "left"


@dataclass(frozen=True)
class Polygon:
    """A closed outline through points, filled and/or stroked (None: not); `role` names it in the SVG."""

    points: tuple[Mm, ...]
    fill: RGB | None
    stroke: RGB | None
    width: float
    role: str


@dataclass(frozen=True)
class Circle:
    """A circle about a centre, filled and/or stroked (None: not)."""

    centre: Mm
    radius: float
    fill: RGB | None
    stroke: RGB | None
    width: float
    role: str


Shape = Rect | Line | Label | Polygon | Circle


@dataclass(frozen=True)
class Drawing:
    """A page: its size in mm, its title, its shapes in drawing order."""

    size: Mm
    title: str
    shapes: tuple[Shape, ...]
