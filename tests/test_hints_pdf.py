"""hints.pdf: the solving diary on paper, for every kind with a human-style solver."""

from __future__ import annotations

from foldkit.drawing import label_texts
from foldkit.paper.diary import diary_document
from solver.blockparty import hints as block_party_hints
from solver.blockparty import parse_block_party
from tests.conftest import EXAMPLES


def test_the_diary_pages_hold_every_step_in_order_then_the_end_and_the_grade():
    puzzle = parse_block_party((EXAMPLES / "block-party-4.txt").read_text(), "block-party-4")
    diary = block_party_hints.diary(puzzle)
    document = diary_document("block-party-4", diary, "a4")
    pages = label_texts(document)
    assert len(pages) > 1 and pages[0][0] == "block-party-4: a solving diary"
    numbers = [text for page in pages for text in page if text.endswith(".") and text[:-1].isdigit()]
    assert numbers == [f"{k}." for k in range(1, len(diary.entries) + 1)]
    words = " ".join(text for page in pages for text in page)
    assert "[crowded]" in words and "Solved: every cell holds its number." in words
    assert pages[-1][-1].startswith("Difficulty: hard") or "Difficulty: hard" in " ".join(pages[-1])
    assert all(page.size == (210.0, 297.0) for page in document.pages)
