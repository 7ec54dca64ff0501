"""Hostile text in a page, in headless Chromium: a puzzle's file name and a packing's piece names
that hold markup (a script closer, an HTML comment opener, a script, quotes, an element with an
event handler, U+2028) land in the page's HTML text, its attributes and its inlined JSON. In each
the page still sets itself up, shows the text as text, and runs no script of the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from foldkit.kinds import load
from foldkit.page.html import page_bytes
from tests.conftest import EXAMPLES
from tests.page.browser import measure

# A run of the user's script marks the page: every hostile string tries to.
MARK = "document.body.dataset.pwned=1"
# A file name cannot hold '/': the closers are in the piece names and the shell's own test.
FILE_NAME = f"x<!--<script>{MARK};\"'\u2028\u2029<svg onload={MARK}>&amp;"
PIECE_NAMES = ["</script><!--<script>", f"<!--<svg/onload={MARK}>", "<script>", "\"'&lt;", f"'><svg/onload={MARK}>"]
SHELL_TEXTS = [f"</script><script>{MARK}</script>", "<!--<script>", f"\"'><svg onload={MARK}>", "\u2028\u2029&amp;"]

READ_BACK = """
const pieces = [...doc.querySelectorAll('#pieces li')].map((li) => li.textContent);
return {title: doc.title, heading: doc.querySelector('h1').textContent, pieces,
        marks: [doc.body.dataset.pwned || null, doc.querySelectorAll('[onload], [onerror]').length]};
"""


def built_page(source: Path) -> Path:
    """The index.html a build of this puzzle file makes, written beside it."""
    loaded = load(source)
    kind = loaded.kind
    subject = kind.subject(kind.solve(loaded.puzzle, kind.solve_options()), kind.build_options())
    page = source.parent / "index.html"
    page.write_bytes(kind.artifacts["index.html"](subject, kind.build_options()))
    return page


def hostile_copy(example: str, folder: Path, rename: dict[str, str] | None = None) -> Path:
    """An example puzzle saved under the hostile file name, with words renamed."""
    text = (EXAMPLES / example).read_text()
    for old, new in (rename or {}).items():
        text = text.replace(old, new)
    folder.mkdir()
    path = folder / f"{FILE_NAME}.txt"
    path.write_text(text)
    return path


def puzzle_name(source: Path) -> str:
    """The name foldkit makes of a puzzle's file name (a net is read as its name and its cells)."""
    puzzle = load(source).puzzle
    return puzzle[0] if isinstance(puzzle, tuple) else puzzle.name


def assert_safe(found: dict, title: str) -> None:
    assert found["marks"] == [None, 0], "a script of the user's ran, or their markup became elements"
    assert found["title"] == found["heading"] == title


@pytest.mark.parametrize(("example", "what", "published"), [
    ("nov2025-sample.txt", "Shut the Box", "revealed"), ("number-cross-example.txt", "Number Cross", "revealed"),
    ("block-party-4.txt", "Block Party", "revealed"), ("two-boxes.txt", "the fold", "box")])
def test_a_hostile_file_name_is_text_in_every_page(tmp_path, example, what, published):
    source = hostile_copy(example, tmp_path / "puzzle")
    page = built_page(source)
    found, state = measure(page, READ_BACK, "revealed")
    assert_safe(found, f"{puzzle_name(source)}: {what}")
    assert state[published] in ("true", "1")  # the page set itself up, past the hostile data
    if what in ("Number Cross", "Block Party"):  # the name salts the rows' hashes: the revealed grid checks right
        assert state["checked"] == "right"


def test_hostile_piece_names_are_text_on_the_packing_page(tmp_path):
    names = dict(zip(["piece V:", "piece L:", "piece T:", "piece Z:", "piece A:"],
                     [f"piece {name}:" for name in PIECE_NAMES], strict=True))
    source = hostile_copy("soma.txt", tmp_path / "packing", names)
    page = built_page(source)
    found, state = measure(page, READ_BACK, "step=7")
    assert_safe(found, f"{puzzle_name(source)}: assembly")
    assert state["step"] == "7"
    shown = " ".join(found["pieces"])
    assert all(f"({name})" in shown for name in PIECE_NAMES), found["pieces"]


def test_the_shell_escapes_the_title_the_links_and_the_data(tmp_path):
    """page_bytes itself: a title (HTML text), link names (attributes and text), data (JSON)."""
    page = tmp_path / "index.html"
    page.write_bytes(page_bytes(" ".join(SHELL_TEXTS), "", {"texts": SHELL_TEXTS}, (), SHELL_TEXTS))
    links = "[...doc.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')])"
    data = "JSON.parse(doc.getElementById('data').textContent)"
    read = READ_BACK.replace("return {", f"return {{data: {data}, links: {links}, ")
    found, _ = measure(page, read)
    assert_safe(found, " ".join(SHELL_TEXTS))
    assert found["data"] == {"texts": SHELL_TEXTS}
    assert found["links"] == [[text, text] for text in SHELL_TEXTS]
