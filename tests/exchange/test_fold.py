"""fold.fold checked against the FOLD 1.2 specification (doc/spec.md of the FOLD project), by a
checker written from the specification here and by the FOLD project's own JavaScript library:
keys, array lengths, indices, assignments and angles, faces counterclockwise, and folded frames
that keep every cell a unit square and close the box."""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path

import numpy as np
import pytest

from foldkit.cli import main
from foldkit.exchange import exporter
from foldkit.fold.crease import fold_document
from foldkit.fold.subject import Subject
from solver.folding import box_foldings
from tests.conftest import ROOT, net_fold, puzzle_fold, require_program

FOLD_LIBRARY = ROOT / ".cache" / "npm" / "node_modules" / "fold"
CUBE_NET = frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1)})
FILE_KEYS = {"file_spec", "file_creator", "file_author", "file_title", "file_description", "file_classes",
             "file_frames"}
FRAME_KEYS = {"frame_author", "frame_title", "frame_description", "frame_classes", "frame_attributes",
              "frame_unit", "frame_parent", "frame_inherit", "vertices_coords", "vertices_vertices",
              "vertices_edges", "vertices_faces", "edges_vertices", "edges_faces", "edges_assignment",
              "edges_foldAngle", "edges_length", "faces_vertices", "faces_edges", "faceOrders", "edgeOrders"}
ASSIGNMENTS = set("BMVFUCJ")


@pytest.fixture(scope="module", params=["cube", "sample", "nov2025"])
def subject(request, examples) -> Subject:
    if request.param == "cube":
        (folding,) = box_foldings(CUBE_NET)[(1, 1, 1)]
        return Subject("cube", folding, {})
    return puzzle_fold(examples / "nov2025-sample.txt" if request.param == "sample" else None)


@pytest.fixture(scope="module")
def document(subject) -> dict:
    return json.loads(exporter(".fold")(fold_document(subject)))


def check_keys(document: dict) -> None:
    """Every key is the spec's or custom (with a colon); file_ keys only at the top."""
    assert document["file_spec"] == 1.2 and isinstance(document["file_creator"], str)
    for key in document:
        assert key in FILE_KEYS | FRAME_KEYS or ":" in key, key
    for frame in document["file_frames"]:
        assert not any(key.startswith("file_") for key in frame)
        for key in frame:
            assert key in FRAME_KEYS or ":" in key, key


def check_frame(frame: dict, vertices: int, edges: int, faces: int) -> None:
    """Array lengths agree: per vertex, per edge and per face arrays have one entry each."""
    assert len(frame["vertices_coords"]) == vertices
    for key in ("edges_vertices", "edges_assignment", "edges_foldAngle"):
        if key in frame:
            assert len(frame[key]) == edges, key
    for key, value in frame.items():
        if key.startswith("faces_"):
            assert len(value) == faces, key
    assert all(-180 <= angle <= 180 for angle in frame["edges_foldAngle"])


def test_the_document_keeps_to_the_specification(document):
    check_keys(document)
    vertices, edges, faces = (len(document[k]) for k in ("vertices_coords", "edges_vertices", "faces_vertices"))
    check_frame(document, vertices, edges, faces)
    for frame in document["file_frames"]:
        assert frame["frame_parent"] == 0 and frame["frame_inherit"] is True
        assert "foldedForm" in frame["frame_classes"]
        check_frame(frame, vertices, edges, faces)
    edge_set = set()
    for u, v in document["edges_vertices"]:
        assert 0 <= u < vertices and 0 <= v < vertices and u != v
        edge_set.add(frozenset((u, v)))
    assert len(edge_set) == edges  # no edge twice
    assert set(document["edges_assignment"]) <= ASSIGNMENTS
    # Each face's sides are edges; a border edge has one face, a crease two.
    sides: dict[frozenset, int] = {}
    for face in document["faces_vertices"]:
        for u, v in zip(face, face[1:] + face[:1], strict=True):
            assert frozenset((u, v)) in edge_set
            sides[frozenset((u, v))] = sides.get(frozenset((u, v)), 0) + 1
    for (u, v), assignment in zip(document["edges_vertices"], document["edges_assignment"], strict=True):
        assert sides[frozenset((u, v))] == (1 if assignment == "B" else 2)
    # Faces go counterclockwise in the flat crease pattern (the spec's orientation).
    coords = np.array(document["vertices_coords"], dtype=float)
    for face in document["faces_vertices"]:
        x, y = coords[face].T
        assert 0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) == pytest.approx(1.0)


def test_angles_agree_with_assignments_and_the_last_frame_has_every_fold_at_90(document):
    assignments = document["edges_assignment"]
    for frame in [document, *document["file_frames"]]:
        for assignment, angle in zip(assignments, frame["edges_foldAngle"], strict=True):
            assert (assignment == "M" and angle <= 0) or (assignment == "V" and angle >= 0) or angle == 0
    last = document["file_frames"][-1]["edges_foldAngle"]
    assert all(angle == -90 for a, angle in zip(assignments, last, strict=True) if a == "M")
    assert document["edges_foldAngle"] == last  # the key frame gives each fold its target angle


def test_folded_frames_keep_every_cell_a_unit_square_and_close_the_box(document, subject):
    for frame in document["file_frames"]:
        coords = np.array(frame["vertices_coords"], dtype=float)
        assert coords.shape[1] == 3
        for u, v in document["edges_vertices"]:
            assert np.linalg.norm(coords[u] - coords[v]) == pytest.approx(1.0, abs=1e-9)
        for face in document["faces_vertices"]:
            a, b, c, d = coords[face]
            assert np.linalg.norm(a - c) == pytest.approx(math.sqrt(2)) == np.linalg.norm(b - d)
    closed = np.array(document["file_frames"][-1]["vertices_coords"], dtype=float)
    assert sorted(np.ptp(closed, axis=0).round(9)) == sorted(subject.folding.box)


def test_every_fold_is_a_mountain_seen_from_the_printed_side(document):
    """In the closed box each fold's second face lies behind the first face's normal (the
    spec's mountain: normals point away from each other), and normals point out of the box."""
    closed = np.array(document["file_frames"][-1]["vertices_coords"], dtype=float)
    centre = closed.mean(axis=0)
    faces = document["faces_vertices"]
    normals = [np.cross(closed[f[1]] - closed[f[0]], closed[f[2]] - closed[f[1]]) for f in faces]
    middles = [closed[f].mean(axis=0) for f in faces]
    for k in range(len(faces)):
        assert np.dot(normals[k], middles[k] - centre) > 0
    face_of_side: dict[frozenset, list[int]] = {}
    for k, face in enumerate(faces):
        for u, v in zip(face, face[1:] + face[:1], strict=True):
            face_of_side.setdefault(frozenset((u, v)), []).append(k)
    for (u, v), assignment in zip(document["edges_vertices"], document["edges_assignment"], strict=True):
        if assignment == "M":
            first, second = face_of_side[frozenset((u, v))]
            edge_middle = (closed[u] + closed[v]) / 2
            assert np.dot(normals[first], middles[second] - edge_middle) < -0.1


def test_the_root_panel_stays_where_the_crease_pattern_has_it(document, subject):
    """The folded frames share the key frame's axes: the panel that stays on the table does not move."""
    tree = subject.tree
    root = [k for k, cell in enumerate(tree.cells) if tree.panel_of(cell) == tree.root]
    flat = np.array(document["vertices_coords"], dtype=float)
    for frame in document["file_frames"]:
        coords = np.array(frame["vertices_coords"], dtype=float)
        for k in root:
            face = document["faces_vertices"][k]
            assert coords[face, :2] == pytest.approx(flat[face]) and not coords[face, 2].any()


def test_one_folded_frame_per_stage(document, subject):
    assert len(document["file_frames"]) == subject.tree.stage_count
    assert document["file_frames"][0]["frame_title"] == f"stage 1 of {subject.tree.stage_count}"


def test_the_fold_projects_library_finds_the_same_faces_and_creases(document, tmp_path):
    node = require_program("node")
    if not FOLD_LIBRARY.exists():
        require_program("fold (npm)", str(FOLD_LIBRARY))
    path = tmp_path / "model.fold"
    path.write_text(json.dumps(document))
    done = subprocess.run([node, str(ROOT / "tests" / "read_fold.mjs"), str(path)], capture_output=True, text=True,
                          check=True)
    report = json.loads(done.stdout)

    def cycle(face: list[int]) -> tuple[int, ...]:
        k = face.index(min(face))
        return tuple(face[k:] + face[:k])

    assert sorted(map(cycle, report["faces"])) == sorted(map(cycle, document["faces_vertices"]))
    assignments = document["edges_assignment"]
    for name, letter in (("mountain", "M"), ("valley", "V"), ("flat", "F"), ("boundary", "B")):
        assert report[name] == [k for k, a in enumerate(assignments) if a == letter]
    # Every folded frame, read through its inheritance: the same mesh, every cell side still one
    # cell long (the paper does not stretch), every face flat; in the last, each face is square to
    # an axis (the closed box).
    counts = (len(document["vertices_coords"]), len(document["edges_vertices"]), len(document["faces_vertices"]))
    frames = report["frames"]
    assert [frame["title"] for frame in frames] == [frame["frame_title"] for frame in document["file_frames"]]
    for frame in frames:
        assert (frame["vertices"], frame["edges"], frame["faces"]) == counts
        assert np.allclose(frame["edgeLengths"], 1.0, atol=1e-3), frame["title"]
        assert all(normal is not None for normal in frame["normals"]), frame["title"]
    closed = np.abs(np.array(frames[-1]["normals"]))
    assert np.allclose(closed.max(axis=1), 1.0, atol=1e-3)


def test_a_net_has_its_fold_file_too(tmp_path, examples):
    path = Path(tmp_path / "net.txt")
    path.write_text(".#..\n####\n.#..\n")
    folder = tmp_path / "out"
    assert main(["build", "--net", str(path), "--only", "fold.fold", "--quiet", "-o", str(folder)]) == 0
    document = json.loads((folder / "fold.fold").read_text())
    assert len(document["faces_vertices"]) == 6
    assert document["edges_assignment"].count("M") == 5
    assert net_fold(path).folding.box == (1, 1, 1)
