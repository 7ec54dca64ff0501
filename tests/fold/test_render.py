"""Rendering: off-screen frames show the net, the camera keeps the fold in frame, GIF and MP4
decode, the window opens under Xvfb."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import imageio.v3 as iio
import numpy as np
import pytest

from foldkit import look
from foldkit.cli import main
from foldkit.fold.animation import AnimationOptions, animation_bytes, frame_fractions, frame_times, render_frames
from foldkit.fold.camera import CAPTION_PIXELS, Viewport
from foldkit.fold.pose import cell_corners
from foldkit.fold.scene import BACKGROUND, fold_scene
from tests.conftest import EXAMPLES, ROOT, net_fold, puzzle_fold

SAMPLE = str(EXAMPLES / "nov2025-sample.txt")
SMALL = AnimationOptions(width=320, height=240, fps=5, seconds=1.0)
FLAT, FOLD, ORBIT, END = 5, 5, 10, 2  # SMALL's frames: 1 s flat, the fold, 2 s orbit, 0.5 s still


@pytest.fixture(scope="module")
def sample():
    return puzzle_fold(SAMPLE)


@pytest.fixture(scope="module")
def frames(sample):
    return list(render_frames(sample, SMALL))


def faces_seen(image: np.ndarray, tolerance: float = 45.0, least: int = 40) -> set[int]:
    """The box faces whose colour covers at least `least` pixels of an image (shading allowed)."""
    rgb = image[..., :3].reshape(-1, 3).astype(float)
    seen = set()
    for face in range(6):
        target = 255 * np.array(look.face_colour(face))
        if (np.linalg.norm(rgb - target, axis=1) < tolerance).sum() >= least:
            seen.add(face)
    return seen


def test_frames_hold_fold_orbit_and_hold(frames):
    assert len(frames) == len(frame_times(SMALL)) == len(frame_fractions(SMALL)) == FLAT + FOLD + ORBIT + END
    assert all(f.shape == (240, 320, 3) and f.dtype == np.uint8 for f in frames)
    assert frames[1] is frames[0] and frames[-1] is frames[-2]  # holds are rendered once
    assert frame_fractions(SMALL)[FLAT + FOLD - 1:] == [1.0] * (ORBIT + END + 1)
    orbit = frames[FLAT + FOLD - 1:FLAT + FOLD + ORBIT]
    assert all(not np.array_equal(a, b) for a, b in zip(orbit, orbit[1:], strict=False))  # the camera turns


def ndc(camera, aspect: float, points: np.ndarray) -> np.ndarray:
    """Points (n, 3) in normalised device coordinates through VTK's own camera matrices, (n, 2);
    asserts they are all in front of the camera."""
    m = camera.GetCompositeProjectionTransformMatrix(aspect, -1, 1)
    matrix = np.array([[m.GetElement(i, j) for j in range(4)] for i in range(4)])
    clip = np.column_stack([points, np.ones(len(points))]) @ matrix.T
    assert (clip[:, 3] > 0).all()
    return clip[:, :2] / clip[:, 3:]


@pytest.mark.parametrize(("puzzle", "sequence"), [(SAMPLE, "staged"), (SAMPLE, "together"), (None, "staged")])
def test_every_cell_corner_stays_in_frame_below_the_caption(puzzle, sequence):
    import pyvista as pv

    scene = fold_scene(puzzle_fold(puzzle), sequence)
    size = (640, 480)
    path, viewport = scene.camera_path(size, 6.0), Viewport.for_window(size)
    camera = pv.Camera()
    for seconds in np.linspace(0.0, path.seconds, 81):
        corners = cell_corners(scene.tree, path.fraction(seconds), sequence).reshape(-1, 3)
        path.shot(seconds).set(camera)
        xy = ndc(camera, size[0] / size[1], corners)
        slack = 0.01  # the path moves linearly between its samples
        assert viewport.left - slack <= xy[:, 0].min() and xy[:, 0].max() <= viewport.right + slack
        assert viewport.bottom - slack <= xy[:, 1].min() and xy[:, 1].max() <= viewport.top + slack
        assert viewport.top < 1 - 2 * CAPTION_PIXELS / size[1]


def test_camera_glides_without_jumps():
    scene = fold_scene(puzzle_fold(SAMPLE))
    path = scene.camera_path((640, 480), 6.0)
    shots = [path.shot(s) for s in np.arange(0.0, path.seconds, 0.05)]  # 20 frames a second
    for a, b in zip(shots, shots[1:], strict=False):
        distance = np.linalg.norm(a.position - a.focus)
        assert np.linalg.norm(b.focus - a.focus) < 0.02 * distance
        assert np.linalg.norm(b.position - a.position) < 0.08 * distance


def content_box(image: np.ndarray, top: int) -> tuple[int, int, int, int]:
    """The rows and columns (first, last) of non-background pixels below the caption band."""
    below = image[top:, :, :3].astype(int)
    ink = np.abs(below - np.round(255 * np.array(BACKGROUND))).max(axis=2) > 12
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    return top + rows[0], top + rows[-1], cols[0], cols[-1]


def test_rendered_fold_keeps_a_background_margin_on_every_side(frames):
    height, width = frames[0].shape[:2]
    for frame in frames[::2]:
        caption_free = frame[CAPTION_PIXELS:CAPTION_PIXELS + 3]  # the band just under the caption
        assert content_box(frame, CAPTION_PIXELS)[0] > CAPTION_PIXELS + 2, "the fold reaches the caption"
        assert np.abs(caption_free.astype(int) - np.round(255 * np.array(BACKGROUND))).max() <= 12
        first_row, last_row, first_col, last_col = content_box(frame, CAPTION_PIXELS)
        assert last_row < height - 3 and first_col > 2 and last_col < width - 3


def test_closed_box_fills_the_frame_centred_and_folding_runs_on_into_the_orbit(frames):
    height, width = frames[-1].shape[:2]
    first_row, last_row, first_col, last_col = content_box(frames[-1], CAPTION_PIXELS)
    assert (last_col - first_col) > 0.6 * width or (last_row - first_row) > 0.6 * (height - CAPTION_PIXELS)
    assert abs((first_col + last_col) / 2 - width / 2) < 0.05 * width
    # Continuity: the closed box at the end of the fold looks more like the orbit's first frame than the net.
    flat, closed, turning = (frames[i].astype(int) for i in (0, FLAT + FOLD - 1, FLAT + FOLD))
    assert np.abs(closed - turning).mean() < np.abs(closed - flat).mean()


def test_flat_net_frame_is_not_blank_and_shows_every_face(frames):
    flat = frames[0]
    assert flat.std() > 20
    assert faces_seen(flat) == set(range(6))
    # The closed box hides some faces from the camera but still shows several.
    assert len(faces_seen(frames[-1])) >= 2


def test_gif_decodes_with_the_frames_size_and_timing(sample, frames):
    data = animation_bytes(sample, ".gif", SMALL)
    assert data[:6] == b"GIF89a"
    decoded = iio.imread(data, index=None)
    assert decoded.shape[1:] == (240, 320, 3)
    # Runs of equal frames are merged into longer ones, so count time rather than frames.
    durations = [iio.immeta(data, index=i)["duration"] for i in range(len(decoded))]
    assert sum(durations) == len(frames) * 1000 // SMALL.fps
    assert 2 < len(decoded) <= len(frames)
    assert np.abs(decoded[0].astype(int) - frames[0]).mean() < 3  # the palette keeps the look
    assert np.abs(decoded[-1].astype(int) - frames[-1]).mean() < 3


def test_mp4_decodes_with_every_frame_even_at_odd_sizes(sample):
    options = AnimationOptions(width=161, height=121, fps=5, seconds=1.0)
    data = animation_bytes(sample, ".mp4", options)
    assert len(data) > 1000
    decoded = iio.imread(data, extension=".mp4", plugin="FFMPEG", index=None)
    assert decoded.shape == (len(frame_fractions(options)), 122, 162, 3)  # padded to even sides
    assert decoded[0].std() > 20


def test_a_net_without_numbers_renders(tmp_path):
    net = net_fold(EXAMPLES.parent / "tests" / "data" / "panels" / "cube-141-e.txt")
    options = AnimationOptions(width=160, height=120, fps=2, seconds=1.0, sequence="together")
    frames = list(render_frames(net, options))
    assert faces_seen(frames[0], least=20) == set(range(6))
    assert len(faces_seen(frames[-1], least=20)) >= 2


def test_animate_refuses_other_formats(tmp_path, capsys):
    assert main(["animate", SAMPLE, "-o", str(tmp_path / "fold.avi"), "--quiet"]) == 2
    assert "cannot write a .avi file here: use .gif or .mp4" in capsys.readouterr().err
    assert not (tmp_path / "fold.avi").exists()


def test_animate_writes_a_gif_with_a_progress_bar_at_a_terminal(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # as at a terminal: into a pipe it draws nothing
    out = tmp_path / "fold.gif"
    assert main(["animate", SAMPLE, "-o", str(out), "--size", "160x120", "--fps", "4", "--seconds", "1"]) == 0
    assert iio.imread(out, index=None).shape[1:] == (120, 160, 3)
    assert "rendering [" in capsys.readouterr().err


@pytest.mark.parametrize("display", [None, ":4242"])
def test_show_without_a_display_exits_2_and_points_to_animate(monkeypatch, capsys, display):
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if display is None:
        monkeypatch.delenv("DISPLAY", raising=False)
    else:
        monkeypatch.setenv("DISPLAY", display)  # nothing listens there
    assert main(["show", SAMPLE]) == 2
    err = capsys.readouterr().err
    assert "no display for the window" in err and "foldkit animate" in err
    assert len(err.strip().splitlines()) == 1



class _WindowThatNeverRan:
    """A plotter whose show returns at once without one tick, as VTK's does when it loses the X
    server after the display was found ("bad X server connection")."""

    class iren:  # noqa: N801 - pyvista's attribute name
        @staticmethod
        def add_observer(*_):
            pass

    def show(self, title):
        pass


def test_a_window_that_never_ran_is_an_error_not_a_window_closed(monkeypatch):
    from foldkit.display import show_until_closed
    from foldkit.errors import FoldkitError

    monkeypatch.setenv("DISPLAY", ":7")
    with pytest.raises(FoldkitError, match="the window did not run: the display :7 was lost") as raised:
        show_until_closed(_WindowThatNeverRan, "foldkit: test")
    assert raised.value.exit_code == 2


WINDOW_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    from tests.conftest import net_fold, puzzle_fold
    from foldkit.display import require_display
    from foldkit.fold.window import NO_DISPLAY_ADVICE, FoldWindow

    require_display(NO_DISPLAY_ADVICE)
    window = FoldWindow(puzzle_fold(sys.argv[1]), window_size=(640, 480))
    window.start()
    window.plotter.show(auto_close=False, interactive_update=True)
    window.toggle()  # space: pause, then play again
    window.toggle()
    for k in range(41):  # 1.6 s by the clock, ticked at 25 per second
        window.tick(100.0 + 0.04 * k)
    window.plotter.screenshot(sys.argv[2])
    print(f"t={window.t:.3f} playing={window.playing}")
    window.toggle()  # pause, orbit by hand, play: the camera glides back onto the path
    window.plotter.camera.azimuth = 120
    window.toggle()
    window.tick(200.0)
    window.tick(200.04)
    far = np.linalg.norm(window.path.shot(window.clock).position - window.plotter.camera.position)
    for k in range(20):
        window.tick(200.08 + 0.04 * k)
    near = np.linalg.norm(window.path.shot(window.clock).position - window.plotter.camera.position)
    print(f"glides={far > 1.0} rejoined={near < 1e-9}")
    window.plotter.close()
""")


def test_window_opens_plays_and_shows_the_net_under_xvfb(xvfb, tmp_path):
    script, shot = tmp_path / "window.py", tmp_path / "window.png"
    script.write_text(WINDOW_SCRIPT)
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"} | {"DISPLAY": xvfb, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, str(script), SAMPLE, str(shot)], env=env, capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "playing=True" in run.stdout  # 1.6 s of a 6 s fold: a quarter of it, still playing
    assert "glides=True rejoined=True" in run.stdout  # playing again after a hand orbit: no snap
    t = float(run.stdout.split("t=")[1].split()[0])
    assert 0.2 < t < 0.4
    image = iio.imread(shot)
    assert image.shape[:2] == (480, 640)
    assert image.std() > 20
    assert len(faces_seen(image)) >= 5


# ---------------------------------------------------------------------------------------------
# The net as printed, the window by the clock


def test_first_frame_shows_the_net_as_the_template_prints_it(sample):
    """Cell centres in the first frame sit where the template prints them, up to scale: not
    mirrored, not turned (the camera looks square at the printed side)."""
    import pyvista as pv

    from foldkit.paper.template import TemplateOptions
    from foldkit.paper.template.fit import fitted

    size = (640, 480)
    scene = fold_scene(sample)
    camera = pv.Camera()
    scene.camera_path(size, 6.0).shot(0.0).set(camera)
    cells = sorted(sample.cells)
    centres = np.array([(c + 0.5, r + 0.5, 0.0) for r, c in cells])
    screen = ndc(camera, size[0] / size[1], centres) * [size[0] / 2, -size[1] / 2]  # pixels, y down
    _, plan = fitted(sample.folding, TemplateOptions())
    page = np.array([plan.page_point(plan.tiles[0], (c + 0.5, r + 0.5)) for r, c in cells])  # mm, y down
    # Least squares screen = scale * page + shift, each axis on its own: both scales positive and equal.
    scales = []
    for axis in (0, 1):
        a = np.column_stack([page[:, axis], np.ones(len(page))])
        (scale, _), *_ = np.linalg.lstsq(a, screen[:, axis], rcond=None)
        scales.append(scale)
    assert min(scales) > 0 and abs(scales[0] / scales[1] - 1) < 0.01
    fitted_screen = page * np.mean(scales)
    fitted_screen += (screen - fitted_screen).mean(axis=0)
    spread = np.ptp(screen, axis=0).max()
    assert np.abs(fitted_screen - screen).max() < 0.01 * spread


def test_the_first_frame_shows_the_numbers_on_the_printed_side(sample):
    """The ink lies on the printed side only (z < 0 in the net), the side the camera starts on."""
    scene = fold_scene(sample)
    ink = scene.parts["ink"].net_points
    assert len(ink) and (ink[:, 2] < 0).all()
    position = scene.camera_path((640, 480), 6.0).shot(0.0).position
    assert position[2] < 0


def test_the_window_plays_by_the_clock_not_by_the_tick(sample):
    import pyvista as pv

    from foldkit.fold.window import FOLD_SECONDS, FoldWindow

    before = pv.OFF_SCREEN
    pv.OFF_SCREEN = True
    try:
        window = FoldWindow(sample, window_size=(320, 240))
        window.playing = True
        window.tick(50.0)  # the first tick starts the clock
        for now in (50.9, 52.0, 53.0):  # three slow frames, about a second each
            window.tick(now)
        assert window.clock == pytest.approx(3.0)
        assert window.t == pytest.approx(3.0 / FOLD_SECONDS)
        window.toggle()  # paused: time passes, the fold stays
        window.tick(60.0)
        assert window.clock == pytest.approx(3.0)
        window.toggle()
        window.tick(70.0)
        window.tick(70.5)
        assert window.clock == pytest.approx(3.5)
        window.plotter.close()
    finally:
        pv.OFF_SCREEN = before
