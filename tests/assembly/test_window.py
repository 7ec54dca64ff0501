"""The assembly window: without a display it says so before making anything; under Xvfb it
opens, plays, steps forward and back a piece at a time, and shows the pieces."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from PIL import Image

from foldkit.assembly.window import show_assembly
from foldkit.errors import FoldkitError
from solver.packing.assembly import assembly_order, plan_assembly
from tests.assembly.packings import Y_BOX, y_packing
from tests.conftest import ROOT


@pytest.mark.parametrize("display", [None, ":4242"])
def test_without_a_display_the_window_says_so(monkeypatch, display):
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if display is None:
        monkeypatch.delenv("DISPLAY", raising=False)
    else:
        monkeypatch.setenv("DISPLAY", display)  # nothing listens there
    packing = y_packing()
    with pytest.raises(FoldkitError, match="no display for the window.*foldkit build"):
        show_assembly(Y_BOX, packing, plan_assembly(Y_BOX, packing))


SCRIPT = textwrap.dedent("""
    import sys
    from foldkit.assembly.window import NO_DISPLAY_ADVICE, AssemblyWindow
    from foldkit.display import require_display
    from solver.packing.assembly import assembly_order
    from tests.assembly.packings import Y_BOX, y_packing

    require_display(NO_DISPLAY_ADVICE)
    packing = y_packing()
    window = AssemblyWindow(Y_BOX, packing, assembly_order(Y_BOX, packing), window_size=(640, 480))
    window.start()
    window.plotter.show(auto_close=False, interactive_update=True)
    for _ in range(50):  # 2 s playing: a piece every 0.8 s
        window.tick()
    print(f"played={window.shown} playing={window.playing}")
    window.toggle()  # pause
    paused = window.shown
    for _ in range(50):
        window.tick()
    print(f"paused={window.shown == paused}")
    window.forward()
    window.forward()
    print(f"forward={window.shown - paused}")
    window.back()
    print(f"back={window.shown - paused} falling={window.falling is not None}")
    window.set_shown(25)
    window.plotter.render()
    window.plotter.screenshot(sys.argv[1])
    window.toggle()  # playing again after the last piece starts from an empty box
    print(f"restart={window.shown}")
    window.plotter.close()
""")


def test_window_plays_pauses_and_steps_under_xvfb(xvfb, tmp_path):
    script, shot = tmp_path / "window.py", tmp_path / "window.png"
    script.write_text(SCRIPT)
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"} | {"DISPLAY": xvfb, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, str(script), str(shot)], env=env, capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    out = dict(word.split("=") for word in run.stdout.split())
    assert out["played"] == "3" and out["playing"] == "True"
    assert out["paused"] == "True"
    assert out["forward"] == "2" and out["back"] == "1" and out["falling"] == "False"
    assert out["restart"] == "0"
    image = np.asarray(Image.open(shot).convert("RGB"), dtype=int)
    assert image.shape == (480, 640, 3)
    coloured = (image.max(axis=2) - image.min(axis=2)) > 60
    # the finished cube fills a good part of the window, framed with room for every piece's fall above it
    assert coloured.mean() > 0.05


def test_every_frame_lies_inside_the_view_and_between_the_clipping_planes():
    """Off screen, every piece at every moment of its fall (and the box): all eight corners of what
    is drawn project inside the window, and lie between the near and far planes (a piece falling
    from above was cut by the near plane, and entered above the window's top edge)."""
    from foldkit.assembly.window import DROP_SECONDS, AssemblyWindow

    packing = y_packing()
    window = AssemblyWindow(Y_BOX, packing, assembly_order(Y_BOX, packing), window_size=(640, 480), off_screen=True)
    renderer, camera = window.plotter.renderer, window.plotter.camera
    checked = 0
    for step in range(len(window.order)):
        window.set_shown(step + 1)
        for since in (0.0, DROP_SECONDS / 3, DROP_SECONDS):
            window._place_falling(step, since)
            window.plotter.render()
            near, far = camera.clipping_range
            ahead = np.subtract(camera.focal_point, camera.position)
            ahead /= np.linalg.norm(ahead)
            x0, x1, y0, y1, z0, z1 = window.actors[step].GetBounds()
            for corner in [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)]:
                depth = float(np.dot(np.subtract(corner, camera.position), ahead))
                assert near < depth < far, (step, since, corner, near, far)
                renderer.SetWorldPoint(*corner, 1.0)
                renderer.WorldToDisplay()
                u, v, _ = renderer.GetDisplayPoint()
                assert 0 <= u <= 640 and 0 <= v <= 480 * 0.88, (step, since, corner, u, v)  # below the caption
                checked += 1
    window.plotter.close()
    assert checked == 8 * 3 * len(packing)
