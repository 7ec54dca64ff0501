"""The pages without a browser: self-contained, the data they carry, their size."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import replace
from html import escape

import numpy as np
import pytest

from foldkit.build import file_owners
from foldkit.cli import main
from foldkit.fold.pose import panel_matrices
from foldkit.kinds import BUILT_IN_KINDS
from foldkit.page.fold import motions
from foldkit.page.grid import row_hash, row_hashes
from foldkit.page.html import FILES_NOTE, POLICY, page_bytes
from tests.conftest import puzzle_fold
from tests.page.pages import index_html, solved

EXAMPLES = ["nov2025-sample.txt", "two-boxes.txt", "y-pentacube.txt", "soma.txt", "number-cross-example.txt",
            "block-party-4.txt"]


def page_data(page: bytes) -> dict:
    found = re.search(rb'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def test_every_kind_with_a_solution_makes_index_html():
    assert [kind.name for kind in BUILT_IN_KINDS if "index.html" not in kind.artifacts] == []


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_page_asks_for_nothing_outside_itself(name):
    page = index_html(name).decode()
    assert f'content="{POLICY}"' in page and "default-src 'none'" in POLICY
    # No resource by address: no src attribute, stylesheet link, CSS url() or import, and no
    # absolute URL anywhere (the links to the folder's files are relative names).
    assert not re.search(r"\ssrc=|<link|url\(|@import|https?://|//cdn", page, re.I)
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert hrefs and all(re.fullmatch(r"[\w.-]+", h) for h in hrefs), hrefs
    assert "index.html" not in hrefs


@pytest.mark.parametrize("name", ["nov2025.txt", "y-pentacube.txt"])
def test_the_large_examples_make_small_pages(name):
    assert len(index_html(name)) < 1_000_000  # the issue allows a few MB; nov2025 is about 70 kB


def test_the_fold_starts_flat_and_ends_closed():
    fold = puzzle_fold()
    frames = np.array(motions(fold)).reshape(-1, len(fold.tree.panels), 3, 4)
    assert np.allclose(frames[0], np.eye(4)[:3])  # every panel where the net lies
    assert np.allclose(frames[-1], panel_matrices(fold.tree, 1.0)[:, :3], atol=1e-4)
    assert len(frames) == 1 + 8 * fold.tree.stage_count


def test_the_fold_page_carries_the_numbers_and_the_puzzle():
    data = page_data(index_html("nov2025-sample.txt"))
    fold = puzzle_fold("examples/nov2025-sample.txt")
    (folding,) = data["foldings"]
    assert {(r, c) for r, c, *_ in folding["cells"]} == set(fold.cells)
    assert {(r, c): int(label) for r, c, _, _, label, _ in folding["cells"] if label} == \
        {cell: int(label.text) for cell, label in fold.labels.items()}
    assert data["puzzle"]["rows"] == 8 and folding["stages"] == fold.tree.stage_count
    # The 6 of the sample is underlined (it reads as 9 upside down), in the 3D view and the grid.
    assert {(r, c) for r, c, _, _, _, underline in folding["cells"] if underline} == \
        {cell for cell, label in fold.labels.items() if label.text in ("6", "9")} != set()
    assert {text: underline for _, _, text, _, underline in data["puzzle"]["marks"] if text in "2469"} == \
        {"2": 0, "4": 0, "6": 1}


def test_row_hash_is_fnv1a():
    assert row_hash("") == 0x811C9DC5
    assert row_hash("a") == 0xE40C292C  # the published FNV-1a test vector
    assert row_hash("foobar") == 0xBF9CF968


@pytest.mark.parametrize("name", ["number-cross-example.txt", "block-party-4.txt"])
def test_the_grid_page_checks_rows_and_reveals_the_solution(name):
    page = index_html(name)
    data = page_data(page)
    solution = json.loads(base64.b64decode(data["sealed"]))
    assert data["hashes"] == row_hashes(data["salt"], solution["grid"])
    assert str(solution["answer"]).split("= ")[-1].isdigit()
    first_row = ",".join(solution["grid"][0]).encode()
    assert first_row not in page  # the plain solution is not in the page to be read at a glance


def test_the_packing_page_has_every_piece_once_in_assembly_order():
    data = page_data(index_html("y-pentacube.txt"))
    cubes = [tuple(cube) for step in data["steps"] for cube in step["cubes"]]
    assert len(data["steps"]) == 25 and len(cubes) == len(set(cubes)) == 125
    assert sorted(step["number"] for step in data["steps"]) == list(range(1, 26))
    # Each piece rests on the floor or on the pieces before it.
    placed: set = set()
    for step in data["steps"]:
        mine = {tuple(c) for c in step["cubes"]}
        assert any(z == 0 or (x, y, z - 1) in placed for x, y, z in mine)
        placed |= mine


def test_a_packings_page_links_every_file_its_build_writes_when_the_pieces_need_two_beds():
    kind, subject = solved("y-pentacube.txt")
    options = replace(kind.build_options(), cube_mm=30.0)
    page = kind.artifacts["index.html"](subject, options).decode()
    written = set(file_owners(kind.artifacts, subject, options)) - {"index.html"}
    assert {"pieces-1.stl", "pieces-2.stl", "box.stl"} <= written and "pieces.stl" not in written
    assert set(re.findall(r'href="([^"]*)"', page)) == written


def hrefs(page: bytes) -> list[str]:
    return re.findall(r'href="([^"]*)"', page.decode())


@pytest.mark.slow  # about 10 CPU-s: a whole build, then one per artifact left out
def test_a_partial_build_links_only_the_files_its_folder_holds(tmp_path):
    """--only, --skip: the page links what this build made and what the folder keeps from an
    earlier build of the same puzzle, never a file that is not there (net.stl was linked)."""
    folder = tmp_path / "out"
    assert main(["build", "--only", "index.html,solution.txt", "--quiet", "-o", str(folder)]) == 0
    assert hrefs((folder / "index.html").read_bytes()) == ["solution.txt"]
    assert main(["build", "--only", "index.html,fold.fold", "--quiet", "-o", str(folder)]) == 0
    linked = hrefs((folder / "index.html").read_bytes())
    assert sorted(linked) == ["fold.fold", "solution.txt"] and all((folder / name).is_file() for name in linked)
    assert main(["build", "--skip", "fold.gif,box.stl,net.stl,fold.glb,box.3mf,hints.pdf,puzzle.pdf,template.pdf",
                 "--quiet", "-o", str(folder)]) == 0
    linked = hrefs((folder / "index.html").read_bytes())
    assert "net.stl" not in linked and all((folder / name).is_file() for name in linked), linked


def test_the_page_says_its_files_come_with_its_folder():
    page = index_html("nov2025-sample.txt").decode()
    assert escape(FILES_NOTE) in page and page.index(escape(FILES_NOTE)) < page.index('href="')
    bare = page_bytes("alone", "", {}, (), ()).decode()
    assert escape(FILES_NOTE) not in bare and "href=" not in bare


def test_a_net_page_has_a_folding_per_box_and_a_switch_only_for_two():
    two = index_html("two-boxes.txt").decode()
    assert [f["box"] for f in page_data(two.encode())["foldings"]] == ["1 × 1 × 5", "1 × 2 × 3"]
    assert 'id="boxes"' in two
    one = index_html("nov2025-sample.txt").decode()
    assert len(page_data(one.encode())["foldings"]) == 1 and 'id="boxes"' not in one
