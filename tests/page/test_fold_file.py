"""A FOLD file played in a fold page (headless Chromium): dropped on the page or opened with its
button, foldkit's own fold.fold or one written by another tool, its frames (inheriting from their
parents) drawn one after the other and played to the end."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.page.browser import measure
from tests.page.pages import solved, written
from tests.page.test_browser import JS

# Our own small FOLD file: two square faces side by side, the right one turned up about their
# shared edge (x = 1), then over the left one. Frame 2 inherits its faces from frame 1, which
# inherits them from the key frame; frame 3 gives only a title and inherits everything else.
TWO_SQUARES = {
    "file_spec": 1.1, "file_creator": "foldkit tests", "frame_title": "flat",
    "vertices_coords": [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]],
    "edges_vertices": [[0, 1], [1, 2], [2, 5], [5, 4], [4, 3], [3, 0], [1, 4]],
    "edges_assignment": ["B", "B", "B", "B", "B", "B", "V"],
    "faces_vertices": [[0, 1, 4, 3], [1, 2, 5, 4]],
    "file_frames": [
        {"frame_parent": 0, "frame_inherit": True, "frame_title": "standing",
         "vertices_coords": [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 1, 0], [1, 1, 0], [1, 1, 1]]},
        {"frame_parent": 1, "frame_inherit": True, "frame_title": "folded",
         "vertices_coords": [[0, 0, 0], [1, 0, 0], [0, 0, 0.05], [0, 1, 0], [1, 1, 0], [0, 1, 0.05]]},
        {"frame_parent": 2, "frame_inherit": True, "frame_title": "again"},
    ],
}


def frame_faces(document: dict, k: int) -> list[list[list[float]]]:
    """The faces of frame k (0: the key frame) as 3D points, resolving inheritance by hand."""
    frames = [document, *document.get("file_frames", [])]
    merged: dict = {}
    chain = [k]
    while frames[chain[-1]].get("frame_inherit"):
        chain.append(frames[chain[-1]]["frame_parent"])
    for i in reversed(chain):
        merged.update(frames[i])
    coords = [[*p, 0][:3] for p in merged["vertices_coords"]]
    return [[coords[v] for v in face] for face in merged["faces_vertices"]]


def play(page, document: dict, name: str, through: str = "drop") -> dict:
    script = (f"const FOLD_TEXT = {json.dumps(json.dumps(document))}, FOLD_NAME = {json.dumps(name)}, "
              f"THROUGH = {json.dumps(through)};\n" + (JS / "play_fold_file.js").read_text())
    found, _ = measure(page, script, budget_ms=20000)
    return found


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    return written("nov2025-sample.txt", tmp_path_factory.mktemp("fold-file"))


@pytest.mark.parametrize("through", ["drop", "button"])
def test_a_fold_file_of_another_tool_plays_frame_by_frame(page, through):
    found = play(page, TWO_SQUARES, "two-squares.fold", through)
    state, drawn = found["state"], found["drawn"]
    assert state["foldFile"] == "two-squares.fold" and state["foldFrames"] == "4"
    assert [d["where"] for d in drawn] == ["two-squares.fold: frame 1 of 4 (flat)", "two-squares.fold: frame 2 of 4 "
                                           "(standing)", "two-squares.fold: frame 3 of 4 (folded)",
                                           "two-squares.fold: frame 4 of 4 (again)"]
    for k, shown in enumerate(drawn):
        assert np.allclose(shown["faces"], frame_faces(TWO_SQUARES, k), atol=1e-9), k
    assert state["playing"] == "false" and state["t"] == "1.000", state  # Play ran the frames to the end


def test_foldkits_own_fold_file_plays_every_stage(page):
    kind, subject = solved("nov2025-sample.txt")
    document = json.loads(kind.artifacts["fold.fold"](subject, kind.build_options()))
    found = play(page, document, "fold.fold")
    frames = 1 + len(document["file_frames"])
    assert found["state"]["foldFrames"] == str(frames) and len(found["drawn"]) == frames
    for k in (0, frames // 2, frames - 1):
        assert np.allclose(found["drawn"][k]["faces"], frame_faces(document, k), atol=1e-6), k


def test_a_file_that_is_not_fold_is_refused_in_a_line(page):
    found = play(page, {"vertices_coords": [[0, 0]]}, "empty.fold")
    assert "foldFile" not in found["state"]
    assert found["state"]["foldError"] == "it has no frame with vertices_coords and faces_vertices"
