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
from solver.packing.assembly import assembly_order
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
        show_assembly(Y_BOX, packing, assembly_order(Y_BOX, packing))


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
    assert coloured.mean() > 0.1  # the finished cube fills a good part of the window
