"""assembly.gif and the rasteriser behind it: a frame per moment of each drop and turn, frames that
change as pieces arrive, the finished box at the end; the same bytes every time."""

from __future__ import annotations

import io
from functools import cache

import numpy as np
from PIL import Image

from foldkit.assembly.colours import piece_colour
from foldkit.assembly.gif import (
    FLOOR_COLOUR,
    GifOptions,
    assembly_frames,
    assembly_gif,
    floor_faces,
    merge,
    nearest_turn,
    stage_for,
    still,
)
from foldkit.assembly.raster import Canvas, framing_for
from foldkit.assembly.steps import assembly_steps
from foldkit.assembly.view import camera, corner_azimuth, scene_faces
from foldkit.exchange.gif import gif_bytes
from solver.packing.assembly import assembly_order, piece_colours, plan_assembly
from tests.assembly.packings import Y_BOX, y_packing

SMALL = GifOptions(width=160, height=160)


@cache
def y_frames() -> list[np.ndarray]:
    packing = y_packing()
    return list(assembly_frames(Y_BOX, packing, plan_assembly(Y_BOX, packing), options=SMALL))


def expected_frame_count(packing, order, options: GifOptions) -> int:
    """Holds, turns (a share of turn_frames per quarter turn), drops and the end."""
    turns, azimuth = 0, -45.0
    for step in assembly_steps(packing, order, prefer_front=False, well_seen=0.35):
        target = nearest_turn(azimuth, -45.0 - 90.0 * step.corner)
        turns += round(options.turn_frames * abs(target - azimuth) / 90)
        azimuth = target
    per_step = options.drop_frames + 1 + options.hold_frames
    return options.hold_frames + turns + len(order) * per_step + options.end_frames


def test_frame_count_and_size():
    packing = y_packing()
    order = assembly_order(Y_BOX, packing)
    frames = y_frames()
    assert len(frames) == expected_frame_count(packing, order, SMALL)
    assert all(f.shape == (160, 160, 3) and f.dtype == np.uint8 for f in frames)


def test_frames_change_as_pieces_arrive_and_hold_at_the_end():
    frames = y_frames()
    distinct = sum(not np.array_equal(a, b) for a, b in zip(frames, frames[1:], strict=False))
    assert distinct > 25 * SMALL.drop_frames * 0.9
    assert frames[-1] is frames[-SMALL.end_frames]  # the finished box, held
    empty, full = frames[0], frames[-1]
    coloured = [((f.max(axis=2).astype(int) - f.min(axis=2)) > 60).mean() for f in (empty, full)]
    assert coloured[0] < 0.01 < 0.2 < coloured[1]  # grey floor first, coloured cube last


def test_a_drop_drawn_over_the_cached_scene_matches_drawing_everything():
    # A drop draws only the patch the piece covers over the cached scene; once the piece rests
    # the frame must be (nearly: seams hidden by neighbours may differ) the whole scene drawn afresh.
    packing = y_packing()
    order = assembly_order(Y_BOX, packing)
    frames = y_frames()
    fills = np.array([piece_colour(c) for c in piece_colours(Y_BOX, packing, order)] + [FLOOR_COLOUR])
    everything = merge(floor_faces(Y_BOX, 25), scene_faces({c: i for i, p in enumerate(packing) for c in p.cubes}))
    last_corner = assembly_steps(packing, order, prefer_front=False, well_seen=0.35)[-1].corner
    afresh = still(everything, camera(corner_azimuth(last_corner)), stage_for(Y_BOX, SMALL), fills)
    rested = frames[-1].astype(int)
    rested[:20] = afresh[:20]  # the caption
    differ = np.abs(rested - afresh.astype(int)).max(axis=2) > 40
    assert differ.mean() < 0.005


def test_gif_decodes_with_its_frames_and_is_small():
    packing = y_packing()
    data = assembly_gif(Y_BOX, packing, plan_assembly(Y_BOX, packing), options=SMALL)
    image = Image.open(io.BytesIO(data))
    assert image.size == (160, 160)
    assert image.n_frames > 250  # held frames are merged into one, longer, frame
    assert len(data) < 3_000_000
    assert gif_bytes(y_frames(), SMALL.fps) == data  # rendered twice, the same bytes


def test_the_rasteriser_draws_a_cube_with_three_shaded_sides_and_dark_edges():
    faces = scene_faces({(0, 0, 0): 0})
    view = camera()
    canvas = Canvas(framing_for(view, faces.quads.reshape(-1, 3), 100, 100), (1.0, 1.0, 1.0))
    canvas.draw(faces, view, np.array([[0.9, 0.3, 0.3]]))
    image = canvas.image().astype(int)
    reds = image[(image[..., 0] > 100) & (image[..., 0] - image[..., 2] > 60)]
    assert len(np.unique(reds // 8, axis=0)) >= 3  # top, left and right sides in three shades
    assert (image.sum(axis=2) < 150).sum() > 100  # dark edge lines
    assert (canvas.piece == 0).mean() > 0.3
