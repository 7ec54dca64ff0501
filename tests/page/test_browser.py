"""The pages in a real browser (headless Chromium, cut off from the network): each opens at
chosen positions, publishes the state it shows, draws something that changes with the position,
fits a phone's width, and asks the network for nothing."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.page.browser import DESKTOP, PHONE, measure, requested_urls, visit
from tests.page.pages import written
from tests.page.test_page import page_data

# Five pages built and about 60 headless Chromium visits: about 50 CPU-s, so the file is in the slow
# set; test_fold_file.py and test_hostile_text.py keep a page in a real browser in the quick set.
pytestmark = pytest.mark.slow

JS = Path(__file__).parent / "js"  # the tests' measuring scripts, run in the page


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    return {name: written(f"{name}.txt", folder)
            for name in ("nov2025", "y-pentacube", "number-cross-example", "block-party-4", "two-boxes")}


def hinge_groups(page: Path, box: int = 1) -> int:
    """How many hinge groups the page's folding onto its box number ``box`` has."""
    return page_data(page.read_bytes())["foldings"][box - 1]["stages"]


def pixels(png: Path) -> np.ndarray:
    return np.asarray(Image.open(png).convert("RGB"), dtype=np.int16)


def assert_drawn_and_different(shots: list[Path]) -> None:
    """Each screenshot has something drawn (not one flat colour), and no two are alike."""
    images = [pixels(png) for png in shots]
    for png, image in zip(shots, images, strict=True):
        assert image.std() > 10 and len(np.unique(image.reshape(-1, 3), axis=0)) > 50, f"{png.name} looks blank"
    for i in range(len(images)):
        for j in range(i + 1, len(images)):
            changed = np.abs(images[i] - images[j]).max(axis=-1) > 24
            assert changed.mean() > 0.005, f"{shots[i].name} and {shots[j].name} look the same"


def test_the_fold_scrubs_from_flat_to_closed(pages, tmp_path):
    page = pages["nov2025"]
    shots = [tmp_path / f"fold-{t}.png" for t in ("0", "0.5", "1")]
    states = [visit(page, f"t={t}", DESKTOP, png) for t, png in zip(("0", "0.5", "1"), shots, strict=True)]
    assert [s["t"] for s in states] == ["0.000", "0.500", "1.000"]
    groups = hinge_groups(page)
    assert [int(s["step"]) for s in states] == [0, groups // 2, groups]
    assert all(s["revealed"] == "false" for s in states)
    assert_drawn_and_different(shots)


def test_the_fold_steps_one_hinge_group_and_reveals_the_solution(pages, tmp_path):
    shown = visit(pages["nov2025"], "step=2&revealed", PHONE, tmp_path / "phone.png")
    groups = hinge_groups(pages["nov2025"])
    assert shown["step"] == "2" and float(shown["t"]) == pytest.approx(2 / groups, abs=1e-3)
    assert shown["revealed"] == "true"
    assert shown["overflow"] == "false"  # nothing to scroll sideways on a phone
    assert_drawn_and_different([tmp_path / "phone.png"])


def test_a_net_page_folds_too(pages):
    assert visit(pages["two-boxes"], "t=1")["step"] != "0"


def test_the_packing_goes_in_piece_by_piece(pages, tmp_path):
    page = pages["y-pentacube"]
    shots = [tmp_path / f"step-{n}.png" for n in (1, 13, 25)]
    states = [visit(page, f"step={n}", DESKTOP, png) for n, png in zip((1, 13, 25), shots, strict=True)]
    assert [s["step"] for s in states] == ["1", "13", "25"]
    assert visit(page)["step"] == "25"  # opened plainly: the packed box
    assert_drawn_and_different(shots)
    phone = visit(page, "step=5", PHONE, tmp_path / "phone.png")
    assert phone["overflow"] == "false"


@pytest.mark.parametrize("name", ["number-cross-example", "block-party-4"])
def test_a_grid_checks_a_guess_without_the_answer_and_reveals_it(pages, name, tmp_path):
    page = pages[name]
    solution = json.loads(base64.b64decode(page_data(page.read_bytes())["sealed"]))["grid"]
    wrong = [list(row) for row in solution]
    wrong[0][-1] = "9" if wrong[0][-1] != "9" else "8"
    typed = ";".join(",".join(row) for row in wrong)
    assert visit(page, f"guess={typed}")["checked"] == "wrong"
    assert visit(page, f"guess={';'.join(','.join(row) for row in solution[:1])}")["checked"] == "unfinished"
    shots = [tmp_path / "empty.png", tmp_path / "revealed.png"]
    assert visit(page, "", DESKTOP, shots[0])["revealed"] == "false"
    shown = visit(page, "revealed", DESKTOP, shots[1])
    assert shown["revealed"] == "true" and shown["checked"] == "right"
    assert_drawn_and_different(shots)
    assert visit(page, "revealed", PHONE, tmp_path / "phone.png")["overflow"] == "false"
    assert_drawn_and_different([tmp_path / "phone.png"])


@pytest.mark.parametrize("name", ["nov2025", "y-pentacube", "block-party-4"])
def test_a_page_makes_no_network_request(pages, name, tmp_path):
    assert requested_urls(pages[name], tmp_path) == []


def test_the_net_log_would_show_a_request(tmp_path):
    """The check above can fail: a page that loads an image and a stylesheet by address is caught."""
    page = tmp_path / "asks.html"
    page.write_text('<img src="http://example.invalid/pixel.png"><link rel="stylesheet" href="https://example.invalid/a.css">')
    assert requested_urls(page, tmp_path) == ["http://example.invalid/pixel.png", "https://example.invalid/a.css"]


def test_every_cube_face_in_sight_is_drawn_on_top(pages):
    """At every step of the Y-pentacube's assembly and from four sides: each cube face that a ray
    from the eye reaches at its middle, past every other cube, is the one painted there; the first
    piece shows its 5 cubes (the floor was painted over one, by the depth of its middle)."""
    views = [[-0.6, 0.9], [0.4, 0.5], [2.5, 1.2], [-2.2, 0.3]]  # (yaw, pitch): the page's own view first
    script = f"const VIEWS = {json.dumps(views)};\n" + (JS / "hidden_cubes.js").read_text()
    found, _ = measure(pages["y-pentacube"], script)
    assert found["visible"] > 4000 and found["wrong"] == [], found
    assert found["firstShown"] == 5


def test_step_and_t_mean_the_same_on_fold_and_packing_pages(pages):
    """#step=N: the first N steps done (hinge groups folded, pieces in), 1-based as the page says
    them; #t: that fraction of the whole, on every page."""
    where = "return doc.getElementById('where').textContent"
    fold, groups = pages["nov2025"], hinge_groups(pages["nov2025"])
    said, shown = measure(fold, where, "step=1")
    assert shown["step"] == "1" and float(shown["t"]) == pytest.approx(1 / groups, abs=1e-3)
    assert said == f"hinge group 1 of {groups} folded"
    said, shown = measure(fold, where, f"t={1.5 / groups}")
    assert shown["step"] == "1" and said == f"folding hinge group 2 of {groups}"
    packing = pages["y-pentacube"]
    for t, step in (("0.5", "12"), ("0", "0"), ("1", "25"), ("0.04", "1")):
        said, shown = measure(packing, where, f"t={t}")
        assert shown["step"] == step and shown["t"] == f"{int(step) / 25:.3f}", (t, shown)
    said, shown = measure(packing, where, "step=1")
    assert said.startswith("step 1 of 25: piece ") and shown["t"] == "0.040"


REVEAL_TWICE = """
const button = doc.getElementById('reveal'), answer = doc.getElementById('answer'), seen = [];
const look = () => seen.push([button.textContent, answer.hidden, doc.body.dataset.revealed]);
look(); button.click(); look(); button.click(); look();
return seen;
"""


@pytest.mark.parametrize("name", ["nov2025", "number-cross-example", "block-party-4"])
def test_the_reveal_button_says_what_it_does_and_hides_again(pages, name):
    seen, _ = measure(pages[name], REVEAL_TWICE)
    assert seen == [["Reveal the solution", True, "false"], ["Hide the solution", False, "true"],
                    ["Reveal the solution", True, "false"]]


def test_hiding_the_solution_gives_back_what_was_typed(pages):
    page = pages["block-party-4"]
    script = """const input = doc.querySelector('#grid input:not([readonly])');
input.value = '7'; const button = doc.getElementById('reveal');
button.click(); const solved = input.value; button.click();
return [solved, input.value];"""
    (solved, typed), _ = measure(page, script)
    assert typed == "7" and solved != ""


WORDS = {"up": "U", "down": "D", "left": "L", "right": "R"}


@pytest.mark.parametrize("width", [390, 1200])
def test_every_arrow_of_the_puzzle_grid_is_drawn_whole_and_readable(pages, width):
    """Each arrow cell's drawing lies inside its cell (none clipped), reaches out to a head in each
    direction it points (a 4-arrow cell shows four) and no further in the others, at a size a
    person reads: a cell of at least 16 px, so a head at least 4 px wide."""
    page = pages["nov2025"]
    arrows = page_data(page.read_bytes())["puzzle"]["arrows"]
    found, _ = measure(page, (JS / "arrows.js").read_text(), "", width, 3000)
    assert len(found) == len(arrows) and {len(pointed) for _, _, pointed, _ in arrows} >= {1, 2, 3, 4}
    for cell, (_, _, pointed, _) in zip(found, arrows, strict=True):
        assert {WORDS[w] for w in cell["pointed"].split()[1:] if w in WORDS} == set(pointed)
        size = min(cell["width"], cell["height"])
        assert size >= 16 and cell["inside"] and cell["visible"], cell
        for way, reach in cell["reach"].items():
            assert (reach >= 0.385 * size) == (way in pointed), (pointed, cell)


def test_a_two_box_net_page_folds_into_either_box_with_a_switch(pages, tmp_path):
    page = pages["two-boxes"]
    boxes = [folding["box"] for folding in page_data(page.read_bytes())["foldings"]]
    assert len(boxes) == 2 and boxes[0] != boxes[1]
    shots = [tmp_path / "box-1.png", tmp_path / "box-2.png"]
    states = [visit(page, f"box={n}&t=1", DESKTOP, png) for n, png in zip((1, 2), shots, strict=True)]
    assert [(s["box"], s["box-text"], s["t"]) for s in states] == [("1", boxes[0], "1.000"), ("2", boxes[1], "1.000")]
    assert_drawn_and_different(shots)
    script = """const seen = () => [doc.body.dataset.box, [...doc.querySelectorAll('.facts')].filter((f) => !f.hidden)
  .map((f) => f.textContent), doc.querySelector('#boxes [aria-pressed=true]').textContent];
const before = seen(); doc.querySelector('#boxes button[data-box="2"]').click(); return [before, seen()];"""
    (before, after), state = measure(page, script, "t=0.5")
    assert before == ["1", [f"Box: {boxes[0]}, 22 cells."], f"Box 1: {boxes[0]}"]
    assert after == ["2", [f"Box: {boxes[1]}, 22 cells."], f"Box 2: {boxes[1]}"]
    assert state["t"] == "0.500"  # the same fraction of the fold, in the other box
