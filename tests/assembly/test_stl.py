"""Printable pieces: watertight solids shrunk by the clearance (volume checked against a count of
sub-boxes), each lying on its largest face on z = 0, laid out without touching on beds that fit,
split over several beds when needed; the tray; PrusaSlicer slices them."""

from __future__ import annotations

import io
import subprocess
from functools import cache
from itertools import product

import numpy as np
import pytest
import trimesh

from foldkit.assembly.stl import PrintOptions, piece_mesh, pieces_stls, print_stls, shape_stls, tray_mesh
from tests.assembly.packings import Y_BOX, mixed, y_packing
from tests.conftest import require_program

Y_FLAT = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0))


@cache
def y_files() -> dict[str, bytes]:
    return print_stls(Y_BOX, y_packing())


def load(data: bytes) -> trimesh.Trimesh:
    return trimesh.load(io.BytesIO(data), file_type="stl")


def assert_solid(mesh: trimesh.Trimesh) -> None:
    assert mesh.is_watertight and mesh.is_winding_consistent
    assert mesh.is_volume and mesh.volume > 0


def shrunk_volume(cubes, cube: float, clearance: float) -> float:
    """The volume of the cubes shrunk by the clearance, counted another way: cut each cube into
    3 x 3 x 3 boxes (slabs c, cube - 2c, c thick) and keep a box when every cell within c of it
    is part of the piece."""
    filled = set(cubes)
    widths = (clearance, cube - 2 * clearance, clearance)
    steps = ((-1, 0), (0,), (0, 1))  # the neighbouring cells each slab comes within c of
    total = 0.0
    for cell in filled:
        for slabs in product(range(3), repeat=3):
            near = product(*(steps[s] for s in slabs))
            if all(tuple(c + d for c, d in zip(cell, offset, strict=True)) in filled for offset in near):
                total += np.prod([widths[s] for s in slabs])
    return total


def test_a_piece_is_its_cubes_shrunk_by_the_clearance():
    for clearance in (0.0, 0.15, 0.5):
        mesh = piece_mesh(Y_FLAT, PrintOptions(clearance_mm=clearance))
        assert_solid(mesh)
        assert mesh.volume == pytest.approx(shrunk_volume(Y_FLAT, 15.0, clearance), rel=1e-6)
        assert np.allclose(mesh.bounds, [[0, 0, 0], [60 - 2 * clearance, 30 - 2 * clearance, 15 - 2 * clearance]])
    assert shrunk_volume(Y_FLAT, 15.0, 0.0) == pytest.approx(5 * 15.0**3)


def test_pieces_lie_on_their_largest_face():
    upright = tuple((0, y, z) for y, z in ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)))
    mesh = piece_mesh(upright)
    assert mesh.extents[2] == pytest.approx(15 - 0.3)  # flat: one cube high
    # The bottom face: five cubes' worth of footprint touch the bed.
    bottom = mesh.section(plane_origin=[0, 0, 0.01], plane_normal=[0, 0, 1])
    area = sum(p.area for p in bottom.to_2D()[0].polygons_full)
    assert area == pytest.approx(shrunk_volume(Y_FLAT, 15.0, 0.15) / (15 - 0.3), rel=1e-6)


def bodies(data: bytes) -> list[trimesh.Trimesh]:
    return load(data).split(only_watertight=True)


def test_y_pieces_fill_two_beds_every_piece_on_the_bed_and_apart():
    files = y_files()
    beds = [name for name in files if name.startswith("pieces")]
    assert beds == ["pieces-1.stl", "pieces-2.stl"]
    count = 0
    for name in beds:
        mesh = load(files[name])
        assert_solid(mesh)
        assert np.all(mesh.bounds[0] >= [0, 0, 0]) and np.all(mesh.bounds[1] <= [250, 210, 15])
        parts = bodies(files[name])
        count += len(parts)
        boxes = [p.bounds[:, :2] for p in parts]
        for part in parts:
            assert_solid(part)
            assert part.bounds[0][2] == pytest.approx(0, abs=1e-9)  # on the bed
            assert part.volume == pytest.approx(shrunk_volume(Y_FLAT, 15.0, 0.15), rel=1e-6)
        for a, b in ((a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:]):
            apart = np.any(a[0] >= b[1] + 4.99) or np.any(b[0] >= a[1] + 4.99)
            assert apart  # footprints at least the gap apart
    assert count == 25


def test_a_small_bed_takes_more_plates_each_fitting():
    small = PrintOptions(bed_mm=(100.0, 80.0))
    files = pieces_stls(Y_BOX, y_packing(), small)
    assert len(files) > 2 and list(files) == [f"pieces-{k}.stl" for k in range(1, len(files) + 1)]
    assert sum(len(bodies(data)) for data in files.values()) == 25
    for data in files.values():
        mesh = load(data)
        assert np.all(mesh.bounds[0] >= 0) and np.all(mesh.bounds[1][:2] <= [100, 80])
    with pytest.raises(ValueError, match="does not fit"):
        pieces_stls(Y_BOX, y_packing(), PrintOptions(bed_mm=(40.0, 40.0)))


def test_one_file_per_shape_and_a_single_bed_when_it_fits():
    assert set(y_files()) == {"pieces-1.stl", "pieces-2.stl", "piece-Y.stl", "box.stl"}
    box, packing = mixed()
    shapes = shape_stls(packing)
    assert list(shapes) == ["piece-L.stl", "piece-I2.stl"]
    for data in shapes.values():
        assert len(bodies(data)) == 1 and load(data).bounds[0][2] == pytest.approx(0)
    beds = pieces_stls(box, packing)
    assert list(beds) == ["pieces.stl"] and len(bodies(beds["pieces.stl"])) == 4


def test_tray_is_an_open_box_round_the_packed_cube():
    mesh = tray_mesh(Y_BOX)
    assert_solid(mesh)
    inner, wall, floor = 75 + 0.5, 2.0, 2.0
    outer = inner + 2 * wall
    assert np.allclose(mesh.bounds, [[0, 0, 0], [outer, outer, floor + 75]])
    assert mesh.volume == pytest.approx(outer * outer * (floor + 75) - inner * inner * 75)
    assert load(y_files()["box.stl"]).volume == pytest.approx(mesh.volume)


@pytest.mark.parametrize("options", [PrintOptions(cube_mm=2), PrintOptions(clearance_mm=-0.1),
                                     PrintOptions(clearance_mm=4), PrintOptions(wall_mm=0)])
def test_sizes_that_print_nothing_are_refused(options):
    with pytest.raises(ValueError):
        pieces_stls(Y_BOX, y_packing(), options)


def test_same_input_same_bytes():
    assert print_stls(Y_BOX, y_packing()) == y_files()


@pytest.mark.parametrize("name", ["pieces-1.stl", "box.stl"])
def test_prusa_slicer_slices_it_on_a_250_by_210_bed(tmp_path, name):
    slicer = require_program("prusa-slicer")
    model, gcode = tmp_path / name, tmp_path / "out.gcode"
    model.write_bytes(y_files()[name])
    done = subprocess.run([slicer, "--export-gcode", str(model), "--bed-shape", "0x0,250x0,250x210,0x210",
                           "--output", str(gcode)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert gcode.exists() and "G1" in gcode.read_text(errors="replace")
