"""The printable STL files: loaded back with trimesh they are closed solids of the right size
and volume, the numbers stand where the paper puts them and read the same way, the net's
grooves sit exactly on the 90-degree creases, and PrusaSlicer slices both files."""

from __future__ import annotations

import argparse
import io
import subprocess
from functools import reduce

import numpy as np
import pytest
import trimesh
from manifold3d import Manifold, OpType
from shapely import affinity
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from foldkit.errors import FoldkitError
from foldkit.exchange.stl import stl_bytes
from foldkit.fold.glyphs import label_outline
from foldkit.fold.lidded import lidded_box_mesh, split_height, tray_and_lid
from foldkit.fold.printed import (
    box_mesh,
    cell_block,
    engrave_mm,
    hinge_mm,
    net_engrave_mm,
    net_mesh,
    plate_mm,
    relief_mm,
    resting_face,
    resting_frame,
    side_kinds,
    side_start_mm,
)
from foldkit.fold.subject import Subject
from solver.box import face_normal, face_size, square_center
from tests.conftest import EXAMPLES, puzzle_fold, require_program

CELL = 10.0


def box_stl(subject, cell_mm=CELL, wall_mm=None, numbers=True) -> bytes:
    return stl_bytes(box_mesh(subject, cell_mm, wall_mm, numbers))


def net_stl(subject, cell_mm=CELL, labels=True) -> bytes:
    return stl_bytes(net_mesh(subject, cell_mm, None, labels))


@pytest.fixture(scope="module")
def sample() -> Subject:
    return puzzle_fold(EXAMPLES / "nov2025-sample.txt")


@pytest.fixture(scope="module")
def sample_box(sample) -> bytes:
    return box_stl(sample, CELL)


@pytest.fixture(scope="module")
def sample_net(sample) -> bytes:
    return net_stl(sample, CELL)


@pytest.fixture(scope="module")
def sample_plate(sample) -> bytes:
    """The sample's net without its numbers: the plate alone."""
    return net_stl(sample, CELL, labels=False)


def load(data: bytes) -> trimesh.Trimesh:
    return trimesh.load(io.BytesIO(data), file_type="stl")


def assert_solid(mesh: trimesh.Trimesh) -> None:
    assert mesh.is_watertight
    assert mesh.is_winding_consistent
    assert mesh.is_volume and mesh.volume > 0


def numbers_volume(subject: Subject, cell_mm: float, wall_mm: float | None = None) -> float:
    """What the numbers add: their outlines' area times the relief, less what the sunk numbers
    of the resting face take away."""
    rest = resting_face(subject)
    area = {True: 0.0, False: 0.0}
    for cell, label in subject.labels.items():
        area[subject.folding.face_of(cell) == rest] += label_outline(label).area * cell_mm**2
    return area[False] * relief_mm(cell_mm) - area[True] * engrave_mm(cell_mm, wall_mm)


def section(mesh: trimesh.Trimesh, to_plane: np.ndarray) -> BaseGeometry:
    """The mesh cut by the plane z = 0 of a frame, in that frame's x, y; to_plane (4, 4)."""
    inverse = np.linalg.inv(to_plane)
    path = mesh.section(plane_origin=inverse[:3, 3], plane_normal=inverse[:3, 2])
    if path is None:
        return Polygon()
    flat, _ = path.to_2D(to_2D=to_plane)
    # Rings of a solid's section never cross, so even-odd filling gives the holes.
    return reduce(lambda a, b: a.symmetric_difference(b), [p for p in flat.polygons_closed if p is not None],
                  Polygon())


def horizontal(z: float) -> np.ndarray:
    to_plane = np.eye(4)
    to_plane[2, 3] = -z
    return to_plane


# ---------------------------------------------------------------------------------------------
# box.stl


def expected_bounds(subject: Subject, numbers: bool) -> np.ndarray:
    """The box's world bounds (2, 3) in mm, widened by the relief on each numbered side."""
    place = resting_frame(subject, CELL, numbers)
    corners = np.array([[0, 0, 0], subject.folding.box], dtype=float) * CELL @ place[:, :3].T + place[:, 3]
    bounds = np.sort(corners, axis=0)
    raised = {subject.folding.face_of(cell) for cell in subject.labels} - {resting_face(subject)}
    for face in raised if numbers else ():
        outward = place[:, :3] @ face_normal(face)
        axis = int(np.argmax(np.abs(outward)))
        bounds[int(outward[axis] > 0), axis] += np.sign(outward[axis]) * relief_mm(CELL)
    return bounds


def test_plain_box_is_the_true_size_solid(sample):
    mesh = load(box_stl(sample, CELL, numbers=False))
    assert_solid(mesh)
    assert mesh.volume == pytest.approx(1 * 2 * 4 * CELL**3, rel=1e-9)
    assert np.allclose(mesh.bounds, expected_bounds(sample, False))
    assert np.allclose(mesh.bounds, [[0, 0, 0], [20, 40, 10]])  # lying on a 2 x 4 face


def test_numbers_add_their_outlines_and_stand_out_on_every_numbered_side(sample, sample_box):
    mesh = load(sample_box)
    assert_solid(mesh)
    assert mesh.volume == pytest.approx(8 * CELL**3 + numbers_volume(sample, CELL), rel=1e-3)
    assert np.allclose(mesh.bounds, expected_bounds(sample, True), atol=1e-5)


def test_box_lies_on_the_largest_face_with_less_relief(sample):
    # Face 0 of the sample carries one number, face 1 four; nov2025's face 0 eleven, face 1 six.
    assert resting_face(sample) == 0 and resting_face(puzzle_fold(None)) == 1
    for subject in (sample, puzzle_fold(None)):
        place = resting_frame(subject, CELL)
        down = place[:, :3] @ face_normal(resting_face(subject))
        assert np.allclose(down, [0, 0, -1])
        assert np.isclose(np.linalg.det(place[:, :3]), 1)  # turned, never mirrored


def cell_plane(subject: Subject, cell, height: float) -> np.ndarray:
    """World to the frame of a cell on the box, in mm: x grid right, y grid up, z out of the
    face, origin `height` above the centre of its square; shape (4, 4)."""
    folding, place = subject.folding, resting_frame(subject, CELL)
    local = np.array([folding.right[cell], folding.up[cell], face_normal(folding.face_of(cell))]).T
    axes = place[:, :3] @ local  # columns: the cell's x, y, z in the world
    on_box = square_center(folding.box, folding.placement[cell]) * CELL
    origin = place[:, :3] @ on_box + place[:, 3] + height * axes[:, 2]
    to_plane = np.eye(4)
    to_plane[:3, :3] = axes.T
    to_plane[:3, 3] = -axes.T @ origin
    return to_plane


def test_each_number_stands_on_its_square_reading_as_on_the_paper(sample, sample_box):
    # Cut through the relief halfway up, look from outside with the cell's grid up as up: the
    # cut must be the number's outline, not turned and not mirrored.
    mesh = load(sample_box)
    assert sample.folding.printed_outside
    square = box(-0.5, -0.5, 0.5, 0.5)
    for cell, label in sample.labels.items():
        sunk = sample.folding.face_of(cell) == resting_face(sample)
        height = -engrave_mm(CELL, None) / 2 if sunk else relief_mm(CELL) / 2
        cut = section(mesh, cell_plane(sample, cell, height))
        seen = affinity.scale(cut, 1 / CELL, 1 / CELL, origin=(0, 0)).intersection(square)
        if sunk:  # cut into the face: the solid around the number's hollow
            seen = square.difference(seen)
        expected = label_outline(label)
        assert seen.symmetric_difference(expected).area < 0.02 * expected.area, (cell, label)


def test_every_number_is_marked_as_on_the_paper(sample):
    # A circled number carries a ring, a squared one a square frame: the ring's centre is empty.
    marks = {label.mark for label in sample.labels.values()}
    assert marks == {None, "circle", "square"}
    for label in sample.labels.values():
        outline = label_outline(label)
        inside_mark = box(-0.4, -0.4, 0.4, 0.4).boundary
        assert outline.intersects(inside_mark) == (label.mark is not None), label
        assert outline.contains(Point(0.41, 0)) == (label.mark is not None), label


def test_hollow_box_is_a_closed_shell_around_a_void(sample):
    wall = 2.0
    plain = load(box_stl(sample, CELL, wall_mm=wall, numbers=False))
    assert_solid(plain)
    outer, inner = 8 * CELL**3, (10 - 2 * wall) * (20 - 2 * wall) * (40 - 2 * wall)
    assert plain.volume == pytest.approx(outer - inner, rel=1e-9)
    assert len(plain.split(only_watertight=False)) == 2  # the outside and the wall of the void
    numbered = load(box_stl(sample, CELL, wall_mm=wall))
    assert_solid(numbered)
    assert numbered.volume == pytest.approx(outer - inner + numbers_volume(sample, CELL, wall), rel=1e-3)


@pytest.mark.parametrize("wall", [4.6, 5.0, 12.0, 0.1])
def test_a_wall_too_thick_or_too_thin_is_refused(sample, wall):
    # The sample's smallest side is 10 mm: a 4.6 mm wall would leave less than 1 mm inside.
    with pytest.raises(FoldkitError, match="--wall-mm"):
        box_stl(sample, CELL, wall_mm=wall)


def test_relief_scales_with_the_cell_within_printable_limits(sample):
    assert relief_mm(10) == pytest.approx(0.8)
    assert relief_mm(2) == 0.6 and relief_mm(40) == 1.0
    big = load(box_stl(sample, 20.0))
    assert_solid(big)
    assert big.volume == pytest.approx(8 * 20.0**3 + numbers_volume(sample, 20.0), rel=1e-3)


def test_nov2025_box_is_a_solid_of_its_true_size():
    subject = puzzle_fold(None)
    mesh = load(box_stl(subject, CELL))
    assert_solid(mesh)
    a, b, c = subject.folding.box
    assert (a, b, c) == (2, 6, 7)
    assert mesh.volume == pytest.approx(a * b * c * CELL**3 + numbers_volume(subject, CELL), rel=1e-3)
    # Every face carries numbers, so every side has its relief.
    assert np.allclose(mesh.bounds, expected_bounds(subject, True), atol=1e-5)
    assert np.allclose(np.sort(mesh.extents), np.array([a, b, c]) * CELL + [relief_mm(CELL), 2 * relief_mm(CELL),
                                                                            2 * relief_mm(CELL)])


# ---------------------------------------------------------------------------------------------
# net.stl


def test_net_is_a_flat_plate_over_the_net(sample, sample_plate):
    mesh = load(sample_plate)
    assert_solid(mesh)
    cells = np.array(sorted(sample.cells))  # (n, 2): row, col
    thickness = plate_mm(CELL)
    (top, left), (bottom, right) = cells.min(axis=0), cells.max(axis=0) + 1
    expected = [[left * CELL, top * CELL, 0], [right * CELL, bottom * CELL, thickness]]
    assert np.allclose(mesh.bounds, expected)
    assert mesh.volume == pytest.approx(sum(cell_volume(sample, cell) for cell in sample.cells), rel=1e-6)


def cell_area(subject: Subject, cell, z: float) -> float:
    """A cell's cross-section (mm^2) at height z: each side leaning at 45 degrees from height
    z0 is pulled in by max(0, z - z0)."""
    kinds = side_kinds(subject.folding, cell)
    inset = {d: max(0.0, z - side_start_mm(kinds[d], CELL)) for d in "URDL"}
    return (CELL - inset["L"] - inset["R"]) * (CELL - inset["U"] - inset["D"])


def cell_volume(subject: Subject, cell) -> float:
    """A cell's slab volume (mm^3). The cross-section is quadratic in z between the heights
    where a side starts to lean, so Simpson's rule on each piece is exact."""
    levels = sorted({0.0, hinge_mm(CELL), plate_mm(CELL)})
    pieces = zip(levels[:-1], levels[1:], strict=True)
    return sum((z1 - z0) / 6 * (cell_area(subject, cell, z0) + 4 * cell_area(subject, cell, (z0 + z1) / 2)
                                + cell_area(subject, cell, z1)) for z0, z1 in pieces)


def test_net_sides_account_for_every_box_edge_and_seam(sample):
    # Once folded, each unit of box edge is either a hinge or two mitred outline sides meeting,
    # and each unit seam inside a face is two upright outline sides meeting.
    folding = sample.folding
    kinds = [kind for cell in folding.cells for kind in side_kinds(folding, cell).values()]
    a, b, c = folding.box
    assert len(folding.hinges()) + kinds.count("edge") / 2 == 4 * (a + b + c)
    assert kinds.count("hinge") == 2 * len(folding.hinges())
    inner_edges = 0
    for face in range(6):
        du, dv = face_size(folding.box, face)
        inner_edges += du * (dv - 1) + dv * (du - 1)
    flat = sum(1 for angle in folding.creases().values() if angle == 0)
    assert kinds.count("flat") == 2 * flat
    assert kinds.count("seam") / 2 == inner_edges - flat


def fold_above_hinge_layer(subject: Subject, cell) -> Manifold:
    """A cell's block above the hinge layer, turned onto the box about the groove tips: its
    face at the hinge layer's top on the box surface, its thickness inwards (mm)."""
    folding, (r, c) = subject.folding, cell
    right, up = np.array(folding.right[cell], float), np.array(folding.up[cell], float)
    normal = np.array(face_normal(folding.face_of(cell)), float)
    turn = np.column_stack([right, -up, -normal])  # grid y (row) runs against up; z inwards
    on_box = square_center(folding.box, folding.placement[cell]) * CELL
    flat = np.array([(c + 0.5) * CELL, (r + 0.5) * CELL, hinge_mm(CELL)])
    block = cell_block(cell, side_kinds(folding, cell), CELL)
    above = block ^ Manifold.cube((1e4, 1e4, 10)).translate((-1, -1, hinge_mm(CELL)))
    return above.transform(np.column_stack([turn, on_box - turn @ flat]))


@pytest.mark.parametrize("which", ["sample", "nov2025"])
def test_folded_panels_never_collide(sample, which):
    # The groove sides meet when a hinge turns 90 degrees about the groove's tip, and mitred
    # outline sides meet at most: the folded blocks overlap nowhere.
    subject = sample if which == "sample" else puzzle_fold(None)
    blocks = [fold_above_hinge_layer(subject, cell) for cell in sorted(subject.cells)]
    together = Manifold.batch_boolean(blocks, OpType.Add)
    assert together.volume() == pytest.approx(sum(b.volume() for b in blocks), abs=1e-6)
    size = np.array(subject.folding.box) * CELL
    low, high = np.array(together.bounding_box()).reshape(2, 3)
    assert np.allclose(low, 0) and np.allclose(high, size)


def crease_midpoint(edge) -> Point:
    (r0, c0), (r1, c1) = edge
    return Point((c0 + c1 + 1) / 2 * CELL, (r0 + r1 + 1) / 2 * CELL)


def test_hinge_layer_is_whole_and_a_groove_runs_over_every_90_degree_crease_only(sample, sample_plate):
    mesh = load(sample_plate)
    hinge, thickness = hinge_mm(CELL), plate_mm(CELL)
    # In the hinge layer the plate is one piece: it joins every panel.
    bottom = section(mesh, horizontal(hinge / 2))
    assert isinstance(bottom, Polygon)
    assert bottom.area == pytest.approx(sum(cell_area(sample, cell, hinge / 2) for cell in sample.cells))
    # Above it, material is missing on the 90-degree creases and present on the flat ones.
    middle = section(mesh, horizontal((hinge + thickness) / 2))
    creases = sample.folding.creases()
    grooved = [edge for edge in creases if not middle.contains(crease_midpoint(edge))]
    assert sorted(grooved) == sorted(sample.folding.hinges())
    assert len(grooved) == sum(1 for angle in creases.values() if angle == 90) > 0
    # The groove's sides are at 45 degrees: at height z its half width is z - hinge.
    half = (hinge + thickness) / 2 - hinge
    for edge in grooved:
        p = crease_midpoint(edge)
        across = np.array([1.0, 0.0]) if edge[0][0] == edge[1][0] else np.array([0.0, 1.0])
        for side in (-1, 1):
            assert not middle.contains(Point(*(np.array(p.coords[0]) + side * 0.9 * half * across)))
            assert middle.contains(Point(*(np.array(p.coords[0]) + side * 1.1 * half * across)))


def test_net_numbers_are_sunk_into_its_outside_reading_as_on_the_paper(sample, sample_net, sample_plate):
    mesh, depth = load(sample_net), net_engrave_mm(CELL)
    assert_solid(mesh)
    assert depth >= 0.3
    cut = sum(label_outline(label).area for label in sample.labels.values()) * CELL**2 * depth
    assert load(sample_plate).volume - mesh.volume == pytest.approx(cut, rel=1e-3)
    assert np.allclose(mesh.bounds, load(sample_plate).bounds)  # nothing stands out of the plate
    # Seen from below (the outside of the box) each number reads as on the paper: the hole in
    # the bottom of its cell is its outline, the paper's right along +x and its up along -y.
    material = section(mesh, horizontal(depth / 2))
    for (r, c), label in sample.labels.items():
        inner = box(c * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL).buffer(-0.6)  # off the mitres
        hole = inner.difference(material)
        drawn = affinity.scale(label_outline(label), CELL, -CELL, origin=(0, 0))
        drawn = affinity.translate(drawn, (c + 0.5) * CELL, (r + 0.5) * CELL)
        assert hole.symmetric_difference(drawn).area < 0.02 * drawn.area, label
    above = depth + 0.05  # the inside of the box stays whole
    assert section(mesh, horizontal(above)).area == pytest.approx(section(load(sample_plate), horizontal(above)).area)


def test_net_numbers_are_left_off_small_cells_and_on_request(sample):
    assert net_engrave_mm(6.0) == 0.0 < net_engrave_mm(6.5)
    assert net_mesh(sample, 6.0).volume == pytest.approx(net_mesh(sample, 6.0, labels=False).volume)
    assert net_mesh(sample, CELL, labels=False).volume > net_mesh(sample, CELL).volume


def test_tiny_cells_are_refused_for_the_net(sample):
    with pytest.raises(FoldkitError, match="at least"):
        net_stl(sample, 2.0)
    with pytest.raises(FoldkitError, match="positive"):
        box_stl(sample, 0.0)


# ---------------------------------------------------------------------------------------------
# A real slicer


def slice_with_prusa(tmp_path, name: str, data: bytes) -> None:
    slicer = require_program("prusa-slicer")
    model, gcode = tmp_path / f"{name}.stl", tmp_path / f"{name}.gcode"
    model.write_bytes(data)
    done = subprocess.run([slicer, "--export-gcode", str(model), "--output", str(gcode)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert gcode.exists() and gcode.stat().st_size > 1000
    assert "G1" in gcode.read_text(errors="replace")


def test_prusa_slicer_slices_the_nov2025_box(tmp_path):
    slice_with_prusa(tmp_path, "box", box_stl(puzzle_fold(None), CELL))


def test_prusa_slicer_slices_the_sample_net(tmp_path, sample_net):
    slice_with_prusa(tmp_path, "net", sample_net)


# ---------------------------------------------------------------------------------------------
# Resting flat, and the box that opens


def bed_contact(mesh: trimesh.Trimesh) -> float:
    """The area (mm2) of the mesh within the lowest 0.2 mm, the first layer: its section there."""
    return section(mesh, horizontal(mesh.bounds[0, 2] + 0.1)).area


@pytest.mark.parametrize("which", ["sample", "nov2025"])
def test_the_box_rests_on_its_whole_face(sample, which):
    subject = sample if which == "sample" else puzzle_fold(None)
    mesh = load(box_stl(subject, CELL))
    assert mesh.bounds[0, 2] == pytest.approx(0)  # nothing stands below the resting face
    a, b, c = subject.folding.box
    face = sorted((a, b, c))[1] * sorted((a, b, c))[2] * CELL**2
    rest = resting_face(subject)
    sunk = sum(label_outline(label).area for cell, label in subject.labels.items()
               if subject.folding.face_of(cell) == rest) * CELL**2
    assert bed_contact(mesh) == pytest.approx(face - sunk, rel=0.01)
    assert bed_contact(mesh) > 0.9 * face


def test_a_thin_wall_leaves_the_bed_numbers_off(sample):
    assert engrave_mm(CELL, 0.6) == 0 and engrave_mm(CELL, 2.0) == relief_mm(CELL)
    mesh = load(box_stl(sample, CELL, wall_mm=0.6))
    assert_solid(mesh)
    assert bed_contact(mesh) == pytest.approx(2 * 4 * CELL**2, rel=1e-6)


@pytest.fixture(scope="module")
def nov2025_lid() -> trimesh.Trimesh:
    return load(stl_bytes(lidded_box_mesh(puzzle_fold(None), CELL)))


def test_tray_and_lid_are_two_solids_flat_on_the_bed(nov2025_lid):
    assert_solid(nov2025_lid)
    parts = sorted(nov2025_lid.split(only_watertight=True), key=lambda m: m.bounds[0, 0])
    assert len(parts) == 2
    tray, lid = parts
    assert tray.bounds[1, 0] < lid.bounds[0, 0]  # side by side, apart
    for part in parts:
        assert_solid(part)
        assert part.bounds[0, 2] == pytest.approx(0)
        footprint = 60 * 70  # the 6 x 7 cell face, outside the side numbers
        assert bed_contact(part) > 0.9 * footprint


def test_the_lid_fits_the_tray_with_the_clearance():
    subject = puzzle_fold(None)
    clearance, wall = 0.2, 1.6
    tray, lid = tray_and_lid(subject, CELL, wall, True, clearance)
    assert (tray ^ lid).volume() == pytest.approx(0, abs=1e-6)  # closed, they do not overlap
    grown = lid.translate((clearance * 0.9, 0, 0))  # any push sideways under the clearance is free
    assert (tray ^ grown).volume() == pytest.approx(0, abs=1e-6)
    pushed = lid.translate((clearance * 1.5, 0, 0))
    assert (tray ^ pushed).volume() > 1  # past it, the liner meets the tray's wall
    cut = split_height(subject, CELL, True)
    assert cut == 10.0  # on a grid line: no number is cut
    assert tray.bounding_box()[5] == pytest.approx(cut)


def test_a_box_too_small_for_a_lid_is_refused(sample):
    with pytest.raises(FoldkitError, match="no room for a lid"):
        lidded_box_mesh(sample, 6.0)


def test_prusa_slicer_slices_the_tray_and_lid(tmp_path, nov2025_lid):
    slice_with_prusa(tmp_path, "lid", stl_bytes(nov2025_lid))


# ---------------------------------------------------------------------------------------------
# The net on the printer's bed


def test_the_net_is_turned_to_fit_the_bed_or_refused():
    subject = puzzle_fold(None)  # 19 x 20 cells: 190 x 200 mm at 10 mm cells
    plain = load(stl_bytes(net_mesh(subject, CELL, (250, 210))))
    assert np.allclose(plain.extents[:2], [190, 200])
    turned = load(stl_bytes(net_mesh(subject, CELL, (200, 195))))
    assert_solid(turned)
    assert np.allclose(turned.bounds[:, :2], [[0, 0], [200, 190]])
    assert turned.volume == pytest.approx(plain.volume, rel=1e-6)
    with pytest.raises(FoldkitError, match=r"285 x 300 mm, more than the 250 x 210 mm bed.*--print-cell-mm 11 "):
        net_mesh(subject, 15.0, (250, 210))


def test_the_bed_option_is_checked():
    from foldkit.options import bed

    assert bed("250x210") == (250.0, 210.0) and bed("180.5X180") == (180.5, 180.0)
    for text in ("250", "10x250", "nanx200", "infx200", "250x210x3", "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            bed(text)
